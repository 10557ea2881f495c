import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { makeSale } from '../../test/orders';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { checkLocalPin, rememberCashier } from './offline/till-cashiers';
import { markReachable } from './offline/till-connection';
import { tillDb } from './offline/till-db';
import {
  byParam,
  resetTillStore,
  rice,
  scanAnswer,
  tillBase as base,
  tillRoutes as routes,
} from './till-test-data';

beforeEach(resetTillStore);
afterEach(resetTillStore);

const cashierProfile = () => ({
  ...signInStaff('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions),
  staff_id: 1,
  discount_limit: 5,
});

const manager = {
  id: 3,
  name: 'Sumi',
  phone: '01733333333',
  staff_role: 'manager',
  permissions: BUILT_IN_ROLE_DEFAULTS.manager.permissions as string[],
  discount_limit: null,
};

const box = () => screen.getByRole('combobox', { name: 'Product' });

/** A scan as the till's box gets it (the browser tests type it key by key, as a scanner does). */
function scan(code: string) {
  fireEvent.change(box(), { target: { value: code } });
  fireEvent.keyDown(box(), { key: 'Enter' });
}

/** A phone and PIN typed into a PIN dialog. */
function typePin(dialog: HTMLElement, phone: string, pin: string) {
  fireEvent.change(within(dialog).getByLabelText('Staff phone'), { target: { value: phone } });
  fireEvent.change(within(dialog).getByLabelText('Till PIN'), { target: { value: pin } });
}

const setDiscount = async (value: string) =>
  fireEvent.change(await screen.findByLabelText('Discount'), { target: { value } });
const f9 = () => fireEvent.keyDown(box(), { key: 'F9' });
/** Pays what is left in cash (as the cashier types it into Pay), so a walk-in owes nothing. */
async function payAll() {
  const pay = await screen.findByLabelText('Pay');
  const due = Number((screen.getByTestId('till-due').textContent ?? '').replace(/[^\d]/g, ''));
  fireEvent.change(pay, { target: { value: String(due) } });
  await waitFor(() => expect(screen.getByTestId('till-due').textContent).toBe('0 BDT'));
}
/** A dialog's button by name (the footer's, when the header's close button has the same). */
const click = (dialog: HTMLElement, name: string) =>
  fireEvent.click(within(dialog).getAllByRole('button', { name }).at(-1)!);
const alertSays = (dialog: HTMLElement, text: string) =>
  waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(text));
/** What fetch does with no network. */
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};

