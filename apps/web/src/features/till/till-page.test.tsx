import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { adminSettingsWith } from './offline/catalog-test-data';
import { syncOutbox } from './offline/outbox';
import { tillDb } from './offline/till-db';
import {
  byParam,
  karim,
  potato,
  resetTillStore,
  rice,
  scanAnswer,
  tillBase as base,
  tillRoutes as routes,
} from './till-test-data';
import { makeSale } from '../../test/orders';
import { signInStaff } from '../../test/staff';
import { PERMISSIONS } from '@bazar/contracts/permissions';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeEach(resetTillStore);
afterEach(resetTillStore);

const phone = () => screen.getByLabelText('Phone');
const box = () => screen.getByRole('combobox', { name: 'Product' });
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter' });
const scan = (code: string) => {
  fireEvent.change(box(), { target: { value: code } });
  enter(box());
};
const cartRows = () => within(screen.getByTestId('till-cart')).getAllByRole('row').slice(1);

describe('TillPage customer block', () => {
  it('checks the phone length, offers to add an unknown phone and needs a name', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/customer/search/:text': byParam('text', { '01722222222': { data: [] } }),
      'POST /api/customer/add': {
        message: 'Customer saved',
        data: { ...karim, id: 9, phone: '01722222222', name: 'Rahima' },
      },
    });
    renderRoutes(routes, '/admin/pos');
    // The customer panel is drawn a task after the product box.
    expect(await screen.findByRole('button', { name: 'Save Customer' })).toBeDisabled();
    fireEvent.change(phone(), { target: { value: '0172222' } });
    enter(phone());
    expect(await screen.findByText('Phone must be 11 digit')).toBeVisible();
    fireEvent.change(phone(), { target: { value: '01722222222' } });
    enter(phone());
    expect(await screen.findByText('No customer found please add')).toBeVisible();
    // The name is what the cashier types next.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')));
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Please enter the name')).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rahima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Customer saved')).toBeVisible();
    // Saved: back to the product box for the next scan.
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Product' }));
    expect(sentBody(fetchMock, 'POST /api/customer/add')).toEqual({
      phone: '01722222222',
      name: 'Rahima',
      area: '',
      address: '',
      lang: 'en',
    });
    expect(await screen.findByRole('button', { name: 'Update Customer' })).toBeVisible();
  });

  it('fills a found customer and asks for every field before an update', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/customer/search/:text': byParam('text', { '01711111111': { data: [karim] } }),
      'POST /api/customer/edit/:id': { message: 'Customer update', data: { ...karim, balance: 80 } },
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '01711111111' } });
    enter(phone());
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Karim'));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Please fill all field')).toBeVisible();
    expect(screen.getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Road 2' } });
    fireEvent.change(screen.getByLabelText('Balance'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer update')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/customer/edit/3')).toEqual({
      phone: '01711111111',
      name: 'Karim',
      area: 'Mirpur',
      balance: 80,
      address: 'Road 2',
      status: 1,
      lang: 'en',
    });
  });

  it("picks a new customer's language (the till screen's to begin with) and a found one's stored language", async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/customer/search/:text': byParam('text', {
        '01722222222': { data: [] },
        '01711111111': { data: [{ ...karim, lang: 'bn' }] },
      }),
      'POST /api/customer/add': {
        message: 'Customer saved',
        data: { ...karim, id: 9, phone: '01722222222', name: 'Rahima', lang: 'bn' },
      },
      'POST /api/customer/edit/:id': { message: 'Customer update', data: karim },
    });
    renderRoutes(routes, '/admin/pos');
    const language = async () => (await screen.findByLabelText('Language')) as HTMLSelectElement;
    fireEvent.change(await screen.findByLabelText('Phone'), { target: { value: '01722222222' } });
    enter(phone());
    expect(await screen.findByText('No customer found please add')).toBeVisible();
    expect(await language()).toHaveValue('en');
    expect([...(await language()).options].map((o) => o.textContent)).toEqual(['English', 'বাংলা']);
    fireEvent.change(await language(), { target: { value: 'bn' } });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rahima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Customer saved')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/customer/add')).toMatchObject({ name: 'Rahima', lang: 'bn' });

    // A found customer shows their own language; the cashier may change it with an update.
    fireEvent.change(phone(), { target: { value: '01711111111' } });
    enter(phone());
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Karim'));
    expect(await language()).toHaveValue('bn');
    fireEvent.change(await language(), { target: { value: 'en' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer update')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/customer/edit/3')).toMatchObject({ name: 'Karim', lang: 'en' });
  });
});

