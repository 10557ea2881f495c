import { APPROVAL_KINDS, type ApprovalKind } from '@bazar/contracts/approvals';
import { BUILT_IN_ROLES, type BuiltInRole } from '@bazar/contracts/permissions';
import { FAIL_REASONS, RIDER_METHODS, type FailReason, type RiderMethod } from '@bazar/contracts/riders';
import type { AuditEvent } from '@bazar/contracts/audit';
import { STORED_PAYMENT_METHODS, type StoredPaymentMethod } from '@bazar/contracts/orders';
import { ADJUST_REASONS } from '@bazar/contracts/stocktakes';
import type { Translation } from '../../lib/i18n/i18n';
import { formatDay } from '../../lib/shop-time';

/** A [before, after] pair of the trail's `changes`, or undefined. */
const pair = (value: unknown): [unknown, unknown] | undefined =>
  Array.isArray(value) && value.length === 2 ? (value as [unknown, unknown]) : undefined;

const text = (value: unknown) => (value === null || value === undefined ? '—' : String(value));

/** A built-in role by its name in the screen's language; one the owner made by its key. */
function roleName(key: unknown, t: Translation['t']): string {
  return (BUILT_IN_ROLES as readonly unknown[]).includes(key)
    ? t(`adminStaff.builtInRoles.${key as BuiltInRole}`)
    : text(key);
}

/** What an approval was for, in words. */
function kindText(kind: unknown, t: Translation['t']): string {
  return (APPROVAL_KINDS as readonly unknown[]).includes(kind)
    ? t(`adminStaff.audit.kinds.${kind as ApprovalKind}`)
    : text(kind);
}

/** Why a delivery failed, in words; a reason this screen does not know as the server wrote it. */
function reasonName(reason: unknown, t: Translation['t']): string {
  return (FAIL_REASONS as readonly unknown[]).includes(reason)
    ? t(`riders.reasons.${reason as FailReason}`)
    : text(reason);
}

/** The fields whose names the trail's sentences know (a key not here is shown as stored). */
const FIELDS = [
  'ship',
  'reg_point',
  'sms_numbers',
  'shop_address',
  'shop_phone',
  'payment_numbers',
  'sms_budget',
  'shop_name',
  'scale_rules',
  'till_ship',
  'receipt_footer',
  'language',
  'status_sms',
  'credit_limit',
  'dues_reminder_over',
  'quick_keys',
  'expiry_days',
  'expired_sale',
  'name',
  'phone',
  'role',
  'pin',
  'pin_locked',
  'active',
  'password',
  'permissions',
  'discount_limit',
  'price',
  'offprice',
  'buyprice',
] as const;
type FieldKey = (typeof FIELDS)[number];

/** The changed fields of an event, by their names in the reader's language: "delivery charge, PIN". */
function fieldNames(changes: Record<string, unknown>, t: Translation['t']): string {
  return Object.keys(changes)
    .map((key) =>
      (FIELDS as readonly string[]).includes(key) ? t(`adminStaff.audit.fields.${key as FieldKey}`) : key,
    )
    .join(', ');
}

/** A payment method in words ("Cash", "নগদ"); one this screen does not know as the server wrote it. */
function methodText(method: unknown, t: Translation['t']): string {
  return (STORED_PAYMENT_METHODS as readonly unknown[]).includes(method)
    ? t(`orderRecord.methods.${method as StoredPaymentMethod}`)
    : text(method);
}

/** What a rider collected at the door (`[{ method, amount }]`): the sum, and the methods in words. */
function collected(value: unknown, t: Translation['t']): { amount: number; methods: string } {
  const rows = Array.isArray(value) ? (value as Array<{ method?: unknown; amount?: unknown }>) : [];
  const amount = rows.reduce((sum, r) => sum + (typeof r.amount === 'number' ? r.amount : 0), 0);
  const methods = [...new Set(rows.map((r) => r.method))]
    .map((m) =>
      (RIDER_METHODS as readonly unknown[]).includes(m)
        ? t(`orderRecord.methods.${m as RiderMethod}`)
        : text(m),
    )
    .join(', ');
  return { amount, methods };
}

/**
 * One event of the audit trail as a sentence a person reads ("Rahim changed the price of Miniket
 * Rice 25 kg from 1,850 to 1,800"), in the screen's language; an action this screen does not know
 * is still told (who, what, which).
 */
