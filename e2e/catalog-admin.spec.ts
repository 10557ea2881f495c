import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { logInAsAdmin, stored } from './support/accounts';
import { expectSuccessToast, snap } from './support/ui';

const PICTURE = path.join(import.meta.dirname, 'fixtures', 'product.png');

interface ListedProduct {
  id: number;
  unit?: string;
  title: string;
  attri: string;
  price: number;
  offprice: number | null;
  barcode: string;
  group_id: number;
  category?: { id: number; title: string }[];
}

/** The admin's token, as the back office keeps it (localStorage `info`). */
async function adminHeaders(page: Page): Promise<Record<string, string>> {
  const token = await stored(page, 'info');
  expect(token).toBeTruthy();
  return { Authorization: `Bearer ${token}` };
}

test.describe('back office catalogue', () => {
  test('the admin adds a product with a picture, two variations and two categories; a guest finds it', async ({
    page,
    request,
    browser,
  }, testInfo) => {
    // A long flow of many screens: about 25 s on a quiet 2-core machine, more when it is busy.
    test.setTimeout(60_000);
    const stamp = Date.now().toString(36);
    const title = `E2E Basmati ${stamp}`;
    const brand = `E2E Brand ${stamp}`;

    await logInAsAdmin(page);
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Product', exact: true })
      .click();
    await expect(page).toHaveURL('/admin/products');
    await page.getByRole('link', { name: 'Add Product' }).click();
    await expect(page).toHaveURL('/admin/add-product');

    // Nothing filled: refused on the spot, nothing sent.
    let posted = false;
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/api/product/add')) posted = true;
    });
    await page.getByRole('button', { name: 'Save and Publish' }).click();
    await expect(page.getByText('These * filed are required')).toBeVisible();
    expect(posted).toBe(false);
    const main = page.getByRole('region', { name: 'Add Product' });
    const required = [
      main.getByLabel('Title*'),
      main.getByLabel('Price*'),
      main.getByLabel('Picture*'),
      page.getByLabel('Tags*'),
    ];
    for (const field of required) await expect(field).toHaveAttribute('aria-invalid', 'true');
    await snap(page, testInfo, 'add-product-required');

    // Each mark goes as soon as its field is filled, without pressing Save again.
    await main.getByLabel('Title*').fill(title);
    await expect(main.getByLabel('Title*')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(main.getByLabel('Price*')).toHaveAttribute('aria-invalid', 'true');
    await main.getByLabel('Attribute', { exact: true }).fill('1 kg');
    await main.getByLabel('Price*').fill('180');
    await main.getByLabel('Offer Price', { exact: true }).fill('165');
    await main.getByLabel('Buy Price', { exact: true }).fill('150');
    await main.getByLabel('QTY', { exact: true }).fill('20');
    await main.getByLabel('Picture*').setInputFiles(PICTURE);
    await expect(main.getByRole('img', { name: 'Preview of the chosen picture' })).toBeVisible();
    // A Bangla title typed in English mode is drawn in the app's Bangla font (on a computer without
    // a Bengali font, as this one, it would be boxes): the font's face is declared, and loads for it.
    await main.getByLabel('Title (Bangla)').pressSequentially('বাসমতি চাল');
    await expect
      .poll(() =>
        page.evaluate(() => {
          let loaded = false;
          document.fonts.forEach((f) => {
            if (f.family.replace(/["']/g, '') === 'Noto Sans Bengali' && f.status === 'loaded') loaded = true;
          });
          return loaded;
        }),
      )
      .toBe(true);

    const first = page.getByRole('group', { name: 'Variation 1' });
    await first.getByLabel('Attribute', { exact: true }).fill('5 kg');
    await first.getByLabel('Price', { exact: true }).fill('850');
    await first.getByLabel('QTY').fill('6');
    await page.getByRole('button', { name: 'Add More' }).click();
    const second = page.getByRole('group', { name: 'Variation 2' });
    await second.getByLabel('Attribute', { exact: true }).fill('10 kg');
    await second.getByLabel('Price', { exact: true }).fill('1650');
    await second.getByLabel('Offer Price').fill('1600');
    await second.getByLabel('QTY').fill('3');

    await page.getByLabel('Description', { exact: true }).fill('Long grain rice for the browser test.');
    await page.getByLabel('Tags*').fill('rice, basmati, e2e');
    await page.getByLabel('Popular').check();
    await main.getByLabel('Unit').selectOption('kg');
    for (const field of required) await expect(field).not.toHaveAttribute('aria-invalid', 'true');
    // Only the brand is still missing.
    await expect(page.getByText('These * filed are required')).toBeVisible();

    // A new brand through the picker: added and chosen at once.
    const brandPicker = page.getByRole('group', { name: 'Brand*' });
    await brandPicker.getByLabel('New brand').fill(brand);
    await brandPicker.getByRole('button', { name: 'Add', exact: true }).click();
    await expectSuccessToast(page, 'Brand added');
    await expect(page.getByRole('radio', { name: brand })).toBeChecked();
    await expect(page.getByText('These * filed are required')).toBeHidden();

    // Two categories of the demo catalogue, chosen as chips.
    const categoryList = page.getByRole('list', { name: 'Categories', exact: true });
    const picks = categoryList.getByRole('listitem');
    const chosenTitles: string[] = [];
    for (const index of [0, 1]) {
      const button = picks.nth(index).getByRole('button').first();
      chosenTitles.push((await button.locator('.fw-semibold').innerText()).trim());
      await button.click();
    }
    const chips = page.getByRole('list', { name: 'Chosen categories' });
    await expect(chips.getByRole('button', { name: /^Remove category/ })).toHaveCount(2);
    await snap(page, testInfo, 'add-product-filled');

    const saved = page.waitForResponse(
      (answer) => answer.url().endsWith('/api/product/add') && answer.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Save and Publish' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(201);
    await expect(page).toHaveURL('/admin/products');
    await expectSuccessToast(page, 'Product added');

    // The list finds it by its title (more than 2 characters).
    await page.getByLabel('Search products').fill(title);
    await expect(page).toHaveURL(/[?&]q=/);
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows.filter({ hasText: title })).toHaveCount(3); // the product and its two variations
    await expect(rows.filter({ hasText: 'Soybean Oil' })).toHaveCount(0);
    const row = rows.filter({ hasText: title }).filter({ hasText: '(1 kg)' });
    await expect(row).toBeVisible();
    await expect(row.locator('del')).toContainText('180');
    await expect(row.getByText('Popular')).toBeVisible();
    await snap(page, testInfo, 'products-search');

    // What the server kept: the main product, two variations in its group, two categories.
    const { data: created } = (await answer.json()) as { data: ListedProduct[] };
    expect(created.map((product) => product.attri)).toEqual(['1 kg', '5 kg', '10 kg']);
    expect(created[0]).toMatchObject({ price: 180, offprice: 165, unit: 'kg' });
    const headers = await adminHeaders(page);
    const one = (await (await request.get(`/api/product/${created[0]!.id}`, { headers })).json()) as {
      data: ListedProduct;
    };
    expect(one.data.category?.map((category) => category.title).sort()).toEqual([...chosenTitles].sort());
    expect(one.data.barcode).toMatch(/^20\d{11}$/);
    const group = (await (
      await request.get(`/api/product/edit-list/${created[0]!.id}`, { headers })
    ).json()) as {
      data: ListedProduct[];
    };
    expect(group.data).toHaveLength(3);

    // A guest (no token) finds it by search, with its offer price and never its buy price.
    const search = await request.get(`/api/product/search/${encodeURIComponent(title)}`);
    expect(search.status()).toBe(200);
    const found = ((await search.json()) as { data: (ListedProduct & { buyprice?: number })[] }).data;
    const hit = found.find((product) => product.title === title && product.attri === '1 kg');
    expect(hit).toMatchObject({ price: 180, offprice: 165 });
    expect(hit && 'buyprice' in hit).toBe(false);

    // ...and through the storefront's search page.
    const guest = await browser.newContext();
    const shop = await guest.newPage();
    await shop.goto(`/search/${encodeURIComponent(title)}`);
    await expect(shop.getByText(title).first()).toBeVisible();
    await guest.close();
  });

  test('the barcode page prints one label per unit and nothing else', async ({ page, request }, testInfo) => {
    await logInAsAdmin(page);
    const headers = await adminHeaders(page);
    const listed = (await (await request.get('/api/products?per_page=5', { headers })).json()) as {
      data: ListedProduct[];
    };
    const product = listed.data.find((item) => item.barcode && item.title.length > 3);
    expect(product, 'the demo catalogue has products').toBeTruthy();

    await page.goto('/admin/barcode');
    await page.getByLabel('Search product').fill(product!.title);
    const suggestions = page.getByRole('list', { name: 'Products found' });
    await suggestions
      .getByRole('button')
      .filter({ hasText: product!.title })
      .filter({ hasText: product!.attri })
      .first()
      .click();

    const labels = page.getByRole('list', { name: 'Labels' }).getByRole('listitem');
    await expect(labels).toHaveCount(1);
    // Quantity 2.5: click, type, Enter; three labels.
    await page.getByRole('button', { name: new RegExp(`^Change quantity of `) }).click();
    const qty = page.getByRole('textbox', { name: /^Quantity of / });
    await qty.fill('2.5');
    await qty.press('Enter');
    await expect(labels).toHaveCount(3);
    const barcodes = page.getByRole('img', { name: product!.barcode });
    await expect(barcodes).toHaveCount(3);
    await expect(barcodes.first().locator('rect').first()).toBeAttached();
    await snap(page, testInfo, 'barcode-screen');

    // The Print button asks the browser to print.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    // Printed: only the labels.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeHidden();
    await expect(page.getByRole('link', { name: 'POS' })).toBeHidden();
    await expect(page.getByLabel('Search product')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    for (const svg of await barcodes.all()) await expect(svg).toBeVisible();
    await snap(page, testInfo, 'barcode-print');

    // Back on screen the frame returns.
    await page.emulateMedia({ media: 'screen' });
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
  });
});
