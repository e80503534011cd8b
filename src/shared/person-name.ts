type Name = string | null | undefined;

/**
 * What every screen, list, mail and export calls a person: "First Last" (blank names count as none), else the
 * fallback the place shows for someone who has not named themselves yet (their email, "No name yet", the shop's
 * name), else null where an API field stays null until they do.
 */
export function personName(first: Name, last: Name, fallback: string): string;
export function personName(first: Name, last: Name): string | null;
export function personName(first: Name, last: Name, fallback: string | null = null): string | null {
  return [first?.trim(), last?.trim()].filter(Boolean).join(' ') || fallback;
}
