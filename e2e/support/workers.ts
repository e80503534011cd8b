/**
 * How many e2e files run at once: each needs a shop and a Chromium (global-setup.ts starts one shop per worker).
 * Its own file, free of imports, because vitest.config.ts reads it too.
 */
export function e2eWorkers(): number {
  const asked = Number(process.env.E2E_WORKERS);
  if (Number.isInteger(asked) && asked > 0) return asked;
  // Two by default, one per core: each worker has its own shop, mail catcher and sessions (global-setup.ts).
  return 2;
}
