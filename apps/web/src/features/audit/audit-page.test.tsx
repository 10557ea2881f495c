import { PERMISSIONS } from '@bazar/contracts/permissions';
import type { AuditEvent } from '@bazar/contracts/audit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '../../lib/i18n/i18n';
import { callsTo, mockApi } from '../../test/fetch-mock';
import { pageOf } from '../../test/page';
import { renderRoutes } from '../../test/render';
import { signInStaff } from '../../test/staff';
import { AuditPage } from './audit-page';

const routes = [{ path: '/admin/audit', element: <AuditPage /> }];

const event = (overrides: Partial<AuditEvent>): AuditEvent => ({
  id: 1,
  at: '2026-11-28T08:30:00.000Z',
  staff_id: 7,
  staff_name: 'Rahim',
  role: 'manager',
  ip: '192.168.1.20',
  till: null,
  action: 'sign_in',
  entity: 'staff',
  entity_id: '7',
  changes: {},
  ...overrides,
});

const events = [
  event({
    id: 3,
    action: 'price_changed',
    entity: 'product',
    entity_id: '42',
    changes: { title: 'Miniket Rice 25 kg', price: [1850, 1800] },
  }),
  event({ id: 2, action: 'order_deleted', entity: 'order', entity_id: '1001', till: 'T2' }),
  event({ id: 1, staff_id: 9, staff_name: 'Karim', action: 'sign_in_failed', ip: '10.0.0.5' }),
  event({
    id: 0,
    action: 'staff_added',
    entity_id: '9',
    changes: { name: [null, 'Karim'], phone: [null, '01711000002'], role: [null, 'cashier'] },
  }),
];

function mockTrail(verify = { ok: true, checked: 1204, first_broken_id: null as number | null }) {
  return mockApi({
    'GET /api/profile': signInStaff('owner', PERMISSIONS),
    'GET /api/audit': (req) =>
      pageOf(req.query.get('action') ? events.filter((e) => e.action === req.query.get('action')) : events, {
        path: '/api/audit',
      }),
    'GET /api/staff': pageOf(
      [
        {
          id: 7,
          name: 'Rahim',
          phone: '01711000001',
          role: 'manager',
          role_name: 'Manager',
          active: true,
          locked: false,
          has_pin: true,
        },
        {
          id: 9,
          name: 'Karim',
          phone: '01711000002',
          role: 'cashier',
          role_name: 'Cashier',
          active: true,
          locked: false,
          has_pin: true,
        },
      ],
      { path: '/api/staff' },
    ),
    'GET /api/audit/verify': { data: verify },
  });
}

afterEach(() => setLanguage('en'));

describe('AuditPage', () => {
  it('tells each event as a sentence, with when and from where', async () => {
    mockTrail();
    renderRoutes(routes, '/admin/audit');
    expect(
      await screen.findByText('Rahim changed the price of Miniket Rice 25 kg from 1,850 to 1,800'),
    ).toBeVisible();
    expect(screen.getByText('Rahim deleted order #1001')).toBeVisible();
    expect(screen.getByText('A wrong password for Karim')).toBeVisible();
    expect(screen.getByText('192.168.1.20, till T2')).toBeVisible();
    expect(screen.getByText('10.0.0.5')).toBeVisible();
    expect(screen.getByText('Rahim added Karim as Cashier')).toBeVisible();
  });

  it('filters by person and action through the URL, and asks the server for that', async () => {
    const fetchMock = mockTrail();
    const { router } = renderRoutes(routes, '/admin/audit');
    await screen.findByText('A wrong password for Karim');
    const form = screen.getByRole('form', { name: 'Filter the audit trail' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Karim' })).toBeInTheDocument());
    fireEvent.change(within(form).getByLabelText('Person'), { target: { value: '9' } });
    fireEvent.change(within(form).getByLabelText('Action'), { target: { value: 'price_changed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByText('A wrong password for Karim')).toBeNull());
    expect(router.state.location.search).toContain('action=price_changed');
    expect(router.state.location.search).toContain('staff_id=9');
    const last = callsTo(fetchMock, 'GET /api/audit').at(-1);
    expect(last?.searchParams.get('action')).toBe('price_changed');
    expect(last?.searchParams.get('staff_id')).toBe('9');
  });

  it('checks the trail and says whether it is whole, or which event was changed', async () => {
    mockTrail();
    renderRoutes(routes, '/admin/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Check the trail' }));
    const said = await screen.findByText(
      'The trail is whole: 1,204 events checked, none changed or removed.',
    );
    expect(said).toHaveClass('alert-success');
  });

  it('names the event someone changed', async () => {
    mockTrail({ ok: false, checked: 10, first_broken_id: 11 });
    renderRoutes(routes, '/admin/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Check the trail' }));
    expect(await screen.findByText(/event #11 was edited, removed or put in/)).toHaveClass('alert-danger');
  });

  it('reads in Bangla, numbers in Bengali digits', async () => {
    setLanguage('bn');
    mockTrail();
    renderRoutes(routes, '/admin/audit');
    expect(await screen.findByRole('heading', { name: 'অডিট' })).toBeVisible();
    expect(await screen.findByText('Rahim Miniket Rice 25 kg-এর দাম ১,৮৫০ থেকে ১,৮০০ করেছেন')).toBeVisible();
    expect(screen.getByText('Rahim Karim-কে ক্যাশিয়ার হিসেবে যোগ করেছেন')).toBeVisible();
  });
});