describe('manager approval on the till', () => {
  it('a discount above the cashier’s limit asks a manager’s PIN, then the sale carries it', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': { data: makeSale({ id: 21 }) },
    });
    renderRoutes(routes, '/admin/pos');
    expect(await screen.findByTestId('till-cashier')).toHaveTextContent('Cashier: Rahim');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    // 40 of 380 + 60 shipping is 10 %: above the cashier's 5 %.
    await setDiscount('44');
    await payAll();
    f9();
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(dialog).toHaveTextContent('a discount of 10% (this cashier may give up to 5%)');
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(0);
    typePin(dialog, manager.phone, '4321');
    click(dialog, 'Approve');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/21?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/till/approver')).toEqual({
      phone: manager.phone,
      pin: '4321',
      kind: 'discount',
    });
    // Online: the manager's PIN for the server to check; nothing only an offline sale may send.
    const sent = sentBody(fetchMock, 'POST /api/order/add') as Record<string, unknown>;
    expect(sent).toMatchObject({ discount: 44, approval: { phone: manager.phone, pin: '4321' } });
    expect(sent).not.toHaveProperty('staff_id');
    expect(sent).not.toHaveProperty('approved_by');
    // The till kept the manager's PIN as a hash, to approve with no server later; not the sale's PIN.
    const kept = await tillDb().cashiers.get(manager.id);
    expect(kept?.hash).toBeTruthy();
    expect(JSON.stringify(kept)).not.toContain('4321');
    const [queued] = await tillDb().sales.toArray();
    expect(queued?.body).not.toHaveProperty('approval');
  });

  it('a price changed at the till asks a manager too; the line carries it', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': { data: makeSale({ id: 22 }) },
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    fireEvent.click(screen.getByRole('button', { name: 'Change the price of Miniket Rice (380 BDT)' }));
    const field = screen.getByRole('textbox', { name: 'Price of Miniket Rice (BDT)' });
    fireEvent.change(field, { target: { value: '350' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(screen.getByTestId('till-total').textContent).toBe('350 BDT'));
    await payAll();
    f9();
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(dialog).toHaveTextContent('approve a price changed at the till');
    typePin(dialog, manager.phone, '4321');
    click(dialog, 'Approve');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/22?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/till/approver')).toMatchObject({ kind: 'price' });
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      carts: [{ product_id: rice.id, price: 350, price_changed: true }],
      approval: { phone: manager.phone, pin: '4321' },
    });
  });

  it('F9 with money left and no customer: a walk-in pays in full, or a manager approves the credit', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/till/approver': { data: manager },
      'POST /api/order/add': { data: makeSale({ id: 23 }) },
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    await screen.findByLabelText('Pay');
    // Nothing paid: asked once, nothing sent; "Take the rest" goes to Pay.
    f9();
    let owing = await screen.findByRole('dialog', { name: 'Money left to pay' });
    expect(within(owing).getByTestId('till-due-text')).toHaveTextContent('440 BDT is left to pay.');
    // Nothing is being sent while the till asks: Save does not say "Saving…".
    expect(screen.getByRole('button', { name: /Save & Print Order/, hidden: true })).toBeInTheDocument();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(owing).getByRole('button', { name: 'Take the rest' })),
    );
    click(owing, 'Take the rest');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Pay')));
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(0);
    // "Look up the customer" goes to the phone.
    f9();
    owing = await screen.findByRole('dialog', { name: 'Money left to pay' });
    click(owing, 'Look up the customer');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Phone')));
    // A manager approves the walk-in's credit: one PIN, and the sale carries it.
    f9();
    owing = await screen.findByRole('dialog', { name: 'Money left to pay' });
    click(owing, 'A manager approves the credit');
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    expect(dialog).toHaveTextContent('440 BDT owed by a walk-in customer');
    typePin(dialog, manager.phone, '4321');
    click(dialog, 'Approve');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/23?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/till/approver')).toMatchObject({ kind: 'credit' });
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      due: 440,
      phone: '',
      approval: { phone: manager.phone, pin: '4321' },
    });
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(1);
  });

  it('with a customer’s phone the till says who owes how much, and saves on Enter', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'GET /api/customer/search/:text': { data: [] },
      'POST /api/order/add': { data: makeSale({ id: 24 }) },
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01812377001' } });
    fireEvent.change(screen.getByLabelText('Name', { exact: true }), { target: { value: 'Baki Rahim' } });
    fireEvent.change(await screen.findByLabelText('Pay'), { target: { value: '400' } });
    f9();
    const owing = await screen.findByRole('dialog', { name: 'Save with money owing?' });
    expect(within(owing).getByTestId('till-due-text')).toHaveTextContent(
      'Baki Rahim (01812377001) will owe 40 BDT.',
    );
    const save = within(owing).getByRole('button', { name: 'Save the sale' });
    await waitFor(() => expect(document.activeElement).toBe(save));
    click(owing, 'Save the sale');
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/24?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({ phone: '01812377001', due: 40 });
    expect(callsTo(fetchMock, 'POST /api/till/approver')).toHaveLength(0);
  });

  it('a wrong PIN keeps the dialog open with the server’s words; closing it saves nothing', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/till/approver': refuse(403, {
        message: 'Incorrect phone or PIN.',
        code: 'approval_required',
        kind: 'discount',
      }),
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    await setDiscount('100');
    await payAll();
    f9();
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    typePin(dialog, manager.phone, '9999');
    click(dialog, 'Approve');
    await alertSays(dialog, 'Incorrect phone or PIN.');
    click(dialog, 'Cancel');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/order/add')).toHaveLength(0);
    expect(screen.getByText('Miniket Rice')).toBeVisible();
  });

  it('with no server, a manager who gave their PIN here before approves; the sale names both', async () => {
    await rememberCashier(manager, '4321', null);
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/till/approver': unreachable,
      'POST /api/order/add': unreachable,
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    await setDiscount('100');
    await payAll();
    markReachable(false);
    f9();
    const dialog = await screen.findByRole('dialog', { name: 'Manager approval' });
    typePin(dialog, manager.phone, '4321');
    click(dialog, 'Approve');
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/^\/admin\/receipt\/local\//),
    );
    const [queued] = await tillDb().sales.toArray();
    expect(queued?.body).toMatchObject({
      offline: true,
      staff_id: 1,
      approved_by: manager.id,
      discount: 100,
    });
    expect(queued?.body).not.toHaveProperty('approval');
    expect(callsTo(fetchMock, 'POST /api/till/approver').length).toBeGreaterThan(0);
  });
});

