import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { PickList } from '@bazar/contracts/riders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { makeOrder } from '../../test/orders';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { PickListPage } from './pick-list-page';

const routes = [{ path: '/admin/pick-list', element: <PickListPage /> }];
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);
const shopInfo = {
  data: { name: 'Bazar', address: '', phone: '', payment_numbers: '', tz: 'Asia/Dhaka', receipt_footer: '' },
};

const rice = {
  product_id: 7,
  title: 'Miniket Rice',
  title_bn: 'মিনিকেট চাল',
  attri: '5 kg',
  attri_bn: '৫ কেজি',
  unit: 'pcs' as const,
};
const onion = { product_id: 9, title: 'Onion', title_bn: '', attri: '', attri_bn: '', unit: 'kg' as const };
const slot = { date: '2026-03-10', start: '10:00', end: '12:00' };

/** Two orders: Rahima's 2 bags of rice and 1.5 kg of onion (1,000 to collect), Karim's 3 bags (paid). */
function pickList(onionLeft = 1.5): PickList {
  return {
    orders: [
      {
        id: 12,
        name: 'Rahima',
        phone: '01711111111',
        address: 'House 4, Road 2',
        area: 'Mirpur',
        note: 'Ring twice',
        slot,
        rider: { id: 5, name: 'Karim Rider', phone: '01790000005' },
        lines: [
          { ...rice, quantity: 2 },
          { ...onion, quantity: onionLeft },
        ],
        total: 1000,
        due: 1000,
        items: 2 + onionLeft,
      },
      {
        id: 13,
        name: 'Karim',
        phone: '01722222222',
        address: 'Flat 2B',
        area: 'Banani',
        note: '',
        slot,
        rider: null,
        lines: [{ ...rice, quantity: 3 }],
        total: 1320,
        due: 0,
        items: 3,
      },
    ],
    categories: [
      {
        title: 'Rice',
        title_bn: 'চাল',
        products: [
          {
            ...rice,
            quantity: 5,
            orders: [
              { order_id: 12, quantity: 2 },
              { order_id: 13, quantity: 3 },
            ],
          },
        ],
      },
      {
        title: 'Vegetables',
        title_bn: 'সবজি',
        products: [{ ...onion, quantity: onionLeft, orders: [{ order_id: 12, quantity: onionLeft }] }],
      },
    ],
  };
}

const productRow = (id: number) => document.querySelector(`tr[data-product-id="${id}"]`) as HTMLElement;

