import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RiderDelivery } from '@bazar/contracts/riders';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { riderDb } from './rider-db';
import { RiderPage } from './rider-page';
import { makeDelivery, riderProfile, shopInfo } from './rider-test-data';

const routes = [
  { path: '/rider', element: <RiderPage /> },
  { path: '/login', element: <LocationProbe /> },
  { path: '/', element: <LocationProbe /> },
];

beforeEach(async () => {
  localStorage.setItem('info', 'tok-rider');
  localStorage.setItem('phone', riderProfile.phone);
  localStorage.setItem('key', '23314');
  await riderDb().lists.clear();
  await riderDb().outbox.clear();
});

afterEach(async () => {
  await riderDb().lists.clear();
  await riderDb().outbox.clear();
});

const open = () => renderRoutes(routes, '/rider');
const card = (name: string) => screen.getByRole('article', { name });

/** The server with these deliveries for the rider; each action answers the delivery as it stands. */
function serve(deliveries: RiderDelivery[]) {
  const byId = new Map(deliveries.map((d) => [d.id, d]));
  return mockApi({
    'GET /api/profile': riderProfile,
    'GET /api/shop-info': shopInfo,
    'GET /api/delivery-slots': { data: { enabled: false, days: [] } },
    'GET /api/rider/deliveries': () => ({ data: [...byId.values()] }),
    'POST /api/rider/deliveries/:id/picked-up': ({ params }) => {
      const found = byId.get(Number(params.id));
      if (!found) return refuse(404, { message: 'No delivery of yours has this number.' });
      const next = { ...found, state: 'picked_up' as const, status: 2 };
      byId.set(next.id, next);
      return { data: next };
    },
    'POST /api/rider/deliveries/:id/delivered': ({ params, body }) => {
      const found = byId.get(Number(params.id));
      if (!found) return refuse(404, { message: 'No delivery of yours has this number.' });
      const { payments } = body as {
        payments: Array<{ method: string; amount: number; reference?: string }>;
      };
      const sum = payments.reduce((n, p) => n + p.amount, 0);
      const next = {
        ...found,
        state: 'delivered' as const,
        status: 3,
        paid: found.paid + sum,
        due: found.due - sum,
        collected: payments.map((p) => ({
          method: p.method,
          amount: p.amount,
          reference: p.reference ?? null,
        })),
      };
      byId.set(next.id, next);
      return { data: next };
    },
  });
}

const rahima = makeDelivery();
const karim = makeDelivery({
  id: 42,
  name: 'Karim Uddin',
  phone: '01799999999',
  address: 'Flat 3B, Lake Road',
  area: 'Dhanmondi',
  note: '',
  slot: { date: '2026-11-27', start: '12:00', end: '14:00' },
  paid: 260,
  due: 0,
  state: 'picked_up',
  status: 2,
});
const salma = makeDelivery({
  id: 43,
  name: 'Salma Akter',
  state: 'delivered',
  status: 3,
  paid: 260,
  due: 0,
  collected: [
    { method: 'cash', amount: 160, reference: null },
    { method: 'bkash', amount: 100, reference: 'TRX9A8B7C' },
  ],
});
const nasir = makeDelivery({
  id: 44,
  name: 'Nasir Ahmed',
  state: 'failed',
  status: 1,
  reason: 'not_home',
  reason_note: 'Gate locked',
});

