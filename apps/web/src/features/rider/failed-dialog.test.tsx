import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { FailedDialog } from './failed-dialog';
import type { ShownDelivery } from './rider-outbox';
import { makeDelivery } from './rider-test-data';
// The rider's texts come with the screen's module (i18n.ts addEnglish).
import './rider-page';

const delivery: ShownDelivery = { ...makeDelivery(), waiting: false, refusals: [] };

/** Two days of the shop's slots: today's first is closed, tomorrow's morning is full. */
const slots = {
  data: {
    enabled: true,
    days: [
      {
        date: '2026-11-27',
        slots: [
          { start: '10:00', end: '12:00', capacity: 10, left: 3, state: 'closed' as const },
          { start: '16:00', end: '18:00', capacity: 10, left: 4, state: 'open' as const },
        ],
      },
      {
        date: '2026-11-28',
        slots: [
          { start: '10:00', end: '12:00', capacity: 10, left: 0, state: 'full' as const },
          { start: '16:00', end: '18:00', capacity: 10, left: 9, state: 'open' as const },
        ],
      },
    ],
  },
};

function openDialog() {
  mockApi({ 'GET /api/delivery-slots': slots });
  const onSubmit = vi.fn();
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <FailedDialog delivery={delivery} onClose={vi.fn()} onExited={vi.fn()} onSubmit={onSubmit} />
        ),
      },
    ],
    '/',
  );
  return { onSubmit, dialog: screen.getByRole('dialog', { name: 'Failed: order #41' }) };
}

const submit = (dialog: HTMLElement) =>
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mark failed' }));

describe('the Failed dialog', () => {
  it('offers the four reasons as radios, and asks for one', () => {
    const { dialog, onSubmit } = openDialog();
    const reasons = within(dialog).getByRole('group', { name: 'Why was it not delivered?' });
    expect(
      within(reasons)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['not_home', 'refused', 'wrong_address', 'other']);
    expect(within(reasons).getByLabelText('Not at home')).toBeInTheDocument();
    expect(within(reasons).getByLabelText('Wrong address')).toBeInTheDocument();
    submit(dialog);
    expect(within(dialog).getByText('Choose a reason.')).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(within(reasons).getByLabelText('Not at home'));
    submit(dialog);
    expect(onSubmit).toHaveBeenCalledWith(delivery, { reason: 'not_home', note: '' });
  });

  it('needs a note when the reason is Other', () => {
    const { dialog, onSubmit } = openDialog();
    fireEvent.click(within(dialog).getByLabelText('Other'));
    submit(dialog);
    const note = within(dialog).getByLabelText('Note');
    expect(note).toHaveAccessibleDescription('Needed when the reason is Other. Say what happened.');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(note, { target: { value: '  Shop closed the road  ' } });
    submit(dialog);
    expect(onSubmit).toHaveBeenCalledWith(delivery, { reason: 'other', note: 'Shop closed the road' });
  });

  it('moves the order to a new slot, choosing among the open ones only', async () => {
    const { dialog, onSubmit } = openDialog();
    const slot = await within(dialog).findByLabelText('New delivery slot (optional)');
    expect(
      within(slot)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No new slot', '27 Nov 2026 16:00–18:00', '28 Nov 2026 16:00–18:00']);
    fireEvent.click(within(dialog).getByLabelText('Refused'));
    fireEvent.change(slot, { target: { value: '2026-11-28 16:00' } });
    submit(dialog);
    expect(onSubmit).toHaveBeenCalledWith(delivery, {
      reason: 'refused',
      note: '',
      slot: { date: '2026-11-28', start: '16:00' },
    });
  });
});