export function auditSentence(
  e: AuditEvent,
  { t, formatNumber, language }: Pick<Translation, 't' | 'formatNumber' | 'language'>,
): string {
  const who = e.staff_name ?? t('adminStaff.audit.nobody');
  const id = e.entity_id ?? '';
  const money = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : text(value));
  /** A batch's expiry day (YYYY-MM-DD) as the reader's language writes days. */
  const day = (value: unknown) => (typeof value === 'string' ? formatDay(value, language) : text(value));
  const code = typeof e.changes.code === 'string' && e.changes.code ? e.changes.code : null;
  switch (e.action) {
    case 'sign_in':
      return t('adminStaff.audit.sentences.signIn', { who });
    case 'sign_in_failed':
      return t('adminStaff.audit.sentences.signInFailed', { who });
    case 'staff_added':
      return t('adminStaff.audit.sentences.staffAdded', {
        who,
        name: text(pair(e.changes.name)?.[1]),
        role: roleName(pair(e.changes.role)?.[1], t),
      });
    case 'staff_changed':
      return t('adminStaff.audit.sentences.staffChanged', {
        who,
        id,
        fields: fieldNames(e.changes, t),
      });
    case 'role_added':
      return t('adminStaff.audit.sentences.roleAdded', { who, id });
    case 'role_changed':
      return t('adminStaff.audit.sentences.roleChanged', {
        who,
        id,
        fields: fieldNames(e.changes, t),
      });
    case 'price_changed': {
      const price = pair(e.changes.price);
      const title = text(e.changes.title);
      if (price) {
        return t('adminStaff.audit.sentences.priceChanged', {
          who,
          title,
          from: money(price[0]),
          to: money(price[1]),
        });
      }
      return t('adminStaff.audit.sentences.pricesChanged', {
        who,
        title,
        fields: fieldNames(Object.fromEntries(Object.entries(e.changes).filter(([k]) => k !== 'title')), t),
      });
    }
    case 'order_deleted':
      return t('adminStaff.audit.sentences.orderDeleted', { who, id });
    case 'export_downloaded':
      return t('adminStaff.audit.sentences.exportDownloaded', { who, id });
    case 'backup_downloaded':
      return t('adminStaff.audit.sentences.backupDownloaded', { who, id });
    case 'balance_changed':
      return t('adminStaff.audit.sentences.balanceChanged', { who, id });
    case 'settings_changed':
      return t('adminStaff.audit.sentences.settingsChanged', {
        who,
        fields: fieldNames(e.changes, t),
      });
    case 'sale_made':
      return t('adminStaff.audit.sentences.saleMade', { who, id, total: money(e.changes.total) });
    case 'payment_taken':
      return t('adminStaff.audit.sentences.paymentTaken', {
        who,
        id,
        amount: money(e.changes.amount),
        method: methodText(e.changes.method, t),
      });
    case 'order_refunded':
      return t('adminStaff.audit.sentences.orderRefunded', {
        who,
        id,
        amount: money(e.changes.refund),
        method: methodText(e.changes.method, t),
      });
    case 'order_status':
      return t('adminStaff.audit.sentences.orderStatus', { who, id });
    case 'goods_returned':
      return t('adminStaff.audit.sentences.goodsReturned', { who, id, value: money(e.changes.value) });
    case 'approval_given': {
      const approver = text(e.changes.approver);
      if (e.changes.kind === 'discount') {
        return t('adminStaff.audit.sentences.approvalDiscount', {
          approver,
          who,
          id,
          amount: money(e.changes.discount),
          percent: money(e.changes.percent),
        });
      }
      return t('adminStaff.audit.sentences.approvalGiven', {
        approver,
        who,
        id,
        what: kindText(e.changes.kind, t),
      });
    }
    case 'approval_missing':
      return t('adminStaff.audit.sentences.approvalMissing', { who, id, what: kindText(e.changes.kind, t) });
    case 'drawer_opened':
      return e.changes.approver
        ? t('adminStaff.audit.sentences.drawerApproved', {
            who,
            reason: text(e.changes.reason),
            approver: text(e.changes.approver),
          })
        : t('adminStaff.audit.sentences.drawerOpened', { who, reason: text(e.changes.reason) });
    case 'till_switch':
      return t('adminStaff.audit.sentences.tillSwitch', { who });
    case 'pin_failed':
      return t('adminStaff.audit.sentences.pinFailed', { name: text(e.changes.name ?? `#${id}`) });
    case 'pin_locked':
      return t('adminStaff.audit.sentences.pinLocked', { name: text(e.changes.name ?? `#${id}`) });
    case 'dues_paid':
      return t('adminStaff.audit.sentences.duesPaid', {
        who,
        id,
        amount: money(e.changes.amount),
        method: methodText(e.changes.method, t),
      });
    case 'stock_added':
      return t('adminStaff.audit.sentences.stockAdded', {
        who,
        id,
        qty: money(e.changes.qty),
        price: money(e.changes.price),
      });
    case 'stock_deleted':
      return t('adminStaff.audit.sentences.stockDeleted', { who, id });
    case 'shift_opened':
      return t('adminStaff.audit.sentences.shiftOpened', { who, amount: money(e.changes.float) });
    case 'cash_moved': {
      const amount = typeof e.changes.amount === 'number' ? e.changes.amount : 0;
      return t(amount < 0 ? 'adminStaff.audit.sentences.cashOut' : 'adminStaff.audit.sentences.cashIn', {
        who,
        amount: money(Math.abs(amount)),
        reason: text(e.changes.reason),
      });
    }
    case 'purchase_added':
      return t('adminStaff.audit.sentences.purchaseAdded', {
        who,
        id,
        supplier: text(e.changes.supplier),
        total: money(e.changes.total),
        paid: money(e.changes.paid),
      });
    case 'purchase_deleted':
      return t('adminStaff.audit.sentences.purchaseDeleted', { who, id, supplier: text(e.changes.supplier) });
    case 'supplier_paid':
      return t('adminStaff.audit.sentences.supplierPaid', {
        who,
        supplier: text(e.changes.name),
        amount: money(e.changes.amount),
        method: methodText(e.changes.method, t),
      });
    case 'expense_added':
      return t('adminStaff.audit.sentences.expenseAdded', {
        who,
        amount: money(e.changes.amount),
        detail: text(e.changes.detail),
      });
    case 'cash_closed':
      // The day closed (YYYY-MM-DD), as the reader's language writes days.
      return t('adminStaff.audit.sentences.cashClosed', { who, date: day(id) });
    case 'product_added':
      return t('adminStaff.audit.sentences.productAdded', {
        who,
        title: [text(e.changes.title), e.changes.attri].filter(Boolean).join(' '),
        price: money(e.changes.price),
      });
    case 'product_deleted':
      return t('adminStaff.audit.sentences.productDeleted', {
        who,
        title: [text(e.changes.title), e.changes.attri].filter(Boolean).join(' '),
      });
    case 'shift_closed':
      return t('adminStaff.audit.sentences.shiftClosed', {
        who,
        counted: money(e.changes.counted),
        expected: money(e.changes.expected),
      });
    case 'rider_assigned':
      return t('adminStaff.audit.sentences.riderAssigned', { who, id, rider: text(e.changes.rider) });
    case 'rider_unassigned':
      return t('adminStaff.audit.sentences.riderUnassigned', { who, id });
    case 'order_delivered': {
      const taken = collected(e.changes.collected, t);
      return taken.amount > 0
        ? t('adminStaff.audit.sentences.orderDelivered', {
            who,
            id,
            amount: money(taken.amount),
            methods: taken.methods,
          })
        : t('adminStaff.audit.sentences.orderDeliveredPaid', { who, id });
    }
    case 'delivery_failed': {
      const reason = reasonName(e.changes.reason, t);
      return t('adminStaff.audit.sentences.deliveryFailed', {
        who,
        id,
        reason: e.changes.note ? `${reason} (${text(e.changes.note)})` : reason,
      });
    }
    case 'rider_settled': {
      const left = typeof e.changes.difference === 'number' ? e.changes.difference : 0;
      const cash = money(e.changes.cash);
      // The rider by name (a handover names them; one recorded before it did, by number).
      const rider = typeof e.changes.rider === 'string' ? e.changes.rider : `#${id}`;
      return left === 0
        ? t('adminStaff.audit.sentences.riderSettled', { who, rider, cash })
        : t('adminStaff.audit.sentences.riderSettledLeft', { who, rider, cash, left: money(left) });
    }
    case 'line_short':
      return t('adminStaff.audit.sentences.lineShort', { who, id, value: money(e.changes.value) });
    case 'stocktake_started':
      return t('adminStaff.audit.sentences.stocktakeStarted', { who, id });
    case 'stocktake_approved': {
      const moved = Array.isArray(e.changes.moved) ? e.changes.moved.length : 0;
      return t(
        e.changes.closed === true
          ? 'adminStaff.audit.sentences.stocktakeClosed'
          : 'adminStaff.audit.sentences.stocktakeApproved',
        { who, id, moved },
      );
    }
    case 'stocktake_cancelled':
      return t('adminStaff.audit.sentences.stocktakeCancelled', { who, id });
    case 'stock_adjusted': {
      const [before, after] = Array.isArray(e.changes.qty) ? e.changes.qty : [];
      const vars = {
        who,
        id,
        before: typeof before === 'number' ? before : '',
        after: typeof after === 'number' ? after : '',
        reason: adjustReasonName(e.changes.reason, t),
      };
      // A batch written off (Expiring soon): which one, by its date and code.
      if (typeof e.changes.expiry !== 'string') return t('adminStaff.audit.sentences.stockAdjusted', vars);
      return code
        ? t('adminStaff.audit.sentences.stockAdjustedBatchCode', {
            ...vars,
            date: day(e.changes.expiry),
            code,
          })
        : t('adminStaff.audit.sentences.stockAdjustedBatch', { ...vars, date: day(e.changes.expiry) });
    }
    case 'expiry_tracking':
      return t(
        pair(e.changes.track_expiry)?.[1] === false
          ? 'adminStaff.audit.sentences.expiryTrackingOff'
          : 'adminStaff.audit.sentences.expiryTrackingOn',
        { who, title: text(e.changes.title ?? `#${id}`) },
      );
    case 'expiry_offer': {
      const vars = {
        who,
        title: text(e.changes.title ?? `#${id}`),
        to: money(pair(e.changes.offprice)?.[1]),
        percent: money(e.changes.percent),
        date: day(e.changes.expiry),
      };
      return code
        ? t('adminStaff.audit.sentences.expiryOfferCode', { ...vars, code })
        : t('adminStaff.audit.sentences.expiryOffer', vars);
    }
    case 'reorder_levels':
      return t('adminStaff.audit.sentences.reorderLevels', { who, id });
    case 'purchase_order_added':
      return t('adminStaff.audit.sentences.purchaseOrderAdded', { who, id });
    case 'purchase_order_sent':
      return t('adminStaff.audit.sentences.purchaseOrderSent', { who, id });
    case 'purchase_order_closed':
      return t('adminStaff.audit.sentences.purchaseOrderClosed', { who, id });
    default:
      return t('adminStaff.audit.sentences.other', { who, action: e.action, entity: e.entity, id });
  }
}

