import { useTranslation } from '../../lib/i18n/i18n';
import { NavLink } from 'react-router';

type NavKey =
  | 'dashboard'
  | 'analytics'
  | 'products'
  | 'orders'
  | 'productRequest'
  | 'stock'
  | 'expance'
  | 'purchases'
  | 'suppliers'
  | 'areas'
  | 'customers'
  | 'smsMarketing'
  | 'story'
  | 'setting';

const sections: { key: 'main' | 'customer' | 'marketing' | 'setting'; links: [NavKey, string][] }[] = [
  {
    key: 'main',
    links: [
      ['dashboard', '/admin'],
      ['analytics', '/admin/analytics'],
      ['products', '/admin/products'],
      ['orders', '/admin/orders'],
      ['productRequest', '/admin/pro-request'],
      ['stock', '/admin/stock'],
      ['expance', '/admin/expance'],
      ['purchases', '/admin/purchases'],
      ['suppliers', '/admin/suppliers'],
    ],
  },
  {
    key: 'customer',
    links: [
      ['areas', '/admin/areas'],
      ['customers', '/admin/customers'],
    ],
  },
  {
    key: 'marketing',
    links: [
      ['smsMarketing', '/admin/sms-marketing'],
      ['story', '/admin/story'],
    ],
  },
  { key: 'setting', links: [['setting', '/admin/setting']] },
];

/** The back office menu in its four sections. */
export function AdminSidebar({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.menu')} className="admin-nav py-2">
      {sections.map((section) => (
        <div key={section.key} className="mb-2">
          <h2 id={`admin-nav-${section.key}`} className="admin-nav-heading">
            {t(`admin.sections.${section.key}`)}
          </h2>
          <ul className="list-unstyled mb-0" aria-labelledby={`admin-nav-${section.key}`}>
            {section.links.map(([key, to]) => (
              <li key={key}>
                <NavLink to={to} end={to === '/admin'} className="admin-nav-link" onClick={onChoose}>
                  {t(`admin.nav.${key}`)}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
