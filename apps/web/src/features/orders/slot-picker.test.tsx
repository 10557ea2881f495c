import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import type { SlotDays } from '@bazar/contracts/delivery';
import type { CartLine } from '../../lib/session';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { CheckoutPage } from './checkout-page';
import { makeOrder } from '../../test/orders';

const routes = [
  { path: '/user/checkout', element: <CheckoutPage /> },
  { path: '/user/success', element: <LocationProbe /> },
];

const lines: CartLine[] = [
  { id: 'a', title: 'Miniket Rice', image: '', product_id: 12, price: 100, atrri: '5 kg', qty: 1 },
];

function signIn() {
  localStorage.setItem('info', 'tok');
  localStorage.setItem('phone', '01712345678');
  localStorage.setItem('name', 'Rahim');
  localStorage.setItem('carts', JSON.stringify(lines));
}

const SLOTS: SlotDays = {
  enabled: true,
  days: [
    {
      date: '2026-03-10',
      slots: [
        { start: '10:00', end: '12:00', capacity: 5, left: 5, state: 'closed' },
        { start: '16:00', end: '18:00', capacity: 5, left: 0, state: 'full' },
      ],
    },
    {
      date: '2026-03-11',
      slots: [
        { start: '10:00', end: '12:00', capacity: 5, left: 3, state: 'open' },
        { start: '16:00', end: '18:00', capacity: 5, left: 5, state: 'open' },
      ],
    },
  ],
};

const reads = (slots: SlotDays = SLOTS) =>
  ({
    'GET /api/settings': { data: { ship: 60 } },
    'GET /api/areas': {
      data: [
        { id: 1, title: 'Inside Dhaka', title_bn: '', charge: null },
        { id: 2, title: 'Outside Dhaka', title_bn: '', charge: 120 },
      ],
    },
    'GET /api/delivery-slots': { data: slots },
  }) satisfies Parameters<typeof mockApi>[0];

async function fillAddress(area = 'Inside Dhaka') {
  await screen.findByRole('option', { name: area });
  fireEvent.change(screen.getByLabelText('Area'), { target: { value: area } });
  fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'House 4, Road 2' } });
}
const placeOrder = () => fireEvent.click(screen.getByRole('button', { name: 'Place Order' }));
const slotGroup = () => screen.findByRole('group', { name: 'Delivery slot' });

describe('Checkout: delivery slot and the area charge', () => {
  it('shows the slots by day; a full or closed slot is disabled and says why', async () => {
    signIn();
    mockApi(reads());
    renderRoutes(routes, '/user/checkout');
    const group = await slotGroup();
    const today = within(group).getByRole('group', { name: /^Today/ });
    const closed = within(today).getByRole('radio', { name: /10:00–12:00\s*Closed/ });
    const full = within(today).getByRole('radio', { name: /16:00–18:00\s*Full/ });
    expect(closed).toBeDisabled();
    expect(full).toBeDisabled();
    const tomorrow = within(group).getByRole('group', { name: /^Tomorrow/ });
    const open = within(tomorrow).getByRole('radio', { name: /10:00–12:00\s*3 left/ });
    expect(open).toBeEnabled();
  });

  it('in Bangla the times are in Bengali digits, as the days are', async () => {
    signIn();
    mockApi(reads());
    await act(() => setLanguage('bn'));
    try {
      renderRoutes(routes, '/user/checkout');
      const radios = await screen.findAllByRole('radio', { name: /১০:০০/ });
      expect(radios.length).toBeGreaterThan(0);
      expect(screen.queryByText(/10:00/)).toBeNull();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('needs a slot before sending, then sends the chosen one with the order', async () => {
    signIn();
    const fetchMock = mockApi({
      ...reads(),
      'POST /api/order/add': { data: makeOrder({ id: 9 }) },
    });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    const group = await slotGroup();
    placeOrder();
    expect(await within(group).findByText('Please choose a delivery slot.')).toBeVisible();
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(group).toHaveAccessibleDescription(
      'Choose when we should bring your order. Please choose a delivery slot.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    const tomorrow = within(group).getByRole('group', { name: /^Tomorrow/ });
    fireEvent.click(within(tomorrow).getByRole('radio', { name: /16:00–18:00/ }));
    expect(within(group).queryByText('Please choose a delivery slot.')).toBeNull();
    placeOrder();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/success'));
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      area: 'Inside Dhaka',
      ship: 60,
      slot: { date: '2026-03-11', start: '16:00' },
    });
  });

  it('a slot taken meanwhile (409 slot_full): says so, reads the slots again, asks for another', async () => {
    signIn();
    let slotReads = 0;
    mockApi({
      ...reads(),
      'GET /api/delivery-slots': () => {
        slotReads += 1;
        return { data: SLOTS };
      },
      'POST /api/order/add': refuse(409, {
        message: 'This delivery slot is full. Please choose another.',
        code: 'slot_full',
      }),
    });
    renderRoutes(routes, '/user/checkout');
    await fillAddress();
    const group = await slotGroup();
    const radio = within(group).getAllByRole('radio', { name: /16:00–18:00\s*5 left/ })[0]!;
    fireEvent.click(radio);
    placeOrder();
    expect(
      await within(group).findByText('This delivery slot is full. Please choose another.'),
    ).toBeVisible();
    expect(group).toHaveAccessibleDescription(
      'Choose when we should bring your order. This delivery slot is full. Please choose another.',
    );
    await waitFor(() => expect(slotReads).toBe(2));
    expect(radio).not.toBeChecked();
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it("shows the chosen area's own delivery charge and sends it; none of its own: the settings'", async () => {
    signIn();
    const fetchMock = mockApi({
      ...reads({ enabled: false, days: [] }),
      'POST /api/order/add': { data: makeOrder({ id: 9 }) },
    });
    renderRoutes(routes, '/user/checkout');
    expect(await screen.findByText('160 BDT')).toBeVisible(); // 100 + the settings' 60
    await fillAddress('Outside Dhaka');
    expect(await screen.findByText('120 BDT')).toBeVisible();
    expect(screen.getByText('220 BDT')).toBeVisible();
    // No slots: nothing asked, none sent.
    expect(screen.queryByRole('group', { name: 'Delivery slot' })).toBeNull();
    placeOrder();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/user/success'));
    const body = sentBody(fetchMock, 'POST /api/order/add') as Record<string, unknown>;
    expect(body).toMatchObject({ area: 'Outside Dhaka', ship: 120, due: 220 });
    expect('slot' in body).toBe(false);
  });
});