describe('TillPage scanning', () => {
  it('adds a scanned barcode at once, one more on a second scan, and a weight label as its own line each time', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', {
        [rice.barcode]: scanAnswer(rice),
        '2100009012502': scanAnswer(potato, 1.25),
        '2100009005008': scanAnswer(potato, 0.5),
      }),
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(document.activeElement).toBe(box()));
    scan(rice.barcode);
    // The box is clean for the next scan before the answer comes.
    expect(box()).toHaveValue('');
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    scan(rice.barcode);
    expect(
      await screen.findByRole('button', { name: 'Change the quantity of Miniket Rice (2)' }),
    ).toBeVisible();
    scan('2100009012502');
    scan('2100009005008');
    await waitFor(() => expect(cartRows()).toHaveLength(3));
    expect(cartRows().map((row) => within(row).getAllByRole('cell')[4]?.textContent)).toEqual([
      '2',
      '1.25 kg',
      '0.5 kg',
    ]);
    // 380 × 2 + 60 × 1.75
    expect(screen.getByTestId('till-total').textContent).toBe('865 BDT');
    expect(document.activeElement).toBe(box());
  });

  it('names a code it did not find and leaves the box clean', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', {
        '4006381333931': refuse(404, { message: 'No product' }),
        '2100009012509': refuse(422, {
          message: "The barcode's check digit is wrong: scan it again.",
          errors: {},
        }),
      }),
    });
    renderRoutes(routes, '/admin/pos');
    scan('4006381333931');
    expect(
      await screen.findByText(
        'No product has the barcode 4006381333931. The box is clear for the next scan.',
      ),
    ).toBeVisible();
    expect(box()).toHaveValue('');
    scan('2100009012509');
    expect(
      await screen.findByText(
        "Could not read 2100009012509: The barcode's check digit is wrong: scan it again.",
      ),
    ).toBeVisible();
    fireEvent.keyDown(box(), { key: 'Escape' });
    expect(screen.queryByText(/Could not read/)).toBeNull();
  });

  it('picks a suggestion with the arrow keys and Enter, then returns to the box after a quantity edit', async () => {
    useFakeClock();
    const basmati = { ...rice, id: 8, title: 'Miniket Rice Premium', offprice: null, price: 450 };
    const found = { data: [rice, basmati] };
    const fetchMock = mockApi({
      ...base,
      'GET /api/product/find/:text': byParam('text', { Mi: found }),
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(box(), { target: { value: 'M' } });
    await advance(1_000); // a long pause
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.change(box(), { target: { value: 'Mi' } });
    await advance(1_000);
    const list = await screen.findByRole('listbox', { name: 'Matching products' });
    // One character is not enough: the till searches names from 2 on.
    expect(callsTo(fetchMock, 'GET /api/product/find/:text').map((url) => url.pathname)).toEqual([
      '/api/product/find/Mi',
    ]);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Miniket Rice (5 kg)380 BDT',
      'Miniket Rice Premium (5 kg)450 BDT',
    ]);
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    fireEvent.keyDown(box(), { key: 'ArrowDown' });
    expect(box()).toHaveAttribute('aria-activedescendant', 'till-search-option-1');
    enter(box());
    expect(await screen.findByText('Miniket Rice Premium')).toBeVisible();
    expect(box()).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'Change the quantity of Miniket Rice Premium (1)' }));
    const qty = screen.getByLabelText('Quantity of Miniket Rice Premium');
    fireEvent.change(qty, { target: { value: '3' } });
    enter(qty);
    expect(
      await screen.findByRole('button', { name: 'Change the quantity of Miniket Rice Premium (3)' }),
    ).toBeVisible();
    expect(document.activeElement).toBe(box());
  });
});

