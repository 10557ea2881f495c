import { BUILT_IN_ROLE_DEFAULTS, PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { signInStaff } from '../../test/staff';
import { LocationProbe, renderRoutes } from '../../test/render';
import type { Customer } from './customers-api';
import { CustomersPage } from './customers-page';

const routes = [
  {
    path: '/admin/customers',
    element: (
      <>
        <CustomersPage />
        <LocationProbe />
      </>
    ),
  },
  { path: '/admin/orders', element: <LocationProbe /> },
];

const customer = (overrides: Partial<Customer> = {}): Customer => ({
  id: 5,
  credit_limit: null,
  sms_opt_out: false,
  name: 'Rahim Uddin',
  phone: '01711111111',
  area: 'Mirpur',
  address: 'House 9, Road 4',
  balance: 120,
  point: 3,
  status: 1,
  due: 0,
  lang: 'en',
  ...overrides,
});

/** One page of customers as the server answers it (20 a page). */
const page = (data: Customer[], more: { total?: number; page?: number } = {}) =>
  pageOf(data, { perPage: 20, total: more.total ?? data.length, page: more.page ?? 1 });

/**
 * The areas Quick Edit offers come from the delivery settings, whose endpoint is declared elsewhere:
 * answered here beside the customers' own calls.
 */
function withAreas(fetchMock: ReturnType<typeof mockApi>) {
  const areas = {
    data: [
      { id: 1, title: 'Dhanmondi', title_bn: 'ধানমন্ডি' },
      { id: 2, title: 'Uttara', title_bn: 'উত্তরা' },
    ],
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/areas'
        ? Promise.resolve(new Response(JSON.stringify(areas), { status: 200 }))
        : fetchMock(input, init),
    ),
  );
  return fetchMock;
}

/** Signs in a member of staff with these permissions (the profile the back office reads). */
const signedInWith = (permissions: readonly Permission[]) => ({
  'GET /api/profile': signInStaff('staff', permissions),
});

const callsWith = (fetchMock: ReturnType<typeof mockApi>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).length;

