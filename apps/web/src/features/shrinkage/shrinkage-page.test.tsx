import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import type { Shrinkage } from '@bazar/contracts/stocktakes';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { ShrinkagePage } from './shrinkage-page';

const routes = [
  {
    path: '/admin/shrinkage',
    element: (
      <>
        <ShrinkagePage />
        <LocationProbe />
      </>
    ),
  },
];

const owner = () => signInStaff('owner', BUILT_IN_ROLE_DEFAULTS.owner.permissions);

/**
 * Two months of a shop: counts found 1,200 BDT missing, write-offs by reason, 300 BDT of stock
 * found again (a gain, below zero), 2,500 BDT lost in all beside 1,25,000 BDT of sales.
 */
const report: Shrinkage = {
  reasons: [
    { reason: 'count', qty: 14.5, value: 1200 },
    { reason: 'damaged', qty: 6, value: 900 },
    { reason: 'expired', qty: 3, value: 450 },
    { reason: 'own_use', qty: 2, value: 250 },
    { reason: 'found', qty: -2, value: -300 },
  ],
  months: [
    { month: '2026-02', value: 0, sales: 25000 },
    { month: '2026-03', value: 2500, sales: 100000 },
  ],
  products: [
    {
      product_id: 7,
      title: 'Miniket Rice',
      title_bn: 'মিনিকেট চাল',
      attri: '5 kg',
      attri_bn: '৫ কেজি',
      qty: 4,
      value: 1400,
    },
    { product_id: null, title: '', title_bn: '', attri: '', attri_bn: '', qty: 2, value: 500 },
    { product_id: 9, title: 'Eggs', title_bn: '', attri: '12 pcs', attri_bn: '', qty: -2, value: -300 },
  ],
  total: { value: 2500, sales: 125000 },
};

/** A table's rows as the texts of their cells, joined by " | ". */
const rowsOf = (region: HTMLElement) =>
  [...region.querySelectorAll('tbody tr, tfoot tr')].map((row) =>
    [...row.children].map((cell) => cell.textContent).join(' | '),
  );

afterEach(() => setLanguage('en'));

