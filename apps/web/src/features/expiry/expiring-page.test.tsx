import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { ExpiringPage } from './expiring-page';
import { week, withoutValues } from './test-data';

const routes = [
  {
    path: '/admin/expiring',
    element: (
      <>
        <ExpiringPage />
        <LocationProbe />
      </>
    ),
  },
];

const owner = () => signInStaff('owner', BUILT_IN_ROLE_DEFAULTS.owner.permissions);

const rowOf = (batchId: number) => document.querySelector(`tr[data-batch-id="${batchId}"]`) as HTMLElement;
const cell = (batchId: number, label: string) =>
  rowOf(batchId).querySelector(`[data-label="${label}"]`)?.textContent;

afterEach(() => setLanguage('en'));

describe('Expiring soon', () => {
  it('lists the batches expired first, with their dates, days left, quantities, values and prices, and the totals', async () => {
    const fetchMock = mockApi({ 'GET /api/profile': owner(), 'GET /api/stock/expiring': { data: week } });
    renderRoutes(routes, '/admin/expiring');
    expect(await screen.findByRole('heading', { level: 1, name: 'Expiring soon' })).toBeVisible();
    expect(await screen.findByTestId('expiring-value')).toHaveTextContent('2,463 BDT');
    // The shop's days: asked without a number, the answer names them.
    expect(callsTo(fetchMock, 'GET /api/stock/expiring').map((u) => u.search)).toEqual(['']);
    expect(screen.getByTestId('expiring-range').textContent).toBe(
      'Today is 10 Mar 2026: batches that expire in the next 7 days, and every expired batch still in stock.',
    );
    expect(screen.getByLabelText('Days ahead')).toHaveValue('7');
    expect(screen.getByTestId('expiring-expired-value').textContent).toBe('240 BDT');
    expect(screen.getByTestId('expiring-count').textContent).toBe('3');

    const rows = [...document.querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-batch-id'));
    expect(rows).toEqual(['12', '13', '11']);
    // Expired: said in words, not by colour alone.
    expect(rowOf(12)).toHaveAttribute('data-expired');
    expect(within(rowOf(12)).getByText('Expired')).toBeVisible();
    expect(within(rowOf(12)).getByText('3 days ago')).toBeVisible();
    expect(rowOf(12).querySelector('th')?.textContent).toBe('Sweet Yogurt (500 g)');
    expect(cell(12, 'Batch')).toBe('No code');
    expect(cell(12, 'Expires')).toContain('07 Mar 2026');
    expect(cell(12, 'Quantity')).toBe('3 pcs');
    expect(cell(12, 'Value')).toBe('240 BDT');
    expect(cell(12, 'Price')).toBe('120');

    expect(rowOf(13)).not.toHaveAttribute('data-expired');
    expect(cell(13, 'Expires')).toBe('10 Mar 2026Last day today');
    expect(cell(13, 'Quantity')).toBe('1.25 kg');
    // On offer already: the price struck through, the offer beside it.
    expect(cell(13, 'Price')).toBe('Old price 130125On offer');
    expect(cell(11, 'Batch')).toBe('L42');
    expect(cell(11, 'Expires')).toBe('12 Mar 2026' + '2 days left');
    // On a phone each figure carries its column's name; the actions go across the card.
    expect([...rowOf(11).querySelectorAll('[data-label]')].map((c) => c.getAttribute('data-label'))).toEqual([
      'Batch',
      'Expires',
      'Quantity',
      'Value',
      'Price',
    ]);
    expect(screen.getByRole('link', { name: 'Live stock' })).toHaveAttribute('href', '/admin/live-stock');
  });

  it('looks further ahead when another number of days is typed, and keeps it in the address', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': ({ query }) => ({
        data: query.get('days') === '30' ? { ...week, days: 30 } : week,
      }),
    });
    renderRoutes(routes, '/admin/expiring');
    const days = await screen.findByLabelText('Days ahead');
    expect(days).toHaveValue('7');
    const form = screen.getByRole('form', { name: 'How far ahead to look' });
    fireEvent.change(days, { target: { value: '95' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('Type a whole number of days from 1 to 90.')).toBeVisible();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(fetchMock, 'GET /api/stock/expiring')).toHaveLength(1);

    fireEvent.change(days, { target: { value: '৩০' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/expiring?days=30'));
    await waitFor(() => expect(screen.getByTestId('expiring-range')).toHaveTextContent('the next 30 days'));
    expect(callsTo(fetchMock, 'GET /api/stock/expiring').map((u) => u.search)).toEqual(['', '?days=30']);
    expect(screen.queryByText('Type a whole number of days from 1 to 90.')).toBeNull();
  });

  it('puts a batch’s product on offer at 20 % off by one click, or at the percent typed, and shows the new price', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': { data: week },
      'POST /api/stock/batches/:id/offer': ({ params, body }) => {
        const percent = (body as { percent: number }).percent;
        return params.id === '11'
          ? { data: { product_id: 7, price: 400, offprice: Math.floor((400 * (100 - percent)) / 100) } }
          : refuse(404, { message: 'No batch has this number.' });
      },
    });
    renderRoutes(routes, '/admin/expiring');
    await screen.findByTestId('expiring-value');
    const row = within(rowOf(11));
    // The actions come with the profile's permissions.
    const percent = await row.findByLabelText('Percent off for Miniket Rice (5 kg)');
    expect(percent).toHaveValue('20');
    fireEvent.click(row.getByRole('button', { name: 'Put Miniket Rice (5 kg) on offer' }));
    expect(
      await screen.findByText('Miniket Rice (5 kg) is on offer: 320 BDT instead of 400 BDT.'),
    ).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/stock/batches/11/offer')).toEqual({ percent: 20 });
    await waitFor(() => expect(cell(11, 'Price')).toBe('Old price 400320On offer'));

    // A percent out of range is refused here; a typed one is sent.
    fireEvent.change(percent, { target: { value: '95' } });
    fireEvent.click(row.getByRole('button', { name: 'Put Miniket Rice (5 kg) on offer' }));
    expect(await row.findByText('Type a whole percent from 1 to 90.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/stock/batches/:id/offer')).toHaveLength(1);
    fireEvent.change(percent, { target: { value: '25' } });
    fireEvent.click(row.getByRole('button', { name: 'Put Miniket Rice (5 kg) on offer' }));
    await waitFor(() => expect(cell(11, 'Price')).toBe('Old price 400300On offer'));
    expect(sentBody(fetchMock, 'POST /api/stock/batches/11/offer', 1)).toEqual({ percent: 25 });
    expect(row.queryByText('Type a whole percent from 1 to 90.')).toBeNull();

    // A refusal is said as the server says it.
    fireEvent.click(within(rowOf(12)).getByRole('button', { name: 'Put Sweet Yogurt (500 g) on offer' }));
    expect(await screen.findByText('No batch has this number.')).toBeVisible();
  });

  it('writes a batch off with the reason Expired after a question: the row leaves and the totals drop', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': { data: week },
      'POST /api/stock/adjust': { data: { product_id: 9, qty: 0, delta: -3 } },
    });
    renderRoutes(routes, '/admin/expiring');
    await screen.findByTestId('expiring-value');
    fireEvent.click(
      await within(rowOf(12)).findByRole('button', {
        name: 'Write off the batch of Sweet Yogurt (500 g) expiring 07 Mar 2026',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Write off this batch?' });
    expect(dialog).toHaveTextContent(
      '3 pcs of Sweet Yogurt (500 g) leave the stock with the reason Expired.',
    );
    expect(dialog).toHaveTextContent('Expires 07 Mar 2026.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('3 pcs of Sweet Yogurt (500 g) written off: Expired.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/stock/adjust')).toEqual({
      product_id: 9,
      qty: -3,
      reason: 'expired',
      note: '',
      batch_id: 12,
    });
    await waitFor(() => expect(rowOf(12)).toBeNull());
    expect(screen.getByTestId('expiring-value').textContent).toBe('2,223 BDT');
    expect(screen.getByTestId('expiring-expired-value').textContent).toBe('0 BDT');
    expect(screen.getByTestId('expiring-count').textContent).toBe('2');
  });

  it('keeps the row and says why when the server refuses the write-off; Close asks nothing', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': { data: week },
      'POST /api/stock/adjust': refuse(422, {
        message: 'This batch holds 2: write off at most that.',
        errors: { qty: ['This batch holds 2: write off at most that.'] },
      }),
    });
    renderRoutes(routes, '/admin/expiring');
    await screen.findByTestId('expiring-value');
    const writeOff = await within(rowOf(11)).findByRole('button', {
      name: /^Write off the batch of Miniket Rice/,
    });
    fireEvent.click(writeOff);
    let dialog = await screen.findByRole('dialog', { name: 'Write off this batch?' });
    expect(dialog).toHaveTextContent('Batch L42, expires 12 Mar 2026.');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/stock/adjust')).toHaveLength(0);

    fireEvent.click(writeOff);
    dialog = await screen.findByRole('dialog', { name: 'Write off this batch?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Write off' }));
    expect(await screen.findByText('This batch holds 2: write off at most that.')).toBeVisible();
    expect(rowOf(11)).not.toBeNull();
  });

  it('shows a viewer the batches without values or actions', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': signInStaff('viewer', ['stock.view']),
      'GET /api/stock/expiring': { data: withoutValues(week) },
    });
    renderRoutes(routes, '/admin/expiring');
    expect(await screen.findByTestId('expiring-count')).toHaveTextContent('3');
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/profile')).toHaveLength(1));
    expect(screen.queryByTestId('expiring-value')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Value' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(screen.queryByRole('button', { name: /on offer/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Write off/ })).toBeNull();
  });

  it('says when nothing expires and how batches come to be listed', async () => {
    mockApi({
      'GET /api/profile': owner(),
      'GET /api/stock/expiring': {
        data: { days: 1, today: '2026-03-10', value: 0, expired_value: 0, batches: [] },
      },
    });
    renderRoutes(routes, '/admin/expiring?days=1');
    expect(await screen.findByText('No batch expires in these days, and none has expired.')).toBeVisible();
    expect(screen.getByText(/Turn on Track expiry for a product on Live stock/)).toBeVisible();
    expect(screen.getByTestId('expiring-range').textContent).toBe(
      'Today is 10 Mar 2026: batches that expire today, and every expired batch still in stock.',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('writes the screen in Bangla with Bengali digits and the Bangla names', async () => {
    mockApi({ 'GET /api/profile': owner(), 'GET /api/stock/expiring': { data: week } });
    renderRoutes(routes, '/admin/expiring');
    await screen.findByTestId('expiring-value');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'শীঘ্রই মেয়াদ শেষ' })).toBeVisible();
    expect(screen.getByTestId('expiring-value').textContent).toBe('২,৪৬৩ টাকা');
    expect(screen.getByLabelText('কত দিন সামনে')).toHaveValue('৭');
    expect(rowOf(11).querySelector('th')?.textContent).toBe('মিনিকেট চাল (৫ কেজি)');
    // No Bangla name: the English one.
    expect(rowOf(12).querySelector('th')?.textContent).toBe('Sweet Yogurt (500 g)');
    expect(within(rowOf(12)).getByText('মেয়াদোত্তীর্ণ')).toBeVisible();
    expect(rowOf(12).querySelector('[data-label="পরিমাণ"]')?.textContent).toBe('৩ পিস');
    expect(rowOf(13).querySelector('[data-label="পরিমাণ"]')?.textContent).toBe('১.২৫ কেজি');
    expect(within(rowOf(11)).getByLabelText('মিনিকেট চাল (৫ কেজি)-এ কত শতাংশ ছাড়')).toHaveValue('২০');
    expect(within(rowOf(11)).getByRole('button', { name: 'মিনিকেট চাল (৫ কেজি) অফারে দিন' })).toBeVisible();
  });
});
