/**
 * When the outbox worker last made progress: a poll that finished, or a mail handed over mid-batch. Readiness
 * (health/routes.ts) reads it; a worker that has not started yet counts from the pulse's creation, so a fresh
 * instance has its first poll intervals of grace.
 */
export type OutboxPulse = {
  beat(): void;
  /** A delivery attempt failed (the SMTP server refused or was unreachable); /metrics counts them. */
  failed(): void;
  failures(): number;
  /** Milliseconds since the last beat (or since creation). */
  sinceMs(): number;
};

export function createOutboxPulse(now: () => number = Date.now): OutboxPulse {
  let last = now();
  let failures = 0;
  return {
    failed: () => {
      failures += 1;
    },
    failures: () => failures,
    beat: () => {
      last = now();
    },
    sinceMs: () => now() - last,
  };
}
