import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { tillKeyAction } from './till-keys';
import { byParam, rice, scanAnswer, tillBase as base, tillRoutes as routes } from './till-test-data';
import { makeSale } from '../../test/orders';

const key = (k: string, target: EventTarget | null = document.body, extra = {}) =>
  tillKeyAction({
    key: k,
    target,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    defaultPrevented: false,
    ...extra,
  });

describe('the keyboard map', () => {
  it('maps F2 and / to the product box, F4 to the payment, F9 to Save & Print', () => {
    const field = document.createElement('input');
    const button = document.createElement('button');
    expect(key('F2')).toBe('product');
    expect(key('F2', field)).toBe('product');
    expect(key('/')).toBe('product');
    expect(key('/', button)).toBe('product');
    // In a text field "/" is a character and Esc is the field's own.
    expect(key('/', field)).toBeNull();
    expect(key('Escape', field)).toBeNull();
    expect(key('Escape')).toBe('product');
    expect(key('F4', field)).toBe('payment');
    expect(key('F6', field)).toBe('priceCheck');
    expect(key('F7', field)).toBe('returnSale');
    expect(key('F9', field)).toBe('save');
    expect(key('F9', field, { ctrlKey: true })).toBeNull();
    expect(key('a')).toBeNull();
  });

  it('leaves the keys to an open dialog', () => {
    document.body.classList.add('modal-open');
    try {
      expect(key('F9')).toBeNull();
    } finally {
      document.body.classList.remove('modal-open');
    }
  });

  it('works on the till, and the map is on screen', async () => {
    const fetchMock = mockApi({
      ...base,
      'GET /api/product/barcode/:code': byParam('code', { [rice.barcode]: scanAnswer(rice) }),
      'POST /api/order/add': { data: makeSale({ id: 5, change: 0 }) },
    });
    renderRoutes(routes, '/admin/pos');
    const box = screen.getByRole('combobox', { name: 'Product' });
    const legend = screen.getByRole('list', { name: 'Keyboard shortcuts' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'F2 or / product box',
      'F4 payment',
      'F6 price check',
      'F7 return a sale',
      'F9 save & print',
      'Esc clear the box',
      '↑ ↓ Enter pick a suggestion',
    ]);
    await waitFor(() => expect(document.activeElement).toBe(box));
    // The payment panel is drawn two tasks after the product box.
    const pay = await screen.findByLabelText('Pay');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F4' });
    expect(document.activeElement).toBe(pay);
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'F2' });
    expect(document.activeElement).toBe(box);
    screen.getByLabelText('Shipping cost').focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: '/' });
    expect(document.activeElement).toBe(box);

    fireEvent.change(box, { target: { value: 'rice bag' } });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(box).toHaveValue('');

    fireEvent.keyDown(box, { key: 'F9' });
    expect(await screen.findByText('Add a product to the cart first.')).toBeVisible();
    fireEvent.change(box, { target: { value: rice.barcode } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await screen.findByText('Miniket Rice');
    // F9 with nothing paid and no customer: a walk-in pays in full. "Take the rest" goes to Pay.
    fireEvent.keyDown(box, { key: 'F9' });
    const dialog = await screen.findByRole('dialog', { name: 'Money left to pay' });
    const owed = Number(
      /^([\d,]+) BDT/
        .exec(within(dialog).getByTestId('till-due-text').textContent ?? '')?.[1]
        ?.replace(/,/g, ''),
    );
    expect(owed).toBeGreaterThan(0);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take the rest' }));
    await waitFor(() => expect(document.activeElement).toBe(pay));
    fireEvent.change(pay, { target: { value: String(owed) } });
    fireEvent.keyDown(pay, { key: 'F9' });
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/receipt/5?print=1&then=pos');
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });
});
