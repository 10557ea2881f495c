import type { FoundProduct } from '@bazar/contracts/catalog';
import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { StockProduct } from '@bazar/contracts/stock';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { LiveStockPage } from './live-stock-page';

const routes = [{ path: '/admin/live-stock', element: <LiveStockPage /> }];

const rice: StockProduct = {
  id: 1,
  image: null,
  barcode: '2000000000015',
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: 'মিনিকেট চাল',
  attri_bn: '৫ কেজি',
  price: 400,
  offprice: null,
  buyprice: 350,
  qty: 4,
};
// Sold by weight: its quantity takes two decimals.
const dal: StockProduct = {
  ...rice,
  id: 2,
  barcode: '2000000000022',
  title: 'Masoor Dal',
  attri: '',
  title_bn: '',
  attri_bn: '',
  price: 140,
  buyprice: 110,
  qty: 12.5,
};

/** What the staff search answers a product's own barcode with: that product, its unit and stock. */
const found = (p: StockProduct, unit: FoundProduct['unit']): FoundProduct => ({
  id: p.id,
  title: p.title,
  attri: p.attri,
  title_bn: p.title_bn,
  attri_bn: p.attri_bn,
  price: p.price,
  offprice: p.offprice,
  qty: p.qty,
  barcode: p.barcode,
  image: p.image,
  stock_out: '',
  unit,
});

const keeper = () => signInStaff('stock', BUILT_IN_ROLE_DEFAULTS.stock.permissions);

/**
 * Live stock of rice (4 pieces) and dal (12.5 kg) for a stock keeper; POST /api/stock/adjust
 * answers with `adjust` (the server's rules: more than on hand is refused on the quantity).
 */
function shop({
  adjust,
  searchFinds = true,
}: {
  adjust?: (body: { product_id: number; qty: number }) => ReturnType<typeof refuse> | undefined;
  /** false: the staff search answers nothing (the dialog cannot learn the unit). */
  searchFinds?: boolean;
} = {}) {
  const stock = new Map([
    [rice.id, { ...rice }],
    [dal.id, { ...dal }],
  ]);
  const sent: unknown[] = [];
  const fetchMock = mockApi({
    'GET /api/profile': keeper(),
    'GET /api/live-stock': () => pageOf([...stock.values()], { totals: { invested: 0 } }),
    'GET /api/product/find/:text': ({ params }) => ({
      data: [...stock.values()]
        .filter((p) => searchFinds && p.barcode === params.text)
        .map((p) => found(p, p.id === dal.id ? 'kg' : 'pcs')),
    }),
    'POST /api/stock/adjust': ({ body }) => {
      sent.push(body);
      const change = body as { product_id: number; qty: number };
      const refusal = adjust?.(change);
      if (refusal) return refusal;
      const product = stock.get(change.product_id)!;
      product.qty = Math.round((product.qty + change.qty) * 100) / 100;
      return { data: { product_id: product.id, qty: product.qty, delta: change.qty } };
    },
  });
  return { fetchMock, sent };
}

const rowOf = (id: number) => document.querySelector(`tr[data-product-id="${id}"]`) as HTMLElement;
const qtyOf = (id: number) => rowOf(id).querySelector('[data-label="QTY"]')?.textContent;

/** Opens a row's dialog and waits for its fields: the product's unit is read before they show. */
async function openDialog(label: string, quantityLabel = /^Quantity/) {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByLabelText(quantityLabel);
  return dialog;
}

afterEach(() => setLanguage('en'));

