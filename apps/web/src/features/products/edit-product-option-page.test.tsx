import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { QuickEdit } from './products-api';
import { mockApi, sentBody, type MockRequest } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { EditProductOptionPage } from './edit-product-option-page';
import type { ProductListRow } from './products-api';
import { adminProduct, callsWith } from './test-data';

const routes = [{ path: '/admin/edit-product-option/:id', element: <EditProductOptionPage /> }];

const rows: ProductListRow[] = [
  {
    id: 7,
    image: null,
    title: 'Miniket Rice',
    attri: '5 kg',
    title_bn: 'মিনিকেট চাল',
    attri_bn: '৫ কেজি',
    offprice: 420,
    price: 450,
    qty: 12,
  },
  {
    id: 8,
    image: null,
    title: 'Miniket Rice',
    attri: '10 kg',
    title_bn: 'মিনিকেট চাল',
    attri_bn: '',
    offprice: null,
    price: 880,
    qty: 4.5,
  },
];

/** What the server answers a quick edit: the product with the figures and attributes sent. */
const quickEdited = ({ params, body }: MockRequest) => ({
  data: adminProduct({ id: Number(params.id), ...(body as QuickEdit) }),
});

/** The column names a row's cells carry for a phone's card. */
const labels = (row: Element) =>
  [...row.querySelectorAll('[data-label]')].map((cell) => cell.getAttribute('data-label'));

describe('EditProductOptionPage', () => {
  it('sends one quick edit per row with the attribute and its Bangla text, then says so', async () => {
    const fetchMock = mockApi({
      'GET /api/product/edit-list/:id': { data: rows },
      'POST /api/product/edit-quick/:id': quickEdited,
    });
    renderRoutes(routes, '/admin/edit-product-option/7');
    const attri = await screen.findByLabelText('Attri. of Miniket Rice (10 kg)');
    // A phone hides the heads (admin-cards.css): each field carries its column's name.
    const row = attri.closest('tr')!;
    expect(row.closest('table')!.classList.contains('admin-cards')).toBe(true);
    expect(labels(row)).toEqual(['Attri.', 'Attri. (Bangla)', 'Before Price', 'Price', 'QTY']);
    // Each row's Bangla attribute is loaded, and typed in Bangla.
    const attriBn5 = screen.getByLabelText('Attri. (Bangla) of Miniket Rice (5 kg)') as HTMLInputElement;
    const attriBn10 = screen.getByLabelText('Attri. (Bangla) of Miniket Rice (10 kg)') as HTMLInputElement;
    expect(attriBn5.value).toBe('৫ কেজি');
    expect(attriBn10.value).toBe('');
    expect(attriBn10.getAttribute('lang')).toBe('bn');
    fireEvent.change(attri, { target: { value: '10 kg bag' } });
    fireEvent.change(attriBn10, { target: { value: '১০ কেজি ব্যাগ' } });
    fireEvent.change(screen.getByLabelText('Before Price of Miniket Rice (10 kg)'), {
      target: { value: '850' },
    });
    fireEvent.change(screen.getByLabelText('QTY of Miniket Rice (5 kg)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update and Save' }));
    expect(await screen.findByText('Price & QTY are requried')).toBeVisible();
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.change(screen.getByLabelText('QTY of Miniket Rice (5 kg)'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update and Save' }));
    expect(await screen.findByText('Products updated')).toBeVisible();
    await waitFor(() => expect(callsWith(fetchMock, 'POST')).toBe(2));
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toEqual({
      price: 450,
      offprice: 420,
      qty: 11,
      attri: '5 kg',
      attri_bn: '৫ কেজি',
    });
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/8')).toEqual({
      price: 880,
      offprice: 850,
      qty: 4.5,
      attri: '10 kg bag',
      attri_bn: '১০ কেজি ব্যাগ',
    });
  });

  it('sends an emptied Bangla attribute as empty, which removes it', async () => {
    const fetchMock = mockApi({
      'GET /api/product/edit-list/:id': { data: rows.slice(0, 1) },
      'POST /api/product/edit-quick/:id': quickEdited,
    });
    renderRoutes(routes, '/admin/edit-product-option/7');
    const attriBn = await screen.findByLabelText('Attri. (Bangla) of Miniket Rice (5 kg)');
    fireEvent.change(attriBn, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update and Save' }));
    expect(await screen.findByText('Products updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/product/edit-quick/7')).toMatchObject({
      attri: '5 kg',
      attri_bn: '',
    });
  });
});
