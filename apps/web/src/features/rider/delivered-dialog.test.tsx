import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { DeliveredDialog } from './delivered-dialog';
import type { ShownDelivery } from './rider-outbox';
import { makeDelivery } from './rider-test-data';
// The rider's texts come with the screen's module (i18n.ts addEnglish).
import './rider-page';

const shown = (due: number): ShownDelivery => ({
  ...makeDelivery({ paid: 260 - due, due }),
  waiting: false,
  refusals: [],
});

function openDialog(due = 260, title = 'Delivered: order #41') {
  mockApi({});
  const onSubmit = vi.fn();
  const delivery = shown(due);
  renderRoutes(
    [
      {
        path: '/',
        element: (
          <DeliveredDialog delivery={delivery} onClose={vi.fn()} onExited={vi.fn()} onSubmit={onSubmit} />
        ),
      },
    ],
    '/',
  );
  return { onSubmit, delivery, dialog: screen.getByRole('dialog', { name: title }) };
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe('the Delivered dialog', () => {
  it('starts with the whole due in cash', () => {
    const { dialog, onSubmit, delivery } = openDialog();
    expect(within(dialog).getByText('To collect: 260 BDT')).toBeVisible();
    expect(within(dialog).getByLabelText('Method')).toHaveValue('cash');
    expect(within(dialog).getByLabelText('Amount (BDT)')).toHaveValue('260');
    // Cash needs no TrxID.
    expect(within(dialog).queryByLabelText('TrxID')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(onSubmit).toHaveBeenCalledWith(delivery, [{ method: 'cash', amount: 260, reference: null }]);
  });

  it('splits between cash and bKash, and asks for the TrxID of the bKash part', () => {
    const { dialog, onSubmit, delivery } = openDialog();
    type(within(dialog).getByLabelText('Amount (BDT)'), '160');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Split: add a payment' }));
    const second = within(dialog).getByRole('group', { name: 'Payment 2' });
    expect(within(second).getByLabelText('Method')).toHaveValue('bkash');
    type(within(second).getByLabelText('Amount (BDT)'), '100');
    expect(within(dialog).getByText('Collected 260 of 260 BDT')).toBeVisible();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const trx = within(second).getByLabelText('TrxID');
    expect(trx).toHaveAccessibleDescription('Type the TrxID from the customer’s bKash message.');
    expect(trx).toHaveAttribute('aria-invalid', 'true');

    type(trx, 'TRX9A8B7C');
    expect(trx).not.toHaveAttribute('aria-invalid');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(onSubmit).toHaveBeenCalledWith(delivery, [
      { method: 'cash', amount: 160, reference: null },
      { method: 'bkash', amount: 100, reference: 'TRX9A8B7C' },
    ]);
  });

  it('refuses more than the due, an amount not in whole taka, and a TrxID the shop cannot read', () => {
    const { dialog, onSubmit } = openDialog();
    const amount = within(dialog).getByLabelText('Amount (BDT)');
    type(amount, '261');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('That is more than the 260 BDT to collect.');
    type(amount, '12.5');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(amount).toHaveAccessibleDescription('Type the amount in whole taka.');
    type(amount, '260');
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'nagad' } });
    type(within(dialog).getByLabelText('TrxID'), 'NG-12 34');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(within(dialog).getByLabelText('TrxID')).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('removes a payment again, and takes at most three', () => {
    const { dialog } = openDialog();
    const split = () => within(dialog).getByRole('button', { name: 'Split: add a payment' });
    fireEvent.click(split());
    fireEvent.click(split());
    expect(within(dialog).queryByRole('button', { name: 'Split: add a payment' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove payment 3' }));
    expect(within(dialog).queryByRole('group', { name: 'Payment 3' })).toBeNull();
    expect(split()).toBeVisible();
  });

  it('says there is nothing to collect for a paid order, and sends no payment', () => {
    const { dialog, onSubmit, delivery } = openDialog(0);
    expect(within(dialog).getByText('Nothing to collect: the order is paid.')).toBeVisible();
    expect(within(dialog).queryByLabelText('Amount (BDT)')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark delivered' }));
    expect(onSubmit).toHaveBeenCalledWith(delivery, []);
  });

  it('takes an amount typed in Bengali digits in Bangla', async () => {
    await setLanguage('bn');
    const { onSubmit, delivery, dialog } = openDialog(260, 'পৌঁছে দিয়েছি: অর্ডার #41');
    expect(within(dialog).getByLabelText('টাকা')).toHaveValue('২৬০');
    fireEvent.click(within(dialog).getByRole('button', { name: 'পৌঁছে দিয়েছি' }));
    expect(onSubmit).toHaveBeenCalledWith(delivery, [{ method: 'cash', amount: 260, reference: null }]);
  });
});