describe("the rider's screen", () => {
  it('lists the deliveries to make in slot order, then those done today with what was collected or why', async () => {
    serve([rahima, karim, salma, nasir]);
    open();
    const toDeliver = await screen.findByRole('region', { name: /To deliver/ });
    expect(
      within(toDeliver)
        .getAllByRole('article')
        .map((a) => a.getAttribute('data-delivery-id')),
    ).toEqual(['41', '42']);
    const first = card('Rahima Begum');
    expect(within(first).getByRole('link', { name: /Call Rahima Begum/ })).toHaveAttribute(
      'href',
      'tel:01712345678',
    );
    expect(within(first).getByRole('link', { name: /Map/ })).toHaveAttribute(
      'href',
      'https://www.google.com/maps/search/?api=1&query=House%204%2C%20Road%202%2C%20Mirpur',
    );
    expect(within(first).getByText('House 4, Road 2, Mirpur')).toBeVisible();
    expect(within(first).getByText('Note: Ring twice')).toBeVisible();
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['2 pcs Miniket Rice (1 kg)', '1.5 litre Soybean Oil']);
    expect(within(first).getByText('Collect 260 BDT')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'Picked up' })).toBeVisible();
    const second = card('Karim Uddin');
    expect(within(second).getByText('Nothing to collect (paid)')).toBeVisible();
    // Picked up already: only Delivered and Failed are left.
    expect(within(second).queryByRole('button', { name: 'Picked up' })).toBeNull();
    expect(within(second).getByRole('button', { name: 'Delivered' })).toBeVisible();

    const done = screen.getByRole('region', { name: /Done today/ });
    expect(within(done).getByText('Collected: Cash 160 BDT, bKash 100 BDT')).toBeVisible();
    expect(within(done).getByText('Reason: Not at home: Gate locked')).toBeVisible();
    expect(within(done).queryByRole('button')).toBeNull();
  });

  it('shows the Bangla names in Bangla, the English where a product has none, in Bengali digits', async () => {
    await setLanguage('bn');
    serve([rahima]);
    open();
    const first = await screen.findByRole('article', { name: 'Rahima Begum' });
    expect(
      within(first)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['২ পিস মিনিকেট চাল (১ কেজি)', '১.৫ লিটার Soybean Oil']);
    expect(within(first).getByText('২৬০ টাকা নিতে হবে')).toBeVisible();
    expect(within(first).getByRole('button', { name: 'তুলে নিয়েছি' })).toBeVisible();
  });

  it('marks a delivery picked up: sent once, the card says so', async () => {
    const fetchMock = serve([rahima]);
    open();
    const first = await screen.findByRole('article', { name: 'Rahima Begum' });
    fireEvent.click(within(first).getByRole('button', { name: 'Picked up' }));
    await waitFor(() =>
      expect(within(card('Rahima Begum')).queryByRole('button', { name: 'Picked up' })).toBeNull(),
    );
    await waitFor(() => expect(within(card('Rahima Begum')).queryByText('Waiting to send')).toBeNull());
    expect(within(card('Rahima Begum')).getByText('Picked up')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/rider/deliveries/:id/picked-up')).toHaveLength(1);
    // The focus stays on the card, whose button went.
    await waitFor(() => expect(document.activeElement).toHaveTextContent('Rahima Begum'));
  });

  it('keeps an action made offline waiting, then sends it once when the phone is back online', async () => {
    serve([rahima]);
    open();
    await screen.findByRole('article', { name: 'Rahima Begum' });
    const down = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', down);

    fireEvent.click(within(card('Rahima Begum')).getByRole('button', { name: 'Delivered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delivered: order #41' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    const done = await screen.findByRole('region', { name: /Done today/ });
    expect(await within(done).findByText('Waiting to send')).toBeVisible();
    expect(within(done).getByText('Collected: Cash 260 BDT')).toBeVisible();
    await waitFor(() => expect(down).toHaveBeenCalled());
    expect((await riderDb().outbox.toArray()).map((r) => r.state)).toEqual(['waiting']);

    const fetchMock = serve([rahima]);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByText('Waiting to send')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/rider/deliveries/:id/delivered')).toHaveLength(1);
    expect(await riderDb().outbox.count()).toBe(0);
    expect(within(card('Rahima Begum')).getByText('Delivered')).toBeVisible();
  });

  it("shows the server's refusal (404) on the card until the rider dismisses it", async () => {
    mockApi({
      'GET /api/profile': riderProfile,
      'GET /api/shop-info': shopInfo,
      'GET /api/rider/deliveries': { data: [rahima] },
      'POST /api/rider/deliveries/:id/picked-up': refuse(404, {
        message: 'No delivery of yours has this number.',
      }),
    });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Picked up' }));
    const alert = await within(card('Rahima Begum')).findByRole('alert');
    expect(alert).toHaveTextContent('Not saved: No delivery of yours has this number.');
    // Refused: no longer waiting, and the card is as the server has it.
    expect(within(card('Rahima Begum')).queryByText('Waiting to send')).toBeNull();
    expect(within(card('Rahima Begum')).getByRole('button', { name: 'Picked up' })).toBeVisible();
    fireEvent.click(within(alert).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(within(card('Rahima Begum')).queryByRole('alert')).toBeNull());
    expect(await riderDb().outbox.count()).toBe(0);
  });

  it('opens offline with the list this phone kept, and says how old it is', async () => {
    localStorage.setItem('admin-profile', JSON.stringify(riderProfile));
    await riderDb().lists.put({
      phone: riderProfile.phone,
      deliveries: [rahima],
      at: '2026-11-27T04:30:00.000Z',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    open();
    expect(await screen.findByRole('article', { name: 'Rahima Begum' }, { timeout: 4000 })).toBeVisible();
    expect(await screen.findByText('Offline: the list as of 27 Nov 2026, 10:30 am.')).toBeVisible();
  });

  it('sends a visitor with no session to sign in, and a customer away', async () => {
    localStorage.clear();
    const fetchMock = mockApi({});
    open();
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('tells staff who do not ride "Access Restricted"', async () => {
    mockApi({ 'GET /api/profile': { ...riderProfile, staff_role: 'cashier', permissions: ['till.sell'] } });
    open();
    expect(await screen.findByText('Access Restricted')).toBeVisible();
    expect((await screen.findByTestId('location')).textContent).toBe('/');
  });
});
