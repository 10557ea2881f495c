import { BUILT_IN_ROLE_DEFAULTS, PERMISSIONS, type Permission } from '@bazar/contracts/permissions';
import type { Role, StaffMember } from '@bazar/contracts/staff';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatNumber, setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { StaffPage } from './staff-page';

const routes = [{ path: '/admin/staff', element: <StaffPage /> }];

/** A built-in role as the server answers it (its stored English name, its default permissions). */
const builtIn = (id: number, key: keyof typeof BUILT_IN_ROLE_DEFAULTS, staff: number): Role => ({
  id,
  key,
  name: BUILT_IN_ROLE_DEFAULTS[key].name,
  permissions: [...BUILT_IN_ROLE_DEFAULTS[key].permissions],
  discount_limit: BUILT_IN_ROLE_DEFAULTS[key].discountLimit,
  built_in: true,
  staff,
});
const owner = builtIn(1, 'owner', 1);
const manager = builtIn(2, 'manager', 0);
const cashier = builtIn(3, 'cashier', 2);
const stock = builtIn(4, 'stock', 0);
const nightShift: Role = {
  id: 5,
  key: 'night_shift',
  name: 'Night shift',
  permissions: ['till.sell', 'orders.view'],
  discount_limit: 2,
  built_in: false,
  staff: 1,
};
const roles = [owner, manager, cashier, stock, nightShift];

const member = (m: Partial<StaffMember> & Pick<StaffMember, 'id' | 'name' | 'phone'>): StaffMember => ({
  role: 'cashier',
  role_name: 'Cashier',
  active: true,
  locked: false,
  has_pin: true,
  ...m,
});
const rahim = member({ id: 1, name: 'Rahim Uddin', phone: '01711000001', role: 'owner', role_name: 'Owner' });
const karim = member({ id: 2, name: 'Karim Mia', phone: '01711000002' });
const salma = member({ id: 3, name: 'Salma Akter', phone: '01711000003', locked: true });
const jamal = member({
  id: 4,
  name: 'Jamal Hossain',
  phone: '01711000004',
  role: 'night_shift',
  role_name: 'Night shift',
  active: false,
});
const people = [rahim, karim, salma, jamal];

/** The row (<tr>) of a person or a role, by the name in its first cell. */
const rowOf = (name: string) => screen.getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;
const staffTable = () => screen.getByRole('table', { name: 'Staff' });
const rolesTable = () => screen.getByRole('table', { name: 'Roles' });

/** Opens a row's ⋮ menu (react-bootstrap's dropdown, no menu role). */
async function openMenu(label: string) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeInTheDocument());
  return document.querySelector('.dropdown-menu.show') as HTMLElement;
}
async function closeMenu(label: string) {
  fireEvent.click(screen.getByRole('button', { name: label }));
  await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeNull());
}
const itemsOf = (menu: HTMLElement) =>
  [...menu.querySelectorAll('.dropdown-item')].map((item) => item.textContent);

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

/** The staff list and the roles, as the server answers them; `rows` may change between reads. */
function serve(rows: () => StaffMember[] = () => people) {
  return {
    'GET /api/staff': () => pageOf(rows(), { path: '/api/staff' }),
    'GET /api/roles': { data: roles },
  } as const;
}

afterEach(() => setLanguage('en'));

