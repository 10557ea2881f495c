import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { ReviewPage } from './review-page';
import type { StocktakeDetail, StocktakeLine } from './stocktakes-api';
import { detailOf, oil, potato, rice, stocktake } from './test-data';

const routes = [{ path: '/admin/stock-counts/:id', element: <ReviewPage /> }];
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);

/**
 * The manager's review as the server sends it, largest value first: rice 3 bags short (−1,080 at
 * 360 each), potato 0.5 kg found (+15), oil counted right, and a product nobody counted.
 */
const lines: StocktakeLine[] = [
  { ...rice, counted: 17, mine: 0, expected: 20, difference: -3, value: -1080 },
  { ...potato, counted: 10.5, mine: 0, expected: 10, difference: 0.5, value: 15 },
  { ...oil, counted: 12, mine: 0, expected: 12, difference: 0, value: 0 },
  {
    product_id: 10,
    title: 'Black Tea',
    title_bn: 'চা পাতা',
    attri: '',
    attri_bn: '',
    barcode: '8941100500036',
    unit: 'pcs',
    counted: null,
    mine: 0,
    approved: false,
    expected: 6,
    difference: null,
    value: null,
  },
];
const review = (items = lines, fields: Partial<StocktakeDetail> = {}) => detailOf(items, fields);

describe('the review of a count', () => {
  it('shows each line’s expected, counted, difference and value as sent, the totals, and what nobody counted', async () => {
    mockApi({ 'GET /api/profile': manager(), 'GET /api/stocktakes/:id': { data: review() } });
    renderRoutes(routes, '/admin/stock-counts/12');
    const table = await screen.findByRole('table', { name: 'Products of the count' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-product-id'))).toEqual(['7', '9', '8', '10']);
    const cells = (row: HTMLElement) =>
      ['Expected', 'Counted', 'Difference', 'Value'].map(
        (label) => row.querySelector(`[data-label="${label}"]`)?.textContent,
      );
    expect(cells(rows[0]!)).toEqual(['20 pcs', '17 pcs', '-3 pcs', '-1,080 BDT']);
    expect(cells(rows[1]!)).toEqual(['10 kg', '10.5 kg', '+0.5 kg', '+15 BDT']);
    expect(cells(rows[3]!)).toEqual(['6 pcs', '—', '—', '—']);
    expect(rows[3]).toHaveTextContent('Not counted');
    expect(rows[3]).toHaveTextContent('Keeps its books on “Approve all counted”');
    expect(screen.getByTestId('review-gains')).toHaveTextContent('+15 BDT');
    expect(screen.getByTestId('review-losses')).toHaveTextContent('-1,080 BDT');
    expect(screen.getByTestId('review-net')).toHaveTextContent('-1,065 BDT');
    expect(screen.getByTestId('review-counted')).toHaveTextContent('3 of 40 approved');
  });

  it('approves the ticked lines only, after a confirmation', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/stocktakes/:id': { data: review() },
      'POST /api/stocktakes/:id/approve': ({ body }) => {
        sent.push(body);
        return {
          data: review(lines.map((l) => (l.product_id === 7 ? { ...l, approved: true } : l))),
        };
      },
    });
    renderRoutes(routes, '/admin/stock-counts/12');
    const approve = await screen.findByRole('button', { name: 'Approve ticked lines (0)' });
    expect(approve).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Approve Miniket Rice (5 kg)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve ticked lines (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the chosen lines?' });
    expect(dialog).toHaveTextContent('The stock of 1 product becomes what was counted');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('1 line approved.')).toBeVisible();
    expect(sent).toEqual([{ product_ids: [7] }]);
    const rice = screen.getByRole('row', { name: /Miniket Rice/ });
    expect(within(rice).getByText('Approved')).toBeVisible();
    expect(within(rice).queryByRole('checkbox')).toBeNull();
  });

  it('warns that a ticked line nobody counted is counted as none', async () => {
    mockApi({ 'GET /api/profile': manager(), 'GET /api/stocktakes/:id': { data: review() } });
    renderRoutes(routes, '/admin/stock-counts/12');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Approve Black Tea' }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve ticked lines (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve the chosen lines?' });
    expect(dialog).toHaveTextContent('1 of them nobody counted: it is counted as none on the shelf.');
  });

  it('approves all counted lines, saying the lines nobody counted keep their books, and closes', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/stocktakes/:id': { data: review() },
      'POST /api/stocktakes/:id/approve': ({ body }) => {
        sent.push(body);
        return {
          data: review(
            lines.map((l) => (l.counted === null ? l : { ...l, approved: true })),
            { status: 'approved', closed: '2026-03-10T09:00:00.000Z' },
          ),
        };
      },
    });
    renderRoutes(routes, '/admin/stock-counts/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Approve all counted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve all counted lines?' });
    expect(dialog).toHaveTextContent(
      '3 counted lines change the stock by their difference, and the count closes.',
    );
    expect(dialog).toHaveTextContent('1 product nobody counted keeps its books.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve all counted' }));
    expect(await screen.findByText('Count #12 approved and closed.')).toBeVisible();
    expect(sent).toEqual([{}]);
    expect(screen.getByText(/This count is approved and closed/)).toBeVisible();
    // Gone from the page, the dialog's own button too once its closing animation ends.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve all counted' })).toBeNull());
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('row', { name: /Black Tea/ })).toHaveTextContent(
      'Its stock stayed as the books had it',
    );
  });

  it('cancels the count after a confirmation: nothing changes in stock', async () => {
    let cancelled = false;
    mockApi({
      'GET /api/profile': manager(),
      'GET /api/stocktakes/:id': () => ({
        data: review(lines, cancelled ? { status: 'cancelled', closed: '2026-03-10T09:00:00.000Z' } : {}),
      }),
      'POST /api/stocktakes/:id/cancel': () => {
        cancelled = true;
        return { data: stocktake({ status: 'cancelled', closed: '2026-03-10T09:00:00.000Z' }) };
      },
    });
    renderRoutes(routes, '/admin/stock-counts/12');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this count?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel count' }));
    expect(await screen.findByText('Count #12 cancelled.')).toBeVisible();
    await waitFor(() => expect(screen.getByText(/This count was cancelled/)).toBeVisible());
    expect(screen.getAllByText('Set aside')).toHaveLength(4);
  });

  it('writes its figures in Bengali digits in Bangla', async () => {
    mockApi({ 'GET /api/profile': manager(), 'GET /api/stocktakes/:id': { data: review() } });
    await setLanguage('bn');
    renderRoutes(routes, '/admin/stock-counts/12');
    expect(await screen.findByRole('heading', { name: 'গণনা #12 যাচাই' })).toBeVisible();
    expect(await screen.findByTestId('review-losses')).toHaveTextContent('-১,০৮০ টাকা');
    const rice = screen.getByRole('row', { name: /মিনিকেট চাল/ });
    expect(rice.querySelector('[data-label="পার্থক্য"]')?.textContent).toBe('-৩ পিস');
  });
});
