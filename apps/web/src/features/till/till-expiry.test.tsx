import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { TillProduct } from '@bazar/contracts/till';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { shopTimeIn } from '../../lib/shop-time';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { makeSale } from '../../test/orders';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { adminSettingsWith, freshDb, makeProduct, storeCatalog } from './offline/catalog-test-data';
import { tillDb } from './offline/till-db';
import { batchStockOf, expiredInCart, findExpired, notApproved, quantitiesOf } from './till-expiry';
import type { TillLine } from './till-sale';
import { resetTillStore, tillBase as base, tillRoutes as routes } from './till-test-data';

const today = shopTimeIn('Asia/Dhaka').day();
/** The shop day `n` days from today (negative: before). */
const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);
/** A day as the English screens write it ("05 Mar 2025"). */
const readDay = (d: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(new Date(`${d}T00:00:00Z`));

const line = (fields: Partial<TillLine> & { id: number; qty: number }): TillLine => ({
  key: `k${fields.id}-${fields.qty}-${Math.random()}`,
  title: `Product ${fields.id}`,
  attri: '',
  price: 50,
  ...fields,
});

describe('the till’s expiry check', () => {
  it('takes the stock with no date first, then the batches first-expiring-first', () => {
    // 2 with no date, 3 expired yesterday, 10 fresh.
    const bread = {
      stock: 15,
      batches: [
        { expiry: day(5), qty: 10 },
        { expiry: day(-1), qty: 3 },
      ],
    };
    const stock = new Map([[1, bread]]);
    expect(expiredInCart([line({ id: 1, qty: 2 })], stock, today)).toEqual([]);
    expect(expiredInCart([line({ id: 1, qty: 3, title: 'Bread', unit: 'pcs' })], stock, today)).toEqual([
      { id: 1, title: 'Bread', attri: '', unit: 'pcs', qty: 1, inCart: 3, expiry: day(-1) },
    ]);
    // Two lines of the product (weighed packs) count together; past the expired batch, only it is expired.
    expect(
      expiredInCart([line({ id: 1, qty: 4 }), line({ id: 1, qty: 4.5 })], stock, today).map((e) => [
        e.qty,
        e.inCart,
      ]),
    ).toEqual([[3, 8.5]]);
    // A batch that expires today is still sold.
    expect(
      expiredInCart(
        [line({ id: 1, qty: 5 })],
        new Map([[1, { stock: 5, batches: [{ expiry: today, qty: 5 }] }]]),
        today,
      ),
    ).toEqual([]);
    // `only`: the products just added.
    expect(expiredInCart([line({ id: 1, qty: 5 })], stock, today, [2])).toEqual([]);
    // A product that does not track expiry has no batches.
    expect(
      expiredInCart([line({ id: 1, qty: 5 })], new Map([[1, { stock: 1, batches: [] }]]), today),
    ).toEqual([]);
  });

  it('sums the cart by product, and knows what was approved', () => {
    expect(
      quantitiesOf([line({ id: 1, qty: 0.1 }), line({ id: 2, qty: 1 }), line({ id: 1, qty: 0.2 })]),
    ).toEqual(
      new Map([
        [1, 0.3],
        [2, 1],
      ]),
    );
    const expired = [
      { id: 1, title: 'A', attri: '', qty: 2, inCart: 2, expiry: day(-1) },
      { id: 2, title: 'B', attri: '', qty: 1, inCart: 1, expiry: day(-3) },
    ];
    expect(notApproved(expired, new Map([[1, 2]])).map((e) => e.id)).toEqual([2]);
    // More of it than was approved asks again.
    expect(
      notApproved(
        expired,
        new Map([
          [1, 1],
          [2, 1],
        ]),
      ).map((e) => e.id),
    ).toEqual([1]);
  });

  it('reads the batches from the till’s copy of the catalogue (a copy from before expiry dates has none)', async () => {
    const db = freshDb();
    const old = { ...makeProduct({ id: 31, stock: 2 }) } as Partial<TillProduct>;
    delete old.batches;
    await storeCatalog(db, [
      makeProduct({ id: 30, stock: 4, batches: [{ expiry: day(-2), qty: 4 }] }),
      old as TillProduct,
    ]);
    expect(await batchStockOf([30, 31, 32], db)).toEqual(
      new Map([
        [30, { stock: 4, batches: [{ expiry: day(-2), qty: 4 }] }],
        [31, { stock: 2, batches: [] }],
      ]),
    );
    expect(
      (await findExpired([line({ id: 30, qty: 1 }), line({ id: 31, qty: 1 })], today, undefined, db)).map(
        (e) => [e.id, e.qty, e.expiry],
      ),
    ).toEqual([[30, 1, day(-2)]]);
  });
});

// ---- at the till ------------------------------------------------------------------------------

const manager = {
  id: 3,
  name: 'Sumi',
  phone: '01733333333',
  staff_role: 'manager',
  permissions: BUILT_IN_ROLE_DEFAULTS.manager.permissions as string[],
  discount_limit: null,
};
const cashierProfile = () => ({
  ...signInStaff('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions),
  staff_id: 1,
  discount_limit: 5,
});

/** Milk: 2 with no date, 3 that expired yesterday, 10 fresh; 50 BDT. */
const milk = makeProduct({
  id: 41,
  title: 'Pasteurised Milk',
  attri: '500 ml',
  title_bn: 'পাস্তুরিত দুধ',
  attri_bn: '৫০০ মিলি',
  price: 50,
  barcode: '2000000000411',
  stock: 15,
  batches: [
    { expiry: day(-1), qty: 3 },
    { expiry: day(9), qty: 10 },
  ],
});

/** The server: the till's catalogue as stored (nothing changed since), Setting with `expired_sale`. */
function server(handlers: Parameters<typeof mockApi>[0], rule: 'approval' | 'never' = 'approval') {
  return mockApi({
    ...base,
    'GET /api/settings': { data: { ...adminSettingsWith([]), expired_sale: rule } },
    'GET /api/till/catalog': { data: { version: 1, products: [], deleted: [], next: null } },
    'GET /api/profile': cashierProfile(),
    ...handlers,
  });
}

const box = () => screen.getAllByRole('combobox')[0]!;
function scan(code: string) {
  fireEvent.change(box(), { target: { value: code } });
  fireEvent.keyDown(box(), { key: 'Enter' });
}
function typePin(dialog: HTMLElement, phone: string, pin: string) {
  fireEvent.change(within(dialog).getByLabelText('Staff phone'), { target: { value: phone } });
  fireEvent.change(within(dialog).getByLabelText('Till PIN'), { target: { value: pin } });
}
const click = (dialog: HTMLElement, name: string) =>
  fireEvent.click(within(dialog).getAllByRole('button', { name }).at(-1)!);
async function payAll() {
  const pay = await screen.findByLabelText('Pay');
  const due = Number((screen.getByTestId('till-due').textContent ?? '').replace(/[^\d]/g, ''));
  fireEvent.change(pay, { target: { value: String(due) } });
  await waitFor(() => expect(screen.getByTestId('till-due').textContent).toBe('0 BDT'));
}
const f9 = () => fireEvent.keyDown(box(), { key: 'F9' });
const cartRows = () => document.querySelectorAll('[data-testid="till-cart"] tbody tr');

beforeEach(async () => {
  await resetTillStore();
  await storeCatalog(tillDb(), [milk]);
});
afterEach(async () => {
  setLanguage('en');
  await resetTillStore();
});

describe('expired stock at the till', () => {
  it('warns as the quantity reaches the expired batch; a manager approves, and the sale carries it', async () => {
    const fetchMock = server({
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': { data: makeSale({ id: 51 }) },
    });
    renderRoutes(routes, '/admin/pos');
    expect(await screen.findByTestId('till-cashier')).toHaveTextContent('Cashier: Rahim');
    // Two come from the stock with no date: no question.
    scan(milk.barcode);
    scan(milk.barcode);
    await waitFor(() =>
      expect(
        screen.getByRole('button', { name: 'Change the quantity of Pasteurised Milk (2)' }),
      ).toBeVisible(),
    );
    expect(screen.queryByRole('dialog', { name: 'Expired stock' })).toBeNull();
    // The third would come from yesterday's batch.
    scan(milk.barcode);
    const warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    expect(within(warning).getByTestId('till-expired-text')).toHaveTextContent(
      `Pasteurised Milk (500 ml): 1 of the 3 in the cart would come from stock that expired on ${readDay(day(-1))}.`,
    );
    expect(warning).toHaveTextContent('Check the date on the pack');
    click(warning, 'A manager approves');
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(approval).toHaveTextContent(
      `approve selling 1 of Pasteurised Milk, expired on ${readDay(day(-1))}`,
    );
    typePin(approval, manager.phone, '4321');
    click(approval, 'Approve');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/till/approver')).toEqual({
      phone: manager.phone,
      pin: '4321',
      kind: 'expired',
    });
    // Save asks nothing more: the approval goes with the sale.
    await payAll();
    f9();
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/51?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      carts: [{ product_id: milk.id, quantity: 3 }],
      approval: { phone: manager.phone, pin: '4321' },
    });
    expect(callsTo(fetchMock, 'POST /api/till/approver')).toHaveLength(1);
  });

  it('a quantity typed into the cart is checked too; Remove the line takes the product off', async () => {
    server({});
    renderRoutes(routes, '/admin/pos');
    scan(milk.barcode);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Change the quantity of Pasteurised Milk (1)' }),
    );
    const field = screen.getByRole('textbox', { name: 'Quantity of Pasteurised Milk' });
    fireEvent.change(field, { target: { value: '6' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    const warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    expect(within(warning).getByTestId('till-expired-text')).toHaveTextContent('3 of the 6 in the cart');
    click(warning, 'Remove the line');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Expired stock' })).toBeNull());
    expect(cartRows()).toHaveLength(0);
  });

  it('closed without an answer, Save asks the manager for it with the rest', async () => {
    const fetchMock = server({
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': { data: makeSale({ id: 52 }) },
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    const warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    click(warning, 'Close');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await payAll();
    f9();
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(approval).toHaveTextContent('selling 1 of Pasteurised Milk');
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(0);
    typePin(approval, manager.phone, '4321');
    click(approval, 'Approve');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/52?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/till/approver')).toMatchObject({ kind: 'expired' });
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      approval: { phone: manager.phone, pin: '4321' },
    });
  });

  it('a shop that never sells expired stock only lets the line go, and Save refuses it', async () => {
    const fetchMock = server({}, 'never');
    renderRoutes(routes, '/admin/pos');
    // Setting read before the scan.
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    let warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    expect(warning).toHaveTextContent('This shop does not sell expired stock');
    expect(within(warning).queryByRole('button', { name: 'A manager approves' })).toBeNull();
    click(warning, 'Close');
    await payAll();
    f9();
    warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    expect(screen.getByText('Take the expired stock off the sale first.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(0);
    click(warning, 'Remove the line');
    await waitFor(() => expect(cartRows()).toHaveLength(0));
  });

  it('a cashier who may approve sells it on their own word', async () => {
    const fetchMock = server({
      'GET /api/profile': {
        ...signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions),
        staff_id: 3,
      },
      'POST /api/order/add': { data: makeSale({ id: 53 }) },
    });
    renderRoutes(routes, '/admin/pos');
    await screen.findByTestId('till-cashier');
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    const warning = await screen.findByRole('dialog', { name: 'Expired stock' });
    click(warning, 'Sell it (I approve)');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await payAll();
    f9();
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/53?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).not.toHaveProperty('approval');
  });

  it('the server asks for a manager the till did not see (its copy older): approved, the sale is sent again', async () => {
    // The till's copy has no batches of it yet.
    await storeCatalog(tillDb(), [{ ...milk, batches: [] }]);
    let asked = 0;
    const fetchMock = server({
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': ({ body }) => {
        asked += 1;
        if (!(body as { approval?: unknown }).approval)
          return refuse(403, {
            message:
              'Pasteurised Milk has expired stock (1, expired 2026-01-01): selling it needs a manager’s approval.',
            code: 'approval_required',
            kind: 'expired',
          });
        return { data: makeSale({ id: 54 }) };
      },
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(cartRows()).toHaveLength(1));
    await payAll();
    f9();
    const approval = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(approval).toHaveTextContent('approve selling expired stock');
    expect(screen.getAllByText(/selling it needs a manager’s approval/).length).toBeGreaterThan(0);
    typePin(approval, manager.phone, '4321');
    click(approval, 'Approve');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/54?print=1&then=pos');
    expect(asked).toBe(2);
    expect(sentBody(fetchMock, 'POST /api/order/add', 1)).toMatchObject({
      approval: { phone: manager.phone, pin: '4321' },
    });
  });

  it('the server’s refusal of expired stock (409) is said as it is', async () => {
    await storeCatalog(tillDb(), [{ ...milk, batches: [] }]);
    server({
      'POST /api/order/add': refuse(409, {
        message: 'Pasteurised Milk has expired stock (1, expired 2026-01-01): write it off before selling.',
        code: 'expired_stock',
      }),
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    await waitFor(() => expect(cartRows()).toHaveLength(1));
    await payAll();
    f9();
    expect((await screen.findAllByText(/write it off before selling/)).length).toBeGreaterThan(0);
    expect(cartRows()).toHaveLength(1);
  });

  it('speaks Bangla', async () => {
    setLanguage('bn');
    server({});
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(box(), { target: { value: `3*${milk.barcode}` } });
    fireEvent.keyDown(box(), { key: 'Enter' });
    const warning = await screen.findByRole('dialog', { name: 'মেয়াদ শেষ হওয়া মাল' });
    expect(within(warning).getByTestId('till-expired-text')).toHaveTextContent(
      'পাস্তুরিত দুধ (৫০০ মিলি): কার্টের ৩-এর মধ্যে ১ আসবে',
    );
    expect(within(warning).getByRole('button', { name: 'ম্যানেজার অনুমোদন করবেন' })).toBeVisible();
  });
});
