import type { BrowserContext } from 'playwright-core';
import { inject } from 'vitest';
import { baseUrl } from './browser';

/**
 * Signs a context in without the mailed code, as the server would after a right one (POST /dev/test-session, on
 * only in test runs): for journeys that are not about signing in. auth.e2e.test.ts keeps the real round trip.
 */
export async function startSession(context: BrowserContext, email: string, shopUrl = baseUrl()): Promise<void> {
  const res = await context.request.post(`${shopUrl}/dev/test-session`, {
    data: { email },
    headers: { 'x-test-session-key': inject('testSessionKey') },
  });
  if (!res.ok()) throw new Error(`test session for ${email} failed: ${res.status()} ${await res.text()}`);
}
