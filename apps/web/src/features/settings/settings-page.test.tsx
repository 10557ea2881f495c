import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DEFAULT_STATUS_SMS, type Settings } from '@bazar/contracts/settings';
import { describe, expect, it } from 'vitest';
import { mockApi, refuse, sentBody } from '../../test/fetch-mock';
import { renderRoutes } from '../../test/render';
import { SettingsPage } from './settings-page';

const routes = [{ path: '/admin/setting', element: <SettingsPage /> }];
const settings: Settings = {
  ship: 60,
  reg_point: 10,
  sms_numbers: '01711111111',
  shop_address: 'Road 5, Dhanmondi',
  shop_phone: '',
  payment_numbers: '',
  sms_budget: 500,
  shop_name: 'Bazar Mirpur',
  scale_rules: [
    { prefix: '21', kind: 'weight' },
    { prefix: '23', kind: 'price' },
  ],
  till_ship: true,
  receipt_footer: 'Thank you, come again',
  language: 'en',
  credit_limit: null,
  dues_reminder_over: null,
  quick_keys: [],
  expiry_days: 7,
  expired_sale: 'approval',
};
/** What the main form sends: everything but the quick keys, which their own card saves. */
const { quick_keys: _quickKeys, ...formFields } = settings;

describe('SettingsPage', () => {
  it('loads the settings and saves them', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { data: settings },
      'POST /api/settings': { data: { ...settings, ship: 80 } },
    });
    renderRoutes(routes, '/admin/setting');
    const ship = await screen.findByLabelText('Delivery Charge');
    expect((ship as HTMLInputElement).value).toBe('60');
    expect((screen.getByLabelText('Affiliate Registration Point') as HTMLInputElement).value).toBe('10');

    expect((screen.getByLabelText('Shop Address') as HTMLInputElement).value).toBe('Road 5, Dhanmondi');
    const budget = screen.getByLabelText('Daily SMS Budget') as HTMLInputElement;
    expect(budget.value).toBe('500');

    fireEvent.change(ship, { target: { value: '80' } });
    fireEvent.change(budget, { target: { value: '1200' } });
    fireEvent.change(screen.getByLabelText('Shop Phone'), { target: { value: '01711000009' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Setting updated')).toBeVisible();
    // Every number as a JSON number (the server refuses "80").
    expect(sentBody(fetchMock, 'POST /api/settings')).toEqual({
      ...formFields,
      ship: 80,
      sms_budget: 1200,
      shop_phone: '01711000009',
    });
  });

  it('checks the values with the shared schema before sending', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { data: settings } });
    renderRoutes(routes, '/admin/setting');
    fireEvent.change(await screen.findByLabelText('Order SMS Numbers'), {
      target: { value: '01711111111, 12' },
    });
    fireEvent.change(screen.getByLabelText('Delivery Charge'), { target: { value: '-5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(
      await screen.findByText('Enter mobile numbers like 01712345678, separated by commas'),
    ).toBeVisible();
    expect(screen.getByText('Enter a whole number, 0 or more')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    // Fixed fields lose their marks at once.
    fireEvent.change(screen.getByLabelText('Delivery Charge'), { target: { value: '40' } });
    await waitFor(() => expect(screen.queryByText('Enter a whole number, 0 or more')).toBeNull());
    expect(screen.getByLabelText('Delivery Charge')).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a daily SMS budget under 10 or empty, in the shared schema words', async () => {
    const fetchMock = mockApi({ 'GET /api/settings': { data: settings } });
    renderRoutes(routes, '/admin/setting');
    const budget = await screen.findByLabelText('Daily SMS Budget');
    fireEvent.change(budget, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('The daily SMS budget must be at least 10.')).toBeVisible();
    fireEvent.change(budget, { target: { value: '12.5' } });
    expect(await screen.findByText('The daily SMS budget must be a whole number.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('shows the server 422 messages under the fields', async () => {
    mockApi({
      'GET /api/settings': { data: settings },
      'POST /api/settings': refuse(422, {
        message: 'Invalid',
        errors: { reg_point: ['The reg point may not be greater than 1000.'] },
      }),
    });
    renderRoutes(routes, '/admin/setting');
    fireEvent.click(await screen.findByRole('button', { name: 'Update Setting' }));
    await waitFor(() =>
      expect(screen.getByText('The reg point may not be greater than 1000.')).toBeVisible(),
    );
    expect(screen.queryByText('Setting updated')).toBeNull();
  });

  it('edits the shop name, receipt footer, the till delivery charge and the scale rules table', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { data: settings },
      'POST /api/settings': ({ body }) => ({ data: body as Settings }),
    });
    renderRoutes(routes, '/admin/setting');
    const name = (await screen.findByLabelText('Shop Name')) as HTMLInputElement;
    expect(name.value).toBe('Bazar Mirpur');
    expect((screen.getByLabelText('Receipt Footer') as HTMLInputElement).value).toBe('Thank you, come again');
    const tillShip = screen.getByLabelText('Till starts with delivery charge') as HTMLInputElement;
    expect(tillShip).toBeChecked();
    expect((screen.getByLabelText('Prefix of scale rule 1') as HTMLInputElement).value).toBe('21');
    expect((screen.getByLabelText('What scale rule 2 holds') as HTMLSelectElement).value).toBe('price');

    fireEvent.change(name, { target: { value: 'Bazar Uttara' } });
    fireEvent.change(screen.getByLabelText('Receipt Footer'), { target: { value: 'Come again' } });
    fireEvent.click(tillShip);
    // Remove the first rule, add one (the next free prefix, 21), make it a price rule: two price
    // rules are fine, two rules of one prefix are not.
    fireEvent.click(screen.getByRole('button', { name: 'Remove scale rule 1' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    fireEvent.change(screen.getByLabelText('Prefix of scale rule 2'), { target: { value: '23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Each prefix may be used once.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Prefix of scale rule 2'), { target: { value: '20' } });
    expect(
      await screen.findByText("A scale prefix is 21 to 29 (20 is for the shop's own barcodes)."),
    ).toBeVisible();
    fireEvent.change(screen.getByLabelText('Prefix of scale rule 2'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('What scale rule 2 holds'), { target: { value: 'weight' } });
    // The shop's default language: what a first visit opens in.
    fireEvent.change(screen.getByLabelText('Default language'), { target: { value: 'bn' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Setting updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/settings')).toEqual({
      ...formFields,
      language: 'bn',
      shop_name: 'Bazar Uttara',
      receipt_footer: 'Come again',
      till_ship: false,
      scale_rules: [
        { prefix: '23', kind: 'price' },
        { prefix: '25', kind: 'weight' },
      ],
    });
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });
});

describe('SettingsPage: expiry dates', () => {
  it('saves how far Expiring soon looks ahead and what the till does with expired stock', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { data: settings },
      'POST /api/settings': ({ body }) => ({ data: { ...settings, ...(body as Partial<Settings>) } }),
    });
    renderRoutes(routes, '/admin/setting');
    const days = (await screen.findByLabelText('Expiring soon: days ahead')) as HTMLInputElement;
    expect(days.value).toBe('7');
    const group = screen.getByRole('group', { name: 'Expired stock at the till' });
    expect(within(group).getByLabelText('A manager approves the sale')).toBeChecked();

    // Outside 1 to 90: refused before sending, in the shared schema's words.
    fireEvent.change(days, { target: { value: '120' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Expiring soon must look 1 to 90 days ahead.')).toBeVisible();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.change(days, { target: { value: '14' } });
    fireEvent.click(within(group).getByLabelText('Never sold'));
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Setting updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/settings')).toEqual({
      ...formFields,
      expiry_days: 14,
      expired_sale: 'never',
    });
  });
});

describe('SettingsPage: order status SMS', () => {
  it('shows a labelled text per status and language and saves an edited one through the settings call', async () => {
    const withTexts = { ...settings, status_sms: DEFAULT_STATUS_SMS };
    const fetchMock = mockApi({
      'GET /api/settings': { data: withTexts },
      'POST /api/settings': { data: withTexts },
    });
    renderRoutes(routes, '/admin/setting');
    const group = await screen.findByRole('group', { name: 'Order status SMS' });
    // Five statuses and out for delivery when already paid, in two languages.
    expect(within(group).getAllByRole('textbox')).toHaveLength(12);
    const enOut = within(group).getByLabelText('Out for Delivery: English SMS') as HTMLTextAreaElement;
    expect(enOut.value).toBe(DEFAULT_STATUS_SMS.en.out_for_delivery);
    const enPaid = within(group).getByLabelText(
      'Out for Delivery, already paid: English SMS',
    ) as HTMLTextAreaElement;
    expect(enPaid.value).toBe(DEFAULT_STATUS_SMS.en.out_for_delivery_paid);
    const bnDone = within(group).getByLabelText('Delivered: Bangla SMS') as HTMLTextAreaElement;
    expect(bnDone.value).toBe(DEFAULT_STATUS_SMS.bn.delivered);
    expect(bnDone.getAttribute('lang')).toBe('bn');

    fireEvent.change(enOut, { target: { value: 'Rider is coming with #{order}.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    expect(await screen.findByText('Setting updated')).toBeVisible();
    expect(sentBody(fetchMock, 'POST /api/settings')).toMatchObject({
      status_sms: {
        en: { ...DEFAULT_STATUS_SMS.en, out_for_delivery: 'Rider is coming with #{order}.' },
        bn: DEFAULT_STATUS_SMS.bn,
      },
    });
  });

  it('refuses an emptied text before sending', async () => {
    const fetchMock = mockApi({
      'GET /api/settings': { data: { ...settings, status_sms: DEFAULT_STATUS_SMS } },
    });
    renderRoutes(routes, '/admin/setting');
    const field = await screen.findByLabelText('Canceled: Bangla SMS');
    fireEvent.change(field, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Setting' }));
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
