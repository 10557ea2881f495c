import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { PERMISSIONS } from '@bazar/contracts/permissions';
import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { signInStaff } from '../../test/staff';
import { markReachable } from './offline/till-connection';
import { tillBase as base, tillRoutes as routes } from './till-test-data';

const shift = {
  id: 4,
  cashier: 'Admin',
  opened: '2026-11-25T03:00:00.000Z',
  closed: null,
  opening_float: 500,
  cash_sales: 0,
  cash_refunds: 0,
  cash_moves: 0,
  cash_paid_out: 0,
  expected: 500,
  counted: null,
  difference: null,
  note: '',
  moves: [],
};

describe('TillShift', () => {
  it('opens a shift with a float, records cash out with a reason and closes with the counted difference', async () => {
    const fetchMock = mockApi({
      ...base,
      // The owner at the till sees what the drawer should hold all along.
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'POST /api/shift/open': { data: shift },
      'POST /api/shift/move': { data: { ...shift, cash_moves: -50, expected: 450 } },
      'POST /api/shift/close': {
        data: {
          ...shift,
          closed: '2026-11-25T11:00:00.000Z',
          cash_moves: -50,
          expected: 450,
          counted: 440,
          difference: -10,
        },
      },
    });
    renderRoutes(routes, '/admin/pos');
    expect((await screen.findByTestId('shift-state')).textContent).toBe('No shift open');

    fireEvent.click(screen.getByRole('button', { name: 'Open shift' }));
    let dialog = await screen.findByRole('dialog', { name: 'Open a shift' });
    const float = within(dialog).getByLabelText('Opening float (cash in the drawer)');
    fireEvent.change(float, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    expect(await within(dialog).findByText('The opening float field is required.')).toBeVisible();
    expect(float).toHaveAccessibleDescription('The opening float field is required.');
    fireEvent.change(float, { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Open shift' }));
    await waitFor(() =>
      expect(screen.getByTestId('shift-state').textContent).toBe('Shift open since 25 Nov 2026, 9:00 am'),
    );
    expect(sentBody(fetchMock, 'POST /api/shift/open')).toEqual({ float: 500 });
    expect(screen.getByTestId('shift-drawer').textContent).toBe('Cash in the drawer should be 500 BDT');

    fireEvent.click(screen.getByRole('button', { name: 'Cash in / out' }));
    dialog = await screen.findByRole('dialog', { name: 'Cash in or out' });
    fireEvent.click(within(dialog).getByLabelText('Cash out'));
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    expect(await within(dialog).findByText('The reason field is required.')).toBeVisible();
    expect(within(dialog).getByLabelText('Reason')).toHaveAccessibleDescription(
      'The reason field is required.',
    );
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Tea for the staff' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record' }));
    await waitFor(() =>
      expect(screen.getByTestId('shift-drawer').textContent).toBe('Cash in the drawer should be 450 BDT'),
    );
    expect(sentBody(fetchMock, 'POST /api/shift/move')).toEqual({ amount: -50, reason: 'Tea for the staff' });

    fireEvent.click(screen.getByRole('button', { name: 'Close shift' }));
    dialog = await screen.findByRole('dialog', { name: 'Close the shift' });
    // A blind count: the close asks for the cash first; the expected cash comes after.
    expect(within(dialog).queryByText(/450/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Counted cash'), { target: { value: '440' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    dialog = await screen.findByRole('dialog', { name: 'Shift closed' });
    expect(within(dialog).getByTestId('shift-expected').textContent).toBe('450 BDT');
    expect(within(dialog).getByTestId('shift-counted').textContent).toBe('440 BDT');
    expect(within(dialog).getByTestId('shift-difference').textContent).toBe('-10 BDT (short)');
    expect(sentBody(fetchMock, 'POST /api/shift/close')).toEqual({ counted: 440, note: '' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('shift-state').textContent).toBe('No shift open'));
  });

  it('a cashier counts blind: the till does not show what the drawer should hold until the shift is closed', async () => {
    mockApi({
      ...base,
      'GET /api/profile': signInStaff('cashier', BUILT_IN_ROLE_DEFAULTS.cashier.permissions),
      'GET /api/shift/current': { data: { ...shift, expected: 730 } },
      'POST /api/shift/close': {
        data: { ...shift, closed: '2026-11-25T11:00:00.000Z', expected: 730, counted: 700, difference: -30 },
      },
    });
    renderRoutes(routes, '/admin/pos');
    await screen.findByText('Shift open since 25 Nov 2026, 9:00 am');
    expect(screen.queryByTestId('shift-drawer')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close shift' }));
    let dialog = await screen.findByRole('dialog', { name: 'Close the shift' });
    expect(within(dialog).queryByText(/730/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Counted cash'), { target: { value: '700' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close shift' }));
    dialog = await screen.findByRole('dialog', { name: 'Shift closed' });
    expect(within(dialog).getByTestId('shift-expected').textContent).toBe('730 BDT');
    expect(within(dialog).getByTestId('shift-difference').textContent).toBe('-30 BDT (short)');
  });

  it('recovers by itself when the server answers again: no reload, no button', async () => {
    let down = true;
    mockApi({
      ...base,
      'GET /api/shift/current': () => (down ? refuse(500, { message: 'down' }) : { data: shift }),
    });
    renderRoutes(routes, '/admin/pos');
    await screen.findByText('Could not read the shift.');
    down = false;
    // The till learns the server is back (a sale, a sync, a catalogue read): the panel reads again.
    act(() => markReachable(false));
    expect(await screen.findByTestId('shift-state')).toHaveTextContent('online again');
    act(() => markReachable(true));
    expect(await screen.findByTestId('shift-state')).toHaveTextContent('Shift open since');
  });

  it('with no server says shifts wait for it, not that something failed', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      mockApi({ ...base, 'GET /api/shift/current': refuse(503, { message: 'down' }) });
      renderRoutes(routes, '/admin/pos');
      expect((await screen.findByTestId('shift-state')).textContent).toBe(
        'Shifts open and close once the till is online again.',
      );
      expect(screen.queryByText('Could not read the shift.')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Open shift' })).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });
});
