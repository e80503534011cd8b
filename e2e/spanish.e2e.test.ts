import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { codeFromMail } from './support/auth';
import { baseUrl, launchBrowser, uniqueEmail, VIEWPORTS, waitForMail } from './support/browser';
import { startSession } from './support/session';

// A customer whose browser prefers Spanish (docs/product.md#languages): the shop guesses it, the whole purchase
// from the landing page to the order mail is in Spanish. Every customer screen's Spanish heading, width and axe at
// 1280 and 390 are checked in spanish-screens.e2e.test.ts.
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page in a Spanish-speaking browser (navigator.language and Accept-Language es-MX). */
async function spanishPage() {
  const context = await browser.newContext({
    viewport: VIEWPORTS.desktop,
    baseURL: baseUrl(),
    locale: 'es-MX',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  return { context, page, errors };
}

const fitsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe('Spanish for customers', () => {
  it('a whole purchase in Spanish, from the landing page to the order mail, kept on the account', async () => {
    const { context, page, errors } = await spanishPage();
    const email = uniqueEmail('spanish');
    await page.goto('/');
    // The browser's language is the first guess.
    await page.getByRole('heading', { level: 1, name: 'Uniformes hechos para quienes siempre acuden.' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    expect(await page.getByTestId('language-switch').textContent()).toContain('English');

    await page.getByRole('button', { name: 'Inicie sesión para pedir' }).click();
    await page.getByLabel('Correo electrónico').fill(email);
    const since = Date.now();
    await page.getByRole('button', { name: 'Enviar código' }).click();
    const codeMail = await waitForMail(email, /código de acceso/, { since });
    expect(codeMail.text).toContain('El código vence en 10 minutos');
    const pin = codeFromMail(codeMail);
    for (let i = 0; i < 6; i += 1) await page.getByLabel(`Dígito ${i + 1} de 6`).fill(pin[i]!);

    await page.waitForURL('**/store**');
    const profile = page.getByRole('dialog', { name: 'Complete su perfil' });
    await profile.waitFor();
    await profile.getByLabel(/^Nombre/).fill('Lucía');
    await profile.getByLabel('Apellido').fill('Peña');
    await profile.getByLabel('Número de teléfono').fill('6025550188');
    await profile.getByRole('button', { name: 'Guardar perfil' }).click();
    await profile.waitFor({ state: 'detached' });

    await page.getByRole('heading', { level: 1, name: 'Uniformes y ropa' }).waitFor();
    const card = page.getByTestId('product-card').filter({ hasText: 'Duty Polo' });
    await card.getByRole('button', { name: 'Personalizar Duty Polo' }).click();
    const dialog = page.getByRole('dialog', { name: /Duty Polo/ });
    await dialog.waitFor();
    await dialog.getByRole('radiogroup', { name: 'Talla' }).getByRole('radio', { name: /^M/ }).click();
    await dialog.getByRole('button', { name: /^Agregar al carrito · \$/ }).click();
    await page.getByTestId('store-sidebar').getByText('Duty Polo').first().waitFor();
    await page.getByRole('link', { name: 'Continuar al pago' }).click();

    await page.getByRole('heading', { level: 1, name: 'Pago' }).waitFor();
    await page.getByRole('heading', { name: 'Resumen del pedido' }).waitFor();
    expect(await page.getByText('Recoja en nuestra tienda de Phoenix').count()).toBe(1);
    await page.getByRole('button', { name: 'Hacer el pedido' }).click();

    await page.waitForURL(/\/orders\/\d+\/placed$/);
    await page.getByRole('heading', { level: 1, name: 'Gracias, su pedido está hecho' }).waitFor();
    const number = (await page.getByTestId('placed-order-number').textContent())!;
    expect(await page.getByTestId('placed-ready-by').textContent()).toMatch(/^Listo para el .+ \(estimado\)$/);
    expect(await fitsSideways(page)).toBe(true);

    // The order mail is written in the customer's language, read back from the test SMTP server.
    const orderMail = await waitForMail(email, new RegExp(`^Pedido ${number} recibido$`));
    for (const line of ['Gracias por su pedido.', `Pedido: ${number}`, 'Recoger en la tienda (gratis)', 'Total: $']) {
      expect(orderMail.text).toContain(line);
    }
    expect(orderMail.text).toMatch(/- 1 x Duty Polo - Navy, talla M: \$/);
    expect(orderMail.text).not.toMatch(/Thank you|Ready by|Status:/);

    // The order's details from the confirmation's link: its parts, timeline and buttons in Spanish too.
    await page.getByRole('link', { name: `Ver el pedido ${number}` }).click();
    const details = page.getByRole('dialog', { name: `Pedido ${number}` });
    await details.getByRole('heading', { name: 'Historial del estado' }).waitFor();
    // Cerrar twice: the dialog's corner button and the row's.
    for (const [name, count] of [
      ['Comprar de nuevo', 1],
      ['Cancelar pedido', 1],
      ['Cerrar', 2],
    ] as const)
      expect(await details.getByRole('button', { name, exact: true }).count(), name).toBe(count);
    const shown = await details.textContent();
    for (const words of ['Recoger en la tienda (gratis)', 'Importe a pagar', 'Realizado · '])
      expect(shown).toContain(words);
    expect(shown).not.toMatch(/Status timeline|Amount due|Ready by|Buy again/);

    // The choice is the account's: another browser, in English, reads the shop in Spanish once signed in.
    const elsewhere = await browser.newContext({ baseURL: baseUrl(), locale: 'en-US' });
    const other = await elsewhere.newPage();
    await startSession(elsewhere, email);
    await other.goto('/store');
    await other.getByRole('heading', { level: 1, name: 'Uniformes y ropa' }).waitFor();
    // Switching back to English there is kept on the account too.
    await other.getByTestId('language-switch').click();
    await other.getByRole('heading', { level: 1, name: 'Uniforms & Apparel' }).waitFor();
    await expect
      .poll(async () => (await (await elsewhere.request.get(`${baseUrl()}/api/v1/auth/me`)).json()).user.language)
      .toBe('en');
    await elsewhere.close();
    expect(errors).toEqual([]);
    await context.close();
  });
});
