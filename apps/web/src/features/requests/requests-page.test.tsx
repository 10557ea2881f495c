import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { pageOf } from '../../test/page';
import { callsTo, mockApi, mockFetch } from '../../test/fetch-mock';
import { LocationProbe, renderRoutes } from '../../test/render';
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
        product_title_bn: '',
        product_attri_bn: '',
        product_price: 450,
        created: '2026-01-05T18:30:00.000Z',
      },
    ]),
  },
};
const shopInfo = (tz: string) => ({
  'GET /api/shop-info': {
    body: { data: { name: 'Bazar', address: '', phone: '', payment_numbers: '', tz, receipt_footer: '' } },
  },
});
const render = () =>
  renderRoutes([{ path: '/admin/pro-request', element: <RequestsPage /> }], '/admin/pro-request');

afterEach(() => setLanguage('en'));

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

  it('names the product in Bangla in Bangla mode, the English name when it has none', async () => {
    const request = (id: number, name: string, names: Record<string, string>) => ({
      id,
      name,
      phone: '01712345678',
      product_id: id,
      product_price: 450,
      created: '2026-01-05T18:30:00.000Z',
      ...names,
    });
    mockFetch({
      ...shopInfo('Asia/Dhaka'),
      'GET /api/requests': {
        body: pageOf([
          request(1, 'Karim', {
            product_title: 'Miniket Rice',
            product_attri: '5 kg',
            product_title_bn: 'মিনিকেট চাল',
            product_attri_bn: '৫ কেজি',
          }),
          request(2, 'Rahim', {
            product_title: 'Sugar',
            product_attri: '1 kg',
            product_title_bn: '',
            product_attri_bn: '',
          }),
        ]),
      },
    });
    render();
    const product = (name: string) =>
      screen.getByText(name).closest('tr')!.querySelectorAll('td')[2]!.textContent;
    await screen.findByText('Karim');
    expect([product('Karim'), product('Rahim')]).toEqual(['Miniket Rice (5 kg)', 'Sugar (1 kg)']);
    await act(() => setLanguage('bn'));
    expect([product('Karim'), product('Rahim')]).toEqual(['মিনিকেট চাল (৫ কেজি)', 'Sugar (1 kg)']);
  });

  it('follows the zone GET /api/shop-info answers, not one written in the web app', async () => {
    mockFetch({ ...requests, ...shopInfo('Asia/Kolkata') });
    render();
    const row = (await screen.findByText('Karim')).closest('tr')!;
    // 18:30 UTC is midnight in Kolkata (UTC+5:30).
    await waitFor(() => expect(row.querySelector('time')?.textContent).toMatch(/^06 Jan 2026, 12:00\sam$/i));
  });

  it('keeps the page in the address, and a page past the end shows the last', async () => {
    const asked = (id: number, name: string) => ({
      id,
      name,
      phone: '01712345678',
      product_id: 7,
      product_title: 'Miniket Rice',
      product_attri: '5 kg',
      product_title_bn: '',
      product_attri_bn: '',
      product_price: 450,
      created: '2026-01-05T18:30:00.000Z',
    });
    const fetchMock = mockApi({
      'GET /api/requests': ({ query }) => {
        const page = Number(query.get('page') ?? 1);
        // 80 requests: two pages of 50.
        const rows = page === 2 ? [asked(2, 'Rahim')] : page === 1 ? [asked(1, 'Karim')] : [];
        return pageOf(rows, { total: 80, page });
      },
    });
    renderRoutes(
      [
        {
          path: '/admin/pro-request',
          element: (
            <>
              <RequestsPage />
              <LocationProbe />
            </>
          ),
        },
      ],
      '/admin/pro-request?page=6',
    );
    await screen.findByText('Rahim');
    expect(screen.getByTestId('location').textContent).toBe('/admin/pro-request?page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Karim');
    expect(screen.queryByText('Rahim')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/admin/pro-request');
    expect(callsTo(fetchMock, 'GET /api/requests').map((url) => url.search)).toEqual([
      '?page=6',
      '?page=2',
      '',
    ]);
  });
});
