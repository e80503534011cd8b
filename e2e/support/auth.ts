import type { BrowserContext, Page } from 'playwright-core';
import { baseUrl, waitForMail } from './browser';
import type { CaughtMail } from './smtp';

const LOGIN_MODAL_EVENT = 'open-login-modal';

/** The 6-digit code from a sign-in e-mail (the code is the only six-digit run in it). */
export function codeFromMail(mail: CaughtMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text) ?? /\b(\d{6})\b/.exec(mail.html);
  if (!match) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return match[1]!;
}

/** Asks for a code and returns it, read from the real SMTP catcher. */
export async function requestCode(context: BrowserContext, email: string): Promise<string> {
  const since = Date.now();
  const res = await context.request.post(`${baseUrl()}/api/v1/auth/request-pin`, { data: { email } });
  if (!res.ok()) throw new Error(`request-pin for ${email} failed: ${res.status()} ${await res.text()}`);
  return codeFromMail(await waitForMail(email, /code/i, { since }));
}

/** Signs in through the API; the context's cookie jar then holds the session. */
export async function signInViaApi(context: BrowserContext, email: string): Promise<void> {
  const pin = await requestCode(context, email);
  const res = await context.request.post(`${baseUrl()}/api/v1/auth/verify-pin`, { data: { email, pin } });
  if (!res.ok()) throw new Error(`verify-pin for ${email} failed: ${res.status()} ${await res.text()}`);
}

/** Opens the login modal on the current page (the landing page's sign-in button emits the same event). */
export async function openLoginModal(page: Page): Promise<void> {
  await page.evaluate((name) => window.dispatchEvent(new CustomEvent(name)), LOGIN_MODAL_EVENT);
  await page.getByLabel('Email Address').waitFor();
}

/** Signs in through the login modal from the landing page and waits until the modal has navigated away. */
export async function signInViaUi(page: Page, email: string): Promise<void> {
  if (new URL(page.url(), baseUrl()).pathname !== '/' || page.url() === 'about:blank') await page.goto('/');
  await openLoginModal(page);
  const since = Date.now();
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: /send code/i }).click();
  const pin = codeFromMail(await waitForMail(email, /code/i, { since }));
  await page.getByLabel('Digit 1 of 6').waitFor();
  for (let i = 0; i < pin.length; i += 1) await page.getByLabel(`Digit ${i + 1} of 6`).fill(pin[i]!);
  await page.waitForURL((url) => url.pathname !== '/', { timeout: 15_000 });
}
