import { useTranslation, type MessageKey } from '../../lib/i18n/i18n';
import { NavLink } from 'react-router';
import { usePermissions, type Needs } from '../../features/auth/permissions';
// The back office's riders and stock count texts (not in a shopper's first load) come with the
// frame: every back-office screen finds them.

type NavKey =
  | 'dashboard'
  | 'analytics'
  | 'products'
  | 'orders'
  | 'onlinePayments'
  | 'riders'
  | 'productRequest'
  | 'stock'
  | 'stockCount'
  | 'expiring'
  | 'expance'
  | 'purchases'
  | 'suppliers'
  | 'areas'
  | 'customers'
  | 'smsMarketing'
  | 'story'
  | 'setting'
  | 'staff'
  | 'audit';

/** A menu entry: its label's key, where it goes, and what a member of staff needs to see it. */
type NavLinkDef = [NavKey, string, Needs];

const sections: { key: 'main' | 'customer' | 'marketing' | 'setting'; links: NavLinkDef[] }[] = [
  {
    key: 'main',
    links: [
      ['dashboard', '/admin', 'dashboard.view'],
      ['analytics', '/admin/analytics', 'reports.view'],
      ['products', '/admin/products', 'products.view'],
      ['orders', '/admin/orders', 'orders.view'],
      ['onlinePayments', '/admin/online-payments', 'orders.refund_online'],
      ['riders', '/admin/riders', 'deliveries.settle'],
      ['productRequest', '/admin/pro-request', 'stock.requests'],
      ['stock', '/admin/stock', 'stock.view'],
      ['stockCount', '/admin/stock-counts', ['stock.count', 'stock.approve']],
      ['expiring', '/admin/expiring', 'stock.view'],
      ['expance', '/admin/expance', 'expenses.manage'],
      ['purchases', '/admin/purchases', 'purchases.manage'],
      ['suppliers', '/admin/suppliers', 'suppliers.manage'],
    ],
  },
  {
    key: 'customer',
    links: [
      ['areas', '/admin/areas', 'settings.edit'],
      ['customers', '/admin/customers', 'customers.view'],
    ],
  },
  {
    key: 'marketing',
    links: [
      ['smsMarketing', '/admin/sms-marketing', 'sms.marketing'],
      ['story', '/admin/story', 'settings.edit'],
    ],
  },
  {
    key: 'setting',
    links: [
      ['setting', '/admin/setting', 'settings.edit'],
      ['staff', '/admin/staff', 'staff.manage'],
      ['audit', '/admin/audit', 'audit.view'],
    ],
  },
];

/**
 * An entry's label: the frame's own, but the riders' lives with the rest of the delivery texts, the
 * stock count's with the counting screens' and Expiring soon's with the expiry texts (none is in a
 * shopper's first load).
 */
const labelOf = (key: NavKey): MessageKey =>
  key === 'riders'
    ? 'riders.riders.nav'
    : key === 'stockCount'
      ? 'stocktakes.nav'
      : key === 'expiring'
        ? 'expiry.nav'
        : `admin.nav.${key}`;

/**
 * Where a member of staff starts when they may not see the dashboard: the till if they sell, else
 * the first menu entry they may open (null: none).
 */
export function firstPage(can: (needs: Needs) => boolean): string | null {
  if (can('till.sell')) return '/admin/pos';
  for (const section of sections) for (const [, to, needs] of section.links) if (can(needs)) return to;
  return null;
}

/** The back office menu in its four sections: only the entries this person may open. */
export function AdminSidebar({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const shown = sections
    .map((section) => ({ ...section, links: section.links.filter(([, , needs]) => can(needs)) }))
    .filter((section) => section.links.length > 0);
  return (
    <nav aria-label={t('admin.menu')} className="admin-nav py-2">
      {shown.map((section) => (
        <div key={section.key} className="mb-2">
          <h2 id={`admin-nav-${section.key}`} className="admin-nav-heading">
            {t(`admin.sections.${section.key}`)}
          </h2>
          <ul className="list-unstyled mb-0" aria-labelledby={`admin-nav-${section.key}`}>
            {section.links.map(([key, to]) => (
              <li key={key}>
                <NavLink to={to} end={to === '/admin'} className="admin-nav-link" onClick={onChoose}>
                  {t(labelOf(key))}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
