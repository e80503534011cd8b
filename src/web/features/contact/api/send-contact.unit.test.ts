import { afterEach, describe, expect, it, vi } from 'vitest';
import { showLanguage } from '@web/i18n';
import { sendContact } from './send-contact';

// A guest's receipt is written in the language of the page they wrote from (docs/product.md#languages): the form
// sends that language with the message.
const sent: unknown[] = [];

function stubBrowser() {
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  vi.stubGlobal('window', { dispatchEvent: () => true });
  vi.stubGlobal('fetch', async (url: string, init: { body?: string }) => {
    // No bot-challenge site key: the message goes without a token, as on a shop without reCAPTCHA.
    if (url.endsWith('/auth/config')) return new Response(JSON.stringify({ recaptcha_site_key: null }));
    sent.push(JSON.parse(init.body ?? '{}'));
    return new Response(JSON.stringify({ success: true }));
  });
}

afterEach(async () => {
  await showLanguage('en');
  vi.unstubAllGlobals();
  sent.length = 0;
});

describe('the contact form', () => {
  const message = { name: 'Ana Ruiz', email: 'ana@example.test', phone: '', message: 'Hola, ¿tienen gorras?' };

  it('sends the language of the page with the message', async () => {
    stubBrowser();
    await showLanguage('es');
    await sendContact(message);
    await showLanguage('en');
    await sendContact(message);
    expect(sent).toEqual([
      expect.objectContaining({ message: 'Hola, ¿tienen gorras?', language: 'es' }),
      expect.objectContaining({ language: 'en' }),
    ]);
  });
});