describe('StaffPage', () => {
  it('lists the people with their role names and their status', async () => {
    mockApi(serve());
    renderRoutes(routes, '/admin/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await within(await screen.findByRole('table', { name: 'Staff' })).findByText('Karim Mia');
    for (const label of ['Name', 'Phone', 'Role', 'Status']) {
      expect(within(staffTable()).getByRole('columnheader', { name: label })).toBeVisible();
    }
    const cells = (name: string) =>
      [...rowOf(name).querySelectorAll('td')].slice(0, 4).map((td) => td.textContent);
    // Role names once the roles are in (the built-in ones by the screen's words).
    await waitFor(() =>
      expect(cells('Rahim Uddin')).toEqual(['Rahim Uddin', '01711000001', 'Owner', 'Active']),
    );
    expect(cells('Karim Mia')).toEqual(['Karim Mia', '01711000002', 'Cashier', 'Active']);
    expect(cells('Salma Akter')).toEqual(['Salma Akter', '01711000003', 'Cashier', 'ActivePIN locked']);
    expect(cells('Jamal Hossain')).toEqual(['Jamal Hossain', '01711000004', 'Night shift', 'Inactive']);
    // The badges: green active, grey inactive, a yellow lock beside.
    expect(within(rowOf('Karim Mia')).getByText('Active')).toHaveClass('badge', 'text-bg-success');
    expect(within(rowOf('Jamal Hossain')).getByText('Inactive')).toHaveClass('badge', 'text-bg-secondary');
    expect(within(rowOf('Salma Akter')).getByText('PIN locked')).toHaveClass('badge', 'text-bg-warning');
    expect(within(rowOf('Karim Mia')).queryByText('PIN locked')).toBeNull();
    expect(screen.getByText('1–4 of 4')).toBeVisible();
  });

  it('offers in each row the menu that fits: Unlock for a locked PIN, Activate for an inactive one', async () => {
    mockApi(serve());
    renderRoutes(routes, '/admin/staff');
    await screen.findByText('Karim Mia');
    const base = ['Edit', 'New password', 'New PIN'];
    expect(itemsOf(await openMenu('Actions for Karim Mia'))).toEqual([...base, 'Deactivate']);
    await closeMenu('Actions for Karim Mia');
    expect(itemsOf(await openMenu('Actions for Salma Akter'))).toEqual([...base, 'Unlock PIN', 'Deactivate']);
    await closeMenu('Actions for Salma Akter');
    expect(itemsOf(await openMenu('Actions for Jamal Hossain'))).toEqual([...base, 'Activate']);
  });

  it('adds a cashier: the server refusing a taken phone is said under Phone, then saved and listed', async () => {
    let added = false;
    const ayesha = member({ id: 9, name: 'Ayesha Begum', phone: '01811000333' });
    const fetchMock = mockApi({
      ...serve(() => (added ? [...people, ayesha] : people)),
      'POST /api/staff': ({ body }) => {
        if ((body as { phone: string }).phone === '01711000002') {
          return refuse(422, {
            message: 'The given data was invalid.',
            errors: { phone: ['The phone has already been taken.'] },
          });
        }
        added = true;
        return { data: ayesha };
      },
    });
    renderRoutes(routes, '/admin/staff');
    await screen.findByText('Karim Mia');
    // Once the roles are in: the dialog picks a role among them.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add staff' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Add staff' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add staff' });
    const role = within(dialog).getByLabelText('Role') as HTMLSelectElement;
    expect([...role.options].map((o) => [o.value, o.textContent])).toEqual([
      ['owner', 'Owner'],
      ['manager', 'Manager'],
      ['cashier', 'Cashier'],
      ['stock', 'Stock keeper'],
      ['night_shift', 'Night shift'],
    ]);

    // Nothing typed: each field says so, and nothing is sent.
    fireEvent.change(role, { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true'),
    );
    for (const label of ['Phone', 'Password', 'Till PIN']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(callsTo(fetchMock, 'POST /api/staff')).toHaveLength(0);

    type(within(dialog).getByLabelText('Name'), '  Ayesha Begum ');
    type(within(dialog).getByLabelText('Phone'), '01711000002');
    type(within(dialog).getByLabelText('Password'), 'till-secret-1');
    type(within(dialog).getByLabelText('Till PIN'), '4821');
    fireEvent.change(role, { target: { value: 'cashier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The phone has already been taken.')).toBeVisible();
    const phone = within(dialog).getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('The phone has already been taken.');
    expect(within(dialog).getByLabelText('Name')).not.toHaveAttribute('aria-invalid');

    type(phone, '+8801811000333');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Staff added.')).toBeVisible();
    // Trimmed, the phone as the shop writes it, the role by its key.
    expect(sentBody(fetchMock, 'POST /api/staff', 1)).toEqual({
      name: 'Ayesha Begum',
      phone: '01811000333',
      password: 'till-secret-1',
      pin: '4821',
      role: 'cashier',
    });
    expect(await within(staffTable()).findByText('Ayesha Begum')).toBeVisible();
  });

  it('deactivates someone only once asked, sending {active: false}', async () => {
    let karimNow = karim;
    const fetchMock = mockApi({
      ...serve(() => [rahim, karimNow]),
      'POST /api/staff/:id': ({ params, body }) => {
        expect(params.id).toBe('2');
        karimNow = { ...karim, ...(body as Partial<StaffMember>) };
        return { data: karimNow };
      },
    });
    renderRoutes(routes, '/admin/staff');
    await screen.findByText('Karim Mia');
    fireEvent.click(
      within(await openMenu('Actions for Karim Mia')).getByRole('button', { name: 'Deactivate' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Deactivate staff' });
    expect(dialog).toHaveTextContent(
      'Karim Mia is signed out at once and cannot sign in until you activate them again.',
    );
    // Close leaves them as they were.
    fireEvent.click(within(dialog).getByText('Close', { selector: '.modal-footer button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/staff/:id')).toHaveLength(0);

    fireEvent.click(
      within(await openMenu('Actions for Karim Mia')).getByRole('button', { name: 'Deactivate' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Deactivate staff' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Karim Mia is deactivated.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/staff/2')).toEqual({ active: false });
    expect(callsTo(fetchMock, 'POST /api/staff/:id')).toHaveLength(1);
    await waitFor(() => expect(within(rowOf('Karim Mia')).getByText('Inactive')).toBeVisible());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('gives someone a new PIN: 4 to 6 digits, sent as {pin}', async () => {
    const fetchMock = mockApi({
      ...serve(),
      'POST /api/staff/:id': { data: salma },
    });
    renderRoutes(routes, '/admin/staff');
    await screen.findByText('Salma Akter');
    fireEvent.click(
      within(await openMenu('Actions for Salma Akter')).getByRole('button', { name: 'New PIN' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New PIN for Salma Akter' });
    const pin = within(dialog).getByLabelText('New PIN');
    expect(pin).toHaveAttribute('type', 'password');
    expect(pin).toHaveAttribute('inputmode', 'numeric');
    type(pin, '12a');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('The PIN must be 4 to 6 digits.')).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/staff/:id')).toHaveLength(0);

    type(pin, '730915');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('The PIN is changed.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/staff/3')).toEqual({ pin: '730915' });
  });

  it("shows the roles: the owner's is Everything and cannot be edited, only copied", async () => {
    mockApi(serve());
    renderRoutes(routes, '/admin/staff');
    await within(await screen.findByRole('table', { name: 'Roles' })).findByText('Cashier');
    const cells = (name: string) =>
      [...within(rolesTable()).getByText(name, { selector: 'td' }).closest('tr')!.querySelectorAll('td')]
        .slice(0, 4)
        .map((td) => td.textContent);
    const total = PERMISSIONS.length;
    expect(cells('Owner')).toEqual(['Owner', '1', 'No limit', 'Everything']);
    expect(cells('Manager')).toEqual([
      'Manager',
      '0',
      'No limit',
      `${BUILT_IN_ROLE_DEFAULTS.manager.permissions.length} of ${total}`,
    ]);
    expect(cells('Cashier')).toEqual(['Cashier', '2', '5%', `7 of ${total}`]);
    expect(cells('Stock keeper')).toEqual([
      'Stock keeper',
      '0',
      '0%',
      `${BUILT_IN_ROLE_DEFAULTS.stock.permissions.length} of ${total}`,
    ]);
    expect(cells('Night shift')).toEqual(['Night shift', '1', '2%', `2 of ${total}`]);

    expect(itemsOf(await openMenu('Actions for the role Owner'))).toEqual(['Copy']);
    await closeMenu('Actions for the role Owner');
    expect(itemsOf(await openMenu('Actions for the role Cashier'))).toEqual(['Edit', 'Copy']);
  });

  it("copies the cashier's role into a new one with a permission more", async () => {
    let saved = false;
    const copy: Role = {
      id: 6,
      key: 'copy_of_cashier',
      name: 'Copy of Cashier',
      permissions: [...cashier.permissions, 'till.shifts'],
      discount_limit: 5,
      built_in: false,
      staff: 0,
    };
    const fetchMock = mockApi({
      'GET /api/staff': () => pageOf(people, { path: '/api/staff' }),
      'GET /api/roles': () => ({ data: saved ? [...roles, copy] : roles }),
      'POST /api/roles': () => {
        saved = true;
        return { data: copy };
      },
    });
    renderRoutes(routes, '/admin/staff');
    await within(await screen.findByRole('table', { name: 'Roles' })).findByText('Cashier');
    fireEvent.click(
      within(await openMenu('Actions for the role Cashier')).getByRole('button', { name: 'Copy' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Copy of Cashier');
    expect(within(dialog).getByLabelText('Discount limit (%)')).toHaveValue('5');
    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes).toHaveLength(PERMISSIONS.length);
    const ticked = () =>
      boxes.filter((box) => box.checked).map((box) => box.labels?.[0]?.textContent ?? box.id);
    expect(ticked()).toEqual([
      'Sell at the till (own shift)',
      'Cash in and out of the drawer',
      'Look up and reprint orders',
      'Take goods back',
      'Look up customers and their dues',
      'Add and edit customers',
      'Take a due payment',
    ]);
    // The permissions stand under their areas.
    const till = within(dialog).getByRole('group', { name: 'Till' });
    expect(within(till).getAllByRole('checkbox')).toHaveLength(4);

    fireEvent.click(within(till).getByLabelText('See every shift'));
    expect(within(till).getByLabelText('See every shift')).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Role added.')).toBeVisible();
    const body = sentBody(fetchMock, 'POST /api/roles') as {
      name: string;
      discount_limit: number | null;
      permissions: Permission[];
    };
    expect(body).toEqual({
      name: 'Copy of Cashier',
      discount_limit: 5,
      permissions: expect.any(Array) as unknown,
    });
    expect([...body.permissions].sort()).toEqual([...cashier.permissions, 'till.shifts'].sort());
    // The cashier's own role is left as it was, and the new one is listed.
    expect(callsTo(fetchMock, 'POST /api/roles/:id')).toHaveLength(0);
    expect(await within(rolesTable()).findByText('Copy of Cashier')).toBeVisible();
  });

  it('speaks Bangla: its title, the role names and the badges', async () => {
    mockApi(serve());
    renderRoutes(routes, '/admin/staff');
    await within(await screen.findByRole('table', { name: 'Roles' })).findByText('Cashier');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'কর্মী' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'রোল' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'কর্মী যোগ করুন' })).toBeVisible();
    const staff = screen.getByRole('table', { name: 'কর্মী' });
    const roleCell = (name: string) => rowOf(name).querySelectorAll('td')[2]?.textContent;
    expect(roleCell('Rahim Uddin')).toBe('মালিক');
    expect(roleCell('Karim Mia')).toBe('ক্যাশিয়ার');
    // A role the owner made keeps the name they typed.
    expect(roleCell('Jamal Hossain')).toBe('Night shift');
    expect(within(staff).getAllByText('সক্রিয়')).toHaveLength(3);
    expect(within(rowOf('Jamal Hossain')).getByText('নিষ্ক্রিয়')).toBeVisible();
    expect(within(rowOf('Salma Akter')).getByText('পিন লক')).toBeVisible();

    const roleTable = screen.getByRole('table', { name: 'রোল' });
    const names = [...roleTable.querySelectorAll('tbody tr')].map(
      (tr) => tr.querySelector('td')?.textContent,
    );
    expect(names).toEqual(['মালিক', 'ম্যানেজার', 'ক্যাশিয়ার', 'স্টক রক্ষক', 'Night shift']);
    expect(within(roleTable).getByText('সবকিছু')).toBeVisible();
    // Every figure in Bengali digits: the head count, the discount limit, the permissions' count.
    const cashierCells = [...roleTable.querySelectorAll('tbody tr')[2]!.querySelectorAll('td')]
      .slice(1, 4)
      .map((td) => td.textContent);
    expect(cashierCells).toEqual(['২', '৫%', `${formatNumber(PERMISSIONS.length, 'bn')}-এর মধ্যে ৭`]);

    fireEvent.click(within(await openMenu('ক্যাশিয়ার রোলের জন্য কাজ')).getByRole('button', { name: 'কপি' }));
    const dialog = await screen.findByRole('dialog', { name: 'নতুন রোল' });
    expect(within(dialog).getByLabelText('নাম')).toHaveValue('ক্যাশিয়ার-এর কপি');
  });
});
