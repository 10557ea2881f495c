import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { BrandPicker } from './brand-picker';
import type { Brand } from './products-api';

function Harness() {
  const [brand, setBrand] = useState<Brand | null>(null);
  return (
    <>
      <BrandPicker value={brand} onChange={setBrand} />
      <output data-testid="chosen">{brand ? `${brand.id}:${brand.title}` : 'none'}</output>
    </>
  );
}

const routes = [{ path: '/', element: <Harness /> }];
const chosen = () => screen.getByTestId('chosen').textContent;

describe('BrandPicker', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('adds a brand, edits it in update mode and returns to add mode after the update', async () => {
    let brands: Brand[] = [{ id: 1, title: 'Pran', title_bn: '' }];
    const fetchMock = mockApi({
      'GET /api/brands': () => ({ data: brands }),
      'POST /api/brand/add': ({ body }) => {
        const { title, title_bn } = body as Omit<Brand, 'id'>;
        brands = [...brands, { id: 2, title, title_bn }];
        return { data: { id: 2, title, title_bn } };
      },
      'POST /api/brand/edit/:id': ({ params, body }) => {
        const { title, title_bn } = body as Omit<Brand, 'id'>;
        const id = Number(params.id);
        brands = brands.map((brand) => (brand.id === id ? { id, title, title_bn } : brand));
        return { data: { id, title, title_bn } };
      },
    });
    renderRoutes(routes, '/');
    await screen.findByLabelText('Pran');

    // Add mode: the field is "New brand" and the button "Add".
    fireEvent.change(screen.getByLabelText('New brand'), { target: { value: 'Fresh' } });
    expect(screen.getByLabelText('Name (Bangla)').getAttribute('lang')).toBe('bn');
    fireEvent.change(screen.getByLabelText('Name (Bangla)'), { target: { value: 'ফ্রেশ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByLabelText('Fresh')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/brand/add')).toEqual({ title: 'Fresh', title_bn: 'ফ্রেশ' });
    expect(chosen()).toBe('2:Fresh'); // a new brand is chosen at once
    expect((screen.getByLabelText('New brand') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Name (Bangla)') as HTMLInputElement).value).toBe('');

    // Edit: the form is filled and switches to update mode.
    fireEvent.click(screen.getByRole('button', { name: 'Edit brand Fresh' }));
    const field = screen.getByLabelText('Brand name') as HTMLInputElement;
    expect(field.value).toBe('Fresh');
    const bangla = screen.getByLabelText('Name (Bangla)') as HTMLInputElement;
    expect(bangla.value).toBe('ফ্রেশ');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    fireEvent.change(field, { target: { value: 'Fresh Foods' } });
    fireEvent.change(bangla, { target: { value: 'ফ্রেশ ফুডস' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));

    // A successful update returns to add mode; the chosen brand takes the new title.
    expect(await screen.findByLabelText('Fresh Foods')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/brand/edit/2')).toEqual({
      title: 'Fresh Foods',
      title_bn: 'ফ্রেশ ফুডস',
    });
    await waitFor(() => expect(screen.getByLabelText('New brand')).toBeVisible());
    expect((screen.getByLabelText('New brand') as HTMLInputElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Add' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(chosen()).toBe('2:Fresh Foods');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/brand/add'))).toHaveLength(1);
  });

  it('stays in update mode and shows the message when the update is refused (409)', async () => {
    mockApi({
      'GET /api/brands': {
        data: [
          { id: 1, title: 'Pran', title_bn: '' },
          { id: 2, title: 'ACI', title_bn: '' },
        ],
      },
      'POST /api/brand/edit/:id': refuse(409, {
        message: 'A brand with this title exists.',
        code: 'conflict',
      }),
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit brand ACI' }));
    fireEvent.change(screen.getByLabelText('Brand name'), { target: { value: 'Pran' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('A brand with this title exists.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Update' })).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('New brand')).toBeVisible();
  });

  it('shows the 409 message when a brand in use cannot be deleted', async () => {
    mockApi({
      'GET /api/brands': { data: [{ id: 1, title: 'Pran', title_bn: '' }] },
      'DELETE /api/brand/delete/:id': refuse(409, { message: 'Products use this brand.', code: 'conflict' }),
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete brand Pran' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Products use this brand.')).toBeVisible();
    expect(screen.getByLabelText('Pran')).toBeVisible();
  });

  it('sends an emptied Bangla name as empty, which removes it', async () => {
    const fetchMock = mockApi({
      'GET /api/brands': { data: [{ id: 1, title: 'Pran', title_bn: 'প্রাণ' }] },
      'POST /api/brand/edit/:id': { data: { id: 1, title: 'Pran', title_bn: '' } },
    });
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit brand Pran' }));
    const bangla = screen.getByLabelText('Name (Bangla)') as HTMLInputElement;
    expect(bangla.value).toBe('প্রাণ');
    fireEvent.change(bangla, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/brand/edit/1')).toEqual({ title: 'Pran', title_bn: '' }),
    );
  });

  it('names the brands in Bangla when the screen reads Bangla, and in English without a Bangla name', async () => {
    mockApi({
      'GET /api/brands': {
        data: [
          { id: 1, title: 'Pran', title_bn: 'প্রাণ' },
          { id: 2, title: 'ACI', title_bn: '' },
        ],
      },
    });
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/');
    fireEvent.click(await screen.findByLabelText('প্রাণ'));
    expect(screen.getByLabelText('ACI')).toBeVisible();
    expect(chosen()).toBe('1:Pran'); // the brand itself, both names
  });
});
