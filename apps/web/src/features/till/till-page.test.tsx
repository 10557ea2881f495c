import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { TillPage } from './till-page';

const routes = [
  { path: '/admin/pos', element: <TillPage /> },
  { path: '/admin/print-order/:id', element: <p>print page</p> },
];

const base = {
  'GET /api/settings': { body: { data: { ship: 60 } } },
  'GET /api/areas': { body: { data: [{ id: 1, title: 'Mirpur' }] } },
};
const rice = {
  id: 7,
  title: 'Miniket Rice',
  attri: '5 kg',
  price: 400,
  offprice: 380,
  qty: 10,
  barcode: '2000000000077',
  image: null,
  stock_out: '',
};
const karim = {
  id: 3,
  name: 'Karim',
  phone: '01711111111',
  area: 'Mirpur',
  address: 'Road 1',
  balance: 50,
  point: 0,
  status: 1,
};

const phone = () => screen.getByLabelText('Phone');
const enter = (el: HTMLElement) => fireEvent.keyDown(el, { key: 'Enter' });

beforeEach(() => sessionStorage.clear());

describe('TillPage customer block', () => {
  it('checks the phone length, offers to add an unknown phone and needs a name', async () => {
    const fetchMock = mockFetch({
      ...base,
      'GET /api/customer/search/01722222222': { body: { data: [] } },
      'POST /api/customer/add': {
        status: 201,
        body: { message: 'Customer saved', data: { ...karim, id: 9, phone: '01722222222', name: 'Rahima' } },
      },
    });
    renderRoutes(routes, '/admin/pos');
    expect((screen.getByRole('button', { name: 'Save Customer' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(phone(), { target: { value: '0172222' } });
    enter(phone());
    expect(await screen.findByText('Phone must be 11 digit')).toBeTruthy();
    fireEvent.change(phone(), { target: { value: '01722222222' } });
    enter(phone());
    expect(await screen.findByText('No customer found please add')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Please enter the name')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rahima' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Customer' }));
    expect(await screen.findByText('Customer saved')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST /api/customer/add')).toEqual({
      phone: '01722222222',
      name: 'Rahima',
      area: '',
      address: '',
    });
    expect(await screen.findByRole('button', { name: 'Update Customer' })).toBeTruthy();
  });

  it('fills a found customer and asks for every field before an update', async () => {
    const fetchMock = mockFetch({
      ...base,
      'GET /api/customer/search/01711111111': { body: { data: [karim] } },
      'POST /api/customer/edit/3': { body: { message: 'Customer update', data: { ...karim, balance: 80 } } },
    });
    renderRoutes(routes, '/admin/pos');
    fireEvent.change(phone(), { target: { value: '01711111111' } });
    enter(phone());
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Karim'));
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Please fill all field')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'Road 2' } });
    fireEvent.change(screen.getByLabelText('Balance'), { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Customer' }));
    expect(await screen.findByText('Customer update')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST /api/customer/edit/3')).toEqual({
      phone: '01711111111',
      name: 'Karim',
      area: 'Mirpur',
      balance: 80,
      address: 'Road 2',
      status: 1,
    });
  });
});

describe('TillPage sale', () => {
  it('adds a scanned barcode, totals with shipping, refuses too much pay, then saves and goes to the print page', async () => {
    let saves = 0;
    const fetchMock = mockFetch({
      ...base,
      [`GET /api/product/find/${rice.barcode}`]: { body: { data: [rice] } },
      // The first Save fails on the way (the till must not make the sale twice on the retry).
      'POST /api/order/add': () =>
        ++saves === 1
          ? { status: 503, body: { message: 'Service Unavailable' } }
          : { status: 201, body: { data: { id: 77 } } },
    });
    renderRoutes(routes, '/admin/pos');
    await waitFor(() => expect(screen.getByTestId('till-ship').textContent).toBe('60 BDT'));
    const search = screen.getByLabelText('Product');
    fireEvent.change(search, { target: { value: rice.barcode } });
    enter(search);
    expect(await screen.findByText('Miniket Rice')).toBeTruthy();
    expect(screen.getByTestId('till-total').textContent).toBe('380 BDT');
    expect(screen.getByTestId('till-subtotal').textContent).toBe('440 BDT');
    fireEvent.click(screen.getByLabelText('Shipping cost'));
    expect(screen.getByTestId('till-subtotal').textContent).toBe('380 BDT');

    fireEvent.change(screen.getByLabelText('Discount'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '361' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    expect(await screen.findByText('Amount is large')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText('Pay'), { target: { value: '300' } });
    expect(screen.getByTestId('till-due').textContent).toBe('60 BDT');
    fireEvent.change(screen.getByLabelText('Payment Method'), { target: { value: 'nagad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save & Print Order' }));
    expect(await screen.findByText('print page')).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(sentBody(fetchMock, 'POST /api/order/add')).toMatchObject({
      subtotal: 380,
      ship: 0,
      discount: 20,
      paid: 300,
      due: 60,
      method: 'nagad',
      terminal: 1,
      carts: [{ product_id: 7, quantity: 1, price: 380 }],
    });
    expect(sessionStorage.getItem('till-cart')).toBe('[]');
  });
});
