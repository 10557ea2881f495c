import type { RouteObject } from 'react-router';
import type { AdminRouteHandle } from '../../lib/admin-check';
import { lazyPage } from '../lazy-page';

/** SMS marketing screens; each screen is its own chunk. */
export const adminSmsRoutes: RouteObject[] = [
  {
    path: 'sms-marketing',
    handle: { permission: 'sms.marketing' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/sms/sms-lists-page').then((m) => m.SmsListsPage)),
  },
  {
    path: 'sms-list/:id',
    handle: { permission: 'sms.marketing' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/sms/sms-list-page').then((m) => m.SmsListPage)),
  },
  {
    path: 'send-sms/:id',
    handle: { permission: 'sms.marketing' } satisfies AdminRouteHandle,
    ...lazyPage(() => import('../../features/sms/send-sms-page').then((m) => m.SendSmsPage)),
  },
];
