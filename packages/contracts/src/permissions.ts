/**
 * What a member of staff may do. Every back-office route declares the one permission it needs
 * (the server's route table, next to its `access`); the server refuses a caller without it (403
 * `forbidden`, naming the permission) and the web app shows each person only the menu entries and
 * buttons whose permission they hold. A role is a named set of them.
 *
 * Grouped by area, in the order the Staff screen shows them. The names never change: roles store
 * them. Their labels are the web app's (`permission.<name>`). No schema library here: the back
 * office's frame reads these before its first screen (the schema is `permissionSchema`, staff.ts).
 */
export const PERMISSION_GROUPS = {
  dashboard: ['dashboard.view'],
  till: ['till.sell', 'till.drawer', 'till.shifts', 'till.approve'],
  orders: ['orders.view', 'orders.edit', 'orders.returns', 'orders.delete', 'orders.refund_online'],
  // Assigning orders to riders (and the pick list), settling a rider's cash, and being a rider:
  // seeing and marking only one's own deliveries (GET /api/rider/deliveries).
  deliveries: ['deliveries.assign', 'deliveries.settle', 'deliveries.ride'],
  customers: [
    'customers.view',
    'customers.edit',
    'customers.balance',
    'customers.dues',
    'customers.delete',
    'customers.import',
  ],
  products: ['products.view', 'products.edit', 'products.prices', 'products.buy_prices'],
  // Counting the shelf (stocktakes: blind, no expected quantity shown) and approving a count.
  stock: ['stock.view', 'stock.edit', 'stock.requests', 'stock.count', 'stock.approve'],
  purchases: ['purchases.manage', 'suppliers.manage'],
  cash: ['expenses.manage', 'cash.close'],
  reports: ['reports.view', 'reports.profit'],
  exports: ['exports.download'],
  sms: ['sms.marketing'],
  settings: ['settings.edit', 'settings.gateways', 'backups.manage'],
  staff: ['staff.manage', 'audit.view'],
} as const;

export type PermissionArea = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionArea][number];

export const PERMISSIONS = Object.values(PERMISSION_GROUPS).flat() as [Permission, ...Permission[]];

/** True when a stored name is a permission this version knows (a removed one is ignored). */
export const isPermission = (name: string): name is Permission => (PERMISSIONS as string[]).includes(name);

/** The roles every shop starts with, by key. */
export const BUILT_IN_ROLES = ['owner', 'manager', 'cashier', 'stock', 'rider'] as const;
export type BuiltInRole = (typeof BUILT_IN_ROLES)[number];

const except = (...left: Permission[]) => PERMISSIONS.filter((p) => !left.includes(p));

/**
 * What each built-in role starts with. The owner has everything and cannot be edited; the others
 * can be, and copied into new roles. `discountLimit`: the largest discount, in percent of the
 * bill, its people may give at the till without a manager (null: no limit).
 */
export const BUILT_IN_ROLE_DEFAULTS: Record<
  BuiltInRole,
  { name: string; permissions: Permission[]; discountLimit: number | null }
> = {
  owner: { name: 'Owner', permissions: [...PERMISSIONS], discountLimit: null },
  // Everything but staff and roles, the audit trail, backups, the gateways' settings and riding.
  manager: {
    name: 'Manager',
    permissions: except(
      'staff.manage',
      'audit.view',
      'backups.manage',
      'settings.gateways',
      'deliveries.ride',
    ),
    discountLimit: null,
  },
  // The till, their own drawer, customers (look up, add, take a due), orders to look up and
  // reprint, returns within their limits. No prices, buy prices, profit, exports or settings.
  cashier: {
    name: 'Cashier',
    permissions: [
      'till.sell',
      'till.drawer',
      'orders.view',
      'orders.returns',
      'customers.view',
      'customers.edit',
      'customers.dues',
    ],
    discountLimit: 5,
  },
  // Products (without prices), stock, purchases and suppliers, product requests.
  stock: {
    name: 'Stock keeper',
    permissions: [
      'products.view',
      'products.edit',
      'stock.view',
      'stock.edit',
      'stock.requests',
      'stock.count',
      'purchases.manage',
      'suppliers.manage',
    ],
    discountLimit: 0,
  },
  // Their own deliveries on the rider's screen (/rider), nothing of the back office.
  rider: { name: 'Rider', permissions: ['deliveries.ride'], discountLimit: 0 },
};

/** The permission that makes a member of staff a rider (the owner holds it too, but is no rider). */
export const RIDER_PERMISSION: Permission = 'deliveries.ride';

/** The owner's role: everything, always. */
export const OWNER_ROLE: BuiltInRole = 'owner';
