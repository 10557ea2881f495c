import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SlotSettings } from '@bazar/contracts/delivery';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { DeliverySlotsCard } from './delivery-slots-card';

const routes = [{ path: '/admin/setting', element: <DeliverySlotsCard /> }];
const KEY = 'POST /api/delivery-slots/settings';
const saved = {
  slots: [{ start: '10:00', end: '12:00', capacity: 5 }],
  days_ahead: 2,
  cutoff_minutes: 60,
};

const card = () => screen.findByRole('region', { name: 'Delivery slots' });

describe("Setting's delivery slots", () => {
  it('loads the slots, adds one, and saves them all with days ahead and cut-off', async () => {
    const fetchMock = mockApi({
      'GET /api/delivery-slots/settings': { data: saved },
      [KEY]: ({ body }) => ({ data: body as SlotSettings }),
    });
    renderRoutes(routes, '/admin/setting');
    const region = await card();
    expect(((await within(region).findByLabelText('Start of slot 1')) as HTMLInputElement).value).toBe(
      '10:00',
    );
    expect((within(region).getByLabelText('Orders slot 1 takes') as HTMLInputElement).value).toBe('5');
    fireEvent.click(within(region).getByRole('button', { name: 'Add slot' }));
    // A new slot starts where the last one ends.
    expect((within(region).getByLabelText('Start of slot 2') as HTMLInputElement).value).toBe('12:00');
    fireEvent.change(within(region).getByLabelText('End of slot 2'), { target: { value: '14:00' } });
    fireEvent.change(within(region).getByLabelText('Orders slot 2 takes'), { target: { value: '8' } });
    fireEvent.change(within(region).getByLabelText('Days ahead'), { target: { value: '3' } });
    fireEvent.change(within(region).getByLabelText('Cut-off (minutes)'), { target: { value: '90' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(await screen.findByText('Delivery slots saved')).toBeVisible();
    expect(sentBody(fetchMock, KEY)).toEqual({
      slots: [
        { start: '10:00', end: '12:00', capacity: 5 },
        { start: '12:00', end: '14:00', capacity: 8 },
      ],
      days_ahead: 3,
      cutoff_minutes: 90,
    });
  });

  it('refuses an end before the start, overlapping slots and a capacity of 0 before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/delivery-slots/settings': { data: saved } });
    renderRoutes(routes, '/admin/setting');
    const region = await card();
    fireEvent.change(await within(region).findByLabelText('End of slot 1'), { target: { value: '09:00' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(await within(region).findByText('A slot must end after it starts.')).toBeVisible();
    fireEvent.change(within(region).getByLabelText('End of slot 1'), { target: { value: '12:00' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Add slot' }));
    fireEvent.change(within(region).getByLabelText('Start of slot 2'), { target: { value: '11:00' } });
    fireEvent.change(within(region).getByLabelText('Orders slot 2 takes'), { target: { value: '0' } });
    fireEvent.click(within(region).getByRole('button', { name: 'Save slots' }));
    expect(await within(region).findByText('Slots may not overlap.')).toBeVisible();
    expect(within(region).getByText('The capacity must be at least 1.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('removing every slot saves none: checkout then asks for no slot', async () => {
    const fetchMock = mockApi({
      'GET /api/delivery-slots/settings': { data: saved },
      [KEY]: ({ body }) => ({ data: body as SlotSettings }),
    });
    renderRoutes(routes, '/admin/setting');
    const region = await card();
    fireEvent.click(await within(region).findByRole('button', { name: 'Remove slot 1' }));
    expect(within(region).getByText('No slots: checkout asks for no delivery slot.')).toBeVisible();
    fireEvent.click(within(region).getByRole('button', { name: 'Save slots' }));
    await waitFor(() => expect(sentBody(fetchMock, KEY)).toEqual({ ...saved, slots: [] }));
  });
});
