import { type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import type { FoundProduct } from '@bazar/contracts/catalog';
import { openTillForOffline } from './till-offline-helpers';
import { adminAuth, stubPrint, type Auth, type MadeProduct } from './till-helpers';
import { snap } from './support/ui';

/**
 * ADR 0056: loose goods found in Banglish (Bangla typed in Latin letters, as on a phone) at the till,
 * from 2 characters, online and offline, and on the storefront's search; in English and in Bangla,
 * against the demo data (Potato (Diamond) "ডায়মন্ড আলু", Eggs (Farm) "ফার্মের ডিম", the oils "তেল").
 * A person types key by key (never `fill` in the till's box). Screens at 1280 px and at 390 px.
 */

async function snapBoth(page: Page, testInfo: TestInfo, name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The demo's potato, as the staff's find answers it. */
async function demoPotato(page: Page, auth: Auth): Promise<MadeProduct> {
  const answer = await page.request.get(`/api/product/find/${encodeURIComponent('Potato (Diamond)')}`, {
    headers: auth,
  });
  const found = ((await answer.json()) as { data: FoundProduct[] }).data.find(
    (p) => p.title === 'Potato (Diamond)',
  );
  expect(found, 'the demo potato').toBeTruthy();
  return {
    id: found!.id,
    title: found!.title,
    attri: found!.attri,
    price: found!.price,
    barcode: found!.barcode,
  };
}

/** Types `text` into the till's product box key by key, as a cashier does. */
async function typeInto(page: Page, box: ReturnType<Page['getByRole']>, text: string) {
  await box.click();
  await box.press('Control+a');
  await box.press('Backspace');
  await page.keyboard.type(text, { delay: 90 });
}

test.describe('Banglish search', () => {
  test('at the till: "al" already suggests, "alu" finds the potato (আলু), "tel" the oils (তেল) first; English and Bangla', async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    await adminAuth(page);
    await page.goto('/admin/pos');
    const box = page.getByRole('combobox', { name: 'Product' });
    const list = page.getByRole('listbox', { name: 'Matching products' });
    const rows = page.getByTestId('till-cart').locator('tbody tr');
    await expect(box).toBeFocused();

    // Two characters are enough for suggestions.
    await typeInto(page, box, 'al');
    await expect(list.getByRole('option').first()).toBeVisible();
    // The third letter: the potato, by its Bangla title's Banglish key.
    await page.keyboard.type('u', { delay: 90 });
    const potato = list.getByRole('option', { name: /Potato \(Diamond\)/ });
    await expect(potato).toBeVisible();
    await snapBoth(page, testInfo, 'till-alu-en');
    await potato.click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Potato (Diamond)');
    await expect(box).toHaveValue('');
    await expect(box).toBeFocused();

    // "tel": every oil (তেল) before Black Tea, which only a typo reading of "tea" finds.
    await typeInto(page, box, 'tel');
    await expect(list.getByRole('option', { name: /Mustard Oil/ })).toBeVisible();
    const names = await list.getByRole('option').allTextContents();
    expect(names[0]).toMatch(/Oil/);
    const tea = names.findIndex((n) => n.startsWith('Black Tea'));
    const lastOil = names.map((n) => /Oil/.test(n)).lastIndexOf(true);
    if (tea >= 0) expect(tea).toBeGreaterThan(lastOil);
    await snapBoth(page, testInfo, 'till-tel-en');
    await box.press('Escape');

    // In Bangla: the names are Bangla, the Banglish words the same.
    await page.goto('/admin');
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await page.goto('/admin/pos');
    const boxBn = page.getByRole('combobox', { name: 'পণ্য' });
    const listBn = page.getByRole('listbox', { name: 'মিলে যাওয়া পণ্য' });
    await expect(boxBn).toBeFocused();
    await typeInto(page, boxBn, 'alu');
    const potatoBn = listBn.getByRole('option', { name: /ডায়মন্ড আলু/ });
    await expect(potatoBn).toBeVisible();
    await snapBoth(page, testInfo, 'till-alu-bn');
    // Picked by the keyboard: down to it, Enter.
    const options = await listBn.getByRole('option').allTextContents();
    const at = options.findIndex((o) => o.includes('ডায়মন্ড আলু'));
    for (let i = 0; i <= at; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    // The sale being built was kept across the language switch: the potato's line now holds 2 kg.
    const rowsBn = page.getByTestId('till-cart').locator('tbody tr');
    await expect(rowsBn).toHaveCount(1);
    await expect(rowsBn.first()).toContainText('ডায়মন্ড আলু');
    await expect(rowsBn.first()).toContainText('২ কেজি');
    // A Bangla slip (পিয়াজ for পেঁয়াজ) finds the onion too.
    await typeInto(page, boxBn, 'পিয়াজ');
    await expect(listBn.getByRole('option', { name: /দেশি পেঁয়াজ/ })).toBeVisible();
    await snapBoth(page, testInfo, 'till-piyaj-bn');
  });

  test('at the till offline: "alu" finds the potato in the till\'s own copy, with no network', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(90_000);
    await stubPrint(page);
    const auth = await adminAuth(page);
    const potato = await demoPotato(page, auth);
    await openTillForOffline(page, [potato]);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
    await expect(page.getByTestId('till-connection')).toHaveText('Offline');
    const finds: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/product/find/')) finds.push(request.url());
    });
    const box = page.getByRole('combobox', { name: 'Product' });
    await typeInto(page, box, 'alu');
    const option = page
      .getByRole('listbox', { name: 'Matching products' })
      .getByRole('option', { name: /Potato \(Diamond\)/ });
    await expect(option).toBeVisible();
    await snapBoth(page, testInfo, 'till-alu-offline');
    await option.click();
    const rows = page.getByTestId('till-cart').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Potato (Diamond)');
    // "dim": the eggs (ডিম), from the copy too.
    await typeInto(page, box, 'dim');
    await expect(
      page.getByRole('listbox', { name: 'Matching products' }).getByRole('option', { name: /Eggs \(Farm\)/ }),
    ).toBeVisible();
    expect(finds).toEqual([]);
    await context.setOffline(false);
  });

  test('on the storefront: "dim" finds the eggs (ডিম), "tel" an oil first; English and Bangla', async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000);
    const card = (title: string) => page.getByRole('article', { name: title, exact: true });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
    const bar = page.getByRole('banner');
    const box = bar.getByRole('searchbox', { name: 'Search products' });
    const main = page.getByRole('main');

    await box.pressSequentially('dim', { delay: 90 });
    await expect(main.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
    await expect(card('Eggs (Farm)')).toBeVisible();
    await snapBoth(page, testInfo, 'shop-dim-en');

    await box.fill('');
    await box.pressSequentially('tel', { delay: 90 });
    await expect(main.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
    const shown = () => main.locator('article .product-title').allTextContents();
    // The results replace the home page once the search has answered: an oil (তেল) first.
    await expect.poll(async () => (await shown())[0]).toMatch(/Oil/);
    await expect(card('Mustard Oil')).toBeVisible();
    const titles = await shown();
    const blackTea = titles.findIndex((title) => title.includes('Black Tea'));
    if (blackTea >= 0)
      expect(blackTea).toBeGreaterThan(titles.map((title) => /Oil/.test(title)).lastIndexOf(true));
    await snapBoth(page, testInfo, 'shop-tel-en');

    await box.fill('');
    await bar.getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    const boxBn = bar.getByRole('searchbox', { name: 'পণ্য খুঁজুন' });
    await boxBn.pressSequentially('dim', { delay: 90 });
    await expect(main.getByRole('heading', { level: 1, name: 'খোঁজার ফলাফল' })).toBeVisible();
    await expect(card('ফার্মের ডিম')).toBeVisible();
    await snapBoth(page, testInfo, 'shop-dim-bn');
    // The search page's address works the same: /search/piyaj, the onion.
    await page.goto('/search/piyaj');
    await expect(card('দেশি পেঁয়াজ')).toBeVisible();
    await snapBoth(page, testInfo, 'shop-piyaj-bn');
  });
});
