import { useEffect, useState } from 'react';
import { apiGet } from '@web/lib/api';

// See docs/architecture.md#the-api: a reCAPTCHA v3 token before sensitive calls; when unavailable the call goes ahead without one.
type Grecaptcha = { ready(cb: () => void): void; execute(siteKey: string, opts: { action: string }): Promise<string> };
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const LOAD_TIMEOUT_MS = 8000;
let siteKeyPromise: Promise<string | null> | null = null;
let scriptPromise: Promise<Grecaptcha> | null = null;

function siteKey(): Promise<string | null> {
  siteKeyPromise ??= apiGet('/auth/config')
    .then((r) => r.recaptcha_site_key)
    .catch(() => {
      siteKeyPromise = null;
      return null;
    });
  return siteKeyPromise;
}

/** The script loads only when a token is first needed, so the landing page stays light. */
function loadScript(key: string): Promise<Grecaptcha> {
  scriptPromise ??= new Promise<Grecaptcha>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('reCAPTCHA load timeout')), LOAD_TIMEOUT_MS);
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;
    script.async = true;
    script.onload = () =>
      window.grecaptcha?.ready(() => {
        clearTimeout(timer);
        resolve(window.grecaptcha!);
      });
    script.onerror = () => {
      clearTimeout(timer);
      reject(new Error('reCAPTCHA failed to load'));
    };
    document.head.appendChild(script);
  }).catch((err: unknown) => {
    scriptPromise = null;
    throw err;
  });
  return scriptPromise;
}

/** A token for the action, or undefined when no site key is configured or the service cannot be reached. */
export async function botToken(
  action: 'request_pin' | 'verify_pin' | 'contact_form' | 'contact',
): Promise<string | undefined> {
  try {
    const key = await siteKey();
    if (!key) return undefined;
    const g = await loadScript(key);
    return await g.execute(key, { action });
  } catch {
    return undefined;
  }
}

/** Starts fetching the configuration early so the first token does not wait for it. */
export const warmBotChallenge = () => void siteKey();

/**
 * Whether the bot check is on (the server gave a site key). Until the answer is known, and when it is off or cannot be
 * read, false: a notice about a service the shop does not use would mislead.
 */
export function useBotCheckOn(): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let live = true;
    void siteKey().then((key) => live && setOn(!!key));
    return () => {
      live = false;
    };
  }, []);
  return on;
}
