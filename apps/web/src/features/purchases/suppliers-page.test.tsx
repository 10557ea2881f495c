import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import type { Supplier } from './purchases-api';
import { SuppliersPage } from './suppliers-page';
import { makeSupplier } from './test-data';

const routes = [{ path: '/admin/suppliers', element: <SuppliersPage /> }];

const meghna = makeSupplier({ id: 1, due: 12399, purchases: 3 });
const rahman = makeSupplier({ id: 2, name: 'Rahman Traders', phone: '', address: 'Chawkbazar' });

const rowOf = (id: number) => document.querySelector(`tr[data-supplier-id="${id}"]`) as HTMLElement;

/** Opens a row's ⋮ menu (react-bootstrap's dropdown, no menu role) and answers it. */
async function openMenu(name: string) {
  fireEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeInTheDocument());
  return document.querySelector('.dropdown-menu.show') as HTMLElement;
}

const itemsOf = (menu: HTMLElement) =>
  [...menu.querySelectorAll('.dropdown-item')].map((item) => item.textContent);

afterEach(() => setLanguage('en'));

describe('SuppliersPage', () => {
  it('lists the suppliers with phone, address, due and purchases, and the total due', async () => {
    mockApi({ 'GET /api/suppliers': { data: [meghna, rahman] } });
    renderRoutes(routes, '/admin/suppliers');
    expect(await screen.findByText('Rahman Traders')).toBeVisible();
    for (const label of ['Name', 'Phone', 'Address', 'Due', 'Purchases']) {
      expect(screen.getByRole('columnheader', { name: label })).toBeVisible();
    }
    const row = within(rowOf(1));
    expect(row.getByText('01711000222')).toBeVisible();
    expect(row.getByText('Kawran Bazar')).toBeVisible();
    expect(row.getByTestId('supplier-due').textContent).toBe('12,399');
    // The count leads to the supplier's purchases.
    expect(row.getByRole('link', { name: '3' }).getAttribute('href')).toBe('/admin/purchases?supplier_id=1');
    expect(screen.getByTestId('suppliers-total-due').textContent).toBe('12,399 BDT');
    // Pay only where something is owed.
    expect(row.getByRole('button', { name: 'Pay Meghna Wholesale' })).toBeVisible();
    expect(within(rowOf(2)).queryByRole('button', { name: /^Pay/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Purchases' }).getAttribute('href')).toBe('/admin/purchases');
  });

  it('offers Delete only for a supplier without purchases', async () => {
    mockApi({ 'GET /api/suppliers': { data: [meghna, rahman] } });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Rahman Traders');
    expect(itemsOf(await openMenu('Meghna Wholesale'))).toEqual(['Edit', 'Pay', 'View purchases']);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Meghna Wholesale' }));
    await waitFor(() => expect(document.querySelector('.dropdown-menu.show')).toBeNull());
    expect(itemsOf(await openMenu('Rahman Traders'))).toEqual(['Edit', 'View purchases', 'Delete']);
  });

  it('adds a supplier: the name is asked for, a taken one said under it, then saved and listed', async () => {
    let taken = true;
    const fetchMock = mockApi({
      'GET /api/suppliers': () => ({ data: taken ? [meghna] : [meghna, rahman] }),
      'POST /api/supplier/add': () => {
        if (taken) {
          taken = false;
          return refuse(409, { message: 'A supplier with this name exists already.', code: 'conflict' });
        }
        return { data: rahman };
      },
    });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Meghna Wholesale');
    fireEvent.click(screen.getByRole('button', { name: 'Add supplier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add supplier' });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '12345' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText("Enter the supplier's name.")).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription("Enter the supplier's name.");
    // After the field's help.
    expect(within(dialog).getByLabelText('Phone')).toHaveAccessibleDescription(
      /\. Enter a mobile number like 01712345678, or leave it empty\.$/,
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Meghna Wholesale' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('A supplier with this name exists already.')).toBeVisible();
    expect(within(dialog).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'A supplier with this name exists already.',
    );

    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: '  Rahman Traders ' } });
    fireEvent.change(within(dialog).getByLabelText('Phone'), { target: { value: '+8801811000333' } });
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'Chawkbazar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Supplier added')).toBeVisible();
    // Trimmed, the phone as the shop writes it; no lead time: the shop's default.
    expect(sentBody(fetchMock, 'POST /api/supplier/add', 1)).toEqual({
      name: 'Rahman Traders',
      phone: '01811000333',
      address: 'Chawkbazar',
      lead_days: null,
    });
    expect(await screen.findByText('Rahman Traders')).toBeVisible();
  });

  it('edits a supplier from its menu', async () => {
    const fetchMock = mockApi({
      'GET /api/suppliers': { data: [meghna] },
      'POST /api/supplier/edit/:id': { data: { ...meghna, address: 'Jatrabari' } },
    });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Meghna Wholesale');
    fireEvent.click(within(await openMenu('Meghna Wholesale')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Meghna Wholesale');
    fireEvent.change(within(dialog).getByLabelText('Address'), { target: { value: 'Jatrabari' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Jatrabari')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/supplier/edit/1')).toEqual({
      name: 'Meghna Wholesale',
      phone: '01711000222',
      address: 'Jatrabari',
      lead_days: null,
    });
  });

  it('keeps a supplier’s lead time: whole days from 0 to 90, empty for the shop’s default', async () => {
    let saved: Supplier = { ...meghna, lead_days: 5 };
    const fetchMock = mockApi({
      'GET /api/suppliers': () => ({ data: [saved] }),
      'POST /api/supplier/edit/:id': ({ body }) => {
        saved = { ...saved, lead_days: (body as { lead_days: number | null }).lead_days };
        return { data: saved };
      },
    });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Meghna Wholesale');
    fireEvent.click(within(await openMenu('Meghna Wholesale')).getByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    const lead = within(dialog).getByLabelText('Lead time (days)');
    expect(lead).toHaveValue('5');
    expect(lead).toHaveAccessibleDescription(
      "Days from ordering to the goods on the shelf. Empty: the shop's default, 2 days.",
    );
    fireEvent.change(lead, { target: { value: '91' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The lead time must be a whole number of days from 0 to 90.'),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'POST /api/supplier/edit/:id')).toHaveLength(0);
    // Bengali digits are read too.
    fireEvent.change(lead, { target: { value: '৭' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/supplier/edit/1')).toMatchObject({ lead_days: 7 });

    // Emptied: the shop's default again.
    fireEvent.click(within(await openMenu('Meghna Wholesale')).getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit supplier' });
    expect(within(dialog).getByLabelText('Lead time (days)')).toHaveValue('7');
    fireEvent.change(within(dialog).getByLabelText('Lead time (days)'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/supplier/edit/1', 1)).toMatchObject({ lead_days: null });
  });

  it('pays a supplier: more than the due is "Amount is large", here and from the server', async () => {
    let due = 12399;
    const fetchMock = mockApi({
      'GET /api/suppliers': () => ({ data: [{ ...meghna, due }] }),
      'POST /api/supplier/pay/:id': ({ body }) => {
        const { amount } = body as { amount: number };
        if (amount > 12000) {
          due = 12000; // paid by someone else meanwhile
          return refuse(422, {
            message: 'Amount is large',
            code: 'amount_large',
            errors: { amount: ['Amount is large'] },
          });
        }
        due -= amount;
        return { data: { ...meghna, due } };
      },
    });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Meghna Wholesale');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Meghna Wholesale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay supplier' });
    expect(within(dialog).getByTestId('supplier-pay-owed').textContent).toBe(
      'The shop owes Meghna Wholesale 12,399 BDT.',
    );
    const amount = within(dialog).getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '12400' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    expect(await within(dialog).findByText('Amount is large')).toBeVisible();
    expect(amount).toHaveAccessibleDescription('At most 12,399 BDT. Amount is large');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(amount, { target: { value: '12399' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(amount).toHaveAttribute('aria-invalid', 'true'));
    expect(amount).toHaveAccessibleDescription('At most 12,399 BDT. Amount is large');

    fireEvent.change(amount, { target: { value: '১২০০০' } });
    fireEvent.change(within(dialog).getByLabelText('Method'), { target: { value: 'nagad' } });
    // Pay is off while the refused request settles: a person clicks it once it is on again.
    const pay = within(dialog).getByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay).toBeEnabled());
    fireEvent.click(pay);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/supplier/pay/1', 1)).toEqual({ amount: 12000, method: 'nagad' });
    expect(screen.getByText('12,000 BDT paid to Meghna Wholesale; 0 BDT still due')).toBeVisible();
    await waitFor(() => expect(within(rowOf(1)).getByTestId('supplier-due').textContent).toBe('0'));
    expect(within(rowOf(1)).queryByRole('button', { name: 'Pay Meghna Wholesale' })).toBeNull();
  });

  it("deletes a supplier after asking, and says the server's reason when it refuses", async () => {
    let refused = true;
    mockApi({
      'GET /api/suppliers': () => ({ data: refused ? [meghna, rahman] : [meghna] }),
      'DELETE /api/supplier/:id': () =>
        refused
          ? refuse(409, { message: 'This supplier has purchases: it cannot be deleted.', code: 'conflict' })
          : { message: 'Supplier deleted' },
    });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Rahman Traders');
    fireEvent.click(within(await openMenu('Rahman Traders')).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    expect(within(dialog).getByText('Are you want to delete Rahman Traders?')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This supplier has purchases: it cannot be deleted.')).toBeVisible();
    expect(rowOf(2)).toBeVisible();

    refused = false;
    fireEvent.click(within(await openMenu('Rahman Traders')).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Confirm delete' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Supplier deleted')).toBeVisible();
    await waitFor(() => expect(rowOf(2)).toBeNull());
  });

  it('speaks Bangla: the texts and the figures', async () => {
    mockApi({ 'GET /api/suppliers': { data: [meghna] } });
    renderRoutes(routes, '/admin/suppliers');
    await screen.findByText('Meghna Wholesale');
    await act(() => setLanguage('bn'));
    expect(screen.getByRole('heading', { level: 1, name: 'সাপ্লায়ার' })).toBeVisible();
    expect(screen.getByRole('columnheader', { name: 'বাকি' })).toBeVisible();
    expect(within(rowOf(1)).getByTestId('supplier-due').textContent).toBe('১২,৩৯৯');
    expect(screen.getByTestId('suppliers-total-due').textContent).toBe('১২,৩৯৯ টাকা');
    fireEvent.click(screen.getByRole('button', { name: 'Meghna Wholesale-কে পরিশোধ করুন' }));
    const dialog = await screen.findByRole('dialog', { name: 'সাপ্লায়ারকে পরিশোধ' });
    fireEvent.change(within(dialog).getByLabelText('টাকার পরিমাণ'), { target: { value: '২০০০০' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'পরিশোধ করুন' }));
    expect(await within(dialog).findByText('টাকার পরিমাণ বেশি হয়ে গেছে')).toBeVisible();
  });
});
