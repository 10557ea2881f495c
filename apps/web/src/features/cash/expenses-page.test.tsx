import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { shopTimeIn } from '../../lib/shop-time';
import { callsTo, mockApi, mockFetch, refuse, sentBody } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { catchDownloads, exportCalls } from '../../test/downloads';
import { renderRoutes } from '../../test/render';
import { ExpensesPage } from './expenses-page';

const routes = [{ path: '/admin/expance', element: <ExpensesPage /> }];

const expense = (
  id: number,
  details: string,
  amount: number,
  created = '2026-11-20T06:00:00.000Z',
  category = 'Other',
) => ({ id, details, amount, category, created });

const listed = [
  expense(2, 'Electric bill', 1200, undefined, 'Utilities'),
  expense(1, 'Shop rent', 5000, '2026-10-31T06:00:00.000Z', 'Rent'),
];

/** The categories as the server seeds them. */
const seeded = [
  { id: 1, title: 'Rent', title_bn: 'ভাড়া' },
  { id: 2, title: 'Salary', title_bn: 'বেতন' },
  { id: 3, title: 'Utilities', title_bn: 'বিদ্যুৎ-গ্যাস-পানি' },
  { id: 4, title: 'Transport', title_bn: 'যাতায়াত' },
  { id: 5, title: 'Other', title_bn: 'অন্যান্য' },
];
const categoriesAnswer = { data: seeded };
const today = shopTimeIn('Asia/Dhaka').day();

afterEach(() => setLanguage('en'));

type Row = ReturnType<typeof expense>;
/** The list's answer: the rows as one page, with the range's total as the server counts it. */
const listAnswer = (rows: Row[], more: { amount?: number; total?: number; page?: number } = {}) =>
  pageOf(rows, {
    totals: { amount: more.amount ?? rows.reduce((sum, row) => sum + row.amount, 0) },
    total: more.total ?? rows.length,
    page: more.page ?? 1,
  });

const rowOf = (id: number) => document.querySelector(`tr[data-expense-id="${id}"]`) as HTMLElement;

const amounts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1, -1)
    .map((row) => within(row).getAllByRole('cell').at(-1)?.textContent);

