import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { makeSupplier } from '../purchases/test-data';
import { ReorderPage } from './reorder-page';
import { karim, makeGroup, makeOrder, makeSuggestion, orderLine } from './test-data';

const routes = [
  { path: '/admin/reorder', element: <ReorderPage /> },
  { path: '/admin/purchase-orders/:id', element: <LocationProbe /> },
];

const rice = makeSuggestion();
const oil = makeSuggestion({
  product_id: 9,
  title: 'Soybean Oil',
  title_bn: 'সয়াবিন তেল',
  attri: '1 L',
  attri_bn: '১ লিটার',
  unit: 'litre',
  qty: 5,
  min: null,
  target: null,
  sold: 28,
  why: 'runs_out',
  suggested: 14,
  buyprice: 100,
});
const lentils = makeSuggestion({
  product_id: 11,
  title: 'Masoor Dal',
  title_bn: '',
  attri: '',
  attri_bn: '',
  unit: 'kg',
  qty: 1,
  min: 2,
  target: null,
  suggested: 3,
  buyprice: 30,
});
const suggestions = {
  data: { groups: [makeGroup(karim, [rice, oil]), makeGroup(null, [lentils])] },
};

const groupOf = (supplier: number | 'none') =>
  document.querySelector(`section[data-supplier-id="${supplier}"]`) as HTMLElement;
const rowOf = (group: HTMLElement, product: number) =>
  group.querySelector(`tr[data-product-id="${product}"]`) as HTMLElement;

