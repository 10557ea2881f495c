import { PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import type { StatementColumns, StatementMatch } from '@bazar/contracts/statements';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { adminCashRoutes } from '../../app/admin/admin-cash-routes';
import { adminOrderRoutes } from '../../app/admin/admin-order-routes';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, type MockRequest } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { PROFILE_KEY } from '../auth/use-profile';
import { StatementsPage } from './statements-page';

const routes = [{ path: '/admin/statements', element: <StatementsPage /> }];

/** A bKash merchant statement's header as the portal writes it, and its first rows. */
const COLUMNS: StatementColumns = {
  header: ['Date Time', 'Trx ID', 'Transaction Type', 'Amount', 'Balance'],
  sample: [
    ['28/11/2026 10:15 AM', '9JK2A1B3C4', 'Payment', '200.00', '1,200.00'],
    ['28/11/2026 11:02 AM', '9JK2A1B3C5', 'Payment', '155.00', '1,355.00'],
  ],
  mapping: { trx: 'Trx ID', amount: 'Amount', time: 'Date Time' },
  remembered: true,
};

/**
 * 28 Nov 2026: two payments on both sides (the second recorded as 150, 155 on the statement), one
 * recorded by the shop (a refund of order 1003 too) and missing from the statement, one on the
 * statement the shop never recorded; the total line skipped.
 */
const MATCH: StatementMatch = {
  method: 'nagad',
  from: '2026-11-28',
  to: '2026-11-28',
  matched: [
    {
      shop: {
        reference: '9JK2A1B3C4',
        amount: 200,
        kind: 'payment',
        order_id: 1001,
        at: '2026-11-28T04:15:00.000Z',
      },
      statement: { row: 4, reference: '9jk2a1b3c4', amount: 200, time: '28/11/2026 10:15 AM' },
      differs: false,
    },
    {
      shop: {
        reference: '9JK2A1B3C5',
        amount: 150,
        kind: 'payment',
        order_id: 1002,
        at: '2026-11-28T05:02:00.000Z',
      },
      statement: { row: 5, reference: '9JK2A1B3C5', amount: 155, time: '28/11/2026 11:02 AM' },
      differs: true,
    },
  ],
  missing: [
    // 11:30 am in Dhaka.
    {
      reference: '9JK2A1B3C6',
      amount: 1250,
      kind: 'payment',
      order_id: 1003,
      at: '2026-11-28T05:30:00.000Z',
    },
    { reference: '9JK2A1B3C8', amount: -100, kind: 'refund', order_id: null, at: '2026-11-28T08:00:00.000Z' },
  ],
  extra: [{ row: 6, reference: '9JK2Z9Z9Z9', amount: 90, time: '28/11/2026 12:40 PM' }],
  skipped: 1,
};

/** The forms each call was sent, in order. */
function mockStatements(
  answers: {
    columns?: StatementColumns;
    match?: (form: FormData) => StatementMatch | ReturnType<typeof refuse>;
    permissions?: readonly Permission[];
  } = {},
) {
  const sent: { columns: FormData[]; match: FormData[] } = { columns: [], match: [] };
  const form = (req: MockRequest) => req.body as FormData;
  const fetchMock = mockApi({
    'GET /api/profile': signInStaff('owner', answers.permissions ?? PERMISSIONS),
    'POST /api/statements/columns': (req) => {
      sent.columns.push(form(req));
      return { data: answers.columns ?? COLUMNS };
    },
    'POST /api/statements/match': (req) => {
      sent.match.push(form(req));
      const answer = answers.match?.(form(req)) ?? MATCH;
      return 'refused' in answer ? answer : { data: answer };
    },
  });
  return { sent, fetchMock };
}

const statementFile = () =>
  new File(['bKash Merchant Statement\nDate Time,Trx ID,Transaction Type,Amount\n'], 'statement.csv', {
    type: 'text/csv',
  });

/** Step 1 filled in: the method, the file and (when given) the days; then "Read columns". */
async function readColumns(method: string, days?: { from: string; to: string }) {
  fireEvent.change(await screen.findByLabelText('Method'), { target: { value: method } });
  fireEvent.change(screen.getByLabelText('Statement file (CSV or XLSX)'), {
    target: { files: [statementFile()] },
  });
  if (days) {
    fireEvent.change(screen.getByLabelText('From'), { target: { value: days.from } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: days.to } });
  }
  fireEvent.click(screen.getByRole('button', { name: 'Read columns' }));
  return screen.findByRole('form', { name: '2. Columns' });
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map(cellsOf);

