import { BUILT_IN_ROLE_DEFAULTS } from '@bazar/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { StocktakesPage } from './stocktakes-page';
import { stocktake } from './test-data';

const routes = [
  { path: '/admin/stock-counts', element: <StocktakesPage /> },
  { path: '/admin/stock-counts/:id/count', element: <LocationProbe /> },
];
const keeper = () => signInStaff('stock', BUILT_IN_ROLE_DEFAULTS.stock.permissions);
const manager = () => signInStaff('manager', BUILT_IN_ROLE_DEFAULTS.manager.permissions);

const closed = stocktake({
  id: 10,
  status: 'approved',
  scope: {},
  scope_title: '',
  closed: '2026-03-09T10:00:00.000Z',
  lines: 40,
  counted: 38,
  approved: 38,
});
const open = stocktake({ id: 11, lines: 3, counted: 1 });

describe('the stock counts', () => {
  it('lists the counts open first, with what each covers, who started it, the figures and the status', async () => {
    mockApi({ 'GET /api/profile': manager(), 'GET /api/stocktakes': { data: [closed, open] } });
    renderRoutes(routes, '/admin/stock-counts');
    const table = await screen.findByRole('table', { name: 'Stock counts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('data-stocktake-id'))).toEqual(['11', '10']);
    expect(rows[0]).toHaveTextContent('Count #11Brand: Pran');
    expect(rows[0]).toHaveTextContent('by Rahim');
    expect(rows[0]).toHaveTextContent('1 of 3 counted · 0 approved');
    expect(within(rows[0]!).getByText('Open')).toBeVisible();
    expect(rows[1]).toHaveTextContent('Count #10Everything');
    expect(within(rows[1]!).getByText('Approved')).toBeVisible();
    // An open count is counted; a manager reviews every count.
    expect(within(rows[0]!).getByRole('link', { name: 'Count products of count #11' })).toHaveAttribute(
      'href',
      '/admin/stock-counts/11/count',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Review count #11' })).toHaveAttribute(
      'href',
      '/admin/stock-counts/11',
    );
    expect(within(rows[1]!).queryByRole('link', { name: /Count products/ })).toBeNull();
  });

  it('offers a stock keeper counting, not the review', async () => {
    mockApi({ 'GET /api/profile': keeper(), 'GET /api/stocktakes': { data: [open] } });
    renderRoutes(routes, '/admin/stock-counts');
    const row = (await screen.findAllByRole('row'))[1]!;
    expect(within(row).getByRole('link', { name: 'Count products of count #11' })).toBeVisible();
    expect(within(row).queryByRole('link', { name: /Review/ })).toBeNull();
  });

  it('starts a count of a brand picked from the brands and opens its counting', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': keeper(),
      'GET /api/stocktakes': { data: [] },
      'GET /api/brands': {
        data: [
          { id: 3, title: 'Pran', title_bn: 'প্রাণ' },
          { id: 4, title: 'ACI', title_bn: '' },
        ],
      },
      'POST /api/stocktakes': ({ body }) => {
        sent.push(body);
        return { data: stocktake({ id: 13, lines: 5 }) };
      },
    });
    renderRoutes(routes, '/admin/stock-counts');
    expect(await screen.findByText('No count yet. Start one to count the shelf.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Start a count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a count' });
    fireEvent.click(within(dialog).getByLabelText('A brand'));
    // Nothing chosen yet: the form says what is missing and sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start counting' }));
    expect(await within(dialog).findByText('Choose a brand.')).toBeVisible();
    expect(sent).toEqual([]);
    const brand = within(dialog).getByLabelText('Brand');
    await within(brand).findByRole('option', { name: 'Pran' });
    fireEvent.change(brand, { target: { value: '3' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start counting' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/stock-counts/13/count');
    expect(sent).toEqual([{ brand_id: 3 }]);
    expect(await screen.findByText('Count #13 started: 5 products to count.')).toBeVisible();
  });

  it('starts a count of products chosen by search, showing their barcodes and never their stock', async () => {
    const sent: unknown[] = [];
    mockApi({
      'GET /api/profile': keeper(),
      'GET /api/stocktakes': { data: [] },
      'GET /api/product/find/:text': {
        data: [
          {
            id: 7,
            title: 'Miniket Rice',
            attri: '5 kg',
            title_bn: '',
            attri_bn: '',
            price: 400,
            offprice: null,
            qty: 17,
            barcode: '8941100500012',
            image: null,
            stock_out: '',
            unit: 'pcs',
          },
        ],
      },
      'POST /api/stocktakes': ({ body }) => {
        sent.push(body);
        return { data: stocktake({ id: 14, scope: { product_ids: [7] }, scope_title: '', lines: 1 }) };
      },
    });
    renderRoutes(routes, '/admin/stock-counts');
    fireEvent.click(await screen.findByRole('button', { name: 'Start a count' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a count' });
    fireEvent.click(within(dialog).getByLabelText('Chosen products'));
    fireEvent.change(within(dialog).getByLabelText('Add a product'), { target: { value: 'rice' } });
    const found = await within(dialog).findByRole('list', { name: 'Matching products' });
    expect(found).toHaveTextContent('8941100500012');
    expect(found).not.toHaveTextContent('17');
    fireEvent.click(within(found).getByRole('button', { name: /Miniket Rice/ }));
    const chosen = within(dialog).getByRole('list', { name: 'Products to count' });
    expect(chosen).toHaveTextContent('Miniket Rice · 5 kg');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start counting' }));
    await waitFor(() => expect(sent).toEqual([{ product_ids: [7] }]));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/stock-counts/14/count');
  });
});
