import { expect, test } from './support/test';
import type { FoundProduct } from '@bazar/contracts/catalog';
import type { Order } from '@bazar/contracts/orders';
import { logInAsAdmin, stored } from './support/accounts';
import { uniquePhone } from './support/phones';
import { snap, grouped } from './support/ui';
import { stubPrint } from './till-helpers';

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

    await stubPrint(page);
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
    // An advance of 200 on the account: offered as a payment, taken only when chosen.
    await page.getByLabel('Balance').fill('200');
    await page.getByRole('button', { name: 'Update Customer' }).click();
    await expect(page.getByText('Customer update')).toBeVisible();
    await expect(page.getByTestId('till-advance')).toHaveText('Advance available: 200 BDT');

    // Products: one character is not enough, the name shows suggestions (title, attribute, price).
    const search = page.getByRole('combobox', { name: 'Product' });
    // Typed key by key, as a cashier does: the suggestions follow the keys.
    await search.pressSequentially(picked.title.slice(0, 1), { delay: 30 });
    await page.waitForTimeout(400);
    await expect(page.getByRole('listbox', { name: 'Matching products' })).toHaveCount(0);
    await search.pressSequentially(picked.title.slice(1), { delay: 30 });
    const suggestion = page.getByRole('listbox', { name: 'Matching products' }).getByRole('option').first();
    await expect(suggestion).toContainText(picked.title);
    await expect(suggestion).toContainText(`${grouped(picked.offprice ?? picked.price)} BDT`);
    await suggestion.click();
    const rows = page.getByTestId('till-cart').locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await page.getByRole('button', { name: `Change the quantity of ${picked.title} (1)` }).click();
    await page.getByLabel(`Quantity of ${picked.title}`).fill('2');
    await page.getByLabel(`Quantity of ${picked.title}`).press('Enter');
    await expect(
      page.getByRole('button', { name: `Change the quantity of ${picked.title} (2)` }),
    ).toBeVisible();
    // A scanner types the code key by key, then Enter.
    await search.click();
    await page.keyboard.type(scanned.barcode, { delay: 10 });
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(2);
    await expect(search).toHaveValue('');

    const price = (p: FoundProduct) => p.offprice ?? p.price;
    const total = price(picked) * 2 + price(scanned);
    await expect(page.getByTestId('till-total')).toHaveText(`${grouped(total)} BDT`);
    // A counter sale starts with no delivery charge (Setting's default); ticked, it is Setting's.
    await expect(page.getByLabel('Shipping cost')).not.toBeChecked();
    await expect(page.getByTestId('till-ship')).toHaveText('0 BDT');
    const token = await stored(page, 'info');
    const ship = (
      (await (
        await request.get('/api/settings', { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as {
        data: { ship: number };
      }
    ).data.ship;
    await expect(page.getByTestId('till-subtotal')).toHaveText(`${grouped(total)} BDT`);
    await page.getByLabel('Shipping cost').check();
    await expect(page.getByTestId('till-ship')).toHaveText(`${grouped(ship)} BDT`);

    // More than is owed by bKash is refused before anything is sent (only cash gives change).
    await page.getByLabel('Discount').fill('10');
    await page.getByLabel('Payment Method').selectOption('bkash');
    await page.getByLabel('Pay', { exact: true }).fill(String(total + ship));
    await page.getByRole('button', { name: 'Save & Print Order' }).click();
    await expect(page.getByText('Amount is large')).toBeVisible();
    const paid = Math.min(100, total + ship - 10);
    await page.getByLabel('Pay', { exact: true }).fill(String(paid));
    await expect(page.getByTestId('till-due')).toHaveText(`${grouped(total + ship - 10 - paid)} BDT`);
    await snap(page, testInfo, 'till');
    await page.setViewportSize({ width: 390, height: 844 });
    await snap(page, testInfo, 'till');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Saving with money left: the till says who owes it and asks once; then the print page of the
    // new order, the till's receipt.
    await page.getByRole('button', { name: 'Save & Print Order' }).click();
    const owing = page.getByRole('dialog', { name: 'Save with money owing?' });
    await expect(owing).toContainText(`(${phone}) will owe ${grouped(total + ship - 10 - paid)} BDT.`);
    await expect(owing.getByRole('button', { name: 'Save the sale' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    const id = Number(/receipt\/(\d+)/.exec(page.url())?.[1]);
    await expect(page.getByRole('article').getByText('Customer: E2E Till Customer')).toBeVisible();

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
    expect(saved.payments.map((p) => [p.method, p.amount])).toEqual([['bkash', paid]]);
    expect(saved.carts.map((l) => [l.product_id, l.quantity])).toEqual([
      [picked.id, 2],
      [scanned.id, 1],
    ]);
    // bKash paid: the advance was not chosen, so it is still there.
    const customer = (
      (await (
        await request.get(`/api/customer/search/${phone}`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as { data: Array<{ balance: number }> }
    ).data[0];
    expect(customer?.balance).toBe(200);
  });
});