afterEach(() => setLanguage('en'));

describe('StatementsPage', () => {
  it('reads the columns of the chosen file, preselected as remembered for the method, with its first rows', async () => {
    const { sent } = mockStatements();
    renderRoutes(routes, '/admin/statements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Match a statement' })).toBeVisible();
    expect(
      within(screen.getByLabelText('Method'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['bKash', 'Nagad', 'Card', 'SSLCommerz']);
    const file = screen.getByLabelText('Statement file (CSV or XLSX)');
    expect(file).toHaveAttribute('type', 'file');
    expect(file.getAttribute('accept')).toMatch(/^\.csv,\.xlsx/);
    // The days are optional: the statement's own when left empty, as the hint under them says.
    expect(screen.getByLabelText('From')).toHaveAccessibleDescription(
      'Leave the days empty to use the days the statement itself covers.',
    );

    const step = await readColumns('nagad');
    expect(sent.columns).toHaveLength(1);
    expect(sent.columns[0]?.get('method')).toBe('nagad');
    expect((sent.columns[0]?.get('file') as File).name).toBe('statement.csv');

    expect(within(step).getByLabelText('Transaction ID column')).toHaveValue('Trx ID');
    expect(within(step).getByLabelText('Amount column')).toHaveValue('Amount');
    expect(within(step).getByLabelText('Time column')).toHaveValue('Date Time');
    expect(
      within(within(step).getByLabelText('Time column'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None', 'Date Time', 'Trx ID', 'Transaction Type', 'Amount', 'Balance']);
    expect(within(step).getByText('Remembered for Nagad')).toBeVisible();
    expect(within(step).getByRole('heading', { name: '2. Columns' })).toHaveFocus();

    const sample = within(step).getByRole('table', { name: 'The first rows of the file' });
    expect(
      within(sample)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(COLUMNS.header);
    expect(rowsOf(sample)).toEqual(COLUMNS.sample);
    // It scrolls sideways on a phone instead of widening the page.
    expect(sample.parentElement).toHaveClass('table-responsive');
  });

  it('says when the columns were only guessed, and when none fits', async () => {
    mockStatements({ columns: { ...COLUMNS, remembered: false } });
    const { unmount } = renderRoutes(routes, '/admin/statements');
    const guessed = await readColumns('bkash');
    expect(
      within(guessed).getByText('Guessed from the column names: check them before matching.'),
    ).toBeVisible();
    expect(within(guessed).queryByText(/Remembered/)).toBeNull();
    unmount();

    mockStatements({ columns: { ...COLUMNS, mapping: null, remembered: false } });
    renderRoutes(routes, '/admin/statements');
    const unknown = await readColumns('card');
    expect(within(unknown).getByText('Choose which column holds what.')).toBeVisible();
    expect(within(unknown).getByLabelText('Transaction ID column')).toHaveDisplayValue('Choose a column');
    expect(within(unknown).getByLabelText('Time column')).toHaveDisplayValue('None');
  });

  it('matches with the chosen columns and days, and lists what matched, what is missing and what is extra', async () => {
    const { sent } = mockStatements();
    renderRoutes(routes, '/admin/statements');
    const step = await readColumns('nagad', { from: '2026-11-28', to: '2026-11-28' });
    fireEvent.change(within(step).getByLabelText('Time column'), { target: { value: '' } });
    fireEvent.click(within(step).getByRole('button', { name: 'Match' }));
    expect(await screen.findByRole('heading', { name: '3. Result' })).toHaveFocus();

    const form = sent.match[0];
    expect(
      ['method', 'trx_column', 'amount_column', 'time_column', 'from', 'to'].map((k) => form?.get(k)),
    ).toEqual(['nagad', 'Trx ID', 'Amount', '', '2026-11-28', '2026-11-28']);
    expect((form?.get('file') as File).name).toBe('statement.csv');

    expect(screen.getByText('Nagad statement, 28 Nov 2026')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Summary' })).toHaveTextContent(
      '2 matched · 1 differ · 2 missing · 1 extra · 1 row skipped',
    );

    const matched = screen.getByRole('table', { name: 'Matched (2)' });
    expect(
      within(matched)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Transaction ID', 'Order', 'Recorded', 'On the statement']);
    expect(rowsOf(matched)).toEqual([
      ['9JK2A1B3C4', '#1001', '200 BDT', '200 BDT'],
      ['9JK2A1B3C5', '#1002', '150 BDT', '155 BDTAmounts differ'],
    ]);
    expect(within(matched).getByRole('link', { name: '#1002' })).toHaveAttribute(
      'href',
      '/admin/print-order/1002',
    );
    expect(within(matched).getAllByText('Amounts differ')).toHaveLength(1);
    expect(within(matched).getByText('Amounts differ')).toHaveClass('badge', 'text-bg-warning');

    const missing = screen.getByRole('table', { name: 'Recorded by the shop, not on the statement (2)' });
    expect(rowsOf(missing)).toEqual([
      ['9JK2A1B3C6', '#1003', '1,250 BDT', '28 Nov 2026, 11:30 am'],
      ['9JK2A1B3C8Refund', '—', '−100 BDT', '28 Nov 2026, 2:00 pm'],
    ]);

    const extra = screen.getByRole('table', { name: 'On the statement, never recorded (1)' });
    expect(
      within(extra)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Row', 'Transaction ID', 'Amount', 'Time']);
    expect(rowsOf(extra)).toEqual([['6', '9JK2Z9Z9Z9', '90 BDT', '28/11/2026 12:40 PM']]);
  });

  it('says so when a list is empty, and leaves the days out for the statement’s own', async () => {
    const { sent } = mockStatements({
      match: () => ({ ...MATCH, from: '2026-11-27', to: '2026-11-28', missing: [], extra: [], skipped: 2 }),
    });
    renderRoutes(routes, '/admin/statements');
    fireEvent.click(within(await readColumns('bkash')).getByRole('button', { name: 'Match' }));
    expect(
      await screen.findByText('Every payment the shop recorded in these days is on the statement.'),
    ).toBeVisible();
    expect(screen.getByText('The shop recorded every transaction of the statement.')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'On the statement, never recorded (0)' })).toBeVisible();
    expect(screen.queryAllByRole('table', { name: /\(0\)/ })).toEqual([]);
    expect(screen.getByText('Nagad statement, 27 Nov 2026 – 28 Nov 2026')).toBeVisible();
    expect(screen.getByRole('status', { name: 'Summary' })).toHaveTextContent('2 rows skipped');
    expect(sent.match[0]?.has('from')).toBe(false);
    expect(sent.match[0]?.has('to')).toBe(false);
  });

  it('asks for a file before reading, without calling the server', async () => {
    const { fetchMock } = mockStatements();
    renderRoutes(routes, '/admin/statements');
    fireEvent.click(await screen.findByRole('button', { name: 'Read columns' }));
    const file = screen.getByLabelText('Statement file (CSV or XLSX)');
    expect(await screen.findByText('Choose the statement file.')).toBeVisible();
    expect(file).toHaveAttribute('aria-invalid', 'true');
    expect(file).toHaveAccessibleDescription(expect.stringContaining('Choose the statement file.'));
    expect(callsTo(fetchMock, 'POST /api/statements/columns')).toHaveLength(0);
    // Choosing one takes the message away.
    fireEvent.change(file, { target: { files: [statementFile()] } });
    expect(screen.queryByText('Choose the statement file.')).toBeNull();
  });

  it('shows the server’s refusal under the field it names: a column the file lacks, days it has none of', async () => {
    mockStatements({
      match: (form) =>
        form.get('trx_column') === 'Trx ID'
          ? refuse(422, {
              message: 'The given data was invalid.',
              errors: { trx_column: ['The file has no column "Trx ID".'] },
            })
          : refuse(422, {
              message: 'The given data was invalid.',
              errors: { from: ['Say which days the statement covers.'] },
            }),
    });
    renderRoutes(routes, '/admin/statements');
    const step = await readColumns('bkash');
    fireEvent.click(within(step).getByRole('button', { name: 'Match' }));
    const trx = within(step).getByLabelText('Transaction ID column');
    expect(await within(step).findByText('The file has no column "Trx ID".')).toBeVisible();
    expect(trx).toHaveAttribute('aria-invalid', 'true');
    expect(trx).toHaveAccessibleDescription('The file has no column "Trx ID".');
    // Under that select, not above the form, and no result.
    expect(trx.parentElement).toContainElement(within(step).getByText('The file has no column "Trx ID".'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('heading', { name: '3. Result' })).toBeNull();

    // Another column takes the message away; the next refusal names the From day.
    fireEvent.change(trx, { target: { value: 'Transaction Type' } });
    expect(within(step).queryByText('The file has no column "Trx ID".')).toBeNull();
    fireEvent.click(within(step).getByRole('button', { name: 'Match' }));
    expect(await screen.findByText('Say which days the statement covers.')).toBeVisible();
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a refusal that names no field above the form', async () => {
    mockApi({
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'POST /api/statements/columns': refuse(403, { message: 'You may not close the cash.' }),
    });
    renderRoutes(routes, '/admin/statements');
    fireEvent.change(await screen.findByLabelText('Statement file (CSV or XLSX)'), {
      target: { files: [statementFile()] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Read columns' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not close the cash.');
    expect(screen.queryByRole('form', { name: '2. Columns' })).toBeNull();
  });

  it('starts the columns again when another file or method is chosen', async () => {
    mockStatements();
    renderRoutes(routes, '/admin/statements');
    const step = await readColumns('bkash');
    fireEvent.click(within(step).getByRole('button', { name: 'Match' }));
    await screen.findByRole('heading', { name: '3. Result' });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'card' } });
    expect(screen.queryByRole('form', { name: '2. Columns' })).toBeNull();
    expect(screen.queryByRole('heading', { name: '3. Result' })).toBeNull();
  });

  it('drops the columns of a file that was changed while they were being read', async () => {
    let answer: (columns: { data: StatementColumns }) => void = () => undefined;
    mockApi({
      'GET /api/profile': signInStaff('owner', PERMISSIONS),
      'POST /api/statements/columns': () => new Promise((resolve) => (answer = resolve)),
    });
    renderRoutes(routes, '/admin/statements');
    const file = await screen.findByLabelText('Statement file (CSV or XLSX)');
    fireEvent.change(file, { target: { files: [statementFile()] } });
    fireEvent.click(screen.getByRole('button', { name: 'Read columns' }));
    expect(await screen.findByRole('button', { name: 'Reading…' })).toBeDisabled();
    fireEvent.change(file, { target: { files: [statementFile()] } });
    await act(async () => answer({ data: COLUMNS }));
    expect(await screen.findByRole('button', { name: 'Read columns' })).toBeEnabled();
    expect(screen.queryByRole('form', { name: '2. Columns' })).toBeNull();
  });

  it('reads in Bangla, numbers in Bengali digits, transaction ids as they are', async () => {
    mockStatements();
    renderRoutes(routes, '/admin/statements');
    await screen.findByRole('heading', { level: 1, name: 'Match a statement' });
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'স্টেটমেন্ট মেলান' })).toBeVisible();
    expect(
      within(screen.getByLabelText('মাধ্যম'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['বিকাশ', 'নগদ', 'কার্ড', 'এসএসএলকমার্জ']);
    fireEvent.change(screen.getByLabelText('স্টেটমেন্ট ফাইল (CSV বা XLSX)'), {
      target: { files: [statementFile()] },
    });
    expect(screen.getByLabelText('শুরু')).toHaveAttribute('type', 'date');
    fireEvent.click(screen.getByRole('button', { name: 'কলাম পড়ুন' }));
    const step = await screen.findByRole('form', { name: '২. কলাম' });
    expect(within(step).getByLabelText('ট্রানজ্যাকশন আইডির কলাম')).toHaveValue('Trx ID');
    expect(within(step).getByLabelText('টাকার কলাম')).toHaveValue('Amount');
    expect(within(step).getByLabelText('সময়ের কলাম')).toHaveValue('Date Time');
    expect(within(step).getByText('বিকাশ-এর জন্য মনে রাখা কলাম')).toBeVisible();
    fireEvent.click(within(step).getByRole('button', { name: 'মেলান' }));

    expect(await screen.findByRole('heading', { name: '৩. ফলাফল' })).toBeVisible();
    expect(screen.getByText('নগদ-এর স্টেটমেন্ট, ২৮ নভে, ২০২৬')).toBeVisible();
    expect(screen.getByRole('status', { name: 'সারসংক্ষেপ' })).toHaveTextContent(
      '২টি মিলেছে · ১টিতে টাকার গরমিল · ২টি স্টেটমেন্টে নেই · ১টি দোকানে লেখা নেই · ১টি সারি বাদ',
    );
    const matched = screen.getByRole('table', { name: 'মিলেছে (২)' });
    expect(rowsOf(matched)[1]).toEqual(['9JK2A1B3C5', '#1002', '১৫০ টাকা', '১৫৫ টাকাটাকার গরমিল']);
    const missing = screen.getByRole('table', { name: 'দোকানে লেখা আছে, স্টেটমেন্টে নেই (২)' });
    expect(rowsOf(missing)[1]?.slice(0, 3)).toEqual(['9JK2A1B3C8রিফান্ড', '—', '−১০০ টাকা']);
    const extra = screen.getByRole('table', { name: 'স্টেটমেন্টে আছে, দোকানে কখনো লেখা হয়নি (১)' });
    expect(rowsOf(extra)).toEqual([['৬', '9JK2Z9Z9Z9', '৯০ টাকা', '28/11/2026 12:40 PM']]);
  });
});

describe('the Match a statement route and links', () => {
  it('is /admin/statements, for who closes the cash, and opens this screen', async () => {
    const route = adminCashRoutes.find((r) => r.path === 'statements');
    expect(route?.handle).toEqual({ permission: 'cash.close' });
    mockStatements();
    renderRoutes([{ path: '/admin', children: adminCashRoutes }], '/admin/statements');
    expect(await screen.findByRole('heading', { level: 1, name: 'Match a statement' })).toBeVisible();
  });

  /** Renders a screen for a member of staff, and waits until their permissions are known. */
  async function asStaff(path: string, children: typeof adminCashRoutes, permissions: Permission[]) {
    localStorage.clear();
    mockApi({
      'GET /api/profile': signInStaff('manager', permissions),
      'GET /api/day-close': { data: DAY },
      'GET /api/online-payments': pageOf([], { path: '/api/online-payments', totals: { attention: 0 } }),
    });
    const view = renderRoutes([{ path: '/admin', children }], path);
    await waitFor(() => expect(view.queryClient.getQueryState([PROFILE_KEY, 'tok'])?.status).toBe('success'));
    // The permissions reach the screen on the next render.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return view;
  }

  it('is linked from the Day close header (not on paper) for who closes the cash only', async () => {
    const { unmount } = await asStaff('/admin/day-close', adminCashRoutes, ['reports.view', 'cash.close']);
    const link = await screen.findByRole('link', { name: 'Match a statement' });
    expect(link).toHaveAttribute('href', '/admin/statements');
    expect(link.closest('.d-print-none')).not.toBeNull();
    unmount();

    await asStaff('/admin/day-close', adminCashRoutes, ['reports.view']);
    await screen.findByRole('heading', { level: 1, name: 'Day close' });
    expect(screen.queryByRole('link', { name: 'Match a statement' })).toBeNull();
  });

  it('is linked from the Online payments header for who closes the cash only', async () => {
    const both: Permission[] = ['orders.refund_online', 'cash.close'];
    const { unmount } = await asStaff('/admin/online-payments', adminOrderRoutes, both);
    expect(await screen.findByRole('link', { name: 'Match a statement' })).toHaveAttribute(
      'href',
      '/admin/statements',
    );
    unmount();

    await asStaff('/admin/online-payments', adminOrderRoutes, ['orders.refund_online']);
    await screen.findByRole('heading', { level: 1, name: 'Online payments' });
    expect(screen.queryByRole('link', { name: 'Match a statement' })).toBeNull();
  });
});

/** An empty shop day for the Day close screen. */
const DAY = {
  day: '2026-11-28',
  methods: [],
  cash: {
    float: 0,
    sales: 0,
    refunds: 0,
    moves: 0,
    expenses: 0,
    suppliers: 0,
    expected: 0,
    outside_shifts: 0,
    counted: null,
    difference: null,
  },
  shifts: [],
  dues: { given: 0, collected: 0 },
  advance: { added: 0, used: 0 },
  suppliers: 0,
  expenses: 0,
};
