import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { byParam, karim, rice, scanAnswer, tillBase as base, tillRoutes as routes } from './till-test-data';
import { makeSale } from '../../test/orders';

const box = () => screen.getByRole('combobox', { name: 'Product' });
const pay = () => screen.getByLabelText('Pay');
const method = () => screen.getByLabelText('Payment Method');
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter' });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));

/** The till with two bags of rice in the cart: 760 + 60 shipping = 820 owed. */
async function tillWithRice(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    ...base,
    'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
    'POST /api/order/add': { data: makeSale({ id: 90, change: 380 }) },
    ...extra,
  });
  renderRoutes(routes, '/admin/pos');
  await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
  for (const _ of [1, 2]) {
    fireEvent.change(box(), { target: { value: rice.barcode } });
    enter(box());
  }
  await waitFor(() => expect(screen.getByTestId('till-total').textContent).toBe('760 BDT'));
  return fetchMock;
}

describe('TillPayments', () => {
  it('takes part by bKash with its reference and the rest in cash, showing the change large', async () => {
    const fetchMock = await tillWithRice();
    fireEvent.change(method(), { target: { value: 'bkash' } });
    fireEvent.change(pay(), { target: { value: '200' } });
    const reference = screen.getByLabelText('Bkash reference');
    fireEvent.change(reference, { target: { value: 'TX-12' } });
    enter(reference);
    expect(
      await screen.findByText('The reference is the transaction id: up to 20 letters and digits.'),
    ).toBeVisible();
    expect(reference).toHaveAttribute('aria-invalid', 'true');
    expect(reference).toHaveAccessibleDescription(
      'The reference is the transaction id: up to 20 letters and digits.',
    );
    fireEvent.change(reference, { target: { value: '8N7A6D5Q' } });
    enter(reference);

    const list = screen.getByRole('list', { name: 'Payments' });
    expect(within(list).getByRole('listitem').textContent).toContain('Bkash · 8N7A6D5Q200 BDT');
    // The payment line is ready for the next method: cash, empty, focused.
    expect(method()).toHaveValue('cash');
    expect(pay()).toHaveValue('');
    expect(document.activeElement).toBe(pay());
    expect(screen.getByTestId('till-due').textContent).toBe('620 BDT');

    fireEvent.change(pay(), { target: { value: '1000' } });
    expect(screen.getByTestId('till-change').textContent).toBe('380 BDT');
    expect(screen.getByTestId('till-change').closest('.till-change')).toBeVisible(); // the large box
    expect(screen.getByTestId('till-paid').textContent).toBe('820 BDT');
    expect(screen.getByTestId('till-due').textContent).toBe('0 BDT');
    save();
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/90?print=1&then=pos');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      paid: 820,
      due: 0,
      method: 'bkash',
      payments: [
        { method: 'bkash', amount: 200, reference: '8N7A6D5Q' },
        { method: 'cash', amount: 1000 },
      ],
    });
  });

  it('refuses bKash, Nagad or card above what is owed, but not cash', async () => {
    await tillWithRice();
    fireEvent.change(method(), { target: { value: 'card' } });
    fireEvent.change(pay(), { target: { value: '900' } });
    enter(pay());
    expect(await screen.findByText('Amount is large')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
    fireEvent.change(method(), { target: { value: 'cash' } });
    enter(pay());
    expect(screen.getByRole('list', { name: 'Payments' }).textContent).toContain('Cash900 BDT');
    expect(screen.getByTestId('till-change').textContent).toBe('80 BDT');
  });

  it("offers a found customer's advance as a payment and applies it when chosen", async () => {
    const fetchMock = await tillWithRice({
      'GET /api/customer/search/:text': byParam('text', { '01711111111': { data: [karim] } }),
    });
    expect(screen.queryByTestId('till-advance')).toBeNull();
    expect(within(method()).queryByRole('option', { name: /Advance/ })).toBeNull();
    const phone = screen.getByLabelText('Phone');
    fireEvent.change(phone, { target: { value: '01711111111' } });
    enter(phone);
    expect((await screen.findByTestId('till-advance')).textContent).toBe('Advance available: 150 BDT');
    expect(within(method()).getByRole('option', { name: 'Advance balance (150 BDT)' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Pay from the advance' }));
    expect(screen.getByRole('list', { name: 'Payments' }).textContent).toContain('Advance balance150 BDT');
    expect(screen.getByTestId('till-advance').textContent).toBe('Advance available: 0 BDT');
    expect(screen.getByTestId('till-due').textContent).toBe('670 BDT');

    // More than the advance is refused before anything is sent.
    fireEvent.change(method(), { target: { value: 'balance' } });
    fireEvent.change(pay(), { target: { value: '10' } });
    save();
    expect(await screen.findByText("The customer's advance balance is 150 BDT.")).toBeVisible();
    fireEvent.change(pay(), { target: { value: '' } });
    fireEvent.change(method(), { target: { value: 'cash' } });
    fireEvent.change(pay(), { target: { value: '670' } });
    save();
    await screen.findByTestId('location');
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      phone: '01711111111',
      paid: 820,
      due: 0,
      payments: [
        { method: 'balance', amount: 150 },
        { method: 'cash', amount: 670 },
      ],
    });
  });

  it('removes a payment that was added by mistake', async () => {
    await tillWithRice();
    fireEvent.change(pay(), { target: { value: '100' } });
    enter(pay());
    fireEvent.click(screen.getByRole('button', { name: 'Remove the payment Cash 100 BDT' }));
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
    expect(screen.getByTestId('till-due').textContent).toBe('820 BDT');
  });
});
