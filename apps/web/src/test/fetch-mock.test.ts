import { describe, expect, it } from 'vitest';
import { call, downloadFile } from '../lib/api';
import { catchDownloads } from './downloads';
import { callsTo, contractBreaks, fileAnswer, mockApi, refuse } from './fetch-mock';
import { makeOrder } from './orders';

/** The test mocks themselves: a mock the server could not send must fail the test that uses it. */
describe('mockApi', () => {
  it('answers by endpoint whatever the query, and reads params, query and body', async () => {
    const fetchMock = mockApi({
      'POST /api/order/pay/:id': ({ params, body }) => ({
        data: { paid: (body as { paid: number }).paid, due: Number(params.id), status: 3 },
      }),
      'GET /api/orders': ({ query }) => ({
        data: [makeOrder({ id: Number(query.get('page') ?? 1) })],
        meta: {
          current_page: 1,
          from: 1,
          last_page: 1,
          per_page: 50,
          to: 1,
          total: 1,
          totals: { orders: 1, total: 900, paid: 0, due: 900 },
        },
        links: { first: '/api/orders', last: '/api/orders', prev: null, next: null },
      }),
    });
    expect(
      await call('POST /api/order/pay/:id', { params: { id: 9 }, body: { status: 3, paid: 100 } }),
    ).toEqual({
      data: { paid: 100, due: 9, status: 3 },
    });
    const page = await call('GET /api/orders', { query: { type: 1, page: 2 } });
    expect(page.data[0]?.id).toBe(2);
    expect(callsTo(fetchMock, 'GET /api/orders').map((u) => u.search)).toEqual(['?type=1&page=2']);
  });

  it('records an answer that does not match its contract (setup.ts fails the test on it)', async () => {
    mockApi({
      // A pay result without its status: the server never answers that.
      'POST /api/order/pay/:id': { data: { paid: 1, due: 0 } } as never,
    });
    await expect(
      call('POST /api/order/pay/:id', { params: { id: 1 }, body: { status: 3, paid: 1 } }),
    ).rejects.toThrow();
    expect(contractBreaks.splice(0)).toEqual([expect.stringContaining('POST /api/order/pay/:id')]);
  });

  it('answers a refusal with the server’s error body', async () => {
    mockApi({
      'DELETE /api/order/delete/:id': refuse(404, { message: 'Order not found.', code: 'not_found' }),
    });
    await expect(call('DELETE /api/order/delete/:id', { params: { id: 5 } })).rejects.toMatchObject({
      status: 404,
      message: 'Order not found.',
    });
  });

  it('hands a multipart form to the handler as the FormData sent, and answers a download with a file', async () => {
    let sent: unknown;
    mockApi({
      'POST /api/product/import': ({ body }) => {
        sent = body;
        return refuse(422, {
          message: 'The file field is required.',
          errors: { file: ['The file field is required.'] },
        });
      },
      'GET /api/export/:file': ({ params }) =>
        fileAnswer('ID,Date\n', 'text/csv', `${params.file}-2026-11-28.csv`),
    });
    const form = new FormData();
    form.append('dry_run', '1');
    await expect(call('POST /api/product/import', { body: form })).rejects.toMatchObject({ status: 422 });
    expect(sent).toBe(form);
    const { saved, restore } = catchDownloads();
    await downloadFile('GET /api/export/:file', { params: { file: 'orders.csv' } }, 'orders.csv');
    expect(saved.map((s) => s.name)).toEqual(['orders.csv-2026-11-28.csv']);
    expect(await saved[0]?.blob.text()).toBe('ID,Date\n');
    restore();
  });
});