describe('adjusting stock from Live stock', () => {
  it('takes 2 pieces out as Damaged: the server gets −2, the row shows the new quantity', async () => {
    const { sent, fetchMock } = shop();
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Miniket Rice (5 kg)');
    expect(within(dialog).getByRole('heading', { name: 'Adjust stock: Miniket Rice (5 kg)' })).toBeVisible();
    expect(within(dialog).getByTestId('adjust-on-hand').textContent).toBe('On hand now: 4 pcs');
    expect(callsTo(fetchMock, 'GET /api/product/find/:text').map((u) => u.pathname)).toEqual([
      '/api/product/find/2000000000015',
    ]);
    // Taking out is the way it starts; the quantity has the focus, in pieces.
    expect(within(dialog).getByRole('radio', { name: 'Take out' })).toBeChecked();
    const qty = within(dialog).getByLabelText('Quantity (pcs)');
    await waitFor(() => expect(qty).toHaveFocus());
    fireEvent.change(qty, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Damaged' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ product_id: 1, qty: -2, reason: 'damaged', note: '' }]);
    expect(await screen.findByText('2 pcs of Miniket Rice (5 kg) written off: Damaged.')).toBeVisible();
    await waitFor(() => expect(qtyOf(1)).toBe('2'));
  });

  it('asks for a reason and whole pieces before it sends anything', async () => {
    const { sent } = shop();
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Miniket Rice (5 kg)');
    const qty = within(dialog).getByLabelText('Quantity (pcs)');
    fireEvent.change(qty, { target: { value: '1.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await within(dialog).findByText('Type a whole number of pieces, more than 0.')).toBeVisible();
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByText('Choose why the stock goes out.')).toBeVisible();
    expect(sent).toEqual([]);
  });

  it('puts found stock back in: Found alone, a positive quantity in kg with two decimals', async () => {
    const { sent } = shop();
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Masoor Dal');
    expect(within(dialog).getByTestId('adjust-on-hand').textContent).toBe('On hand now: 12.5 kg');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Found' }));
    // Found is the reason: the reasons that take stock out are gone.
    expect(within(dialog).queryByRole('radio', { name: 'Damaged' })).toBeNull();
    expect(within(dialog).getByText(/it goes back in with the reason Found/)).toBeVisible();
    fireEvent.change(within(dialog).getByLabelText('Quantity (kg)'), { target: { value: '1.25' } });
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Behind the sacks' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Put back in stock' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ product_id: 2, qty: 1.25, reason: 'found', note: 'Behind the sacks' }]);
    expect(await screen.findByText('1.25 kg of Masoor Dal put back in stock.')).toBeVisible();
    await waitFor(() => expect(qtyOf(2)).toBe('13.75'));
  });

  it('Other needs a note: asked under the note, then sent with it', async () => {
    const { sent } = shop();
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Masoor Dal');
    fireEvent.change(within(dialog).getByLabelText('Quantity (kg)'), { target: { value: '0.5' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Other' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    const note = within(dialog).getByLabelText('Note');
    expect(await within(dialog).findByText('Say what happened: Other needs a note.')).toBeVisible();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(note.getAttribute('aria-describedby')).toContain('adjust-note-error');
    expect(sent).toEqual([]);

    fireEvent.change(note, { target: { value: 'Sample for a customer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ product_id: 2, qty: -0.5, reason: 'other', note: 'Sample for a customer' }]);
  });

  it("shows the server's refusal (more than on hand) under the quantity and stays open", async () => {
    const message = 'Only 4 of it are on hand: write off at most that.';
    const { sent } = shop({
      adjust: (change) =>
        change.qty < -4 ? refuse(422, { message, code: 'invalid', errors: { qty: [message] } }) : undefined,
    });
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Miniket Rice (5 kg)');
    const qty = within(dialog).getByLabelText('Quantity (pcs)');
    fireEvent.change(qty, { target: { value: '6' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Lost or stolen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));

    const error = await within(dialog).findByText(message);
    expect(error.id).toBe('adjust-qty-error');
    expect(qty).toHaveAttribute('aria-invalid', 'true');
    expect(qty.getAttribute('aria-describedby')).toContain('adjust-qty-error');
    expect(sent).toEqual([{ product_id: 1, qty: -6, reason: 'lost', note: '' }]);
    expect(qtyOf(1)).toBe('4');

    // Fixed, it goes through.
    fireEvent.change(qty, { target: { value: '4' } });
    await waitFor(() => expect(within(dialog).queryByText(message)).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(qtyOf(1)).toBe('0'));
  });

  it('still adjusts when the search does not answer the product: no unit named, two decimals', async () => {
    const { sent } = shop({ searchFinds: false });
    renderRoutes(routes, '/admin/live-stock');
    const dialog = await openDialog('Adjust stock of Miniket Rice (5 kg)');
    expect(within(dialog).getByTestId('adjust-on-hand').textContent).toBe('On hand now: 4');
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '0.5' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Expired' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ product_id: 1, qty: -0.5, reason: 'expired', note: '' }]);
    await waitFor(() => expect(qtyOf(1)).toBe('3.5'));
  });

  it('speaks Bangla: the fields, the unit and the digits', async () => {
    shop();
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Miniket Rice');
    await act(() => setLanguage('bn'));
    const dialog = await openDialog('মিনিকেট চাল (৫ কেজি)-এর স্টক সমন্বয়', /^পরিমাণ/);
    expect(within(dialog).getByTestId('adjust-on-hand').textContent).toBe('এখন হাতে আছে: ৪ পিস');
    expect(within(dialog).getByRole('radio', { name: 'বাদ দিন' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'নষ্ট' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'স্টক থেকে বাদ দিন' })).toBeVisible();
  });

  it('offers no adjusting to staff who may only look at stock, and no report without profit figures', async () => {
    mockApi({
      'GET /api/profile': signInStaff('viewer', ['stock.view']),
      'GET /api/live-stock': pageOf([rice], { totals: {} }),
    });
    renderRoutes(routes, '/admin/live-stock');
    await screen.findByText('Miniket Rice');
    expect(screen.queryByRole('columnheader', { name: 'Adjust' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Adjust stock of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Shrinkage report' })).toBeNull();
  });

  it('leads the owner to the shrinkage report', async () => {
    mockApi({
      'GET /api/profile': signInStaff('owner', BUILT_IN_ROLE_DEFAULTS.owner.permissions),
      'GET /api/live-stock': pageOf([rice], { totals: { invested: 1400 } }),
    });
    renderRoutes(routes, '/admin/live-stock');
    expect(await screen.findByRole('link', { name: 'Shrinkage report' })).toHaveAttribute(
      'href',
      '/admin/shrinkage',
    );
    expect(await screen.findByRole('button', { name: 'Adjust stock of Miniket Rice (5 kg)' })).toBeVisible();
    // The total's row keeps its cells under the columns, Expiry dates' and the action's included.
    const foot = screen.getByTestId('live-stock-invested').closest('tr')!;
    expect(foot.children).toHaveLength(5);
  });
});
