import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { snap, speak } from './support/ui';
import { adminAuth, PNG, type Auth } from './till-helpers';

// Issue 29: Live stock narrows to a category (and a brand), to the low products (at or below their
// reorder level, else 5), and sorts by quantity or by what the stock cost; the choice stays in the
// address. At 1280 and 390 px, and the labels in Bangla.

async function product(
  request: APIRequestContext,
  auth: Auth,
  fields: { title: string; qty: number; buyprice: number; category: number; brand: number },
): Promise<number> {
  const made = await request.post('/api/product/add', {
    headers: auth,
    multipart: {
      title: fields.title,
      price: '500',
      buyprice: String(fields.buyprice),
      qty: String(fields.qty),
      tags: 'e2e stock',
      brand_id: String(fields.brand),
      'category[]': String(fields.category),
      image: { name: 'p.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  return ((await made.json()) as { data: Array<{ id: number }> }).data[0]!.id;
}

for (const width of [1280, 390]) {
  test(`Live stock filters by category and low stock, and sorts by value (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
    const stamp = `${Date.now().toString(36)}${width}`;
    const auth = await adminAuth(page);
    const cat = await request.post('/api/category/add', {
      headers: auth,
      data: { title: `E2E Shelf ${stamp}` },
    });
    expect(cat.status()).toBe(201);
    const category = ((await cat.json()) as { data: { id: number } }).data.id;
    const brands = (await (await request.get('/api/brands', { headers: auth })).json()) as {
      data: Array<{ id: number }>;
    };
    const brand = brands.data[0]!.id;
    const few = await product(request, auth, {
      title: `E2E Few ${stamp}`,
      qty: 2,
      buyprice: 10,
      category,
      brand,
    });
    const dear = await product(request, auth, {
      title: `E2E Dear ${stamp}`,
      qty: 30,
      buyprice: 300,
      category,
      brand,
    });
    const mid = await product(request, auth, {
      title: `E2E Mid ${stamp}`,
      qty: 12,
      buyprice: 40,
      category,
      brand,
    });

    await page.goto('/admin/live-stock');
    const rows = page.locator('tr[data-product-id]');
    const ids = async () =>
      await rows.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-product-id'))));
    await page.getByLabel('Category', { exact: true }).selectOption(String(category));
    await expect(page).toHaveURL(new RegExp(`category_id=${category}`));
    // By name: Dear, Few, Mid.
    await expect.poll(ids).toEqual([dear, few, mid]);
    await page.getByLabel('Sort by').selectOption('value');
    await expect.poll(ids).toEqual([dear, mid, few]);
    await page.getByLabel('Only low stock (at or below the reorder level)').check();
    await expect.poll(ids).toEqual([few]);
    await snap(page, testInfo, 'live-stock-filters');
    // The choice survives a reload (it is in the address).
    await page.reload();
    await expect.poll(ids).toEqual([few]);
    await expect(page.getByLabel('Only low stock (at or below the reorder level)')).toBeChecked();

    await speak(page, 'bn');
    await expect(page.getByRole('form', { name: 'স্টক বাছাই ও সাজানো' })).toBeVisible();
    await expect(page.getByLabel('শুধু কম স্টক (রিঅর্ডার লেভেল বা তার নিচে)')).toBeChecked();
    await snap(page, testInfo, 'live-stock-filters-bn');
    await speak(page, 'en');
  });
}
