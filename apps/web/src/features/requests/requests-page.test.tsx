import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { pageOf } from '../../test/page';
import { mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { RequestsPage } from './requests-page';

const requests = {
  'GET /api/requests': {
    body: pageOf([
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
    ]),
  },
};
const shopInfo = (tz: string) => ({
  'GET /api/shop-info': { body: { data: { address: '', phone: '', payment_numbers: '', tz } } },
});
const render = () =>
  renderRoutes([{ path: '/admin/pro-request', element: <RequestsPage /> }], '/admin/pro-request');

describe('RequestsPage', () => {
  it("lists the requests with the time on the shop's clock (the server's zone)", async () => {
    mockFetch({ ...requests, ...shopInfo('Asia/Dhaka') });
    render();
    const row = (await screen.findByText('Karim')).closest('tr')!;
    expect(row.textContent).toContain('01712345678');
    expect(row.textContent).toContain('Miniket Rice (5 kg)');
    expect(row.textContent).toContain('450');
    // 18:30 UTC is half past midnight of the next day in Dhaka (UTC+6).
    expect(row.querySelector('time')?.textContent).toMatch(/^06 Jan 2026, 12:30\sam$/i);
  });

  it('follows the zone GET /api/shop-info answers, not one written in the web app', async () => {
    mockFetch({ ...requests, ...shopInfo('Asia/Kolkata') });
    render();
    const row = (await screen.findByText('Karim')).closest('tr')!;
    // 18:30 UTC is midnight in Kolkata (UTC+5:30).
    await waitFor(() => expect(row.querySelector('time')?.textContent).toMatch(/^06 Jan 2026, 12:00\sam$/i));
  });
});