describe('switch cashier', () => {
  it('online: the next sales are the other person’s (their session), and the till keeps their PIN’s hash', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'POST /api/till/switch': {
        token: 'tok-karim',
        user: {
          name: 'Karim',
          phone: '01744444444',
          role: 23314,
          staff_role: 'cashier',
          permissions: BUILT_IN_ROLE_DEFAULTS.cashier.permissions,
          staff_id: 4,
          discount_limit: 5,
        },
      },
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch cashier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch cashier' });
    typePin(dialog, '01744444444', '2468');
    click(dialog, 'Switch');
    expect(await screen.findByText('Now selling: Karim')).toBeVisible();
    expect(localStorage.getItem('info')).toBe('tok-karim');
    expect(localStorage.getItem('phone')).toBe('01744444444');
    expect(sentBody(fetchMock, 'POST /api/till/switch')).toEqual({ phone: '01744444444', pin: '2468' });
    const kept = await tillDb().cashiers.get(4);
    expect(kept).toMatchObject({ name: 'Karim', token: 'tok-karim', failures: 0 });
    expect(JSON.stringify(kept)).not.toContain('2468');
  });

  it('offline: switches to a cashier known here by their PIN; 5 wrong PINs lock it on this till', async () => {
    await rememberCashier(
      {
        id: 4,
        name: 'Karim',
        phone: '01744444444',
        staff_role: 'cashier',
        permissions: BUILT_IN_ROLE_DEFAULTS.cashier.permissions as string[],
        discount_limit: 5,
      },
      '2468',
      'tok-karim',
    );
    mockApi({
      ...base,
      'GET /api/profile': cashierProfile(),
      'POST /api/till/switch': unreachable,
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.click(await screen.findByRole('button', { name: 'Switch cashier' }));
    let dialog = await screen.findByRole('dialog', { name: 'Switch cashier' });
    typePin(dialog, '01744444444', '1111');
    click(dialog, 'Switch');
    await alertSays(dialog, 'Incorrect phone or PIN.');
    fireEvent.change(within(dialog).getByLabelText('Till PIN'), { target: { value: '2468' } });
    click(dialog, 'Switch');
    expect(await screen.findByText('Now selling: Karim')).toBeVisible();
    expect(localStorage.getItem('info')).toBe('tok-karim');

    // Someone else's phone the till never saw: told to switch once online.
    fireEvent.click(screen.getByRole('button', { name: 'Switch cashier' }));
    dialog = await screen.findByRole('dialog', { name: 'Switch cashier' });
    typePin(dialog, '01755555555', '1234');
    click(dialog, 'Switch');
    await alertSays(dialog, 'This person has not given their PIN on this till yet');
    click(dialog, 'Cancel');

    // The lock, counted on this till.
    for (let i = 0; i < 4; i++) expect((await checkLocalPin('01744444444', '0000')).ok).toBe(false);
    expect(await checkLocalPin('01744444444', '0000')).toEqual({ ok: false, reason: 'locked' });
    expect(await checkLocalPin('01744444444', '2468')).toEqual({ ok: false, reason: 'locked' });
  });
});