async function openMenu(name = 'Rahim Uddin', phone = '01711111111') {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name} (${phone})` }));
}

async function openQuickEdit() {
  await openMenu();
  fireEvent.click(await screen.findByRole('button', { name: 'Quick Edit' }));
  return screen.findByRole('dialog', { name: 'Customer Edit' });
}

/** The names the list shows, in its order. */
const names = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('CustomersPage', () => {
  it('lists Name, Phone, Area, Balance and what each customer owes, and pages through the list', async () => {
    const fetchMock = mockApi({
      'GET /api/customers': ({ query }) =>
        query.get('page') === '2'
          ? page([customer({ id: 3, name: 'Salma Akter' })], { total: 45, page: 2 })
          : page(
              [customer({ due: 450 }), customer({ id: 4, name: 'Karim', phone: '01822222222', balance: 0 })],
              { total: 45 },
            ),
    });
    renderRoutes(routes, '/admin/customers');
    const row = (await screen.findByText('Rahim Uddin')).closest('tr')!;
    expect(within(row).getByText('01711111111')).toBeVisible();
    expect(within(row).getByText('Mirpur')).toBeVisible();
    expect(within(row).getByText('120')).toBeVisible();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Name',
      'Phone',
      'Area',
      'Balance',
      'Due',
      'Actions',
    ]);
    // The advance balance, then the dues beside it; the name opens the customer's page.
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(3, 5)
        .map((cell) => cell.textContent),
    ).toEqual(['120', '450']);
    expect(within(row).getByRole('link', { name: 'Rahim Uddin' }).getAttribute('href')).toBe(
      '/admin/customer/5',
    );
    // A phone hides the heads (admin-cards.css): each figure carries its column's name.
    expect(row.closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(row)).toEqual(['Phone', 'Area', 'Balance', 'Due']);
    // The server's count of the page (20 a page), whatever rows the mock gives.
    expect(screen.getByText('1–2 of 45')).toBeVisible();

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.querySelector('.pagination')).toHaveClass('pagination-sm', 'justify-content-end');
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Salma Akter')).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/admin/customers?page=2');
    expect(screen.getByText('21–21 of 45')).toBeVisible();
    expect(callsTo(fetchMock, 'GET /api/customers').map((url) => url.search)).toEqual(['', '?page=2']);
  });

  it('opens on the page its address names, and a page past the end shows the last', async () => {
    const fetchMock = mockApi({
      'GET /api/customers': ({ query }) => {
        const at = Number(query.get('page') ?? 1);
        // 45 customers: three pages of 20.
        if (at > 3) return page([], { total: 45, page: at });
        return page([customer({ id: 50 - at, name: `Customer of page ${at}` })], { total: 45, page: at });
      },
    });
    renderRoutes(routes, '/admin/customers?page=7');
    await screen.findByText('Customer of page 3');
    expect(names()).toEqual(['Customer of page 3']);
    expect(screen.getByTestId('location').textContent).toBe('/admin/customers?page=3');
    expect(callsTo(fetchMock, 'GET /api/customers').map((url) => url.search)).toEqual(['?page=7', '?page=3']);
    fireEvent.click(
      within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('button', { name: 'Page 1' }),
    );
    await screen.findByText('Customer of page 1');
    expect(names()).toEqual(['Customer of page 1']);
    expect(screen.getByTestId('location').textContent).toBe('/admin/customers');
  });

  it('hides the page links when every customer fits on one page, and says when there are none', async () => {
    mockApi({ 'GET /api/customers': page([]) });
    renderRoutes(routes, '/admin/customers');
    expect(await screen.findByText('No customers yet.')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('keeps the spec row menu (Quick Edit, View Orders, Delete) and adds the customer dues page', async () => {
    mockApi({ 'GET /api/customers': page([customer()]) });
    renderRoutes(routes, '/admin/customers');
    await openMenu();
    await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeInTheDocument());
    const menu = document.querySelector('.dropdown-menu.show') as HTMLElement;
    expect([...menu.querySelectorAll('.dropdown-item')].map((item) => item.textContent)).toEqual([
      'Quick Edit',
      'View Orders',
      'Dues',
      'Delete',
    ]);
    expect(within(menu).getByRole('link', { name: 'Dues' }).getAttribute('href')).toBe('/admin/customer/5');
  });

  it('keeps one row menu open, and View Orders goes to the orders of the phone', async () => {
    mockApi({
      'GET /api/customers': page([customer(), customer({ id: 4, name: 'Karim', phone: '01822222222' })]),
    });
    renderRoutes(routes, '/admin/customers');
    await openMenu();
    await openMenu('Karim', '01822222222');
    await waitFor(() => expect(document.querySelectorAll('.dropdown-menu.show')).toHaveLength(1));
    const menu = document.querySelector('.dropdown-menu.show') as HTMLElement;
    fireEvent.click(within(menu).getByRole('link', { name: 'View Orders' }));
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toBe('/admin/orders?field=Phone&value=01822222222'),
    );
  });

  it('quick edit refuses an empty name with "Name is requried" and sends nothing', async () => {
    const fetchMock = withAreas(mockApi({ 'GET /api/customers': page([customer()]) }));
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Rahim Uddin');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Name is requried')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('quick edit sends name, area, address, balance, point and language, updates the row and closes', async () => {
    const edited = customer({ area: 'Uttara', address: 'Flat 2B', balance: 250 });
    let saved = false;
    const fetchMock = withAreas(
      mockApi({
        ...signedInWith(PERMISSIONS),
        'GET /api/customers': () => page([saved ? edited : customer()]),
        'POST /api/customer/edit/:id': () => {
          saved = true;
          return { message: 'Customer update', data: edited };
        },
      }),
    );
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    await waitFor(() => expect(within(dialog).getByLabelText('Balance')).not.toHaveAttribute('readonly'));
    // Mirpur is not in the area list any more, and still the chosen one.
    const area = within(dialog).getByLabelText('Area') as HTMLSelectElement;
    await within(dialog).findByRole('option', { name: 'Uttara' });
    expect(area.value).toBe('Mirpur');
    fireEvent.change(area, { target: { value: 'Uttara' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'Flat 2B' } });
    fireEvent.change(within(dialog).getByLabelText('Balance'), { target: { value: '250' } });
    fireEvent.change(within(dialog).getByLabelText('Point'), { target: { value: '' } });
    // The customer's language (English so far) for their SMS and invoices.
    const language = within(dialog).getByLabelText('Language') as HTMLSelectElement;
    expect(language.value).toBe('en');
    fireEvent.change(language, { target: { value: 'bn' } });
    // Their own credit limit (empty: the shop's), and no reminder SMS.
    expect(within(dialog).getByLabelText('Credit limit (BDT)')).toHaveValue('');
    fireEvent.change(within(dialog).getByLabelText('Credit limit (BDT)'), { target: { value: '800' } });
    fireEvent.click(within(dialog).getByLabelText('No reminder or marketing SMS'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/customer/edit/5')).toEqual({
      name: 'Rahim Uddin',
      area: 'Uttara',
      address: 'Flat 2B',
      balance: 250,
      point: 0,
      lang: 'bn',
      credit_limit: 800,
      sms_opt_out: true,
    });
    expect(await screen.findByText('Customer update')).toBeVisible();
    const row = document.querySelector('tr[data-customer-id="5"]') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 4)
        .map((cell) => cell.textContent),
    ).toEqual(['01711111111', 'Uttara', '250']);
  });

  it("shows a cashier the balance and points, but read only: the shop's money is the owner's to change", async () => {
    withAreas(
      mockApi({
        ...signedInWith(BUILT_IN_ROLE_DEFAULTS.cashier.permissions),
        'GET /api/customers': page([customer({ balance: 120 })]),
      }),
    );
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    await waitFor(() => expect(within(dialog).getByLabelText('Balance')).toHaveAttribute('readonly'));
    expect(within(dialog).getByLabelText('Balance')).toHaveValue('120');
    expect(within(dialog).getByLabelText('Point')).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText('Address')).not.toHaveAttribute('readonly');
  });

  it("shows the server's 422 message in the error area", async () => {
    withAreas(
      mockApi({
        'GET /api/customers': page([customer()]),
        'POST /api/customer/edit/:id': refuse(422, {
          message: 'The address may not be greater than 500 characters.',
          errors: { address: ['The address may not be greater than 500 characters.'] },
        }),
      }),
    );
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The address may not be greater than 500 characters.');
    expect(within(dialog).getByLabelText('Address')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Customer Edit' })).toBeVisible();
  });

  it('deletes after a confirmation that names the customer, and drops the row', async () => {
    let deleted = false;
    const fetchMock = mockApi({
      'GET /api/customers': () => page(deleted ? [] : [customer()]),
      'DELETE /api/customer/delete/:id': ({ params }) => {
        deleted = params.id === '5';
        return { message: 'Customer deleted' };
      },
    });
    renderRoutes(routes, '/admin/customers');
    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(dialog.textContent).toContain('Rahim Uddin (01711111111)');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsWith(fetchMock, 'DELETE')).toBe(0);

    await openMenu();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Customer deleted')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    expect(callsWith(fetchMock, 'DELETE')).toBe(1);
    expect(await screen.findByText('No customers yet.')).toBeVisible();
  });
});
