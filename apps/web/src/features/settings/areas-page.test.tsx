import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AreasPage } from './areas-page';

const routes = [{ path: '/admin/areas', element: <AreasPage /> }];

describe('AreasPage', () => {
  it('adds an area and reloads the list', async () => {
    let areas = [{ id: 1, title: 'Mirpur' }];
    const fetchMock = mockFetch({
      'GET /api/areas': () => ({ body: { data: areas } }),
      'POST /api/area/add': (init) => {
        const { title } = JSON.parse(String(init?.body)) as { title: string };
        areas = [...areas, { id: 2, title }];
        return { status: 201, body: { data: { id: 2, title } } };
      },
    });
    renderRoutes(routes, '/admin/areas');
    expect(await screen.findByText('Mirpur')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('New area'), { target: { value: 'Uttara' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Uttara')).toBeTruthy();
    expect(sentBody(fetchMock, 'POST /api/area/add')).toEqual({ title: 'Uttara' });
    expect((screen.getByLabelText('New area') as HTMLInputElement).value).toBe('');
  });

  it('shows the server message when an area in use cannot be deleted', async () => {
    mockFetch({
      'GET /api/areas': { body: { data: [{ id: 1, title: 'Mirpur' }] } },
      'DELETE /api/area/delete/1': {
        status: 409,
        body: { message: 'This area is used by customers or orders.' },
      },
    });
    renderRoutes(routes, '/admin/areas');
    const row = (await screen.findByText('Mirpur')).closest('li')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete Mirpur' }));
    expect(await screen.findByText('This area is used by customers or orders.')).toBeTruthy();
    expect(screen.getByText('Mirpur')).toBeTruthy();
  });
});
