import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { Page } from 'playwright-core';
import { test } from './support/fixtures';
import { baseUrl, screenshot, uniqueEmail, VIEWPORTS } from './support/browser';
import { E2E_ADMIN } from './support/global-setup';

/** A photo made here: a khaki shirt-ish block on white, 1200 x 900 JPEG. */
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: '#ffffff' } })
    .composite([
      { input: { create: { width: 600, height: 700, channels: 3, background: '#8a7a4f' } }, gravity: 'centre' },
    ])
    .jpeg()
    .toBuffer();

const storeSlugs = async (page: Page) => {
  const res = await page.request.get(`${baseUrl()}/api/v1/products/`, { headers: { 'cache-control': 'no-cache' } });
  return ((await res.json()).products as { slug: string; image_base: string }[]).map((p) => p.slug);
};

describe('catalogue management', () => {
  test('an admin adds a garment in two colours with a photo; a customer orders it; a deactivated colour leaves the store', async ({
    signedInPage,
  }) => {
    const garment = `Wildland Shirt ${Date.now().toString(36)}`;
    const admin = await signedInPage(E2E_ADMIN);
    const { page } = admin;
    await page.goto('/admin/catalog');
    await page.getByTestId('garment-card').first().waitFor();
    await screenshot(page, 'catalog-list-desktop');

    await page.getByRole('button', { name: 'New garment' }).click();
    const form = page.getByRole('dialog', { name: 'New garment' });
    await form.getByLabel('Garment name').fill(garment);
    await form.getByLabel('Category').fill('shirts');
    await form.getByLabel('Base price ($)').fill('41.50');
    await form.getByLabel('First colour').fill('Tan');
    await form.getByRole('checkbox', { name: 'US flag patch on the left side' }).uncheck();
    await screenshot(page, 'catalog-edit-desktop');
    await form.getByRole('button', { name: 'Create garment' }).click();
    await form.waitFor({ state: 'hidden' });

    const card = page.getByTestId('garment-card').filter({ hasText: garment });
    await card.getByRole('button', { name: 'Add colour' }).click();
    const colourForm = page.getByRole('dialog', { name: `New colour of ${garment}` });
    await colourForm.getByLabel('Colour name').fill('Olive');
    await colourForm.getByRole('button', { name: 'Add colour' }).click();
    await colourForm.waitFor({ state: 'hidden' });
    await expect.poll(() => card.getByTestId('colour-row').count()).toBe(2);

    const tan = card.getByTestId('colour-row').filter({ hasText: 'Tan' });
    await tan.getByTestId('image-file-front').setInputFiles({
      name: 'tan.jpg',
      mimeType: 'image/jpeg',
      buffer: await photo(),
    });
    const thumb = card.getByRole('img', { name: `${garment} - Tan front photo` });
    await thumb.waitFor();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(250);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'catalog-upload-desktop');

    // The customer's store shows the garment with the uploaded photo, and both colours.
    const customer = await signedInPage(uniqueEmail('catalog'));
    const shop = customer.page;
    await shop.goto('/store');
    const product = shop.getByTestId('product-card').filter({ hasText: garment });
    await product.waitFor();
    const img = product.getByRole('img', { name: `${garment} - Tan` });
    expect(await img.getAttribute('src')).toMatch(/^\/images\/media\/[a-f0-9]{24}-\d+x\d+\.webp$/);
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    await product.getByRole('button', { name: /^Customize / }).click();
    const dialog = shop.getByRole('dialog', { name: new RegExp(garment) });
    await dialog.waitFor();
    await dialog.getByRole('radiogroup', { name: 'Size' }).getByRole('radio', { name: /^M/ }).click();
    await dialog.getByRole('checkbox', { name: /Embroidered name/ }).check();
    await dialog.getByLabel('Name to embroider').fill('ORTIZ');
    await dialog.getByRole('checkbox', { name: 'The spelling is correct' }).check();
    // The US patch on the left is switched off for this garment: only the right side can be chosen.
    await dialog.getByRole('checkbox', { name: /US flag patch/ }).check();
    const usLeft = dialog.getByRole('radiogroup', { name: 'US flag patch side' }).getByRole('radio', { name: 'Left' });
    expect(await usLeft.isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: /Add to Cart/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    // A full navigation would cancel an add still in flight: the store announces it once the server has it.
    await shop.getByTestId('store-status').filter({ hasText: 'Added to cart' }).waitFor({ state: 'attached' });
    await shop.goto('/checkout');
    await shop.getByRole('button', { name: 'Place order' }).click();
    await shop.waitForURL(/\/orders\/\d+\/placed$/);
    const orders = await (await shop.request.get(`${baseUrl()}/api/v1/orders/`)).json();
    expect(JSON.stringify(orders)).toContain(`${garment} - Tan`);

    // The admin deactivates Olive: it leaves the store at once, Tan stays.
    const slugs = await storeSlugs(shop);
    const olive = slugs.find((s) => s.endsWith('-olive') && s.includes('wildland-shirt'));
    expect(olive).toBeDefined();
    await card.getByRole('button', { name: `Deactivate ${garment} - Olive` }).click();
    // Exact: "Activate …" is also a part of the "Deactivate …" button's name, which would match before the change.
    await card.getByRole('button', { name: `Activate ${garment} - Olive`, exact: true }).waitFor();
    expect(await storeSlugs(shop)).not.toContain(olive);
    const later = await signedInPage(uniqueEmail('catalog-later'));
    await later.page.goto('/store');
    const again = later.page.getByTestId('product-card').filter({ hasText: garment });
    await again.waitFor();
    expect(await again.getByRole('radio', { name: /Olive/ }).count()).toBe(0);
    expect(await again.getByRole('button', { name: /Olive/ }).count()).toBe(0);

    // Removing the photo asks first, then the colour shows no photo.
    await tan.getByRole('button', { name: `Remove ${garment} - Tan front photo` }).click();
    await page.getByRole('dialog', { name: 'Remove photo?' }).getByRole('button', { name: 'Remove photo' }).click();
    await tan.getByText('No photo').waitFor();

    // Phone: the same screen, one column.
    const phone = await signedInPage(E2E_ADMIN, { viewport: VIEWPORTS.phone });
    await phone.page.goto('/admin/catalog');
    await phone.page.getByTestId('garment-card').filter({ hasText: garment }).scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'catalog-list-phone');
    await phone.page
      .getByTestId('garment-card')
      .filter({ hasText: garment })
      .getByRole('button', { name: 'Edit garment' })
      .click();
    await phone.page.getByRole('dialog', { name: `Edit ${garment}` }).waitFor();
    await screenshot(phone.page, 'catalog-edit-phone');

    expect(admin.consoleErrors).toEqual([]);
    expect(customer.consoleErrors).toEqual([]);
  }, 180_000);
});
