import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Area } from '@bazar/contracts/settings';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AreasPage } from './areas-page';

const routes = [{ path: '/admin/areas', element: <AreasPage /> }];

const rowOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

describe('AreasPage', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('adds an area with its Bangla name and reloads the list', async () => {
    let areas: Area[] = [{ id: 1, title: 'Mirpur', title_bn: 'মিরপুর' }];
    const fetchMock = mockApi({
      'GET /api/areas': () => ({ data: areas }),
      'POST /api/area/add': ({ body }) => {
        const { title, title_bn } = body as Omit<Area, 'id'>;
        areas = [...areas, { id: 2, title, title_bn }];
        return { data: { id: 2, title, title_bn } };
      },
    });
    renderRoutes(routes, '/admin/areas');
    // Each row shows its Bangla name beside the English one.
    const mirpur = await rowOf('Mirpur');
    expect(within(mirpur).getByText('মিরপুর').closest('[lang]')?.getAttribute('lang')).toBe('bn');
    fireEvent.change(screen.getByLabelText('New area'), { target: { value: 'Uttara' } });
    const bangla = screen.getByLabelText('Name (Bangla)');
    expect(bangla.getAttribute('lang')).toBe('bn');
    fireEvent.change(bangla, { target: { value: 'উত্তরা' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const uttara = await rowOf('Uttara');
    expect(within(uttara).getByText('উত্তরা')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/area/add')).toEqual({
      title: 'Uttara',
      title_bn: 'উত্তরা',
      charge: null,
    });
    expect((screen.getByLabelText('New area') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Name (Bangla)') as HTMLInputElement).value).toBe('');
  });

  it('sends no Bangla name as empty', async () => {
    const fetchMock = mockApi({
      'GET /api/areas': { data: [] },
      'POST /api/area/add': { data: { id: 2, title: 'Uttara', title_bn: '' } },
    });
    renderRoutes(routes, '/admin/areas');
    await screen.findByText('No areas yet.');
    fireEvent.change(screen.getByLabelText('New area'), { target: { value: 'Uttara' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/area/add')).toEqual({
        title: 'Uttara',
        title_bn: '',
        charge: null,
      }),
    );
  });

  it('edits an area in its row: both names loaded, sent to POST /api/area/edit/{id}', async () => {
    let areas: Area[] = [
      { id: 1, title: 'Mirpur', title_bn: 'মিরপুর' },
      { id: 2, title: 'Uttara', title_bn: '' },
    ];
    const fetchMock = mockApi({
      'GET /api/areas': () => ({ data: areas }),
      'POST /api/area/edit/:id': ({ body }) => {
        const { title, title_bn } = body as Omit<Area, 'id'>;
        areas = areas.map((area) => (area.id === 1 ? { id: 1, title, title_bn } : area));
        return { data: { id: 1, title, title_bn } };
      },
    });
    renderRoutes(routes, '/admin/areas');
    fireEvent.click(within(await rowOf('Mirpur')).getByRole('button', { name: 'Edit Mirpur' }));
    const title = screen.getByLabelText('Name of Mirpur') as HTMLInputElement;
    const bangla = screen.getByLabelText('Bangla name of Mirpur') as HTMLInputElement;
    expect(title.value).toBe('Mirpur');
    expect(bangla.value).toBe('মিরপুর');
    expect(bangla.getAttribute('lang')).toBe('bn');
    await waitFor(() => expect(document.activeElement).toBe(title));
    fireEvent.change(title, { target: { value: 'Mirpur 10' } });
    fireEvent.change(bangla, { target: { value: 'মিরপুর ১০' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Area updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/area/edit/1')).toEqual({
      title: 'Mirpur 10',
      title_bn: 'মিরপুর ১০',
      charge: null,
    });
    const row = await rowOf('Mirpur 10');
    expect(within(row).getByText('মিরপুর ১০')).toBeVisible();
    expect(screen.queryByLabelText('Name of Mirpur')).toBeNull();
  });

  it('sends an emptied Bangla name as empty, which removes it', async () => {
    const fetchMock = mockApi({
      'GET /api/areas': { data: [{ id: 1, title: 'Mirpur', title_bn: 'মিরপুর' }] },
      'POST /api/area/edit/:id': { data: { id: 1, title: 'Mirpur', title_bn: '' } },
    });
    renderRoutes(routes, '/admin/areas');
    fireEvent.click(within(await rowOf('Mirpur')).getByRole('button', { name: 'Edit Mirpur' }));
    fireEvent.change(screen.getByLabelText('Bangla name of Mirpur'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/area/edit/1')).toEqual({
        title: 'Mirpur',
        title_bn: '',
        charge: null,
      }),
    );
  });

  it('keeps the row in edit mode with the 409 message under the name, and Cancel leaves it as it was', async () => {
    mockApi({
      'GET /api/areas': {
        data: [
          { id: 1, title: 'Mirpur', title_bn: '' },
          { id: 2, title: 'Uttara', title_bn: '' },
        ],
      },
      'POST /api/area/edit/:id': refuse(409, { message: 'An area with this title exists.' }),
    });
    renderRoutes(routes, '/admin/areas');
    fireEvent.click(within(await rowOf('Uttara')).getByRole('button', { name: 'Edit Uttara' }));
    const title = screen.getByLabelText('Name of Uttara');
    fireEvent.change(title, { target: { value: 'Mirpur' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An area with this title exists.')).toBeVisible();
    expect(title).toHaveAttribute('aria-invalid', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Name of Uttara')).toBeNull();
    expect(screen.getByText('Uttara')).toBeVisible();
    // The focus goes back to the row's Edit button.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Uttara' }));
  });

  it('shows the Bangla name first when the screen reads Bangla, the English one without', async () => {
    mockApi({
      'GET /api/areas': {
        data: [
          { id: 1, title: 'Mirpur', title_bn: 'মিরপুর' },
          { id: 2, title: 'Uttara', title_bn: '' },
        ],
      },
    });
    await act(() => setLanguage('bn'));
    renderRoutes(routes, '/admin/areas');
    const mirpur = await rowOf('মিরপুর');
    expect(within(mirpur).getByRole('button', { name: 'মিরপুর এডিট করুন' })).toBeVisible();
    expect(within(mirpur).getByText('Mirpur').closest('[lang]')?.getAttribute('lang')).toBe('en');
    expect(within(await rowOf('Uttara')).getByRole('button', { name: 'Uttara ডিলিট করুন' })).toBeVisible();
  });

  it('shows the server message when an area in use cannot be deleted', async () => {
    mockApi({
      'GET /api/areas': { data: [{ id: 1, title: 'Mirpur', title_bn: '' }] },
      'DELETE /api/area/delete/:id': refuse(409, { message: 'This area is used by customers or orders.' }),
    });
    renderRoutes(routes, '/admin/areas');
    const row = (await screen.findByText('Mirpur')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Mirpur' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This area is used by customers or orders.')).toBeVisible();
    expect(screen.getByText('Mirpur')).toBeVisible();
  });
});
