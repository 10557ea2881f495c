import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import {
  activeRiders,
  assignOrders,
  fetchRiders,
  pickListUrl,
  ridersKey,
  type Assigned,
  type Rider,
} from './riders-api';
import './riders.css';

/** The active riders to choose from (GET /api/riders), for the bar and the one-order dialog. */
export function useActiveRiders(enabled = true) {
  const riders = useQuery({ queryKey: ridersKey, queryFn: fetchRiders, enabled });
  return { ...riders, active: activeRiders(riders.data ?? []) };
}

/** The riders' select: "Choose a rider", then each active rider by name. */
export function RiderSelect({
  id,
  riders,
  value,
  onChange,
  className = 'form-select',
}: {
  id: string;
  riders: readonly Rider[];
  value: number | null;
  onChange: (id: number | null) => void;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <select
      id={id}
      className={className}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">{t('riders.assign.choose')}</option>
      {riders.map((rider) => (
        <option key={rider.id} value={rider.id}>
          {rider.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The bar under a list while orders are ticked: how many, a rider and Assign, Unassign, their pick
 * list, and Clear. It stays at the bottom of the screen while the list scrolls (a long day's
 * deliveries on a phone). Assigning is all or none (the server refuses a delivered or cancelled
 * order among them, naming it); the answer goes to `onAssigned` for the rows to show their rider.
 */
export function AssignBar({
  ids,
  onAssigned,
  onClear,
}: {
  ids: readonly number[];
  onAssigned: (answer: Assigned) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const riders = useActiveRiders(ids.length > 0);
  const [riderId, setRiderId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  if (ids.length === 0) return null;
  const chosen = riders.active.find((r) => r.id === riderId) ?? null;

  const send = async (to: Rider | null) => {
    setBusy(true);
    try {
      const answer = await assignOrders([...ids], to?.id ?? null);
      toast.success(
        to
          ? t('riders.assign.assigned', { count: answer.order_ids.length, rider: to.name })
          : t('riders.assign.unassigned', { count: answer.order_ids.length }),
      );
      onAssigned(answer);
    } catch (error) {
      toast.error(serverMessage(error, t('riders.assign.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="region"
      aria-label={t('riders.assign.bar')}
      className="assign-bar d-flex flex-wrap align-items-center gap-2 p-2 border rounded bg-body-tertiary"
    >
      <strong className="me-auto me-md-2 text-nowrap">
        {t('riders.assign.selected', { count: ids.length })}
      </strong>
      <label htmlFor="assign-rider" className="visually-hidden">
        {t('riders.assign.rider')}
      </label>
      <RiderSelect
        id="assign-rider"
        className="form-select form-select-sm w-auto assign-rider"
        riders={riders.active}
        value={chosen?.id ?? null}
        onChange={setRiderId}
      />
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={busy || !chosen}
        onClick={() => void send(chosen)}
      >
        {t('riders.assign.assign')}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary"
        disabled={busy}
        onClick={() => void send(null)}
      >
        {t('riders.assign.unassign')}
      </button>
      <Link className="btn btn-sm btn-outline-primary" to={pickListUrl({ orders: [...ids] })}>
        {t('riders.assign.pickList')}
      </Link>
      <button type="button" className="btn btn-sm btn-link" onClick={onClear}>
        {t('riders.assign.clear')}
      </button>
      {riders.isSuccess && riders.active.length === 0 && (
        <p className="w-100 small text-secondary mb-0">{t('riders.assign.noRiders')}</p>
      )}
    </div>
  );
}
