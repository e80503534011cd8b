/** The navigation state a guarded screen leaves for a signed-out visitor: where to go once signed in. */
export type SignInNext = { next: string };

/** The page to return to after sign-in, if the state names one of this site's own paths (never another origin). */
export function signInNext(state: unknown): string | null {
  const next = (state as Partial<SignInNext> | null)?.next;
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  return next;
}
