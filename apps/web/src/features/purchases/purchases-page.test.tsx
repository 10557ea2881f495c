import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { shopTimeIn } from '../../lib/shop-time';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { callsTo, mockApi, mockFetch, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { PurchasesPage } from './purchases-page';
import {
  adminProductOf,
  batchesAnswer,
  found,
  makeLine,
  makePurchase,
  makeSupplier,
  purchasesAnswer,
  purchasesPage,
  savedPurchase,
} from './test-data';

const routes = [{ path: '/admin/purchases', element: <PurchasesPage /> }];

const meghna = makeSupplier({ id: 1, due: 2399, purchases: 1 });
const rahman = makeSupplier({ id: 2, name: 'Rahman Traders', phone: '', address: '' });
const suppliersList = { data: [meghna, rahman] };
const suppliersAnswer = { body: suppliersList };

const bought = makePurchase({
  id: 12,
  date: '2026-11-20',
  total: 3399,
  paid: 1000,
  due: 2399,
  lines: [
    makeLine({ id: 1, product_id: 7, quantity: 25.5, buyprice: 58, total: 1479 }),
    makeLine({
      id: 2,
      product_id: 9,
      title: 'Soybean Oil',
      attri: '1 L',
      title_bn: 'সয়াবিন তেল',
      attri_bn: '১ লিটার',
      quantity: 12,
      buyprice: 160,
      total: 1920,
    }),
  ],
});
const older = makePurchase({
  id: 11,
  supplier_id: 2,
  supplier: 'Rahman Traders',
  invoice: '',
  date: '2026-10-31',
  lines: [makeLine({ id: 3, product_id: null, title: 'Old Flour', attri: '' })],
});

const rice = found({ id: 7 });
const oil = found({
  id: 9,
  title: 'Soybean Oil',
  attri: '1 L',
  title_bn: 'সয়াবিন তেল',
  attri_bn: '১ লিটার',
  price: 190,
});

const today = shopTimeIn('Asia/Dhaka').day();
const rowOf = (id: number) => document.querySelector(`tr[data-purchase-id="${id}"]`) as HTMLElement;
const lineRow = (id: number) =>
  document.querySelector(`.purchase-lines-table tr[data-product-id="${id}"]`) as HTMLElement;

afterEach(() => setLanguage('en'));

/** Types into the product box and picks the suggestion matching `name`. */
async function pick(text: string, name: RegExp) {
  const form = screen.getByRole('form', { name: 'New purchase' });
  fireEvent.change(within(form).getByLabelText('Add a product'), { target: { value: text } });
  // The list may still show the last search's products for a moment.
  const list = await within(form).findByRole('list', { name: 'Matching products' });
  fireEvent.click(await within(list).findByRole('button', { name }));
}

describe('PurchasesPage', () => {
  it('lists the purchases with their lines, days and money, and the totals of the filter', async () => {
    mockApi({
      'GET /api/suppliers': suppliersList,
      'GET /api/purchases': purchasesPage([bought, older]),
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('Old Flour');
    expect(screen.getByRole('heading', { level: 1, name: 'Purchases' })).toBeVisible();
    for (const label of ['Date', 'Supplier', 'Products', 'Total', 'Paid', 'Due']) {
      expect(screen.getByRole('columnheader', { name: label })).toBeVisible();
    }
    const row = within(rowOf(12));
    expect(row.getByText('20 Nov 2026')).toBeVisible();
    expect(row.getByRole('rowheader').textContent).toBe('Meghna WholesaleInvoice MW-1001');
    expect(row.getByText('Soybean Oil')).toBeVisible();
    expect(row.getByText('· 25.5 at 58 BDT')).toBeVisible();
    expect([...rowOf(12).querySelectorAll('td.num')].map((td) => td.textContent)).toEqual([
      '3,399',
      '1,000',
      '2,399',
    ]);
    // A product deleted since keeps its name, marked.
    expect(within(rowOf(11)).getByText(/no longer sold/)).toBeVisible();
    expect(screen.getByTestId('purchases-total').textContent).toBe('3,499 BDT');
    expect(screen.getByTestId('purchases-paid').textContent).toBe('1,100 BDT');
    expect(screen.getByTestId('purchases-due').textContent).toBe('2,399 BDT');
    expect(screen.getByTestId('purchases-count').textContent).toBe('2 purchases');
    // A phone's card names each figure.
    expect(
      [...rowOf(12).querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label')),
    ).toEqual(['Total', 'Paid', 'Due']);
    expect(screen.getByRole('link', { name: 'Suppliers' }).getAttribute('href')).toBe('/admin/suppliers');
    // What to order next and the purchase orders start here (they have no menu entry).
    expect(screen.getByRole('link', { name: 'What to order' }).getAttribute('href')).toBe('/admin/reorder');
    expect(screen.getByRole('link', { name: 'Purchase orders' }).getAttribute('href')).toBe(
      '/admin/purchase-orders',
    );
  });

  it('names the products, days and figures in Bangla, the English name when a product has none', async () => {
    mockApi({
      'GET /api/suppliers': suppliersList,
      'GET /api/purchases': purchasesPage([bought]),
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('Soybean Oil');
    await act(() => setLanguage('bn'));
    const row = within(rowOf(12));
    expect(row.getByText('সয়াবিন তেল')).toBeVisible();
    expect(row.getByText('(১ লিটার)')).toBeVisible();
    // No Bangla name: the English one.
    expect(row.getByText('Miniket Rice')).toBeVisible();
    expect(row.getByText('· ১২, ১৬০ টাকা দরে')).toBeVisible();
    expect(row.getByText('২০ নভে, ২০২৬')).toBeVisible();
    expect(screen.getByTestId('purchases-due').textContent).toBe('২,৩৯৯ টাকা');
    expect(screen.getByRole('heading', { level: 1, name: 'কেনাকাটা' })).toBeVisible();
  });

  it('filters by supplier and days, and starts with the supplier a link names', async () => {
    const fetchMock = mockApi({
      'GET /api/suppliers': suppliersList,
      'GET /api/purchases': ({ query }) =>
        query.get('supplier_id') === '1'
          ? purchasesPage([bought])
          : query.get('supplier_id') === '2'
            ? purchasesPage([older])
            : purchasesPage([bought, older]),
    });
    const { router } = renderRoutes(routes, '/admin/purchases?supplier_id=1');
    await screen.findByText('Soybean Oil');
    const filter = screen.getByRole('form', { name: 'Filter purchases' });
    expect((within(filter).getByLabelText('Supplier') as HTMLSelectElement).value).toBe('1');
    fireEvent.change(within(filter).getByLabelText('Supplier'), { target: { value: '2' } });
    fireEvent.change(within(filter).getByLabelText('From'), { target: { value: '2026-10-01' } });
    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-10-31' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Old Flour')).toBeVisible();
    expect(screen.queryByText('Soybean Oil')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/purchases').map((url) => url.search)).toEqual([
      '?supplier_id=1',
      '?supplier_id=2&from=2026-10-01&to=2026-10-31',
    ]);
    // The filter is in the address: a reload or a shared link shows the same purchases.
    expect(router.state.location.search).toBe('?supplier_id=2&from=2026-10-01&to=2026-10-31');

    // The menu's link to every purchase starts again without a filter.
    await act(() => router.navigate('/admin/purchases'));
    await waitFor(() => expect(screen.getByTestId('purchases-count').textContent).toBe('2 purchases'));
    expect((screen.getByLabelText('Supplier') as HTMLSelectElement).value).toBe('');
  });

  it('opens on the page its address names, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/suppliers': suppliersList,
      'GET /api/purchases': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 60 purchases of the supplier: two pages of 50.
        return purchasesPage(page === 2 ? [older] : page === 1 ? [bought] : [], { total: 60, page });
      },
    });
    const { router } = renderRoutes(routes, '/admin/purchases?supplier_id=2&page=5');
    await screen.findByText('Old Flour');
    expect(router.state.location.search).toBe('?supplier_id=2&page=2');
    expect((screen.getByLabelText('Supplier') as HTMLSelectElement).value).toBe('2');
    expect(callsTo(fetchMock, 'GET /api/purchases').map((url) => url.search)).toEqual([
      '?supplier_id=2&page=5',
      '?supplier_id=2&page=2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Soybean Oil');
    expect(screen.queryByText('Old Flour')).toBeNull();
    expect(router.state.location.search).toBe('?supplier_id=2');
  });

  it('downloads the purchases of the filter on screen', async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      'GET /api/suppliers': suppliersAnswer,
      'GET /api/purchases?supplier_id=1': purchasesAnswer([bought]),
      'GET /api/export/purchases.xlsx?supplier_id=1': { body: '' },
    });
    renderRoutes(routes, '/admin/purchases?supplier_id=1');
    await screen.findByText('Soybean Oil');
    const download = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(exportCalls(fetchMock)).toEqual(['/api/export/purchases.xlsx?supplier_id=1']);
    restore();
  });

  it('enters a purchase: each line its own quantity and buy price (prefilled), the total by the money rule, a part paid', async () => {
    let saved = false;
    const fetchMock = mockFetch({
      'GET /api/suppliers': suppliersAnswer,
      'GET /api/purchases': () => purchasesAnswer(saved ? [bought, older] : [older]),
      'GET /api/product/find/rice': { body: { data: [rice] } },
      'GET /api/product/find/oil': { body: { data: [oil] } },
      'GET /api/product/7': { body: { data: adminProductOf(rice, 60) } },
      'GET /api/product/9': { body: { data: adminProductOf(oil, 150) } },
      'GET /api/product/7/batches': batchesAnswer(7),
      'GET /api/product/9/batches': batchesAnswer(9),
      'POST /api/purchase/add': (init) => {
        saved = true;
        const body = JSON.parse(String(init?.body)) as Parameters<typeof savedPurchase>[0];
        return { status: 201, body: { data: savedPurchase(body, [], 'Meghna Wholesale') } };
      },
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('Old Flour');
    fireEvent.click(screen.getByRole('button', { name: 'New purchase' }));
    const form = screen.getByRole('form', { name: 'New purchase' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'New purchase' }));
    expect((within(form).getByLabelText('Date') as HTMLInputElement).value).toBe(today);
    expect(within(form).getByLabelText('Date').getAttribute('max')).toBe(today);

    // Nothing chosen: said under the fields, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await within(form).findByText('Choose the supplier.')).toBeVisible();
    expect(within(form).getByLabelText('Supplier')).toHaveAccessibleDescription('Choose the supplier.');
    expect(within(form).getByText('Add at least one product.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Supplier'), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText('Invoice number'), { target: { value: 'MW-1001' } });
    fireEvent.change(within(form).getByLabelText('Date'), { target: { value: '2026-11-20' } });
    await pick('rice', /Miniket Rice/);
    // The product's buy price now, once known; the quantity is typed.
    const riceQty = within(form).getByLabelText('Quantity of Miniket Rice (5 kg)') as HTMLInputElement;
    const ricePrice = within(form).getByLabelText('Buy price of Miniket Rice (5 kg)') as HTMLInputElement;
    await waitFor(() => expect(ricePrice.value).toBe('60'));
    expect(document.activeElement).toBe(riceQty);
    fireEvent.change(riceQty, { target: { value: '২৫.৫' } });
    fireEvent.change(ricePrice, { target: { value: '58' } });
    await pick('oil', /Soybean Oil/);
    const oilPrice = within(form).getByLabelText('Buy price of Soybean Oil (1 L)') as HTMLInputElement;
    await waitFor(() => expect(oilPrice.value).toBe('150'));
    fireEvent.change(within(form).getByLabelText('Quantity of Soybean Oil (1 L)'), {
      target: { value: '12' },
    });
    fireEvent.change(oilPrice, { target: { value: '160' } });
    // 25.5 × 58 = 1479 and 12 × 160 = 1920.
    expect(within(lineRow(7)).getByText('1,479')).toBeVisible();
    expect(within(lineRow(9)).getByText('1,920')).toBeVisible();
    expect(screen.getByTestId('purchase-form-total').textContent).toBe('3,399 BDT');

    // The same product again is not a second line.
    await pick('rice', /Miniket Rice/);
    expect(await screen.findByText('Miniket Rice is on this purchase already.')).toBeVisible();
    expect(form.querySelectorAll('.purchase-lines-table tbody tr')).toHaveLength(2);

    // More paid than it costs: refused here.
    fireEvent.change(within(form).getByLabelText('Amount paid'), { target: { value: '3400' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await within(form).findByText('The amount paid may not be more than the total.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Amount paid'), { target: { value: '1000' } });
    fireEvent.change(within(form).getByLabelText('Payment method'), { target: { value: 'bkash' } });
    expect(screen.getByTestId('purchase-form-due').textContent).toBe('2,399 BDT');
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await screen.findByText('Purchase saved')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/purchase/add')).toEqual({
      supplier_id: 1,
      invoice: 'MW-1001',
      date: '2026-11-20',
      // No expiry date for products that do not track it.
      lines: [
        { product_id: 7, quantity: 25.5, buyprice: 58, batch: '' },
        { product_id: 9, quantity: 12, buyprice: 160, batch: '' },
      ],
      paid: 1000,
      method: 'bkash',
      note: '',
    });
    // The form closes and the list reads again.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New purchase' })).toBeNull());
    expect(await screen.findByText('Soybean Oil')).toBeVisible();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'New purchase' })),
    );
  });

  it("shows the server's 422 under its fields and names the lines of products gone (409)", async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: 'The quantity may not be greater than 100000.',
        errors: { 'lines.0.quantity': ['The quantity may not be greater than 100000.'] },
      },
    };
    mockFetch({
      'GET /api/suppliers': suppliersAnswer,
      'GET /api/purchases': purchasesAnswer([]),
      'GET /api/product/find/rice': { body: { data: [rice] } },
      'GET /api/product/find/oil': { body: { data: [oil] } },
      'GET /api/product/7': { body: { data: adminProductOf(rice, 60) } },
      'GET /api/product/9': { body: { data: adminProductOf(oil, 150) } },
      'GET /api/product/7/batches': batchesAnswer(7),
      'GET /api/product/9/batches': batchesAnswer(9),
      'POST /api/purchase/add': () => answer,
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('No purchases found.');
    fireEvent.click(screen.getByRole('button', { name: 'New purchase' }));
    const form = screen.getByRole('form', { name: 'New purchase' });
    fireEvent.change(within(form).getByLabelText('Supplier'), { target: { value: '2' } });
    await pick('rice', /Miniket Rice/);
    await pick('oil', /Soybean Oil/);
    await waitFor(() =>
      expect((within(form).getByLabelText('Buy price of Soybean Oil (1 L)') as HTMLInputElement).value).toBe(
        '150',
      ),
    );
    fireEvent.change(within(form).getByLabelText('Quantity of Miniket Rice (5 kg)'), {
      target: { value: '99999' },
    });
    fireEvent.change(within(form).getByLabelText('Quantity of Soybean Oil (1 L)'), {
      target: { value: '1' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await within(form).findByText('The quantity may not be greater than 100000.')).toBeVisible();
    const riceQty = within(form).getByLabelText('Quantity of Miniket Rice (5 kg)');
    expect(riceQty).toHaveAttribute('aria-invalid', 'true');
    expect(riceQty).toHaveAccessibleDescription('The quantity may not be greater than 100000.');

    answer = {
      status: 409,
      body: {
        message: 'Some products in your cart are not available in the quantity you asked for.',
        code: 'stock_short',
        lines: [{ product_id: 9, title: 'This product is no longer sold', attri: '', available: 0 }],
      },
    };
    fireEvent.change(within(form).getByLabelText('Quantity of Miniket Rice (5 kg)'), {
      target: { value: '2' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(
      await within(form).findByText('No longer sold: Soybean Oil. Remove them and save again.'),
    ).toBeVisible();
    expect(within(lineRow(9)).getByText('This product is no longer sold.')).toBeVisible();
    expect(within(lineRow(7)).queryByText('This product is no longer sold.')).toBeNull();
    expect(screen.queryByText('Purchase saved')).toBeNull();
  });

  it('a product that tracks expiry needs the date on its pack; the batch code goes with it', async () => {
    let answer: { status: number; body: unknown } = {
      status: 422,
      body: {
        message: 'Soybean Oil tracks expiry: enter the expiry date on the pack.',
        errors: { 'lines.0.expiry': ['Soybean Oil tracks expiry: enter the expiry date on the pack.'] },
      },
    };
    const fetchMock = mockFetch({
      'GET /api/suppliers': suppliersAnswer,
      'GET /api/purchases': purchasesAnswer([]),
      'GET /api/product/find/rice': { body: { data: [rice] } },
      'GET /api/product/find/oil': { body: { data: [oil] } },
      'GET /api/product/7': { body: { data: adminProductOf(rice, 60) } },
      'GET /api/product/9': { body: { data: adminProductOf(oil, 150) } },
      'GET /api/product/7/batches': batchesAnswer(7),
      'GET /api/product/9/batches': batchesAnswer(9, true),
      'POST /api/purchase/add': () => answer,
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('No purchases found.');
    fireEvent.click(screen.getByRole('button', { name: 'New purchase' }));
    const form = screen.getByRole('form', { name: 'New purchase' });
    fireEvent.change(within(form).getByLabelText('Supplier'), { target: { value: '1' } });
    await pick('oil', /Soybean Oil/);
    await pick('rice', /Miniket Rice/);
    const oilDate = within(form).getByLabelText('Expiry date of Soybean Oil (1 L)') as HTMLInputElement;
    const riceDate = within(form).getByLabelText('Expiry date of Miniket Rice (5 kg)') as HTMLInputElement;
    expect(oilDate.type).toBe('date');
    // Oil tracks expiry: its line says so and its date is required; rice's is not.
    await waitFor(() => expect(oilDate).toBeRequired());
    expect(within(lineRow(9)).getByText('Tracks expiry: enter the date on the pack.')).toBeVisible();
    expect(riceDate).not.toBeRequired();
    await waitFor(() =>
      expect((within(form).getByLabelText('Buy price of Soybean Oil (1 L)') as HTMLInputElement).value).toBe(
        '150',
      ),
    );
    fireEvent.change(within(form).getByLabelText('Quantity of Soybean Oil (1 L)'), {
      target: { value: '12' },
    });
    fireEvent.change(within(form).getByLabelText('Quantity of Miniket Rice (5 kg)'), {
      target: { value: '2' },
    });
    await waitFor(() =>
      expect(
        (within(form).getByLabelText('Buy price of Miniket Rice (5 kg)') as HTMLInputElement).value,
      ).toBe('60'),
    );

    // No date: asked here, nothing sent.
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    const needed = 'This product tracks expiry: enter the expiry date on the pack.';
    await waitFor(() => expect(oilDate).toHaveAccessibleDescription(needed));
    expect(oilDate).toHaveAttribute('aria-invalid', 'true');
    expect(riceDate).not.toHaveAttribute('aria-invalid');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // The server's word on a date (another till's copy of the product): under the field it names.
    fireEvent.change(oilDate, { target: { value: '2027-03-31' } });
    fireEvent.change(within(form).getByLabelText('Batch code of Soybean Oil (1 L)'), {
      target: { value: ' L-42 ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    await waitFor(() =>
      expect(oilDate).toHaveAccessibleDescription(
        'Soybean Oil tracks expiry: enter the expiry date on the pack.',
      ),
    );
    expect(sentBody(fetchMock, 'POST /api/purchase/add')).toMatchObject({
      lines: [
        { product_id: 9, quantity: 12, buyprice: 150, expiry: '2027-03-31', batch: 'L-42' },
        { product_id: 7, quantity: 2, buyprice: 60, batch: '' },
      ],
    });

    answer = {
      status: 201,
      body: {
        data: savedPurchase(
          sentBody(fetchMock, 'POST /api/purchase/add') as Parameters<typeof savedPurchase>[0],
          [],
          'Meghna Wholesale',
        ),
      },
    };
    fireEvent.click(within(form).getByRole('button', { name: 'Save purchase' }));
    expect(await screen.findByText('Purchase saved')).toBeVisible();
  });

  it('deletes a purchase after asking, and shows why when the server refuses', async () => {
    let refused = true;
    const fetchMock = mockApi({
      'GET /api/suppliers': suppliersList,
      'GET /api/purchases': () => purchasesPage(refused ? [bought, older] : [older]),
      'DELETE /api/purchase/:id': () =>
        refused
          ? refuse(409, {
              message:
                'What this purchase left unpaid has been paid to the supplier since: it cannot be deleted.',
              code: 'conflict',
            })
          : { message: 'Purchase deleted' },
    });
    renderRoutes(routes, '/admin/purchases');
    await screen.findByText('Soybean Oil');
    fireEvent.click(screen.getByRole('button', { name: 'Delete purchase 12' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(within(dialog).getByText('Are you want to delete?')).toBeVisible();
    expect(within(dialog).getByText(/its unpaid 2,399 BDT leaves/)).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/has been paid to the supplier since/)).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowOf(12)).toBeVisible();

    refused = false;
    fireEvent.click(screen.getByRole('button', { name: 'Delete purchase 12' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Purchase deleted')).toBeVisible();
    await waitFor(() => expect(rowOf(12)).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(2);
  });
});
