import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../lib/i18n/i18n';
import { createQueryClient } from '../lib/query-client';
import { DownloadControl } from './download-control';
import { catchDownloads } from '../test/downloads';
import { ToastHost } from './toast-host';

/** Stubs fetch to answer `answer(url)`, recording each call's URL and headers; catches the saved files. */
function stubDownloads(answer: (url: string) => Response) {
  const calls: Array<{ url: string; headers: Headers }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, headers: new Headers(init?.headers) });
      return answer(url);
    }),
  );
  return { calls, saved: catchDownloads().saved };
}

const file = (name: string, body = 'ID\r\n') =>
  new Response(body, { headers: { 'content-disposition': `attachment; filename="${name}"` } });

function renderControl(props: Parameters<typeof DownloadControl>[0]) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <DownloadControl {...props} />
      <ToastHost />
    </QueryClientProvider>,
  );
}

beforeEach(() => localStorage.setItem('info', 'admin-token'));
afterEach(async () => {
  vi.restoreAllMocks();
  localStorage.clear();
  await setLanguage('en');
});

describe('DownloadControl', () => {
  it("downloads the list with the screen's filters, as CSV and as Excel, with the admin's token", async () => {
    const { calls, saved } = stubDownloads((url) =>
      file(url.includes('.xlsx') ? 'orders-2026-11-27.xlsx' : 'orders-2026-11-27.csv'),
    );
    renderControl({
      name: 'orders',
      query: { type: '0', status: '1', field: 'Name', value: 'রহিম', from: '2026-11-01', to: '' },
    });
    const group = screen.getByRole('group', { name: 'Download' });
    fireEvent.click(within(group).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['orders-2026-11-27.csv']));
    fireEvent.click(within(group).getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect(saved[1]?.name).toBe('orders-2026-11-27.xlsx');
    // The empty `to` is left out; the Bangla text is sent encoded.
    const query = '?type=0&status=1&field=Name&value=%E0%A6%B0%E0%A6%B9%E0%A6%BF%E0%A6%AE&from=2026-11-01';
    expect(calls.map((c) => c.url)).toEqual([
      `/api/export/orders.csv${query}`,
      `/api/export/orders.xlsx${query}`,
    ]);
    for (const c of calls) expect(c.headers.get('authorization')).toBe('Bearer admin-token');
    expect(await saved[0]?.blob.text()).toBe('ID\r\n');
  });

  it('asks without a query when the screen has no filter, and names the file itself if the server does not', async () => {
    const { calls, saved } = stubDownloads(() => new Response('x'));
    renderControl({ name: 'live-stock' });
    fireEvent.click(screen.getByRole('button', { name: 'Download Excel (XLSX)' }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['live-stock.xlsx']));
    expect(calls.map((c) => c.url)).toEqual(['/api/export/live-stock.xlsx']);
  });

  it("shows the server's message when the download is refused, and is disabled with the list empty", async () => {
    stubDownloads(
      () =>
        new Response(JSON.stringify({ message: 'The from date must be a real date.', code: 'invalid' }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const view = renderControl({ name: 'expenses', query: { from: '2026-02-30', to: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('The from date must be a real date.')).toBeVisible();
    view.unmount();
    renderControl({ name: 'customers', disabled: true });
    const buttons = within(screen.getByRole('group', { name: 'Download' })).getAllByRole('button');
    expect(buttons.map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true]);
  });

  it('speaks Bangla on a Bangla screen', async () => {
    await setLanguage('bn');
    stubDownloads(() => file('products.csv'));
    renderControl({ name: 'products', query: { q: 'চাল' } });
    const group = screen.getByRole('group', { name: 'ডাউনলোড' });
    expect(within(group).getByRole('button', { name: 'সিএসভি ফাইল ডাউনলোড করুন' }).textContent).toBe('সিএসভি');
    expect(within(group).getByRole('button', { name: 'এক্সেল ফাইল ডাউনলোড করুন' }).textContent).toBe('এক্সেল');
  });
});