describe('ExpensesPage', () => {
  it('lists every expense at first with a Total row, then the chosen dates', async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': ({ query }) =>
        query.get('from') === '2026-11-01' && query.get('to') === '2026-11-30'
          ? listAnswer([listed[0]!])
          : listAnswer(listed),
    });
    const { router } = renderRoutes(routes, '/admin/expance');
    expect(await screen.findByText('Shop rent')).toBeVisible();
    // Each expense's day and category.
    expect(within(rowOf(2)).getByText('20 Nov 2026')).toBeVisible();
    expect(within(rowOf(2)).getByText('Utilities')).toBeVisible();
    expect(within(rowOf(1)).getByText('31 Oct 2026')).toBeVisible();
    expect(amounts()).toEqual(['1,200', '5,000']);
    expect(screen.getByRole('rowheader', { name: 'Total' })).toBeVisible();
    expect(screen.getByTestId('expenses-total').textContent).toBe('6,200 BDT');

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Shop rent')).toBeNull());
    expect(screen.getByTestId('expenses-total').textContent).toBe('1,200 BDT');
    expect(callsTo(fetchMock, 'GET /api/expances').map((url) => url.search)).toEqual([
      '',
      '?from=2026-11-01&to=2026-11-30',
    ]);
    // The dates are in the address: a reload or a shared link shows the same expenses.
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-30');
  });

  it('opens on the dates and the page its address names, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 60 expenses in the range: two pages of 50.
        if (page > 2) return listAnswer([], { amount: 9000, total: 60, page });
        return listAnswer(page === 2 ? [expense(9, 'Van repair', 700)] : listed, {
          amount: 9000,
          total: 60,
          page,
        });
      },
    });
    const { router } = renderRoutes(routes, '/admin/expance?from=2026-11-01&page=9');
    expect(await screen.findByText('Van repair')).toBeVisible();
    expect(router.state.location.search).toBe('?from=2026-11-01&page=2');
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-01');
    expect(callsTo(fetchMock, 'GET /api/expances').map((url) => url.search)).toEqual([
      '?from=2026-11-01&page=9',
      '?from=2026-11-01&page=2',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('Shop rent')).toBeVisible();
    expect(router.state.location.search).toBe('?from=2026-11-01');
  });

  it('downloads the expenses of the dates searched', async () => {
    const { saved, restore } = catchDownloads();
    const fetchMock = mockFetch({
      'GET /api/expances': { body: listAnswer(listed) },
      'GET /api/expances?from=2026-11-01': { body: listAnswer([listed[0]!]) },
      'GET /api/export/expenses.csv': { body: '' },
      'GET /api/export/expenses.xlsx?from=2026-11-01': { body: '' },
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    const download = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(download).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('Shop rent')).toBeNull());
    fireEvent.click(within(download).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(exportCalls(fetchMock)).toEqual([
      '/api/export/expenses.csv',
      '/api/export/expenses.xlsx?from=2026-11-01',
    ]);
    restore();
  });

  it('adds an expense, says "Expance added" and shows it in the refreshed list', async () => {
    let rows = [...listed];
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': () => listAnswer(rows),
      'POST /api/expance/add': ({ body }) => {
        const sent = body as { detail: string; amount: number };
        const added = expense(3, sent.detail, sent.amount, '2026-11-22T05:00:00.000Z');
        rows = [added, ...rows];
        return { message: 'Expance added', data: added };
      },
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Tea for staff' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Expance added')).toBeVisible();
    // Other and today unless chosen.
    expect(sentBody(fetchMock, 'POST /api/expance/add')).toEqual({
      detail: 'Tea for staff',
      amount: 250,
      category: 'Other',
      date: today,
    });
    expect(await screen.findByText('Tea for staff')).toBeVisible();
    expect(amounts()).toEqual(['250', '1,200', '5,000']);
    expect(screen.getByTestId('expenses-total').textContent).toBe('6,450 BDT');
    expect((screen.getByLabelText('Details') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('');
  });

  it('takes an amount typed in Bengali digits (১২০ is 120)', async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': () => listAnswer([]),
      'POST /api/expance/add': {
        message: 'Expance added',
        data: expense(9, 'Tea', 120, '2026-11-22T05:00:00.000Z'),
      },
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('No expance in this period.');
    // A text field with the number pad: type="number" would drop Bengali digits.
    expect((screen.getByLabelText('Amount') as HTMLInputElement).type).toBe('text');
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Tea' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '১২০' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Expance added')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/expance/add')).toEqual({
      detail: 'Tea',
      amount: 120,
      category: 'Other',
      date: today,
    });
  });

  it('checks the fields before sending anything', async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': listAnswer([]),
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('No expance in this period.');
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Write what the money was spent on.')).toBeVisible();
    expect(screen.getByLabelText('Details')).toHaveAccessibleDescription(
      'Write what the money was spent on.',
    );
    expect(screen.getByText('Enter a whole amount of at least 1 taka.')).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription(
      'Enter a whole amount of at least 1 taka.',
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    // Each mark goes as soon as its field is fixed, before the next Add.
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12' } });
    await waitFor(() => expect(screen.queryByText('Enter a whole amount of at least 1 taka.')).toBeNull());
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('Write what the money was spent on.')).toBeVisible();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Tea' } });
    await waitFor(() => expect(screen.queryByText('Write what the money was spent on.')).toBeNull());
  });

  it("shows the server's 422 message under its field, and in a toast when it names none", async () => {
    let answer: { message: string; errors?: Record<string, string[]> } = {
      message: 'The amount is too large.',
      errors: { amount: ['The amount is too large.'] },
    };
    mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': listAnswer(listed),
      'POST /api/expance/add': () => refuse(422, answer),
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Generator' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('The amount is too large.')).toBeVisible();
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount')).toHaveAccessibleDescription('The amount is too large.');
    expect(screen.queryByText('Expance added')).toBeNull();

    answer = { message: 'Expenses are closed for today.' };
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Expenses are closed for today.')).toBeVisible();
    expect((screen.getByLabelText('Details') as HTMLInputElement).value).toBe('Generator');
    expect(amounts()).toEqual(['1,200', '5,000']);
  });

  it("pages a long range and shows the whole range's Total from the server", async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': ({ query }) =>
        query.get('page') === '2'
          ? listAnswer([expense(9, 'Van repair', 700)], { amount: 96200, total: 120, page: 2 })
          : listAnswer(listed, { amount: 96200, total: 120 }),
    });
    const { router } = renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    expect(screen.getByTestId('expenses-total').textContent).toBe('96,200 BDT');
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Van repair')).toBeVisible();
    expect(screen.queryByText('Shop rent')).toBeNull();
    expect(screen.getByTestId('expenses-total').textContent).toBe('96,200 BDT');
    expect(callsTo(fetchMock, 'GET /api/expances')).toHaveLength(2);
    expect(router.state.location.search).toBe('?page=2');
  });

  it('writes an expense with a category and an earlier day, never a later one', async () => {
    const fetchMock = mockApi({
      'GET /api/expense-categories': categoriesAnswer,
      'GET /api/expances': listAnswer(listed),
      'POST /api/expance/add': ({ body }) => {
        const sent = body as { detail: string; amount: number; category: string };
        const added = expense(3, sent.detail, sent.amount, '2026-11-01T06:00:00.000Z', sent.category);
        return { message: 'Expance added', data: added };
      },
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    const category = screen.getByLabelText('Category') as HTMLSelectElement;
    await waitFor(() => expect(category.value).toBe('Other'));
    expect([...category.options].map((o) => o.textContent)).toEqual([
      'Rent',
      'Salary',
      'Utilities',
      'Transport',
      'Other',
    ]);
    const date = screen.getByLabelText('Date') as HTMLInputElement;
    expect(date.value).toBe(today);
    expect(date.getAttribute('max')).toBe(today);

    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'November rent' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '15000' } });
    fireEvent.change(category, { target: { value: 'Rent' } });
    fireEvent.change(date, { target: { value: '2099-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('The date may not be in the future.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(date, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Choose the date.')).toBeVisible();

    fireEvent.change(date, { target: { value: '2026-11-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Expance' }));
    expect(await screen.findByText('Expance added')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/expance/add')).toEqual({
      detail: 'November rent',
      amount: 15000,
      category: 'Rent',
      date: '2026-11-01',
    });
    // A fresh form: Other, today.
    await waitFor(() => expect(category.value).toBe('Other'));
    expect(date.value).toBe(today);
  });

  it('names the categories in Bangla, the English name when one has none', async () => {
    mockApi({
      'GET /api/expense-categories': { data: [...seeded, { id: 6, title: 'Packaging', title_bn: '' }] },
      'GET /api/expances': listAnswer([
        ...listed,
        expense(7, 'Bags', 120, undefined, 'Packaging'),
        // Its category deleted since: shown as it was written.
        expense(8, 'Guard', 300, undefined, 'Security'),
      ]),
    });
    renderRoutes(routes, '/admin/expance');
    await screen.findByText('Shop rent');
    await act(() => setLanguage('bn'));
    expect(within(rowOf(1)).getByText('ভাড়া')).toBeVisible();
    expect(within(rowOf(2)).getByText('বিদ্যুৎ-গ্যাস-পানি')).toBeVisible();
    expect(within(rowOf(7)).getByText('Packaging')).toBeVisible();
    expect(within(rowOf(8)).getByText('Security')).toBeVisible();
    expect(within(rowOf(2)).getByText('২০ নভে, ২০২৬')).toBeVisible();
    const category = screen.getByLabelText('খাত') as HTMLSelectElement;
    expect(category.selectedOptions[0]?.textContent).toBe('অন্যান্য');
    // The spec's texts, in Bangla.
    expect(screen.getByRole('button', { name: 'খরচ যোগ করুন' })).toBeVisible();
  });

  it('keeps the categories: adds one with its Bangla name, refuses a name taken, deletes one', async () => {
    let rows = [...seeded];
    const fetchMock = mockApi({
      'GET /api/expense-categories': () => ({ data: rows }),
      'GET /api/expances': listAnswer(listed),
      'POST /api/expense-category/add': ({ body }) => {
        const sent = body as { title: string; title_bn: string };
        if (rows.some((c) => c.title.toLowerCase() === sent.title.toLowerCase()))
          return refuse(409, { message: 'A category with this title exists already.' });
        const made = { id: 9, ...sent };
        rows = [...rows, made];
        return { data: made };
      },
      'DELETE /api/expense-category/:id': ({ params }) => {
        rows = rows.filter((c) => c.id !== Number(params.id));
        return { message: 'Category deleted' };
      },
    });
    renderRoutes(routes, '/admin/expance');
    const editor = within(await screen.findByRole('region', { name: 'Expense categories' }));
    await editor.findByText('Transport');

    fireEvent.click(editor.getByRole('button', { name: 'Add' }));
    expect(await editor.findByText('Enter a name.')).toBeVisible();

    fireEvent.change(editor.getByLabelText('Name'), { target: { value: 'rent' } });
    fireEvent.click(editor.getByRole('button', { name: 'Add' }));
    expect(await editor.findByText('A category with this title exists already.')).toBeVisible();

    fireEvent.change(editor.getByLabelText('Name'), { target: { value: 'Packaging' } });
    fireEvent.change(editor.getByLabelText('Name (Bangla)'), { target: { value: 'প্যাকেজিং' } });
    fireEvent.click(editor.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category added')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/expense-category/add', 1)).toEqual({
      title: 'Packaging',
      title_bn: 'প্যাকেজিং',
    });
    expect(await editor.findByText('Packaging')).toBeVisible();
    // The form's choices follow the list.
    await waitFor(() =>
      expect(
        [...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.value),
      ).toContain('Packaging'),
    );

    fireEvent.click(editor.getByRole('button', { name: 'Delete Transport' }));
    expect(await screen.findByText('Category deleted')).toBeVisible();
    await waitFor(() => expect(editor.queryByText('Transport')).toBeNull());
  });
});
