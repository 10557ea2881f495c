import { expect, test } from './support/test';
import { snap } from './support/ui';
import {
  addProduct,
  adminAuth,
  freshPlu,
  priceLabel,
  readOrder,
  receiptRows,
  stubPrint,
} from './till-helpers';

/**
 * A price-embedded scale label costs the price the scale printed (ADR 0061): 0.74 kg of onions at
 * 90/kg would be 66.60; its 67.00 label is what the cart, the receipt and the order charge. Labels
 * are typed key by key and end with Enter, as a scanner sends them.
 */
test('a price label scanned at the till costs its printed price, on the cart, the receipt and the order', async ({
  page,
  request,
}, testInfo) => {
  await stubPrint(page);
  const auth = await adminAuth(page);
  const plu = freshPlu(61000);
  const onion = await addProduct(request, auth, {
    title: 'E2E Loose Onion',
    attri: 'loose',
    price: 90,
    unit: 'kg',
    plu,
  });
  const label = priceLabel(plu, 6700);

  await page.goto('/admin/pos');
  const box = page.getByRole('combobox', { name: 'Product' });
  await expect(box).toBeFocused();
  // Two packs weighed and labelled 67.00 each: "2*" then the scan.
  await page.keyboard.type('2*');
  await page.keyboard.type(label, { delay: 10 });
  await page.keyboard.press('Enter');
  const rows = page.getByTestId('till-cart').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('0.74 kg');
  await expect(page.getByTestId('till-line-amount')).toHaveText(['67', '67']);
  await expect(page.getByTestId('till-total')).toHaveText('134 BDT');
  await snap(page, testInfo, 'till-price-label');

  await page.keyboard.press('F4');
  await page.keyboard.type('134');
  await page.keyboard.press('F9');
  await expect(page).toHaveURL(/\/admin\/receipt\/\d+/);
  const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
  await expect(page.getByRole('article', { name: `Receipt of order #${id}` })).toBeVisible();
  expect(await receiptRows(page)).toEqual(
    expect.arrayContaining(['loose 0.74 kg x 90/kg | 67', 'Total | 134', 'Due | 0']),
  );
  await snap(page, testInfo, 'receipt-price-label');

  const order = await readOrder(request, auth, id);
  expect(order).toMatchObject({ subtotal: 134, paid: 134, due: 0 });
  expect(order.carts.map((l) => [l.product_id, l.quantity, l.unit, l.label_poisha])).toEqual([
    [onion.id, 0.74, 'kg', 6700],
    [onion.id, 0.74, 'kg', 6700],
  ]);
});
