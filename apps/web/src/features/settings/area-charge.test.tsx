import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Area } from '@bazar/contracts/settings';
import { mockApi, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { AreasPage } from './areas-page';

const routes = [{ path: '/admin/areas', element: <AreasPage /> }];
const rowOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

describe("AreasPage: an area's delivery charge and deleting one", () => {
  it('adds an area with its own charge, and shows the Setting charge for one without', async () => {
    let areas: Area[] = [{ id: 1, title: 'Mirpur', title_bn: '', charge: null }];
    const fetchMock = mockApi({
      'GET /api/areas': () => ({ data: areas }),
      'POST /api/area/add': ({ body: sent }) => {
        const body = sent as Omit<Area, 'id'>;
        areas = [...areas, { id: 2, ...body }];
        return { data: { id: 2, ...body } };
      },
    });
    renderRoutes(routes, '/admin/areas');
    expect(within(await rowOf('Mirpur')).getByText('Setting charge')).toBeVisible();
    fireEvent.change(screen.getByLabelText('New area'), { target: { value: 'Outside Dhaka' } });
    const charge = screen.getByLabelText('Delivery charge');
    expect(charge.getAttribute('aria-describedby')).toContain('area-charge-help');
    fireEvent.change(charge, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(within(await rowOf('Outside Dhaka')).getByText('120 BDT')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/area/add')).toEqual({
      title: 'Outside Dhaka',
      title_bn: '',
      charge: 120,
    });
  });

  it('refuses a charge that is not whole taka before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/areas': { data: [] } });
    renderRoutes(routes, '/admin/areas');
    fireEvent.change(screen.getByLabelText('New area'), { target: { value: 'Uttara' } });
    fireEvent.change(screen.getByLabelText('Delivery charge'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('The delivery charge must not be negative.')).toBeVisible();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('edits the charge in the row; emptied, it goes back to the Setting charge (null)', async () => {
    const fetchMock = mockApi({
      'GET /api/areas': { data: [{ id: 1, title: 'Mirpur', title_bn: '', charge: 80 }] },
      'POST /api/area/edit/:id': ({ body }) => ({ data: { id: 1, ...(body as Omit<Area, 'id'>) } }),
    });
    renderRoutes(routes, '/admin/areas');
    fireEvent.click(within(await rowOf('Mirpur')).getByRole('button', { name: 'Edit Mirpur' }));
    const charge = screen.getByLabelText('Delivery charge of Mirpur') as HTMLInputElement;
    expect(charge.value).toBe('80');
    fireEvent.change(charge, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/area/edit/1')).toEqual({
        title: 'Mirpur',
        title_bn: '',
        charge: null,
      }),
    );
  });

  it('asks before deleting, naming the area: Cancel sends nothing, Delete calls the spec call', async () => {
    let areas: Area[] = [{ id: 1, title: 'Mirpur', title_bn: '', charge: null }];
    const fetchMock = mockApi({
      'GET /api/areas': () => ({ data: areas }),
      'DELETE /api/area/delete/:id': () => {
        areas = [];
        return { message: 'Area deleted' };
      },
    });
    renderRoutes(routes, '/admin/areas');
    fireEvent.click(within(await rowOf('Mirpur')).getByRole('button', { name: 'Delete Mirpur' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete area')).toBeVisible();
    expect(dialog.textContent).toContain('Delete the area "Mirpur"?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(within(await rowOf('Mirpur')).getByRole('button', { name: 'Delete Mirpur' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Area deleted')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Mirpur')).toBeNull());
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });
});