describe('What to order', () => {
  it('groups the suggestions by supplier: phone, lead time, each product’s shelf, levels, why, quantity and cost', async () => {
    mockApi({ 'GET /api/reorder-suggestions': suggestions });
    renderRoutes(routes, '/admin/reorder');
    expect(await screen.findByRole('heading', { level: 2, name: 'Karim Wholesale' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'What to order' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Purchase orders' }).getAttribute('href')).toBe(
      '/admin/purchase-orders',
    );
    const group = within(groupOf(karim.id));
    expect(group.getByText('Phone 01711000222')).toBeVisible();
    expect(group.getByTestId('reorder-lead-days').textContent).toBe('Lead time 5 days');
    expect(group.getByText('2 products')).toBeVisible();

    const riceRow = within(rowOf(groupOf(karim.id), 7));
    expect(riceRow.getByRole('rowheader').textContent).toBe('Miniket Rice 5 kgBuy price 310 BDT');
    expect(riceRow.getByText('4 pcs')).toBeVisible();
    expect(riceRow.getByText('Min 10 · target 30')).toBeVisible();
    expect(riceRow.getByText('Below minimum')).toBeVisible();
    expect(riceRow.getByLabelText('Quantity to order of Miniket Rice 5 kg')).toHaveValue('26');
    expect(riceRow.getByTestId('reorder-cost').textContent).toBe('8,060');

    const oilRow = within(rowOf(groupOf(karim.id), 9));
    expect(oilRow.getByText('5 L')).toBeVisible();
    expect(oilRow.getByText('From sales: 28 sold in 28 days')).toBeVisible();
    expect(oilRow.getByText('Runs out within the lead time')).toBeVisible();
    expect(oilRow.getByLabelText('Quantity to order of Soybean Oil 1 L')).toHaveValue('14');
    expect(group.getByTestId('reorder-group-total').textContent).toBe('9,460 BDT');

    // Products never bought: their own group, a supplier to choose.
    const none = within(groupOf('none'));
    expect(none.getByRole('heading', { level: 2, name: 'No supplier yet' })).toBeVisible();
    expect(within(rowOf(groupOf('none'), 11)).getByText('Min 2 · target twice it')).toBeVisible();
    expect(none.getByRole('combobox', { name: 'Order from' })).toBeVisible();
    // Levels only for who may change stock.
    expect(screen.queryByRole('button', { name: /^Set the levels of/ })).toBeNull();
  });

  it('creates a purchase order from a group with the quantities as edited (0 leaves a product out), then opens it', async () => {
    const fetchMock = mockApi({
      'GET /api/reorder-suggestions': suggestions,
      'POST /api/purchase-orders': { data: makeOrder({ lines: [orderLine({ qty: 20 })] }) },
    });
    renderRoutes(routes, '/admin/reorder');
    await screen.findByRole('heading', { level: 2, name: 'Karim Wholesale' });
    const group = within(groupOf(karim.id));
    const riceQty = group.getByLabelText('Quantity to order of Miniket Rice 5 kg');
    const oilQty = group.getByLabelText('Quantity to order of Soybean Oil 1 L');

    // Not a quantity: marked, nothing sent.
    fireEvent.change(oilQty, { target: { value: '1.234' } });
    expect(within(rowOf(groupOf(karim.id), 9)).getByTestId('reorder-cost').textContent).toBe('–');
    fireEvent.click(group.getByRole('button', { name: 'Create purchase order' }));
    expect(await group.findByRole('alert')).toHaveTextContent('Correct the quantities marked in red.');
    expect(oilQty).toHaveAccessibleDescription('Enter 0 or more, at most two decimals (0 leaves it out).');
    expect(callsTo(fetchMock, 'POST /api/purchase-orders')).toHaveLength(0);

    // Bengali digits are read too; the cost and the total follow.
    fireEvent.change(riceQty, { target: { value: '২০' } });
    fireEvent.change(oilQty, { target: { value: '0' } });
    expect(within(rowOf(groupOf(karim.id), 7)).getByTestId('reorder-cost').textContent).toBe('6,200');
    expect(group.getByTestId('reorder-group-total').textContent).toBe('6,200 BDT');
    expect(oilQty).not.toHaveAttribute('aria-invalid');
    fireEvent.click(group.getByRole('button', { name: 'Create purchase order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/purchase-orders/50');
    expect(sentBody(fetchMock, 'POST /api/purchase-orders')).toEqual({
      supplier_id: karim.id,
      lines: [{ product_id: 7, qty: 20, buy_price: 310 }],
    });
    expect(screen.getByText('Purchase order #50 created')).toBeVisible();
  });

  it('orders products never bought from the supplier chosen for them; all at 0 is nothing to order', async () => {
    const fetchMock = mockApi({
      'GET /api/reorder-suggestions': suggestions,
      'GET /api/suppliers': { data: [makeSupplier({ id: 1 }), makeSupplier({ id: 3, name: karim.name })] },
      'POST /api/purchase-orders': ({ body }) =>
        (body as { supplier_id: number }).supplier_id === 1
          ? { data: makeOrder({ id: 51, supplier: { id: 1, name: 'Meghna Wholesale', phone: '' } }) }
          : refuse(422, { message: 'Choose a supplier.', code: 'invalid' }),
    });
    renderRoutes(routes, '/admin/reorder');
    await screen.findByRole('heading', { level: 2, name: 'No supplier yet' });
    const none = within(groupOf('none'));
    const qty = none.getByLabelText('Quantity to order of Masoor Dal');
    fireEvent.change(qty, { target: { value: '0' } });
    fireEvent.click(none.getByRole('button', { name: 'Create purchase order' }));
    expect(await none.findByRole('alert')).toHaveTextContent(
      'Every quantity is 0: there is nothing to order.',
    );

    fireEvent.change(qty, { target: { value: '3.5' } });
    fireEvent.click(none.getByRole('button', { name: 'Create purchase order' }));
    const supplier = none.getByRole('combobox', { name: 'Order from' });
    await waitFor(() => expect(supplier).toHaveAccessibleDescription('Choose the supplier to order from.'));
    expect(callsTo(fetchMock, 'POST /api/purchase-orders')).toHaveLength(0);
    await waitFor(() =>
      expect(within(supplier).getByRole('option', { name: 'Meghna Wholesale' })).toBeTruthy(),
    );
    fireEvent.change(supplier, { target: { value: '1' } });
    fireEvent.click(none.getByRole('button', { name: 'Create purchase order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/purchase-orders/51');
    expect(sentBody(fetchMock, 'POST /api/purchase-orders')).toEqual({
      supplier_id: 1,
      lines: [{ product_id: 11, qty: 3.5, buy_price: 30 }],
    });
  });

  it('sets a product’s levels from its row: empty is none, a target below the minimum is refused', async () => {
    let levelsSet = false;
    const fetchMock = mockApi({
      'GET /api/profile': signInStaff('manager', ['purchases.manage', 'stock.edit']),
      // Once the oil has a minimum of 10 it is above it: it leaves the list.
      'GET /api/reorder-suggestions': () =>
        levelsSet ? { data: { groups: [makeGroup(karim, [rice])] } } : suggestions,
      'POST /api/product/:id/reorder': ({ params, body }) => {
        levelsSet = true;
        const { min, target } = body as { min: number | null; target: number | null };
        return { data: { product_id: Number(params.id), min, target } };
      },
    });
    renderRoutes(routes, '/admin/reorder');
    fireEvent.click(await screen.findByRole('button', { name: 'Set the levels of Soybean Oil 1 L' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reorder levels' });
    expect(within(dialog).getByTestId('levels-product').textContent).toBe('Soybean Oil 1 L');
    const min = within(dialog).getByLabelText('Minimum');
    const target = within(dialog).getByLabelText('Target');
    expect(min).toHaveValue('');
    expect(target).toHaveValue('');
    fireEvent.change(min, { target: { value: '10' } });
    fireEvent.change(target, { target: { value: '5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    expect(await within(dialog).findByText('The target may not be below the minimum.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/product/:id/reorder')).toHaveLength(0);

    fireEvent.change(target, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save levels' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/product/9/reorder')).toEqual({ min: 10, target: null });
    expect(screen.getByText('Levels of Soybean Oil 1 L saved')).toBeVisible();
    await waitFor(() => expect(rowOf(groupOf(karim.id), 9)).toBeNull());
    expect(rowOf(groupOf(karim.id), 7)).toBeVisible();

    // A product's levels open with what it has.
    fireEvent.click(screen.getByRole('button', { name: 'Set the levels of Miniket Rice 5 kg' }));
    const again = await screen.findByRole('dialog', { name: 'Reorder levels' });
    expect(within(again).getByLabelText('Minimum')).toHaveValue('10');
    expect(within(again).getByLabelText('Target')).toHaveValue('30');
  });

  it('says when there is nothing to order', async () => {
    mockApi({ 'GET /api/reorder-suggestions': { data: { groups: [] } } });
    renderRoutes(routes, '/admin/reorder');
    expect(
      await screen.findByText('Nothing to order now: every product has enough on the shelf.'),
    ).toBeVisible();
  });

  it('speaks Bangla: texts, Bangla product names and Bengali digits', async () => {
    mockApi({ 'GET /api/reorder-suggestions': suggestions });
    renderRoutes(routes, '/admin/reorder');
    await screen.findByRole('heading', { level: 2, name: 'Karim Wholesale' });
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'কী অর্ডার করবেন' })).toBeVisible();
    const group = within(groupOf(karim.id));
    expect(group.getByTestId('reorder-lead-days').textContent).toBe('পৌঁছাতে ৫ দিন');
    expect(group.getByTestId('reorder-group-total').textContent).toBe('৯,৪৬০ টাকা');
    const oilRow = within(rowOf(groupOf(karim.id), 9));
    expect(oilRow.getByText('৫ লিটার')).toBeVisible();
    expect(oilRow.getByText('বিক্রি থেকে: ২৮ দিনে ২৮ বিক্রি')).toBeVisible();
    expect(oilRow.getByLabelText('সয়াবিন তেল ১ লিটার-এর অর্ডারের পরিমাণ')).toHaveValue('14');
    expect(screen.getByRole('heading', { level: 2, name: 'এখনো কোনো সাপ্লায়ার নেই' })).toBeVisible();
  });
});