/** A write-off's reason in the reader's words (the stored name when it is one this version does not know). */
function adjustReasonName(reason: unknown, t: Translation['t']): string {
  const known = ADJUST_REASONS.find((r) => r === reason);
  return known ? t(`adminStaff.audit.adjustReasons.${known}`) : text(reason);
}

/** The actions the filter offers, as the server records them. */
export const AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'staff_added',
  'staff_changed',
  'role_added',
  'role_changed',
  'price_changed',
  'order_deleted',
  'export_downloaded',
  'backup_downloaded',
  'balance_changed',
  'settings_changed',
  'sale_made',
  'payment_taken',
  'order_refunded',
  'order_status',
  'goods_returned',
  'approval_given',
  'approval_missing',
  'drawer_opened',
  'till_switch',
  'pin_failed',
  'pin_locked',
  'dues_paid',
  'stock_added',
  'stock_deleted',
  'shift_opened',
  'cash_moved',
  'shift_closed',
  'purchase_added',
  'purchase_deleted',
  'supplier_paid',
  'expense_added',
  'cash_closed',
  'product_added',
  'product_deleted',
  'rider_assigned',
  'rider_unassigned',
  'order_delivered',
  'delivery_failed',
  'rider_settled',
  'line_short',
  'stocktake_started',
  'stocktake_approved',
  'stocktake_cancelled',
  'stock_adjusted',
  'reorder_levels',
  'purchase_order_added',
  'purchase_order_sent',
  'purchase_order_closed',
  'expiry_tracking',
  'expiry_offer',
] as const;
