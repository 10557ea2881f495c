import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { advance, useFakeClock } from '../../test/timers';
import { BarcodePage, labelCount } from './barcode-page';

const routes = [{ path: '/admin/barcode', element: <BarcodePage /> }];

const found = {
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  title_bn: '',
  attri_bn: '',
  price: 450,
  offprice: 420,
  qty: 12,
  barcode: '2000000000077',
  image: null,
  stock_out: '' as const,
  unit: 'kg' as const,
};

describe('BarcodePage', () => {
  // jsdom has no canvas; JsBarcode only measures the text with it.
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
      font: '',
      measureText: (text: string) => ({ width: text.length * 6 }),
    } as unknown as CanvasRenderingContext2D);
  });

  afterEach(() => setLanguage('en'));

  it('counts labels by rounding the quantity up', () => {
    expect(labelCount(1)).toBe(1);
    expect(labelCount(2.01)).toBe(3);
    expect(labelCount(0)).toBe(0);
  });

  it('searches above 2 characters, adds the pick with quantity 1 and draws one label per unit', async () => {
    useFakeClock();
    const fetchMock = mockApi({ 'GET /api/product/find/:text': { data: [found] } });
    renderRoutes(routes, '/admin/barcode');
    const search = screen.getByLabelText('Search product');
    fireEvent.change(search, { target: { value: 'ri' } });
    await advance(1_000); // a long pause
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(search, { target: { value: 'ric' } });
    await advance(1_000);
    const suggestions = await screen.findByRole('list', { name: 'Products found' });
    expect(callsTo(fetchMock, 'GET /api/product/find/:text').map((url) => url.pathname)).toEqual([
      '/api/product/find/ric',
    ]);
    fireEvent.click(within(suggestions).getByRole('button', { name: /Miniket Rice/ }));

    const sheet = screen.getByRole('list', { name: 'Labels' });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(1));
    const svg = within(sheet).getByRole('img', { name: '2000000000077' });
    expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10); // JsBarcode drew the bars
    expect(svg.querySelector('text')?.textContent).toBe('2000000000077');

    // Click the quantity, type 2.5, Enter: three labels.
    fireEvent.click(screen.getByRole('button', { name: /Change quantity of Miniket Rice/ }));
    const qty = screen.getByLabelText('Quantity of Miniket Rice');
    // A text field with the decimal number pad: it takes Latin and Bengali digits (২.৫ is 2.5).
    expect(qty.getAttribute('inputmode')).toBe('decimal');
    fireEvent.change(qty, { target: { value: '2.5' } });
    fireEvent.keyDown(qty, { key: 'Enter' });
    expect(screen.getByRole('button', { name: /Change quantity of Miniket Rice, now 2.5/ })).toBeVisible();
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText('3 labels')).toBeVisible();

    // Typed in Bengali digits: ৪ is 4 labels.
    fireEvent.click(screen.getByRole('button', { name: /Change quantity of Miniket Rice, now 2.5/ }));
    const again = screen.getByLabelText('Quantity of Miniket Rice');
    fireEvent.change(again, { target: { value: '৪' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(within(sheet).getAllByRole('listitem')).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Miniket Rice' }));
    expect(within(sheet).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('names the picks and their labels in Bangla in Bangla mode, the English name when there is none', async () => {
    const chal = { ...found, title_bn: 'মিনিকেট চাল', attri_bn: '৫ কেজি' };
    const dal = { ...found, id: 8, title: 'Red Lentil', attri: '1 kg', barcode: '2000000000084' };
    mockApi({
      'GET /api/product/find/:text': ({ params }) => ({ data: params.text === 'ric' ? [chal] : [dal] }),
    });
    renderRoutes(routes, '/admin/barcode');
    const pick = async (text: string, name: RegExp) => {
      fireEvent.change(screen.getByLabelText('Search product'), { target: { value: text } });
      const suggestions = await screen.findByRole('list', { name: 'Products found' });
      fireEvent.click(await within(suggestions).findByRole('button', { name }));
    };
    await pick('ric', /Miniket Rice/);
    await pick('len', /Red Lentil/);
    const sheet = screen.getByRole('list', { name: 'Labels' });
    await waitFor(() => expect(within(sheet).getAllByRole('listitem')).toHaveLength(2));
    const table = screen.getByRole('table');
    const picks = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(0, 2).map((td) => td.textContent));
    const labels = () => [...sheet.querySelectorAll('.barcode-label-title')].map((el) => el.textContent);
    expect(picks()).toEqual([
      ['Miniket Rice', '5 kg'],
      ['Red Lentil', '1 kg'],
    ]);
    expect(labels()).toEqual(['Miniket Rice (5 kg)', 'Red Lentil (1 kg)']);
    await act(() => setLanguage('bn'));
    expect(picks()).toEqual([
      ['মিনিকেট চাল', '৫ কেজি'],
      ['Red Lentil', '1 kg'],
    ]);
    expect(labels()).toEqual(['মিনিকেট চাল (৫ কেজি)', 'Red Lentil (1 kg)']);
    expect(screen.getByRole('button', { name: 'মিনিকেট চাল ডিলিট করুন' })).toBeVisible();
  });
});
