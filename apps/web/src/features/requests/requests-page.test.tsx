import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { formatDhakaTime, RequestsPage } from './requests-page';

describe('RequestsPage', () => {
  it('lists the requests with the time in Dhaka', async () => {
    mockFetch({
      'GET /api/requests': {
        body: {
          data: [
            {
              id: 1,
              name: 'Karim',
              phone: '01712345678',
              product_id: 7,
              product_title: 'Miniket Rice',
              product_attri: '5 kg',
              product_price: 450,
              created: '2026-01-05T18:30:00.000Z',
            },
          ],
        },
      },
    });
    renderRoutes([{ path: '/admin/pro-request', element: <RequestsPage /> }], '/admin/pro-request');
    const row = (await screen.findByText('Karim')).closest('tr')!;
    expect(row.textContent).toContain('01712345678');
    expect(row.textContent).toContain('Miniket Rice (5 kg)');
    expect(row.textContent).toContain('450');
    // 18:30 UTC is half past midnight of the next day in Dhaka (UTC+6).
    expect(row.querySelector('time')?.textContent).toBe(formatDhakaTime('2026-01-05T18:30:00.000Z'));
    expect(formatDhakaTime('2026-01-05T18:30:00.000Z')).toMatch(/^06 Jan 2026, 12:30\sam$/i);
  });
});
