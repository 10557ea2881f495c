import type { Order } from '@bazar/contracts/orders';
import { useState, type FormEvent } from 'react';
import { FormModal, ModalForm } from '../../components/form-modal';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { customerName } from '../../lib/line-names';
import { toast } from '../../lib/toast';
import { RiderSelect, useActiveRiders } from './assign-bar';
import { assignOrder, type OrderRider } from './riders-api';

type Props = {
  order: Order | null;
  onClose: () => void;
  /** The order's rider now (null: nobody). */
  onAssigned: (id: number, rider: OrderRider | null) => void;
};

/** "Rider of order #41": one order to a rider, another one, or nobody (POST /api/order/{id}/rider). */
export function AssignRiderModal({ order, onClose, onAssigned }: Props) {
  const { t } = useTranslation();
  return (
    <FormModal
      show={order !== null}
      id="assign-rider-modal"
      title={order ? t('riders.assign.title', { id: order.id }) : ''}
      onClose={onClose}
    >
      {order && <AssignRiderForm key={order.id} order={order} onClose={onClose} onAssigned={onAssigned} />}
    </FormModal>
  );
}

function AssignRiderForm({ order, onClose, onAssigned }: Props & { order: Order }) {
  const { t } = useTranslation();
  const riders = useActiveRiders();
  const current = order.rider ?? null;
  const [riderId, setRiderId] = useState<number | null>(current?.id ?? null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const send = async (to: number | null) => {
    setBusy(true);
    setFailure(null);
    try {
      const answer = await assignOrder(order.id, to);
      onAssigned(order.id, answer.rider);
      toast.success(
        answer.rider
          ? t('riders.assign.assigned', { count: 1, rider: answer.rider.name })
          : t('riders.assign.unassigned', { count: 1 }),
      );
      onClose();
    } catch (error) {
      setFailure(serverMessage(error, t('riders.assign.failed')));
      setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (riderId === null) setFailure(t('riders.assign.chooseFirst'));
    else void send(riderId);
  };

  return (
    <ModalForm
      onSubmit={onSubmit}
      submitting={busy}
      failure={failure}
      submitLabel={t('riders.assign.assign')}
      onClose={onClose}
    >
      <p className="fw-semibold mb-1">{customerName(t, order)}</p>
      <p className="text-secondary small mb-3">
        {current ? t('riders.assign.current', { rider: current.name }) : t('riders.assign.nobody')}
      </p>
      <label htmlFor="one-rider" className="form-label">
        {t('riders.assign.rider')}
      </label>
      <RiderSelect id="one-rider" riders={riders.active} value={riderId} onChange={setRiderId} />
      {riders.isSuccess && riders.active.length === 0 && (
        <p className="small text-secondary mt-2 mb-0">{t('riders.assign.noRiders')}</p>
      )}
      {current && (
        <button
          type="button"
          className="btn btn-outline-danger btn-sm mt-3"
          disabled={busy}
          onClick={() => void send(null)}
        >
          {t('riders.assign.unassignOne', { rider: current.name })}
        </button>
      )}
    </ModalForm>
  );
}
