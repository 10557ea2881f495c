import { BUILT_IN_ROLES, type BuiltInRole } from '@bazar/contracts/permissions';
import type { AuditEvent } from '@bazar/contracts/audit';
import type { Translation } from '../../lib/i18n/i18n';

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

/**
 * One event of the audit trail as a sentence a person reads ("Rahim changed the price of Miniket
 * Rice 25 kg from 1,850 to 1,800"), in the screen's language; an action this screen does not know
 * is still told (who, what, which).
 */
export function auditSentence(
  e: AuditEvent,
  { t, formatNumber }: Pick<Translation, 't' | 'formatNumber'>,
): string {
  const who = e.staff_name ?? t('adminStaff.audit.nobody');
  const id = e.entity_id ?? '';
  const money = (value: unknown) => (typeof value === 'number' ? formatNumber(value) : text(value));
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
        fields: Object.keys(e.changes).join(', '),
      });
    case 'role_added':
      return t('adminStaff.audit.sentences.roleAdded', { who, id });
    case 'role_changed':
      return t('adminStaff.audit.sentences.roleChanged', {
        who,
        id,
        fields: Object.keys(e.changes).join(', '),
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
        fields: Object.keys(e.changes)
          .filter((k) => k !== 'title')
          .join(', '),
      });
    }
    case 'order_deleted':
      return t('adminStaff.audit.sentences.orderDeleted', { who, id });
    case 'export_downloaded':
      return t('adminStaff.audit.sentences.exportDownloaded', { who, id });
    case 'backup_downloaded':
      return t('adminStaff.audit.sentences.backupDownloaded', { who, id });
    default:
      return t('adminStaff.audit.sentences.other', { who, action: e.action, entity: e.entity, id });
  }
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
] as const;
