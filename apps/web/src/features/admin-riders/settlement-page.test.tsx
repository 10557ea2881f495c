import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { Settlement } from '@bazar/contracts/riders';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { RidersPage } from './riders-page';
import { SettlementPage } from './settlement-page';

const routes = [
  { path: '/admin/riders', element: <RidersPage /> },
  { path: '/admin/riders/:id', element: <SettlementPage /> },
];
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);
const karim = { id: 7, name: 'Karim Rider', phone: '01790000007' };

/** Karim's day: one order delivered (160 cash, 100 bKash), one failed, one still out; 40 held from before. */
function day(handovers: Settlement['handovers'] = [], held = 200): Settlement {
  return {
    rider: karim,
    date: '2026-03-10',
    delivered: [
      {
        id: 12,
        name: 'Rahima',
        area: 'Mirpur',
        total: 260,
        status: 3,
        collected: [
          { method: 'cash', amount: 160, reference: null },
          { method: 'bkash', amount: 100, reference: 'TRX9A8B7C' },
        ],
        reason: null,
        reason_note: '',
      },
    ],
    failed: [
      {
        id: 13,
        name: 'Salma',
        area: 'Banani',
        total: 160,
        status: 1,
        collected: [],
        reason: 'not_home',
        reason_note: 'Gate locked',
      },
    ],
    open: [
      {
        id: 14,
        name: 'Karim',
        area: 'Mirpur',
        total: 460,
        status: 2,
        collected: [],
        reason: null,
        reason_note: '',
      },
    ],
    collected: { cash: 160, bkash: 100, nagad: 0 },
    held_before: 40,
    handovers,
    cash_held: held,
  };
}

