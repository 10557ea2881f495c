import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../test/page';
import { callsTo, mockApi, sentBody } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
import { SendSmsPage } from './send-sms-page';
import { SmsListPage } from './sms-list-page';
import { SmsListsPage } from './sms-lists-page';

const routes = [
  { path: '/admin', element: <p>dashboard</p> },
  { path: '/admin/sms-marketing', element: <SmsListsPage /> },
  {
    path: '/admin/sms-list/:id',
    element: (
      <>
        <SmsListPage />
        <LocationProbe />
      </>
    ),
  },
  { path: '/admin/send-sms/:id', element: <SendSmsPage /> },
];
const detail = { id: 4, title: 'Regulars', items: [{ id: 9, name: 'Ayesha', phone: '01711111111' }] };

/** The list with one page of its numbers, as the server answers it (the numbers paged by `meta`). */
const listPage = (items: typeof detail.items, more: { total?: number; page?: number } = {}) => ({
  ...pageOf(items, { path: '/api/sms-list/4', total: more.total ?? items.length, page: more.page ?? 1 }),
  data: { ...detail, items },
});

describe('SMS marketing', () => {
  it('All SMS List adds a list and links to each list and to Send SMS to Customer', async () => {
    const fetchMock = mockApi({
      'GET /api/sms-lists': { data: [{ id: 4, title: 'Regulars', count: 1 }] },
      'POST /api/sms-list/add': { data: { id: 5, title: 'Eid', count: 0 } },
    });
    renderRoutes(routes, '/admin/sms-marketing');
    expect((await screen.findByRole('link', { name: 'Regulars' })).getAttribute('href')).toBe(
      '/admin/sms-list/4',
    );
    expect(screen.getByRole('link', { name: 'Send SMS to Customer' }).getAttribute('href')).toBe(
      '/admin/send-sms/0',
    );
    fireEvent.change(screen.getByLabelText('List title'), { target: { value: 'Eid' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add List' }));
    await waitFor(() => expect(sentBody(fetchMock, 'POST /api/sms-list/add')).toEqual({ title: 'Eid' }));
  });

  it('a list adds found customers and new numbers, removes one, and deletes the whole list', async () => {
    const fetchMock = mockApi({
      'GET /api/sms-list/:id': listPage(detail.items),
      'GET /api/sms-lists': { data: [] },
      'GET /api/customer/search/:text': ({ params }) => ({
        data:
          params.text === 'kar'
            ? [
                {
                  id: 3,
                  name: 'Karim',
                  phone: '01722222222',
                  area: '',
                  address: '',
                  balance: 0,
                  point: 0,
                  status: 1,
                  due: 0,
                  lang: 'en' as const,
                },
              ]
            : [],
      }),
      'POST /api/sms-item/add': { data: { id: 10, name: 'Karim', phone: '01722222222' } },
      'DELETE /api/sms-item/delete/:id': { message: 'Removed from the list' },
      'DELETE /api/sms-list/delete/:id': { message: 'SMS list deleted' },
    });
    renderRoutes(routes, '/admin/sms-list/4');
    await screen.findByRole('heading', { name: 'Regulars' });
    expect(screen.getByRole('link', { name: 'Send SMS' }).getAttribute('href')).toBe('/admin/send-sms/4');
    fireEvent.change(screen.getByLabelText('Search customer by name'), { target: { value: 'kar' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Karim (01722222222)' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/sms-item/add')).toEqual({
        name: 'Karim',
        phone: '01722222222',
        list_id: 4,
      }),
    );
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Rupa' } });
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '01733333333' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(sentBody(fetchMock, 'POST /api/sms-item/add', 1)).toEqual({
        name: 'Rupa',
        phone: '01733333333',
        list_id: 4,
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ayesha (01711111111)' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE /api/sms-item/delete/:id').map((url) => url.pathname)).toEqual([
        '/api/sms-item/delete/9',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Entire List' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete the list "Regulars" and every number in it?')).toBeVisible();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('dashboard')).toBeVisible();
    expect(callsTo(fetchMock, 'DELETE /api/sms-list/delete/:id').map((url) => url.pathname)).toEqual([
      '/api/sms-list/delete/4',
    ]);
  });

  it("a list's page of numbers is in the address, and a page past the end shows the last", async () => {
    const person = (id: number, name: string) => ({ id, name, phone: `0171${String(id).padStart(7, '0')}` });
    const fetchMock = mockApi({
      'GET /api/sms-list/:id': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 70 numbers: two pages of 50.
        const items = page === 2 ? [person(60, 'Nasrin')] : page === 1 ? [person(1, 'Ayesha')] : [];
        return listPage(items, { total: 70, page });
      },
    });
    renderRoutes(routes, '/admin/sms-list/4?page=5');
    expect(await screen.findByText('Nasrin')).toBeVisible();
    expect(screen.getByTestId('location').textContent).toBe('/admin/sms-list/4?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(await screen.findByText('Ayesha')).toBeVisible();
    expect(screen.queryByText('Nasrin')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/admin/sms-list/4');
    expect(callsTo(fetchMock, 'GET /api/sms-list/:id').map((url) => url.search)).toEqual([
      '?page=5',
      '?page=2',
      '',
    ]);
  });

  it('Send SMS to every customer counts characters, SMS and cost, asks first, then sends to list 0', async () => {
    const fetchMock = mockApi({
      'GET /api/sms-send/:listId': { data: { recipients: 12 } },
      'POST /api/sms-send/:listId': { message: 'SMS queued', queued: 12 },
    });
    renderRoutes(routes, '/admin/send-sms/0');
    const size = screen.getByTestId('sms-size');
    fireEvent.change(screen.getByLabelText('SMS Text'), { target: { value: 'Fresh fish today' } });
    expect(size.textContent).toContain('16 characters: 1 SMS a message');
    expect(size.textContent).toContain('160 characters fit one SMS');
    await waitFor(() =>
      expect(screen.getByTestId('sms-cost').textContent).toBe('To 12 numbers: 12 SMS in all.'),
    );
    // 161 English letters are two SMS; one Bangla letter makes it a 70-character SMS.
    fireEvent.change(screen.getByLabelText('SMS Text'), { target: { value: 'a'.repeat(161) } });
    expect(size.textContent).toContain('161 characters: 2 SMS a message');
    expect(screen.getByTestId('sms-cost').textContent).toBe('To 12 numbers: 24 SMS in all.');
    fireEvent.change(screen.getByLabelText('SMS Text'), {
      target: { value: `আজ তাজা মাছ ${'a'.repeat(60)}` },
    });
    expect(size.textContent).toContain('72 characters: 2 SMS a message');
    expect(size.textContent).toContain('70 characters fit one SMS');

    fireEvent.change(screen.getByLabelText('SMS Text'), { target: { value: 'Fresh fish today' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('This sends 12 SMS to 12 customers. It cannot be taken back.'),
    ).toBeVisible();
    // Closing sends nothing.
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBody(fetchMock, 'POST /api/sms-send/0')).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send to all' }));
    expect(await screen.findByText('dashboard')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/sms-send/0')).toEqual({ text: 'Fresh fish today' });
  });
});