describe('TillPage sale', () => {
  it('totals with shipping, refuses other methods above the bill, then saves once and opens the receipt', async () => {
    const fetchMock = mockApi({
      ...base,
      // The owner at the till: they may let a walk-in owe.
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/order/add': { data: makeSale({ id: 77, change: 0 }) },
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    scan(rice.barcode);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    expect(screen.getByTestId('till-total').textContent).toBe('380 BDT');
    expect(screen.getByTestId('till-subtotal').textContent).toBe('440 BDT');
    fireEvent.click(screen.getByLabelText('Shipping cost'));
    expect(screen.getByTestId('till-subtotal').textContent).toBe('380 BDT');

    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Payment Method'), { target: { value: 'nagad' } });
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '361' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    expect(await screen.findByText('Amount is large')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '300' } });
    expect(screen.getByTestId('till-due').textContent).toBe('60 BDT');
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    // 60 left owing and no customer: asked once; this till's owner may let a walk-in owe it.
    const owing = await screen.findByRole('dialog', { name: 'Money left to pay' });
    expect(within(owing).getByTestId('till-due-text').textContent).toBe(
      '60 BDT is left to pay. A walk-in customer pays in full: take the rest, or look up the customer who will owe it.',
    );
    fireEvent.click(within(owing).getByRole('button', { name: 'Save as credit to a walk-in' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/77?print=1&then=pos');
    const body = sentBody(fetchMock, 'POST /api/order/add') as Record<string, unknown>;
    expect(body).toMatchObject({
      subtotal: 380,
      ship: 0,
      discount: 20,
      paid: 300,
      due: 60,
      method: 'nagad',
      payments: [{ method: 'nagad', amount: 300, client_id: expect.stringMatching(UUID) }],
      terminal: 1,
      carts: [
        {
          product_id: 7,
          quantity: 1,
          price: 380,
          title: 'Miniket Rice',
          client_id: expect.stringMatching(UUID),
        },
      ],
      client_id: expect.stringMatching(UUID),
      provisional: expect.stringMatching(/^T-[A-Z0-9]{6}-1$/),
    });
    // Made while the server answered: priced by the server, not sent as made offline.
    expect(body.offline).toBeUndefined();
    expect(Date.now() - Date.parse(String(body.sold_at))).toBeLessThan(60_000);
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST') ?? [];
    expect(new Headers(init?.headers).get('Idempotency-Key')).toBe(body.client_id);
    expect(localStorage.getItem('till-sale')).toBeNull();
    await waitFor(async () =>
      expect((await tillDb().sales.get(String(body.client_id)))?.state).toBe('synced'),
    );
  });

  it('keeps a sale the server does not answer, prints its own receipt and syncs it once later', async () => {
    let saves = 0;
    const fetchMock = mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      // The first Save fails on the way (the till must not make the sale twice on the retry).
      'POST /api/order/add': () =>
        ++saves === 1
          ? refuse(503, { message: 'Service Unavailable' })
          : { data: makeSale({ id: 77, change: 0, provisional: 'T-X-1' }) },
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    scan(rice.barcode);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    const location = (await screen.findByTestId('location')).textContent ?? '';
    expect(location).toMatch(/^\/admin\/receipt\/local\/[0-9a-f-]{36}\?print=1&then=pos$/);
    const clientId = location.split('/')[4]?.split('?')[0] ?? '';
    expect(localStorage.getItem('till-sale')).toBeNull();
    const kept = await tillDb().sales.get(clientId);
    expect(kept).toMatchObject({ state: 'waiting', offline: true, change: 60, tries: 1 });
    expect(kept?.body).toMatchObject({ offline: true, client_id: clientId, carts: [{ price: 380 }] });

    expect(await syncOutbox()).toEqual({ synced: 1, refused: 0, stopped: null });
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toHaveLength(2);
    const keys = posts.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toEqual([clientId, clientId]);
    // Sent again as made offline (its receipt showed the till's prices), with the same ids.
    expect(sentBody(fetchMock, 'POST /api/order/add', 1)).toEqual({
      ...(sentBody(fetchMock, 'POST /api/order/add', 0) as object),
      offline: true,
    });
    expect(await tillDb().sales.get(clientId)).toMatchObject({ state: 'synced', order: { id: 77 } });
  });

  it('"3*" before a scan adds three: the box says so while it waits for the scan', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
    });
    renderRoutes(routes, '/admin/pos');
    const box = screen.getByRole('combobox', { name: 'Product' });
    fireEvent.change(box, { target: { value: '3*' } });
    expect(screen.getByTestId('till-multiplier')).toHaveTextContent('× 3: scan the product to add 3 of it');
    // Enter with only the multiplier waits; the scanner then types the code after it.
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box).toHaveValue('3*');
    fireEvent.change(box, { target: { value: `3*${rice.barcode}` } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(cartRows()).toHaveLength(1));
    expect(within(cartRows()[0]!).getAllByRole('cell')[4]?.textContent).toBe('3');
    // The payment panel is drawn a task or two after the cart.
    await waitFor(async () =>
      expect((await screen.findByTestId('till-total')).textContent).toBe('1,140 BDT'),
    );
    expect(box).toHaveValue('');
  });

  it('holds a sale and brings it back, across a reload, while another sale is rung up', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
    });
    const first = renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01711111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hold sale' }));
    await waitFor(() => expect(screen.queryByText('Miniket Rice')).toBeNull());
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    // A reload: the held sale is still there.
    first.unmount();
    renderRoutes(routes, '/admin/pos');
    const recall = await screen.findByRole('button', {
      name: /Miniket Rice · 380 BDT · 01711111111$/,
    });
    expect(screen.getByText('On hold (1):')).toBeVisible();
    fireEvent.click(recall);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    expect(screen.getByLabelText('Phone')).toHaveValue('01711111111');
    expect(screen.queryByText('On hold (1):')).toBeNull();
  });

  it('voids the sale being built once asked: the cart, the payment entry and the customer are gone', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
    });
    renderRoutes(routes, '/admin/pos');
    expect(screen.queryByRole('button', { name: 'Void sale' })).toBeNull();
    scan(rice.barcode);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01711111111' } });
    fireEvent.change(await screen.findByLabelText('Pay'), { target: { value: '100' } });
    // Closing the question keeps everything.
    fireEvent.click(screen.getByRole('button', { name: 'Void sale' }));
    let dialog = await screen.findByRole('dialog', { name: 'Void this sale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cartRows()).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Void sale' }));
    dialog = await screen.findByRole('dialog', { name: 'Void this sale?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void sale' }));
    await waitFor(() => expect(screen.queryByText('Miniket Rice')).toBeNull());
    expect(screen.getByLabelText('Phone')).toHaveValue('');
    expect(screen.getByLabelText('Pay')).toHaveValue('');
    expect(localStorage.getItem('till-sale')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Product' })),
    );
  });

  it('keeps the cart and shows the reason when the server refuses the sale at Save', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/order/add': refuse(409, { message: 'Miniket Rice is no longer sold.', lines: [] }),
    });
    renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    expect(await screen.findByText('Miniket Rice')).toBeVisible();
    // Paid in full (380 and the delivery charge): a walk-in owes nothing.
    await waitFor(() => expect(screen.getByTestId('till-subtotal').textContent).toBe('440 BDT'));
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '440' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save & Print Order' }));
    expect(await screen.findByText('Miniket Rice is no longer sold.')).toBeVisible();
    expect(screen.queryByTestId('location')).toBeNull();
    expect(cartRows()).toHaveLength(1);
    // Nothing was printed: the refused copy is not kept as a refused sale.
    expect(await tillDb().sales.count()).toBe(0);
  });

  it("starts without the delivery charge when Setting's till_ship is off; re-ticking reads Setting again", async () => {
    // The till's catalogue sync reads Setting too: the charge changes on the server, not per read.
    let ship = 50;
    mockApi({
      ...base,
      'GET /api/settings': () => ({ data: { ...adminSettingsWith([]), ship, till_ship: false } }),
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByLabelText('Shipping cost')).not.toBeChecked());
    expect(screen.getByTestId('till-ship').textContent).toBe('0 BDT');
    ship = 60;
    fireEvent.click(screen.getByLabelText('Shipping cost'));
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
  });

  it('saves a product scanned just before F9, with what was typed in Pay', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/order/add': { data: makeSale({ id: 8, change: 60 }) },
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '500' } });
    scan(rice.barcode);
    fireEvent.keyDown(box(), { key: 'F9' }); // before the scan is answered
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/8?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      carts: [{ product_id: 7, quantity: 1 }],
      payments: [{ method: 'cash', amount: 500 }],
      paid: 440,
      due: 0,
    });
  });

  it('keeps the sale in progress across a reload', async () => {
    mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
    });
    const first = renderRoutes(routes, '/admin/pos');
    scan(rice.barcode);
    await screen.findByText('Miniket Rice');
    fireEvent.change(await screen.findByLabelText('Discount'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('Payment Method'), { target: { value: 'bkash' } });
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Bkash reference'), { target: { value: 'TX9' } });
    enter(screen.getByLabelText('Bkash reference'));
    fireEvent.change(phone(), { target: { value: '01711111111' } });
    first.unmount();

    renderRoutes(routes, '/admin/pos');
    expect(screen.getByText('Miniket Rice')).toBeVisible();
    expect(await screen.findByLabelText('Discount')).toHaveValue('5');
    expect(phone()).toHaveValue('01711111111');
    expect(within(screen.getByRole('list', { name: 'Payments' })).getByText(/Bkash/).textContent).toBe(
      'Bkash · TX9',
    );
    await waitFor(() => expect(screen.getByTestId('till-due').textContent).toBe('335 BDT'));
  });
});