describe('a rider’s settlement sheet', () => {
  it('shows the day: delivered with what was collected, failed with the reason, still out, the totals', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': manager(),
      'GET /api/riders/:id/settlement': { data: day() },
    });
    renderRoutes(routes, '/admin/riders/7?date=2026-03-10');
    expect(await screen.findByRole('heading', { name: 'Settlement: Karim Rider' })).toBeVisible();
    expect(callsTo(fetchMock, 'GET /api/riders/:id/settlement').map((u) => u.search)).toEqual([
      '?date=2026-03-10',
    ]);
    expect(screen.getByLabelText('Day')).toHaveValue('2026-03-10');
    expect(screen.getByTestId('settle-cash').textContent).toBe('160 BDT');
    expect(screen.getByTestId('settle-bkash').textContent).toBe('100 BDT');
    expect(screen.getByTestId('settle-nagad').textContent).toBe('0 BDT');
    expect(screen.getByTestId('settle-before').textContent).toBe('40 BDT');
    expect(screen.getByTestId('settle-held').textContent).toBe('200 BDT Not settled');

    const delivered = screen.getByRole('region', { name: 'Delivered 1' });
    const rahima = within(delivered).getByRole('row', { name: /Rahima/ });
    expect(rahima.querySelector('[data-label="Collected"]')?.textContent).toBe(
      'Cash 160 BDT · bKash 100 BDT',
    );
    expect(within(rahima).getByRole('link', { name: '#12' })).toHaveAttribute(
      'href',
      '/admin/print-order/12',
    );

    const failed = screen.getByRole('region', { name: 'Failed 1' });
    expect(within(failed).getByText(/back at the shop without a rider/)).toBeVisible();
    const salma = within(failed).getByRole('row', { name: /Salma/ });
    expect(salma.querySelector('[data-label="Reason"]')?.textContent).toBe('Nobody at homeGate locked');
    // The failed order leads to the orders list showing it alone: its menu cancels it.
    expect(within(salma).getByRole('link', { name: 'Open order #13' })).toHaveAttribute(
      'href',
      '/admin/orders?field=ID&value=13',
    );
    const out = screen.getByRole('region', { name: 'Still out 1' });
    expect(within(out).getByText('Out for Delivery')).toBeVisible();
    expect(screen.getByText('No cash handed over this day yet.')).toBeVisible();
  });

  it('records a handover short of what the rider holds: the difference stays on the sheet and in the list', async () => {
    let held = 200;
    let handovers: Settlement['handovers'] = [];
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/riders/:id/settlement': () => ({ data: day(handovers, held) }),
      'POST /api/riders/:id/settlement': ({ params, body }) => {
        sent.push([params.id, body]);
        const { cash, note } = body as { cash: number; note: string };
        handovers = [
          ...handovers,
          {
            id: handovers.length + 1,
            amount: cash,
            expected: held,
            note,
            by: 'Rahim',
            at: '2026-03-10T13:00:00.000Z',
          },
        ];
        held -= cash;
        return { data: day(handovers, held) };
      },
      'GET /api/riders': () => ({ data: [{ ...karim, active: true, cash_held: held }] }),
    });
    const { router } = renderRoutes(routes, '/admin/riders/7');
    const form = await screen.findByRole('region', { name: 'Cash handed over' });
    expect(within(form).getByText(/The rider holds 200 BDT now/)).toBeVisible();
    const amount = within(form).getByLabelText('Amount (BDT)');

    // Not a whole amount: said under the field, nothing sent.
    fireEvent.change(amount, { target: { value: '15.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save handover' }));
    expect(
      await within(form).findByText('Type the amount in whole taka (0 when nothing came back).'),
    ).toBeVisible();

    fireEvent.change(amount, { target: { value: '190' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Short by 10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save handover' }));
    expect(
      await screen.findByText('Handover of 190 BDT saved: 10 BDT is still with the rider.'),
    ).toBeVisible();
    // The sheet's day (the server's today when the URL names none) goes with the handover.
    expect(sent).toEqual([['7', { date: '2026-03-10', cash: 190, note: 'Short by 10' }]]);
    expect(screen.getByTestId('settle-held').textContent).toBe('10 BDT Not settled');
    expect(screen.getByTestId('settle-handed').textContent).toBe('190 BDT');
    const handed = screen.getByRole('region', { name: 'Handovers of the day 1' });
    const row = within(handed).getAllByRole('row')[1] as HTMLElement;
    expect(row.querySelector('[data-label="Handed over"]')?.textContent).toBe('190 BDT');
    expect(row.querySelector('[data-label="Expected"]')?.textContent).toBe('200 BDT');
    expect(row.querySelector('[data-label="Still with the rider"]')?.textContent).toBe('10 BDT');
    // The form starts afresh for the next handover.
    const next = screen.getByRole('region', { name: 'Cash handed over' });
    expect(within(next).getByLabelText('Amount (BDT)')).toHaveValue('');
    expect(within(next).getByText(/The rider holds 10 BDT now/)).toBeVisible();

    // The riders list shows the same 10 as not settled.
    await act(() => router.navigate('/admin/riders'));
    const listed = await screen.findByRole('row', { name: /Karim Rider/ });
    expect(listed).toHaveAttribute('data-unsettled', 'true');
    expect(listed.querySelector('[data-label="Cash held"]')?.textContent).toBe('10 BDT Not settled');
    expect(within(listed).getByRole('link', { name: 'Karim Rider' })).toHaveAttribute(
      'href',
      '/admin/riders/7',
    );

    // A later handover of the rest settles it.
    await act(() => router.navigate('/admin/riders/7'));
    const again = await screen.findByRole('region', { name: 'Cash handed over' });
    await waitFor(() => expect(within(again).getByText(/The rider holds 10 BDT now/)).toBeVisible());
    fireEvent.change(within(again).getByLabelText('Amount (BDT)'), { target: { value: '10' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Save handover' }));
    expect(await screen.findByText('Handover of 10 BDT saved: the rider is settled.')).toBeVisible();
    expect(screen.getByTestId('settle-held').textContent).toBe('0 BDT Settled');
  });

  it('reads in Bangla with Bengali digits', async () => {
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/riders/:id/settlement': { data: day() },
    });
    renderRoutes(routes, '/admin/riders/7');
    await screen.findByRole('heading', { name: 'Settlement: Karim Rider' });
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { name: 'হিসাব: Karim Rider' })).toBeVisible();
    expect(screen.getByTestId('settle-held').textContent).toBe('২০০ টাকা হিসাব বাকি');
    const delivered = screen.getByRole('region', { name: 'ডেলিভারি হয়েছে ১' });
    expect(within(delivered).getByText('ক্যাশ: ১৬০ টাকা · বিকাশ: ১০০ টাকা')).toBeVisible();
  });
});
