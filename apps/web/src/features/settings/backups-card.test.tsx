import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi, mockFetch } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { BackupsCard } from './backups-card';

const routes = [{ path: '/admin/setting', element: <BackupsCard /> }];
const shopInfo = {
  data: { name: 'Bazar', address: '', phone: '', payment_numbers: '', tz: 'Asia/Dhaka', receipt_footer: '' },
};
const SHOP = { 'GET /api/shop-info': shopInfo } as const;

const older = {
  name: 'bazar-20261125T210000Z-0a1b.tar.gz',
  bytes: 820_000,
  created: '2026-11-25T21:00:00.000Z',
};
const newer = {
  name: 'bazar-20261126T210000Z-2c3d.tar.gz',
  bytes: 2_621_440,
  created: '2026-11-26T21:00:00.000Z',
};
const status = (extra: object = {}) => ({
  data: {
    backups: [newer, older],
    last: newer,
    failure: null,
    running: false,
    schedule: { at: '03:00', daily: 7, weekly: 4 },
    ...extra,
  },
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

describe('Setting: backups', () => {
  it('shows the last backup, the plan and each backup kept, and takes one now', async () => {
    const taken = {
      name: 'bazar-20261127T060000Z-4e5f.tar.gz',
      bytes: 3_000_000,
      created: '2026-11-27T06:00:00.000Z',
    };
    let after = false;
    const fetchMock = mockApi({
      ...SHOP,
      'GET /api/backups': () => (after ? status({ backups: [taken, newer, older], last: taken }) : status()),
      'POST /api/backups': () => {
        after = true;
        return { data: taken };
      },
    });
    renderRoutes(routes, '/admin/setting');
    // 03:00 on 27 Nov in Dhaka.
    expect((await screen.findByTestId('backup-last')).textContent).toBe(
      'Last backup: 27 Nov 2026, 3:00 am (2.5 MB)',
    );
    expect(
      screen.getByText('Every day at 3:00 am, the newest of the last 7 days and 4 weeks are kept.'),
    ).toBeVisible();
    const table = screen.getByRole('table', { name: 'Backups kept' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('800.8 KB')).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText('Backup saved (2.9 MB).')).toBeVisible();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Backups kept' })).getAllByRole('row')).toHaveLength(4),
    );
    expect(callsTo(fetchMock, 'POST /api/backups')).toHaveLength(1);
  });

  it('downloads a backup by its name with the session', async () => {
    const made: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          made.push(blob);
          return 'blob:backup';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    // A file to download: mockFetch (mockApi answers JSON only).
    const fetchMock = mockFetch({
      'GET /api/shop-info': { body: shopInfo },
      'GET /api/backups': { body: status() },
      [`GET /api/backups/${older.name}`]: { body: 'gzip bytes' },
    });
    renderRoutes(routes, '/admin/setting');
    fireEvent.click(
      await screen.findByRole('button', { name: 'Download the backup of 26 Nov 2026, 3:00 am' }),
    );
    await waitFor(() => expect(clicked).toEqual([older.name]));
    expect(made).toHaveLength(1);
    expect(fetchMock.mock.calls.some(([url]) => String(url) === `/api/backups/${older.name}`)).toBe(true);
    click.mockRestore();
  });

  it('says when the last backup failed, and that one is running, in Bangla too', async () => {
    mockApi({
      ...SHOP,
      'GET /api/backups': status({
        failure: { at: '2026-11-27T21:00:04.000Z', message: 'ENOSPC' },
        running: true,
      }),
    });
    renderRoutes(routes, '/admin/setting');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The last backup failed on 28 Nov 2026, 3:00 am: ENOSPC',
    );
    expect(screen.getByRole('button', { name: 'Backing up…' })).toBeDisabled();
    await act(() => setLanguage('bn'));
    expect(screen.getByTestId('backup-last').textContent).toContain('২.৫ এমবি');
    expect(screen.getByText(/প্রতিদিন ৩:০০/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'ব্যাকআপ নেওয়া হচ্ছে…' })).toBeVisible();
  });
});
