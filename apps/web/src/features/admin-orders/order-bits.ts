import type { TFunction } from '../../lib/i18n/i18n';
import { ORDER_STATUSES } from './orders-api';

type KnownStatus = (typeof ORDER_STATUSES)[number];

export const isKnownStatus = (status: number): status is KnownStatus =>
  (ORDER_STATUSES as readonly number[]).includes(status);

/** 0 Processing … 4 Canceled; any other value reads Complete. */
export const statusLabel = (t: TFunction, status: number) =>
  isKnownStatus(status) ? t(`adminOrders.status.s${status}`) : t('adminOrders.status.other');

/** The colour of a status badge: waiting grey/blue, on the way blue, delivered green, cancelled red. */
const STATUS_BADGE: Record<KnownStatus, string> = {
  0: 'text-bg-secondary',
  1: 'text-bg-info',
  2: 'text-bg-primary',
  3: 'text-bg-success',
  4: 'text-bg-danger',
};
export const statusBadge = (status: number) =>
  isKnownStatus(status) ? STATUS_BADGE[status] : 'text-bg-success';