describe('PickListPage', () => {
  it('totals each product by category with what each order takes, then a packing slip per order', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': manager(),
      'GET /api/shop-info': shopInfo,
      'GET /api/deliveries/pick-list': { data: pickList() },
    });
    renderRoutes(routes, '/admin/pick-list?orders=12,13');
    expect(await screen.findByRole('heading', { name: 'Rice' })).toBeVisible();
    expect(screen.getByTestId('pick-scope').textContent).toBe('Orders #12, #13');
    expect(callsTo(fetchMock, 'GET /api/deliveries/pick-list').map((u) => u.search)).toEqual([
      '?order_ids=12%2C13',
    ]);
    expect(screen.getByRole('heading', { name: 'Vegetables' })).toBeVisible();
    expect(within(productRow(7)).getByRole('rowheader').textContent).toBe('Miniket Rice 5 kg');
    expect(productRow(7).querySelector('[data-label="Total"]')?.textContent).toBe('5 pcs');
    expect(productRow(7).textContent).toContain('#12: 2 · #13: 3');
    expect(productRow(9).querySelector('[data-label="Total"]')?.textContent).toBe('1.5 kg');

    const first = screen.getByRole('article', { name: 'Packing slip of order #12' });
    expect(within(first).getByText('Rider: Karim Rider')).toBeVisible();
    expect(within(first).getByText('House 4, Road 2, Mirpur')).toBeVisible();
    expect(within(first).getByText('Note: Ring twice')).toBeVisible();
    expect(within(first).getByText('10:00–12:00')).toBeVisible();
    expect(within(first).getByTestId('pick-collect').textContent).toBe('To collect1,000 BDT');
    const second = screen.getByRole('article', { name: 'Packing slip of order #13' });
    expect(within(second).getByText('No rider yet')).toBeVisible();
    expect(within(second).getByTestId('pick-collect').textContent).toBe('To collectPaid, nothing to collect');

    // In Bangla: the products' Bangla names, quantities in Bengali digits.
    await act(() => setLanguage('bn'));
    expect(within(productRow(7)).getByRole('rowheader').textContent).toBe('মিনিকেট চাল ৫ কেজি');
    expect(productRow(7).querySelector('[data-label="মোট"]')?.textContent).toBe('৫ পিস');
    expect(within(first).getByTestId('pick-collect').textContent).toBe('আদায় করতে হবে১,০০০ টাকা');
  });

  it('Short: asks how much is missing, takes it off the order, tells the new total, reads the list again', async () => {
    let onionLeft = 1.5;
    const sent: unknown[] = [];
    const fetchMock = mockApi({
      'GET /api/profile': manager(),
      'GET /api/shop-info': shopInfo,
      'GET /api/deliveries/pick-list': () => ({ data: pickList(onionLeft) }),
      'POST /api/order/:id/short': ({ params, body }) => {
        sent.push([params.id, body]);
        const { quantity } = body as { quantity: number };
        if (quantity > 1)
          return refuse(409, { message: 'Only 1.5 of Onion left on this order.', code: 'conflict' });
        onionLeft -= quantity;
        // 840 of lines, 60 of onion off: a total of 780 + 60 delivery.
        return { data: makeOrder({ id: 12, subtotal: 780, returned: 60, due: 840 }) };
      },
    });
    renderRoutes(routes, '/admin/pick-list?orders=12,13');
    fireEvent.click(await screen.findByRole('button', { name: 'Short: Onion of order #12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Short: Onion' });
    expect(within(dialog).getByText('Order #12 takes 1.5 kg of it.')).toBeVisible();
    const field = within(dialog).getByLabelText('How much is missing?');

    // More than the order takes: refused here, nothing sent.
    fireEvent.change(field, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take it off the order' }));
    expect(await within(dialog).findByText('At most 1.5 kg: what the order takes.')).toBeVisible();
    expect(sent).toEqual([]);

    // The server's refusal is said in the dialog.
    fireEvent.change(field, { target: { value: '1.2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take it off the order' }));
    expect(await within(dialog).findByText('Only 1.5 of Onion left on this order.')).toBeVisible();

    fireEvent.change(field, { target: { value: '0.5' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take it off the order' }));
    expect(
      await screen.findByText(
        'Order #12: 0.5 kg of Onion taken off. New total 840 BDT; the customer gets an SMS.',
      ),
    ).toBeVisible();
    expect(sent).toEqual([
      ['12', { product_id: 9, quantity: 1.2 }],
      ['12', { product_id: 9, quantity: 0.5 }],
    ]);
    await waitFor(() =>
      expect(productRow(9).querySelector('[data-label="Total"]')?.textContent).toBe('1 kg'),
    );
    expect(callsTo(fetchMock, 'GET /api/deliveries/pick-list').length).toBeGreaterThanOrEqual(2);
  });

  it('prints a slot of a day on the 80 mm roll: the same totals and slips in the receipt column', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': manager(),
      'GET /api/shop-info': shopInfo,
      'GET /api/deliveries/pick-list': { data: pickList() },
    });
    const { router } = renderRoutes(routes, '/admin/pick-list?date=2026-03-10&slot=10:00');
    await screen.findByRole('heading', { name: 'Rice' });
    expect(screen.getByTestId('pick-scope').textContent).toBe('Deliveries of 10 Mar 2026, 10:00–12:00');
    expect(callsTo(fetchMock, 'GET /api/deliveries/pick-list').map((u) => u.search)).toEqual([
      '?date=2026-03-10&slot_start=10%3A00',
    ]);
    fireEvent.click(screen.getByRole('button', { name: '80 mm roll' }));
    expect(screen.getByRole('button', { name: '80 mm roll' })).toHaveAttribute('aria-pressed', 'true');
    expect(router.state.location.search).toBe('?date=2026-03-10&slot=10%3A00&paper=80');
    const roll = await screen.findByRole('article', { name: 'Pick list' });
    expect(roll).toHaveClass('receipt', 'receipt-80');
    const rows = [...roll.querySelectorAll('.receipt-row')].map((r) => r.textContent);
    expect(rows).toContain('Miniket Rice 5 kg5 pcs');
    expect(rows).toContain('Order #1210:00–12:00');
    expect(rows).toContain('To collect1,000 BDT');
    expect(roll.textContent).toContain('#12: 2 · #13: 3');
    expect(roll.textContent).toContain('Rider: Karim Rider');
    // No Short on the roll: it is for the printer.
    expect(screen.queryByRole('button', { name: /^Short/ })).toBeNull();
  });

  it('shows no Short to who may not change orders, and Not found for an address it cannot read', async () => {
    mockApi({
      'GET /api/profile': signInStaff('packer', ['deliveries.assign']),
      'GET /api/shop-info': shopInfo,
      'GET /api/deliveries/pick-list': { data: pickList() },
    });
    const { router } = renderRoutes(routes, '/admin/pick-list?orders=12');
    await screen.findByRole('article', { name: 'Packing slip of order #12' });
    expect(screen.queryByRole('button', { name: /^Short/ })).toBeNull();
    await act(() => router.navigate('/admin/pick-list?orders=12,abc'));
    expect(await screen.findByText('Page not found')).toBeVisible();
  });
});
