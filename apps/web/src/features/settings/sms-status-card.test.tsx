import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { mockFetch, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { SmsStatusCard } from './sms-status-card';

const routes = [{ path: '/admin/setting', element: <SmsStatusCard /> }];
const SHOP = {
  'GET /api/shop-info': {
    body: {
      data: {
        name: 'Bazar',
        address: '',
        phone: '',
        payment_numbers: '',
        tz: 'Asia/Dhaka',
        receipt_footer: '',
      },
    },
  },
};

const status = (extra: object = {}) => ({
  data: {
    driver: 'sslwireless',
    sent_today: 42,
    queued_today: 45,
    budget: 500,
    waiting: 0,
    failed_today: 1,
    failures: [
      {
        id: 9,
        phone_end: '123',
        queued_at: '2026-11-27T04:30:00.000Z',
        reason: 'SSL Wireless 4025: Invalid MSISDN',
        retrying: false,
      },
      {
        id: 11,
        phone_end: '456',
        queued_at: '2026-11-27T05:00:00.000Z',
        reason: 'SSL Wireless 4001: Unauthorized',
        retrying: true,
      },
    ],
    ...extra,
  },
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await setLanguage('en');
});

const figure = (id: string) => screen.getByTestId(id).textContent;

describe('Setting: SMS gateway', () => {
  it("shows the gateway, today's figures and the newest failures with the gateway's reason, in Bangla too", async () => {
    mockFetch({ ...SHOP, 'GET /api/sms/status': { body: status() } });
    renderRoutes(routes, '/admin/setting');
    expect((await screen.findByTestId('sms-driver')).textContent).toBe('Gateway: SSL Wireless');
    expect(figure('sms-sent')).toBe('Sent today42');
    expect(figure('sms-waiting')).toBe('Waiting0');
    expect(figure('sms-failed')).toBe('Failed today1');
    expect(figure('sms-budget')).toBe('Today’s budget45 of 500');

    const table = screen.getByRole('table', { name: 'Recent failures' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'PhoneQueuedGateway’s reasonState',
      'ending 12327 Nov 2026, 10:30 amSSL Wireless 4025: Invalid MSISDNGiven up',
      'ending 45627 Nov 2026, 11:00 amSSL Wireless 4001: UnauthorizedWill try again',
    ]);

    await act(() => setLanguage('bn'));
    expect(figure('sms-sent')).toBe('আজ পাঠানো৪২');
    expect(figure('sms-budget')).toBe('আজকের বাজেট৫০০টির মধ্যে ৪৫টি');
    expect(screen.getByRole('table', { name: 'সাম্প্রতিক ব্যর্থ মেসেজ' })).toBeVisible();
    expect(screen.getByText('শেষে 123')).toBeVisible();
    expect(screen.getByText('বাদ দেওয়া হয়েছে')).toBeVisible();
  });

  it('sends a test SMS to the number typed (normalised), says it is queued and looks at the status again', async () => {
    let statusReads = 0;
    const fetchMock = mockFetch({
      ...SHOP,
      'GET /api/sms/status': () => {
        statusReads++;
        return { body: status({ failures: [] }) };
      },
      'POST /api/sms/test': { status: 202, body: { message: 'Test SMS queued.' } },
    });
    renderRoutes(routes, '/admin/setting');
    await screen.findByTestId('sms-driver');
    const phone = screen.getByLabelText('Phone number for a test SMS') as HTMLInputElement;
    fireEvent.input(phone, { target: { value: '+880 1711-000123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test SMS' }));

    expect(await screen.findByText('Test SMS queued. Its state shows here in a few seconds.')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/sms/test')).toEqual({ phone: '01711000123' });
    await waitFor(() => expect(statusReads).toBe(2));
    expect(phone.value).toBe('');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refuses a number that is not a mobile before sending, and shows the server’s refusal under the field', async () => {
    const fetchMock = mockFetch({
      ...SHOP,
      'GET /api/sms/status': { body: status() },
      'POST /api/sms/test': {
        status: 422,
        body: {
          message: 'The given data was invalid.',
          code: 'invalid',
          errors: { phone: ['The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'] },
        },
      },
    });
    renderRoutes(routes, '/admin/setting');
    await screen.findByTestId('sms-driver');
    const phone = screen.getByLabelText('Phone number for a test SMS');
    fireEvent.input(phone, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test SMS' }));
    expect(await screen.findByText('Enter a mobile number like 01712345678.')).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(/Enter a mobile number like 01712345678\.$/);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    // A number the browser takes but the server refuses: the server's words under the field.
    fireEvent.input(phone, { target: { value: '01711000123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send test SMS' }));
    expect(
      await screen.findByText('The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'),
    ).toBeVisible();
    expect(phone).toHaveAccessibleDescription(
      /The phone must be a Bangladeshi mobile number \(01XXXXXXXXX\)\.$/,
    );
  });

  it('warns when SMS only go to the server log', async () => {
    mockFetch({
      ...SHOP,
      'GET /api/sms/status': { body: status({ driver: 'log', failures: [], failed_today: 0 }) },
    });
    renderRoutes(routes, '/admin/setting');
    expect((await screen.findByTestId('sms-driver')).textContent).toBe(
      'Gateway: the server log (no SMS reaches a phone)',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Test mode: no SMS reaches a phone/);
  });
});
