import type { ProfitLoss } from '@bazar/contracts/cash';
import { BUILT_IN_ROLE_DEFAULTS, PERMISSIONS } from '@bazar/contracts/permissions';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockFetch } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { DashboardPage } from './dashboard-page';

const routes = [{ path: '/admin', element: <DashboardPage /> }];

const figures: ProfitLoss = {
  day: '2026-11-22',
  order_count: 3,
  order_total: 1255,
  order_paid: 455,
  order_due: 800,
  expance: 650,
  received: 500,
  invested: 98000,
  owed_to_shop: 4250,
  owed_to_suppliers: 12000,
  by_method: { cash: 300, bkash: 200, nagad: 0, card: 0, balance: 0 },
  refunds: 0,
  returns: 0,
  cash_moves: 0,
  cash_sales: 0,
  float: 0,
  cash_suppliers: 0,
  drawer: -350,
};

const sale = (name: string, qty: number, price = 100) => ({
  product_id: name.length,
  name,
  attri: '1 kg',
  name_bn: '',
  attri_bn: '',
  price,
  buyprice: price - 10,
  qty,
});

// Six products, not in the order of quantity: the dashboard shows the five most sold.
const sales = [
  sale('Sugar', 4),
  sale('Miniket Rice', 12.5, 420),
  sale('Salt', 1),
  sale('Lentils', 9),
  sale('Onion', 7),
  sale('Flour', 2),
];

const expense = (id: number, details: string, amount: number) => ({
  id,
  details,
  amount,
  category: 'Other',
  created: '2026-11-22T04:00:00.000Z',
});
const todaysExpenses = [
  expense(6, 'Tea for staff', 60),
  expense(5, 'Rickshaw', 40),
  expense(4, 'Bags', 150),
  expense(3, 'Electric bill', 300),
  expense(2, 'Cleaning', 50),
  expense(1, 'Pens', 50),
];

const lowStock = [
  {
    id: 9,
    image: null,
    barcode: '2000000000091',
    title: 'Soybean Oil',
    attri: '1 L',
    title_bn: '',
    attri_bn: '',
    price: 190,
    offprice: 175,
    buyprice: 160,
    qty: 0,
  },
  {
    id: 4,
    image: null,
    barcode: '2000000000046',
    title: 'Egg',
    attri: '12 pcs',
    title_bn: '',
    attri_bn: '',
    price: 150,
    offprice: null,
    buyprice: 130,
    qty: 3,
  },
];

/** Backups as the server keeps them: last night's, none failed since. */
const backups = {
  backups: [
    { name: 'bazar-20261121T210000Z-ab12.tar.gz', bytes: 2_500_000, created: '2026-11-21T03:00:00.000Z' },
  ],
  last: { name: 'bazar-20261121T210000Z-ab12.tar.gz', bytes: 2_500_000, created: '2026-11-21T03:00:00.000Z' },
  failure: null,
  running: false,
  schedule: { at: '03:00', daily: 7, weekly: 4 },
};

const GB = 1024 ** 3;
/** The shop's disk: 37.5 GB of 50 GB free. */
const disk = { free: 37.5 * GB, total: 50 * GB, low: false };

const answers = {
  'GET /api/profit-loss': { body: figures },
  'GET /api/disk-space': { body: { data: disk } },
  'GET /api/backups': { body: { data: backups } },
  'GET /api/product-sale?limit=5': { body: sales },
  'GET /api/expances?from=2026-11-22&to=2026-11-22': {
    body: pageOf(todaysExpenses, {
      totals: { amount: todaysExpenses.reduce((sum, e) => sum + e.amount, 0) },
    }),
  },
  'GET /api/low-stock-products': { body: { data: lowStock } },
  'GET /api/shop-info': {
    body: {
      data: {
        name: 'Bazar',
        address: '',
        phone: '',
        payment_numbers: '',
        tz: 'Asia/Dhaka',
        receipt_footer: '',
      },
    },
  },
};

const rowsOf = (title: string) =>
  within(screen.getByRole('table', { name: title }))
    .getAllByRole('row')
    .slice(1);

beforeEach(() => {
  // 01:30 on 22 November in Dhaka, still the 21st in UTC: "today" is the shop's day.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T19:30:00.000Z'));
});

