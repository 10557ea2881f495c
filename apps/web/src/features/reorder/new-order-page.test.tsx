import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { adminProductOf, found, makeSupplier } from '../purchases/test-data';
import { NewOrderPage } from './new-order-page';
import { makeOrder } from './test-data';

const routes = [
  { path: '/admin/purchase-orders/new', element: <NewOrderPage /> },
  { path: '/admin/purchase-orders/:id', element: <LocationProbe /> },
];

const rice = found({ id: 7 });

describe('a purchase order by hand', () => {
  it('asks for the supplier and a product, then saves the lines with their quantities and buy prices', async () => {
    const fetchMock = mockApi({
      'GET /api/suppliers': { data: [makeSupplier({ id: 1 })] },
      'GET /api/product/find/:text': { data: [rice] },
      'GET /api/product/:id': { data: adminProductOf(rice, 310) },
      'POST /api/purchase-orders': { data: makeOrder({ id: 52 }) },
    });
    renderRoutes(routes, '/admin/purchase-orders/new');
    const form = within(await screen.findByRole('form', { name: 'New purchase order' }));
    fireEvent.click(form.getByRole('button', { name: 'Save purchase order' }));
    expect(await form.findByText('Add at least one product.')).toBeVisible();
    expect(form.getByLabelText('Supplier')).toHaveAccessibleDescription('Choose the supplier.');
    expect(callsTo(fetchMock, 'POST /api/purchase-orders')).toHaveLength(0);

    await waitFor(() => expect(form.getByRole('option', { name: 'Meghna Wholesale' })).toBeTruthy());
    fireEvent.change(form.getByLabelText('Supplier'), { target: { value: '1' } });
    fireEvent.change(form.getByLabelText('Add a product'), { target: { value: 'rice' } });
    const list = await form.findByRole('list', { name: 'Matching products' });
    fireEvent.click(within(list).getByRole('button', { name: /Miniket Rice/ }));
    const qty = await form.findByLabelText('Quantity of Miniket Rice (5 kg)');
    const price = form.getByLabelText('Buy price of Miniket Rice (5 kg)');
    // The product's buy price now, until another is typed.
    await waitFor(() => expect(price).toHaveValue('310'));
    fireEvent.change(qty, { target: { value: '25' } });
    fireEvent.change(form.getByLabelText('Note'), { target: { value: 'Before Eid' } });
    expect(form.getByTestId('new-po-total').textContent).toBe('7,750 BDT');
    fireEvent.click(form.getByRole('button', { name: 'Save purchase order' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/purchase-orders/52');
    expect(sentBody(fetchMock, 'POST /api/purchase-orders')).toEqual({
      supplier_id: 1,
      lines: [{ product_id: 7, qty: 25, buy_price: 310 }],
      note: 'Before Eid',
    });
  });
});
