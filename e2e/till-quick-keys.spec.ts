import { expect, test } from './support/test';
import { logInAsAdmin } from './support/accounts';
import { snap } from './support/ui';
import { addProduct, adminAuth } from './till-helpers';

// Issue 26: quick keys for goods without a barcode. The owner makes a group of tiles in Setting;
// at the till a tile adds the product, and one sold by weight asks how much first.

test('the owner arranges quick keys; a tile adds eggs by the piece and potatoes by weight', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const auth = await adminAuth(page);
  const egg = await addProduct(request, auth, { title: `E2E Egg ${stamp}`, attri: '1 pc', price: 12 });
  const potato = await addProduct(request, auth, {
    title: `E2E Potato ${stamp}`,
    title_bn: `আলু ${stamp}`,
    price: 45,
    unit: 'kg',
  });

  await logInAsAdmin(page);
  await page.goto('/admin/setting');
  const card = page.getByRole('region', { name: 'Quick keys' });
  await card.getByLabel('New group').pressSequentially('Loose goods');
  await card.getByRole('button', { name: 'Add group' }).click();
  for (const product of [egg, potato]) {
    await card.getByLabel('Add a product (type 3 letters of its name)').pressSequentially(product.title);
    await card.getByRole('button', { name: new RegExp(`^${product.title}`) }).click();
  }
  await expect(card.getByRole('list', { name: 'Loose goods' }).getByRole('listitem')).toHaveCount(2);
  await card.getByRole('button', { name: 'Save quick keys' }).click();
  await expect(page.getByText('Quick keys saved')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'quick-keys-setting');

  await page.goto('/admin/pos');
  const tiles = page.getByRole('group', { name: 'Loose goods' });
  // The tiles come from the till's own copy of the catalogue, once it holds the new products.
  await expect(tiles.getByRole('button')).toHaveCount(2, { timeout: 20_000 });
  await tiles.getByRole('button', { name: new RegExp(egg.title) }).click();
  await tiles.getByRole('button', { name: new RegExp(potato.title) }).click();
  const weigh = page.getByRole('dialog', { name: `How much ${potato.title}?` });
  await expect(weigh.getByLabel('Weight (kg)')).toBeFocused();
  await page.keyboard.type('1.5');
  await page.keyboard.press('Enter');
  await expect(weigh).toBeHidden();
  const cart = page.getByTestId('till-cart').locator('tbody tr');
  await expect(cart).toHaveCount(2);
  await expect(cart.nth(1)).toContainText(potato.title);
  await expect(cart.nth(1)).toContainText('1.5 kg');
  await expect(cart.nth(1)).toContainText('67');
  // The cashier scans next: the product box has the focus.
  await expect(page.getByRole('combobox').first()).toBeFocused();
  await snap(page, testInfo, 'quick-keys-till');
  await page.setViewportSize({ width: 390, height: 844 });
  await tiles.scrollIntoViewIfNeeded();
  await snap(page, testInfo, 'quick-keys-till');
  await page.setViewportSize({ width: 1280, height: 800 });

  // In Bangla the tile reads the product's Bangla name.
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(tiles.getByRole('button', { name: new RegExp(`আলু ${stamp}`) })).toBeVisible();
  await snap(page, testInfo, 'quick-keys-till-bn');
});

test('price check (F6): a scan shows the price and stock and adds nothing, online and offline', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const auth = await adminAuth(page);
  const oil = await addProduct(request, auth, { title: `E2E Check Oil ${stamp}`, attri: '1 L', price: 190 });
  await logInAsAdmin(page);
  await page.goto('/admin/pos');
  // The till's copy holds the new product once a sync ran (the readiness line counts it).
  await expect(page.getByTestId('till-readiness')).toContainText('Ready offline', { timeout: 20_000 });

  const check = async () => {
    await page.keyboard.press('F6');
    const dialog = page.getByRole('dialog', { name: 'Price check' });
    await expect(dialog.getByLabel('Scan or type a barcode')).toBeFocused();
    await page.keyboard.type(oil.barcode, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(dialog.getByTestId('price-check-result')).toContainText(oil.title);
    await expect(dialog.getByTestId('price-check-price')).toHaveText('190 BDT');
    await expect(dialog.getByTestId('price-check-stock')).toHaveText('100');
    return dialog;
  };
  const dialog = await check();
  await snap(page, testInfo, 'price-check');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Nothing was added, and the next scan goes to the product box.
  await expect(page.getByText('No products yet: scan or search above to add them.')).toBeVisible();
  await expect(page.getByRole('combobox').first()).toBeFocused();

  // With the network cut, the same answer from the till's copy.
  await context.setOffline(true);
  const offline = await check();
  await page.keyboard.press('Escape');
  await expect(offline).toBeHidden();
  await context.setOffline(false);
});
