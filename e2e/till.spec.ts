import { expect, test } from '@playwright/test';
import type { FoundProduct } from '@bazar/contracts/catalog';
import type { Order } from '@bazar/contracts/orders';
import { logInAsAdmin, stored } from './support/accounts';
import { uniquePhone } from './support/phones';
import { snap } from './support/ui';

interface PopularProduct {
  id: number;
  title: string;
  stock_out: string;
}

test.describe('the till', () => {
  test('finds or adds the customer, rings up searched and scanned products, saves and prints', async ({
    page,
    request,
  }, testInfo) => {
    // Two demo products: one picked from the suggestions, one "scanned" by its barcode.
    const popular = ((await (await request.get('/api/productpopular')).json()) as { data: PopularProduct[] })
      .data;
    const usable = popular.filter((p) => p.stock_out !== 'on' && p.title.length >= 5);
    const first = usable[0];
    const second = usable.find((p) => p.title !== first?.title);
    expect(first && second, 'two popular demo products').toBeTruthy();
    const lookup = async (title: string) =>
      (
        (await (await request.get(`/api/product/find/${encodeURIComponent(title)}`)).json()) as {
          data: FoundProduct[];
        }
      ).data[0] as FoundProduct;
    const picked = await lookup(first!.title);
    const scanned = await lookup(second!.title);

    await logInAsAdmin(page);
    await page.getByRole('link', { name: 'POS' }).click();
    await expect(page).toHaveURL('/admin/pos');
    await expect(page.getByRole('button', { name: 'Save Customer' })).toBeDisabled();

    // Customer: a short phone, then a new one that is added.
    const phone = uniquePhone();
    await page.getByLabel('Phone').fill(phone.slice(0, 9));
    await page.getByLabel('Phone').press('Enter');
    await expect(page.getByText('Phone must be 11 digit')).toBeVisible();
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Phone').press('Enter');
    await expect(page.getByText('No customer found please add')).toBeVisible();
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Please enter the name')).toBeVisible();
    await page.getByLabel('Name', { exact: true }).fill('E2E Till Customer');
    await page.getByLabel('Area').selectOption({ index: 1 });
    await page.getByLabel('Address').fill('Shop counter road');
    await page.getByRole('button', { name: 'Save Customer' }).click();
    await expect(page.getByText('Customer saved')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update Customer' })).toBeEnabled();

    // Products: four characters are not enough, five show suggestions.
    const search = page.getByLabel('Product', { exact: true });
    await search.fill(picked.title.slice(0, 4));
    await page.waitForTimeout(400);
    await expect(page.getByRole('list', { name: 'Matching products' })).toHaveCount(0);
    await search.fill(picked.title);
    await page.getByRole('list', { name: 'Matching products' }).getByRole('button').first().click();
    const rows = page.locator('table tbody tr');
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: `Change the quantity of ${picked.title} (1)` }).click();
    await page.getByLabel(`Quantity of ${picked.title}`).fill('2');
    await page.getByLabel(`Quantity of ${picked.title}`).press('Enter');
    await expect(
      page.getByRole('button', { name: `Change the quantity of ${picked.title} (2)` }),
    ).toBeVisible();
    await search.fill(scanned.barcode);
    await search.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(search).toHaveValue('');

    const price = (p: FoundProduct) => p.offprice ?? p.price;
    const total = price(picked) * 2 + price(scanned);
    await expect(page.getByTestId('till-total')).toHaveText(`${total} BDT`);
    const ship = Number((await page.getByTestId('till-ship').textContent())?.replace(/\D/g, ''));
    await page.getByLabel('Shipping cost').uncheck();
    await expect(page.getByTestId('till-ship')).toHaveText('0 BDT');
    await expect(page.getByTestId('till-subtotal')).toHaveText(`${total} BDT`);
    await page.getByLabel('Shipping cost').check();
    await expect(page.getByTestId('till-ship')).toHaveText(`${ship} BDT`);

    // More than is owed is refused before anything is sent.
    await page.getByLabel('Discount').fill('10');
    await page.getByLabel('Pay', { exact: true }).fill(String(total + ship));
    await page.getByRole('button', { name: 'Save & Print Order' }).click();
    await expect(page.getByText('Amount is large')).toBeVisible();
    const paid = Math.min(100, total + ship - 10);
    await page.getByLabel('Pay', { exact: true }).fill(String(paid));
    await expect(page.getByTestId('till-due')).toHaveText(`${total + ship - 10 - paid} BDT`);
    await page.getByLabel('Payment Method').selectOption('bkash');
    await snap(page, testInfo, 'till');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'till');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Save & Print Order' }).click();
    await expect(page).toHaveURL(/\/admin\/print-order\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect(page.getByText('E2E Till Customer').first()).toBeVisible();

    const token = await stored(page, 'info');
    const saved = (
      (await (
        await request.get(`/api/order/${id}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        data: Order;
      }
    ).data;
    expect(saved).toMatchObject({
      phone,
      subtotal: total,
      ship,
      discount: 10,
      paid,
      due: total + ship - 10 - paid,
      type: false,
      terminal: 1,
    });
    expect(saved.carts.map((l) => [l.product_id, l.quantity])).toEqual([
      [picked.id, 2],
      [scanned.id, 1],
    ]);
  });
});
