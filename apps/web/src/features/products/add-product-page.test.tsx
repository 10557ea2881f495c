import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { AddProductPage } from './add-product-page';
import { adminProduct, brands, callsWith, categoryTree, sentForm } from './test-data';

const routes = [
  { path: '/admin/add-product', element: <AddProductPage /> },
  { path: '/admin/products', element: <LocationProbe /> },
];

const lists = {
  'GET /api/brands': { body: { data: brands } },
  'GET /api/categories': { body: { data: categoryTree } },
};

const type = (label: string | RegExp, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

const picture = () => new File([new Uint8Array([137, 80, 78, 71])], 'rice.png', { type: 'image/png' });

describe('AddProductPage', () => {
  it('refuses to send with a required field empty: "These * filed are required"', async () => {
    const fetchMock = mockFetch(lists);
    renderRoutes(routes, '/admin/add-product');
    await screen.findByLabelText('Pran');
    // Everything but the brand and the picture.
    type('Title*', 'Miniket Rice');
    type('Price*', '450');
    type('Tags*', 'rice');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect(await screen.findByText('These * filed are required')).toBeVisible();

    // Brand chosen, picture still missing: still refused.
    fireEvent.click(screen.getByLabelText('Pran'));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    await waitFor(() => expect(screen.getByText('These * filed are required')).toBeVisible());
    expect(screen.getByLabelText('Picture*')).toHaveAttribute('aria-invalid', 'true');
    expect(callsWith(fetchMock, 'POST')).toBe(0);
  });

  it('marks the empty required fields and clears each mark, and the message, as soon as it is filled', async () => {
    const fetchMock = mockFetch({
      ...lists,
      'POST /api/product/add': { status: 201, body: { data: [adminProduct()] } },
    });
    renderRoutes(routes, '/admin/add-product');
    await screen.findByLabelText('Pran');
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect(await screen.findByText('These * filed are required')).toBeVisible();
    const field = (label: string) => screen.getByLabelText(label);
    for (const label of ['Title*', 'Price*', 'Tags*', 'Picture*']) {
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    const brandCard = screen.getByRole('group', { name: 'Brand*' });
    expect(brandCard).toHaveClass('border-danger');

    // Each field loses its mark when filled, without pressing Save again.
    type('Title*', 'Miniket Rice');
    await waitFor(() => expect(field('Title*')).not.toHaveAttribute('aria-invalid'));
    expect(field('Price*')).toHaveAttribute('aria-invalid', 'true');
    type('Price*', '450');
    type('Tags*', 'rice');
    fireEvent.change(screen.getByLabelText('Picture*'), { target: { files: [picture()] } });
    await waitFor(() => expect(field('Picture*')).not.toHaveAttribute('aria-invalid'));
    for (const label of ['Price*', 'Tags*']) expect(field(label)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('These * filed are required')).toBeVisible(); // the brand is still missing
    fireEvent.click(screen.getByLabelText('Pran'));
    await waitFor(() => expect(screen.queryByText('These * filed are required')).toBeNull());
    expect(brandCard).not.toHaveClass('border-danger');
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/products');
    expect(Object.fromEntries(sentForm(fetchMock, 'POST /api/product/add'))).toMatchObject({
      title: 'Miniket Rice',
      price: '450',
      tags: 'rice',
      brand_id: '1',
      unit: 'pcs',
    });
  });

  it(
    'sends the multipart body of POST /api/product/add and goes to the list with a toast',
    { timeout: 15_000 },
    async () => {
      const fetchMock = mockFetch({
        ...lists,
        'POST /api/product/add': { status: 201, body: { data: [adminProduct()] } },
      });
      renderRoutes(routes, '/admin/add-product');
      await screen.findByLabelText('Pran');
      const main = screen.getByRole('region', { name: 'Add Product' });
      type('Title*', ' Miniket Rice ');
      type('Title (Bangla)', ' মিনিকেট চাল ');
      type('Attribute', '5 kg', main);
      type('Attribute (Bangla)', '৫ কেজি', main);
      type('Price*', '450');
      type('Offer Price', '420', main);
      type('Buy Price', '400', main);
      type('QTY', '12.5', main);
      type('Tags*', 'rice, chal');
      type('Description', 'Polished rice');
      type('Description (Bangla)', 'পালিশ করা চাল');
      // The Bangla fields are marked Bangla (keyboard and spelling check).
      for (const field of [
        screen.getByLabelText('Title (Bangla)'),
        within(main).getByLabelText('Attribute (Bangla)'),
        screen.getByLabelText('Description (Bangla)'),
      ])
        expect(field.getAttribute('lang')).toBe('bn');
      fireEvent.change(screen.getByLabelText('Unit'), { target: { value: 'kg' } });
      type('Scale item code (PLU)', '00042');
      fireEvent.change(screen.getByLabelText('Picture*'), { target: { files: [picture()] } });
      fireEvent.click(screen.getByLabelText('Offer'));
      fireEvent.click(screen.getByLabelText('Bind Stock'));
      fireEvent.click(screen.getByLabelText('ACI'));
      // Two categories; picking one twice on the add form is ignored without a word.
      fireEvent.click(screen.getByRole('button', { name: /^Rice/ }));
      fireEvent.click(screen.getByRole('button', { name: /^Snacks/ }));
      fireEvent.click(screen.getByRole('button', { name: /^Rice/ }));
      expect(screen.getAllByRole('button', { name: /^Remove category/ })).toHaveLength(2);
      expect(screen.queryByText('Already Added')).toBeNull();

      const first = screen.getByRole('group', { name: 'Variation 1' });
      type('Attribute', '10 kg', first);
      type('Attribute (Bangla)', '১০ কেজি', first);
      expect(within(first).getByLabelText('Attribute (Bangla)').getAttribute('lang')).toBe('bn');
      type('Price', '880', first);
      type('QTY', '4', first);
      fireEvent.click(screen.getByRole('button', { name: 'Add More' }));
      const second = screen.getByRole('group', { name: 'Variation 2' });
      type('Attribute', '25 kg', second);
      type('Price', '2100', second);
      type('Offer Price', '2000', second);
      // A third row left blank is not sent.
      fireEvent.click(screen.getByRole('button', { name: 'Add More' }));

      fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
      expect((await screen.findByTestId('location')).textContent).toBe('/admin/products');
      expect(await screen.findByText('Product added')).toBeVisible();

      const form = sentForm(fetchMock, 'POST /api/product/add');
      const text = form.filter(([, value]) => typeof value === 'string');
      expect(text).toEqual([
        ['title', 'Miniket Rice'],
        ['title_bn', 'মিনিকেট চাল'],
        ['attri', '5 kg'],
        ['attri_bn', '৫ কেজি'],
        ['price', '450'],
        ['offprice', '420'],
        ['buyprice', '400'],
        ['qty', '12.5'],
        ['unit', 'kg'],
        ['desc', 'Polished rice'],
        ['desc_bn', 'পালিশ করা চাল'],
        ['tags', 'rice, chal'],
        ['barcode', ''],
        ['plu', '00042'],
        ['offer', 'on'],
        ['popular', ''],
        ['stock_out', ''],
        ['link_qty', '1'],
        ['brand_id', '2'],
        ['category[]', '11'],
        ['category[]', '20'],
        ['variations[0][title]', '10 kg'],
        ['variations[0][title_bn]', '১০ কেজি'],
        ['variations[0][price]', '880'],
        ['variations[0][buyprice]', '0'],
        ['variations[0][qty]', '4'],
        ['variations[1][title]', '25 kg'],
        ['variations[1][title_bn]', ''],
        ['variations[1][price]', '2100'],
        ['variations[1][offprice]', '2000'],
        ['variations[1][buyprice]', '0'],
        ['variations[1][qty]', '0'],
      ]);
      const image = form.find(([name]) => name === 'image')?.[1];
      expect(image instanceof File && image.name).toBe('rice.png');
    },
  );

  it('sends no Bangla text as empty fields, and counts a row with only its Bangla attribute', async () => {
    const fetchMock = mockFetch({
      ...lists,
      'POST /api/product/add': { status: 201, body: { data: [adminProduct()] } },
    });
    renderRoutes(routes, '/admin/add-product');
    fireEvent.click(await screen.findByLabelText('Pran'));
    type('Title*', 'Rice');
    type('Price*', '450');
    type('Tags*', 'rice');
    fireEvent.change(screen.getByLabelText('Picture*'), { target: { files: [picture()] } });
    const first = screen.getByRole('group', { name: 'Variation 1' });
    type('Attribute (Bangla)', '১০ কেজি', first);
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect(await within(first).findByText('Enter the price of this variation')).toBeVisible();
    expect(callsWith(fetchMock, 'POST')).toBe(0);

    type('Attribute (Bangla)', '', first);
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/products');
    const form = Object.fromEntries(sentForm(fetchMock, 'POST /api/product/add'));
    expect(form).toMatchObject({ title: 'Rice', title_bn: '', attri_bn: '', desc_bn: '' });
    expect(Object.keys(form).some((key) => key.startsWith('variations'))).toBe(false);
  });

  it('shows the server 422 messages under the fields', async () => {
    mockFetch({
      ...lists,
      'POST /api/product/add': {
        status: 422,
        body: {
          message: 'Invalid',
          errors: {
            image: ['The image must be a JPEG, PNG, WebP or GIF picture.'],
            'variations.0.price': ['Too large.'],
          },
        },
      },
    });
    renderRoutes(routes, '/admin/add-product');
    fireEvent.click(await screen.findByLabelText('Pran'));
    type('Title*', 'Rice');
    type('Price*', '450');
    type('Tags*', 'rice');
    fireEvent.change(screen.getByLabelText('Picture*'), { target: { files: [picture()] } });
    type('Price', '9', screen.getByRole('group', { name: 'Variation 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and Publish' }));
    expect(await screen.findByText('The image must be a JPEG, PNG, WebP or GIF picture.')).toBeVisible();
    expect(screen.getByText('Too large.')).toBeVisible();
    expect(screen.queryByText('Product added')).toBeNull();
  });
});
