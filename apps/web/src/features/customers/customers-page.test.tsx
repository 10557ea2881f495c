import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
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

const page = (data: Customer[], meta: Partial<Record<string, number>> = {}) => ({
  body: {
    data,
    meta: {
      current_page: 1,
      from: 1,
      last_page: 1,
      per_page: 20,
      to: data.length,
      total: data.length,
      ...meta,
    },
    links: { first: '', last: '', prev: null, next: null },
  },
});

const LIST = 'GET /api/customers?page=1&per_page=20';
const AREAS = {
  'GET /api/areas': {
    body: {
      data: [
        { id: 1, title: 'Dhanmondi', title_bn: 'ধানমন্ডি' },
        { id: 2, title: 'Uttara', title_bn: 'উত্তরা' },
      ],
    },
  },
};

const callsWith = (fetchMock: ReturnType<typeof mockFetch>, method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === method).length;

async function openMenu(name = 'Rahim Uddin', phone = '01711111111') {
  fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name} (${phone})` }));
}

async function openQuickEdit() {
  await openMenu();
  fireEvent.click(await screen.findByRole('button', { name: 'Quick Edit' }));
  return screen.findByRole('dialog', { name: 'Customer Edit' });
}

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('CustomersPage', () => {
  it('lists Name, Phone, Area, Balance and what each customer owes, and pages through the list', async () => {
    mockFetch({
      [LIST]: page(
        [customer({ due: 450 }), customer({ id: 4, name: 'Karim', phone: '01822222222', balance: 0 })],
        {
          total: 45,
          last_page: 3,
          to: 20,
        },
      ),
      'GET /api/customers?page=2&per_page=20': page([customer({ id: 3, name: 'Salma Akter' })], {
        total: 45,
        last_page: 3,
        current_page: 2,
        from: 21,
        to: 40,
      }),
    });
    renderRoutes(routes, '/admin/customers');
    const row = (await screen.findByText('Rahim Uddin')).closest('tr')!;
    expect(within(row).getByText('01711111111')).toBeTruthy();
    expect(within(row).getByText('Mirpur')).toBeTruthy();
    expect(within(row).getByText('120')).toBeTruthy();
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
    expect(screen.getByText('1–20 of 45')).toBeTruthy();

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages.querySelector('.pagination-sm.justify-content-end')).toBeTruthy();
    fireEvent.click(within(pages).getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Salma Akter')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/customers?page=2');
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
  });

  it('hides the page links when every customer fits on one page, and says when there are none', async () => {
    mockFetch({ [LIST]: page([], { from: 0, to: 0 }) });
    renderRoutes(routes, '/admin/customers');
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('keeps the spec row menu (Quick Edit, View Orders, Delete) and adds the customer dues page', async () => {
    mockFetch({ [LIST]: page([customer()]) });
    renderRoutes(routes, '/admin/customers');
    await openMenu();
    await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeTruthy());
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
    mockFetch({ [LIST]: page([customer(), customer({ id: 4, name: 'Karim', phone: '01822222222' })]) });
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
    const fetchMock = mockFetch({ [LIST]: page([customer()]), ...AREAS });
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Rahim Uddin');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Name is requried')).toBeTruthy();
    expect(within(dialog).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('quick edit sends name, area, address, balance, point and language, updates the row and closes', async () => {
    const fetchMock = mockFetch({
      [LIST]: page([customer()]),
      ...AREAS,
      'POST /api/customer/edit/5': {
        body: {
          message: 'Customer update',
          data: customer({ area: 'Uttara', address: 'Flat 2B', balance: 250 }),
        },
      },
    });
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
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
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/customer/edit/5')).toEqual({
      name: 'Rahim Uddin',
      area: 'Uttara',
      address: 'Flat 2B',
      balance: 250,
      point: 0,
      lang: 'bn',
    });
    expect(await screen.findByText('Customer update')).toBeTruthy();
  });

  it("shows the server's 422 message in the error area", async () => {
    mockFetch({
      [LIST]: page([customer()]),
      ...AREAS,
      'POST /api/customer/edit/5': {
        status: 422,
        body: {
          message: 'The address may not be greater than 500 characters.',
          errors: { address: ['The address may not be greater than 500 characters.'] },
        },
      },
    });
    renderRoutes(routes, '/admin/customers');
    const dialog = await openQuickEdit();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('The address may not be greater than 500 characters.');
    expect(within(dialog).getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('dialog', { name: 'Customer Edit' })).toBeTruthy();
  });

  it('deletes after a confirmation that names the customer, and drops the row', async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [LIST]: () => page(deleted ? [] : [customer()]),
      'DELETE /api/customer/delete/5': () => {
        deleted = true;
        return { body: { message: 'Customer deleted' } };
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
    expect(await screen.findByText('Customer deleted')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Rahim Uddin')).toBeNull());
    expect(callsWith(fetchMock, 'DELETE')).toBe(1);
    expect(await screen.findByText('No customers yet.')).toBeTruthy();
  });
});