describe('the shrinkage report', () => {
  it('shows the totals, the loss by reason, by month beside the sales, and the products that cost most', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/reports/shrinkage': { data: report },
    });
    renderRoutes(routes, '/admin/shrinkage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shrinkage' })).toBeVisible();
    expect(await screen.findByTestId('shrink-lost')).toHaveTextContent('2,500 BDT');
    expect(callsTo(fetchMock, 'GET /api/reports/shrinkage').map((u) => u.search)).toEqual(['']);
    expect(screen.getByTestId('shrink-range').textContent).toBe('All time');
    expect(screen.getByTestId('shrink-sales').textContent).toBe('1,25,000 BDT');
    expect(screen.getByTestId('shrink-share').textContent).toBe('2%');

    const reasons = screen.getByRole('region', { name: 'By reason' });
    expect(rowsOf(reasons)).toEqual([
      'Count differences | 14.5 | 1,200 BDT',
      'Damaged | 6 | 900 BDT',
      'Expired | 3 | 450 BDT',
      'Own use | 2 | 250 BDT',
      'Found | -2 | -300 BDT',
      'Total |  | 2,500 BDT',
    ]);
    // Found is a gain: below zero, in green, and said so.
    expect(within(reasons).getByText('-300 BDT')).toHaveClass('text-success');
    expect(within(reasons).getByText(/Found stock is a gain/)).toBeVisible();
    // On a phone each figure carries its column's name.
    const damaged = reasons.querySelector('tr[data-reason="damaged"]')!;
    expect([...damaged.querySelectorAll('[data-label]')].map((c) => c.getAttribute('data-label'))).toEqual([
      'Quantity',
      'Value',
    ]);

    const months = screen.getByRole('region', { name: 'By month' });
    expect(rowsOf(months)).toEqual([
      'February 2026 | 0 BDT | 25,000 BDT | 0%',
      'March 2026 | 2,500 BDT | 1,00,000 BDT | 2.5%',
    ]);

    const products = screen.getByRole('region', { name: 'Products that cost most' });
    expect(rowsOf(products)).toEqual([
      'Miniket Rice (5 kg) | 4 | 1,400 BDT',
      'A deleted product | 2 | 500 BDT',
      'Eggs (12 pcs) | -2 | -300 BDT',
    ]);
    expect(screen.getByRole('link', { name: 'Live stock' })).toHaveAttribute('href', '/admin/live-stock');
  });

  it('asks for the days chosen, keeps them in the address, and says so', async () => {
    const fetchMock = mockApi({
      'GET /api/profile': owner(),
      'GET /api/reports/shrinkage': ({ query }) => ({
        data:
          query.get('from') === '2026-03-01'
            ? { ...report, months: report.months.slice(1), total: { value: 2500, sales: 100000 } }
            : report,
      }),
    });
    renderRoutes(routes, '/admin/shrinkage');
    await screen.findByTestId('shrink-lost');
    const filter = screen.getByRole('form', { name: 'Days of the report' });
    fireEvent.change(within(filter).getByLabelText('From'), { target: { value: '2026-03-01' } });
    fireEvent.change(within(filter).getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Show' }));

    await waitFor(() => expect(screen.getByTestId('shrink-share').textContent).toBe('2.5%'));
    expect(callsTo(fetchMock, 'GET /api/reports/shrinkage').map((u) => u.search)).toEqual([
      '',
      '?from=2026-03-01&to=2026-03-31',
    ]);
    expect(screen.getByTestId('location').textContent).toBe('/admin/shrinkage?from=2026-03-01&to=2026-03-31');
    expect(screen.getByTestId('shrink-range').textContent).toBe('01 Mar 2026 to 31 Mar 2026');
  });

  it('says when nothing was lost and nothing sold', async () => {
    mockApi({
      'GET /api/profile': owner(),
      'GET /api/reports/shrinkage': {
        data: { reasons: [], months: [], products: [], total: { value: 0, sales: 0 } },
      },
    });
    renderRoutes(routes, '/admin/shrinkage?from=2026-04-01');
    expect(await screen.findByTestId('shrink-share')).toHaveTextContent('No sales');
    expect(screen.getByTestId('shrink-range').textContent).toBe('Since 01 Apr 2026');
    expect(screen.getByText('Nothing was written off and no count differed in these days.')).toBeVisible();
    expect(screen.getByText('No sales and no losses in these days.')).toBeVisible();
    expect(screen.getByText('No product lost stock in these days.')).toBeVisible();
  });

  it('writes the report in Bangla with Bengali digits and the Bangla names', async () => {
    mockApi({
      'GET /api/profile': owner(),
      'GET /api/reports/shrinkage': { data: report },
    });
    renderRoutes(routes, '/admin/shrinkage');
    await screen.findByTestId('shrink-lost');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'স্টক ক্ষতি' })).toBeVisible();
    expect(screen.getByTestId('shrink-lost').textContent).toBe('২,৫০০ টাকা');
    expect(screen.getByTestId('shrink-sales').textContent).toBe('১,২৫,০০০ টাকা');
    expect(screen.getByTestId('shrink-share').textContent).toBe('২%');
    expect(rowsOf(screen.getByRole('region', { name: 'কারণ অনুযায়ী' }))[1]).toBe('নষ্ট | ৬ | ৯০০ টাকা');
    expect(rowsOf(screen.getByRole('region', { name: 'মাস অনুযায়ী' }))[1]).toMatch(
      /^মার্চ,? ২০২৬ \| ২,৫০০ টাকা \| ১,০০,০০০ টাকা \| ২\.৫%$/,
    );
    expect(rowsOf(screen.getByRole('region', { name: 'সবচেয়ে বেশি ক্ষতির পণ্য' }))[0]).toBe(
      'মিনিকেট চাল (৫ কেজি) | ৪ | ১,৪০০ টাকা',
    );
  });
});
