/** Joins class names, skipping the empty ones, so a component's classes and a caller's layout classes combine. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