afterEach(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('DashboardPage', () => {
  it("shows today's figures from /api/profit-loss, saying they are today's", async () => {
    const fetchMock = mockFetch(answers);
    renderRoutes(routes, '/admin');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('dash-orders').textContent).toBe('3'));
    expect(screen.getByTestId('dash-amount').textContent).toBe('1,255 BDT');
    expect(screen.getByTestId('dash-paid').textContent).toBe('455 BDT');
    expect(screen.getByTestId('dash-due').textContent).toBe('800 BDT');
    expect(screen.getByTestId('dash-expance').textContent).toBe('650 BDT');
    expect(screen.getByTestId('dash-invested').textContent).toBe('98,000 BDT');
    // Not only today's: what all customers owe the shop, and what it owes its suppliers.
    expect(screen.getByTestId('dash-owed-to-shop').textContent).toBe('4,250 BDT');
    expect(screen.getByRole('link', { name: 'Owed to the shop' })).toHaveAttribute(
      'href',
      '/admin/customers',
    );
    expect(screen.getByTestId('dash-owed-to-suppliers').textContent).toBe('12,000 BDT');
    expect(screen.getByLabelText('Total Expance').textContent).toBe('650 BDT');
    expect(screen.getAllByText('Today')).toHaveLength(5);
    expect(screen.getByText('Today, 22 Nov 2026')).toBeVisible();
    // Last night's backup is there: no warning.
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Total Invested' }).getAttribute('href')).toBe(
      '/admin/live-stock',
    );
    // Today's figures come from the server's own day: no dates are sent.
    expect(fetchMock.mock.calls.map(([url]) => String(url)).sort()).toEqual([
      '/api/backups',
      '/api/disk-space',
      '/api/expances?from=2026-11-22&to=2026-11-22',
      '/api/low-stock-products',
      '/api/product-sale?limit=5',
      '/api/profit-loss',
      '/api/shop-info',
    ]);
  });

  it('says when returns were taken off the order amount and money was refunded, as the API counts them', async () => {
    mockFetch({ ...answers, 'GET /api/profit-loss': { body: { ...figures, returns: 120, refunds: 80 } } });
    renderRoutes(routes, '/admin');
    await waitFor(() => expect(screen.getByTestId('dash-amount').textContent).toBe('1,255 BDT'));
    expect(screen.getByText('Today, less 120 BDT returned')).toBeVisible();
    expect(screen.getByText('Today · refunds given today: 80 BDT')).toBeVisible();
    expect(screen.getAllByText('Today')).toHaveLength(3);
  });

  it('lists the five best sellers of all time, most sold first, with a link to the report', async () => {
    mockFetch(answers);
    renderRoutes(routes, '/admin');
    await screen.findByText('Miniket Rice');
    const rows = rowsOf('Top selling products');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Miniket Rice1 kg', '420', '12.5'],
      ['Lentils1 kg', '100', '9'],
      ['Onion1 kg', '100', '7'],
      ['Sugar1 kg', '100', '4'],
      ['Flour1 kg', '100', '2'],
    ]);
    expect(screen.queryByText('Salt')).toBeNull();
    expect(screen.getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe(
      '/admin/product-sale',
    );
  });

  it("shows the first five of today's expenses with a link to the expenses screen", async () => {
    mockFetch(answers);
    renderRoutes(routes, '/admin');
    await screen.findByText('Tea for staff');
    const rows = rowsOf("Today's Expance");
    expect(rows.map((row) => row.textContent)).toEqual([
      'Tea for staff60',
      'Rickshaw40',
      'Bags150',
      'Electric bill300',
      'Cleaning50',
    ]);
    expect(screen.queryByText('Pens')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Expance details' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/admin/expance');
  });

  it('lists low stock with the normal price struck through next to an offer price', async () => {
    mockFetch(answers);
    renderRoutes(routes, '/admin');
    await screen.findByText('Soybean Oil');
    const [oil, egg] = rowsOf('Low Stock Products');
    const oilCells = within(oil!).getAllByRole('cell');
    expect(oilCells[0]!.textContent).toBe('2000000000091');
    expect(oilCells[1]!.textContent).toBe('Soybean Oil1 L');
    expect(oilCells[2]!.querySelector('del')?.textContent).toBe('Regular price 190');
    expect(oilCells[2]!.textContent).toBe('Regular price 190175');
    expect(oilCells[3]!.textContent).toBe('160');
    expect(oilCells[4]!.textContent).toBe('0');
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(oil!.closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(oil!)).toEqual(['Price', 'Buy Price', 'QTY']);
    const eggCells = within(egg!).getAllByRole('cell');
    expect(eggCells[2]!.querySelector('del')).toBeNull();
    expect(eggCells.map((cell) => cell.textContent)).toEqual([
      '2000000000046',
      'Egg12 pcs',
      '150',
      '130',
      '3',
    ]);
  });

  it('writes the cards and the tables in Bengali digits in Bangla, barcodes as they are', async () => {
    mockFetch({ ...answers, 'GET /api/profit-loss': { body: { ...figures, order_count: 1234 } } });
    renderRoutes(routes, '/admin');
    await waitFor(() => expect(screen.getByTestId('dash-orders').textContent).toBe('1,234'));
    await screen.findByText('Miniket Rice');
    await screen.findByText('Tea for staff');
    await screen.findByText('Soybean Oil');
    await act(() => setLanguage('bn'));
    expect(screen.getByTestId('dash-orders').textContent).toBe('১,২৩৪');
    expect(screen.getByTestId('dash-amount').textContent).toBe('১,২৫৫ টাকা');
    const cellsOf = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const [top] = rowsOf('সবচেয়ে বেশি বিক্রি হওয়া পণ্য');
    expect(cellsOf(top!)).toEqual(['Miniket Rice1 kg', '৪২০', '১২.৫']);
    const [tea] = rowsOf('আজকের খরচ');
    expect(cellsOf(tea!)).toEqual(['Tea for staff', '৬০']);
    const [oil] = rowsOf('স্টক কম এমন পণ্য');
    expect(cellsOf(oil!)).toEqual(['2000000000091', 'Soybean Oil1 L', 'সাধারণ দাম ১৯০১৭৫', '১৬০', '০']);
  });

  it('names Top selling and Low Stock products in Bangla in Bangla mode, the English name when there is none', async () => {
    mockFetch({
      ...answers,
      'GET /api/product-sale?limit=5': {
        body: [
          { ...sale('Miniket Rice', 12.5, 420), name_bn: 'মিনিকেট চাল', attri_bn: '১ কেজি' },
          { ...sale('Lentils', 9), name_bn: 'মসুর ডাল' },
          sale('Onion', 7),
        ],
      },
      'GET /api/low-stock-products': {
        body: { data: [{ ...lowStock[0], title_bn: 'সয়াবিন তেল', attri_bn: '১ লিটার' }, lowStock[1]] },
      },
    });
    renderRoutes(routes, '/admin');
    await screen.findByText('Miniket Rice');
    await screen.findByText('Soybean Oil');
    const names = (table: string) =>
      rowsOf(table).map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    const lowNames = (table: string) =>
      rowsOf(table).map((row) => within(row).getAllByRole('cell')[1]!.textContent);
    expect(names('Top selling products')).toEqual(['Miniket Rice1 kg', 'Lentils1 kg', 'Onion1 kg']);
    expect(lowNames('Low Stock Products')).toEqual(['Soybean Oil1 L', 'Egg12 pcs']);
    await act(() => setLanguage('bn'));
    expect(names('সবচেয়ে বেশি বিক্রি হওয়া পণ্য')).toEqual(['মিনিকেট চাল১ কেজি', 'মসুর ডাল1 kg', 'Onion1 kg']);
    expect(lowNames('স্টক কম এমন পণ্য')).toEqual(['সয়াবিন তেল১ লিটার', 'Egg12 pcs']);
  });

  it('says so when a list is empty', async () => {
    mockFetch({
      ...answers,
      'GET /api/product-sale?limit=5': { body: [] },
      'GET /api/expances?from=2026-11-22&to=2026-11-22': { body: pageOf([], { totals: { amount: 0 } }) },
      'GET /api/low-stock-products': { body: { data: [] } },
    });
    renderRoutes(routes, '/admin');
    expect(await screen.findByText('Nothing sold yet.')).toBeVisible();
    expect(await screen.findByText('No expance today.')).toBeVisible();
    expect(await screen.findByText('No product is low on stock.')).toBeVisible();
  });

  it('warns when the last backup failed, and when there has been none for two days', async () => {
    mockFetch({
      ...answers,
      'GET /api/backups': {
        body: {
          data: {
            ...backups,
            failure: { at: '2026-11-21T21:00:05.000Z', message: 'ENOSPC: no space left on device' },
          },
        },
      },
    });
    const { unmount } = renderRoutes(routes, '/admin');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The last backup failed: ENOSPC: no space left on device');
    expect(within(alert).getByRole('link', { name: 'Backups' }).getAttribute('href')).toBe(
      '/admin/setting#backups-title',
    );
    unmount();

    vi.setSystemTime(new Date('2026-11-23T19:30:00.000Z'));
    mockFetch(answers);
    renderRoutes(routes, '/admin');
    expect((await screen.findByRole('alert')).textContent).toContain('No backup in the last two days.');
  });

  it('leads who may refund online payments to the ones that need attention, in English and Bangla', async () => {
    const fetchMock = mockFetch({
      ...answers,
      'GET /api/profile': { body: signInStaff('owner', PERMISSIONS) },
      'GET /api/online-payments?per_page=1': {
        body: pageOf([], { path: '/api/online-payments', perPage: 1, totals: { attention: 3 } }),
      },
    });
    renderRoutes(routes, '/admin');
    const link = await screen.findByRole('link', { name: '3 online payments need attention' });
    expect(link).toBeVisible();
    expect(link.getAttribute('href')).toBe('/admin/online-payments');
    expect(link).toHaveClass('badge', 'text-bg-warning');
    // One row is enough: the server counts them over the whole list.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/online-payments?per_page=1');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('link', { name: '৩টি অনলাইন পেমেন্টে নজর দেওয়া দরকার' })).toBeVisible();
  });

  it('says "needs" for one online payment, and shows nothing when none needs attention', async () => {
    const attention = (n: number) => ({
      ...answers,
      'GET /api/profile': { body: signInStaff('owner', PERMISSIONS) },
      'GET /api/online-payments?per_page=1': {
        body: pageOf([], { path: '/api/online-payments', perPage: 1, totals: { attention: n } }),
      },
    });
    mockFetch(attention(1));
    const { unmount } = renderRoutes(routes, '/admin');
    expect(await screen.findByRole('link', { name: '1 online payment needs attention' })).toBeVisible();
    unmount();

    const fetchMock = mockFetch(attention(0));
    renderRoutes(routes, '/admin');
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/online-payments?per_page=1'),
    );
    await screen.findByText('Soybean Oil');
    expect(screen.queryByRole('link', { name: /online payments? needs? attention/ })).toBeNull();
  });

  it('does not ask about online payments for who may not refund them', async () => {
    const fetchMock = mockFetch({
      ...answers,
      'GET /api/profile': {
        body: signInStaff('manager', [...BUILT_IN_ROLE_DEFAULTS.cashier.permissions, 'dashboard.view']),
      },
      'GET /api/online-payments?per_page=1': {
        body: pageOf([], { path: '/api/online-payments', perPage: 1, totals: { attention: 3 } }),
      },
    });
    renderRoutes(routes, '/admin');
    await screen.findByText('Soybean Oil');
    await waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/profile'));
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/online-payments?per_page=1');
    expect(screen.queryByText('3 online payments need attention')).toBeNull();
  });

  it('shows the free disk space, and warns in English and Bangla when the disk is low', async () => {
    mockFetch(answers);
    const { unmount } = renderRoutes(routes, '/admin');
    expect(await screen.findByText('Free disk space: 37.5 GB of 50 GB')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    // The server says it is low (under 10 % or under 1 GB free): a warning says what it means.
    mockFetch({
      ...answers,
      'GET /api/disk-space': { body: { data: { free: Math.round(0.8 * GB), total: 50 * GB, low: true } } },
    });
    renderRoutes(routes, '/admin');
    const alert = await screen.findByRole('alert');
    expect(alert).toBeVisible();
    expect(alert.textContent).toBe(
      "The shop's disk is nearly full: only 819.2 MB of 50 GB is free. When it is full, no order can be taken. Free some space (copy old backups elsewhere, delete files that are not needed) or move the shop to a larger disk.",
    );
    expect(screen.getByText('Free disk space: 819.2 MB of 50 GB')).toBeVisible();
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('alert').textContent).toBe(
      'দোকানের ডিস্ক প্রায় ভরে গেছে: ৫০ জিবি-এর মধ্যে মাত্র ৮১৯.২ এমবি খালি। ডিস্ক ভরে গেলে কোনো অর্ডার নেওয়া যাবে না। কিছু জায়গা খালি করুন (পুরোনো ব্যাকআপ অন্য কোথাও রাখুন, দরকার নেই এমন ফাইল মুছে ফেলুন) অথবা দোকানটি বড় ডিস্কে সরিয়ে নিন।',
    );
    expect(screen.getByText('ডিস্কে খালি জায়গা: ৫০ জিবি-এর মধ্যে ৮১৯.২ এমবি')).toBeVisible();
  });
});
