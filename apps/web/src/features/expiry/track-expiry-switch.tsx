import type { StockProduct } from '@bazar/contracts/stock';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminConfirmModal } from '../../components/admin-confirm-modal';
import { serverMessage } from '../../lib/form-errors';
import { useTranslation } from '../../lib/i18n/i18n';
import { toast } from '../../lib/toast';
import { setTracking } from './expiry-api';

type Props = {
  product: Pick<StockProduct, 'id' | 'track_expiry'>;
  /** The product's name as the screen shows it. */
  name: string;
  /** The server's answer: whether it tracks expiry now. */
  onChanged: (track: boolean) => void;
};

/**
 * Live stock's "Track expiry" for one product (who may change stock, `stock.edit`): on at once;
 * off after a question, as the product's batches are forgotten. A refusal (a Bind Stock product
 * cannot track expiry) is said in a toast and the switch stays as it was.
 */
export function TrackExpirySwitch({ product, name, onChanged }: Props) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const tracking = product.track_expiry === true;
  const change = useMutation({
    mutationFn: (track: boolean) => setTracking(product.id, track),
    onSuccess: (answer) => {
      setAsking(false);
      onChanged(answer.track_expiry);
      toast.success(t(answer.track_expiry ? 'expiry.live.on' : 'expiry.live.off', { product: name }));
    },
    onError: (error) => {
      setAsking(false);
      toast.error(serverMessage(error, t('common.somethingWrong')));
    },
  });
  const id = `track-expiry-${product.id}`;

  return (
    <div className="form-check form-switch mb-0 text-nowrap">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="form-check-input"
        checked={tracking}
        disabled={change.isPending}
        aria-label={t('expiry.live.trackLabel', { product: name })}
        onChange={(event) => {
          if (event.target.checked) change.mutate(true);
          else setAsking(true);
        }}
      />
      <label htmlFor={id} className="form-check-label small">
        {t('expiry.live.track')}
      </label>
      <AdminConfirmModal
        show={asking}
        title={t('expiry.live.stopTitle')}
        confirmLabel={t('expiry.live.stopConfirm')}
        pending={change.isPending}
        onConfirm={() => change.mutate(false)}
        onClose={() => setAsking(false)}
      >
        {t('expiry.live.stopQuestion', { product: name })}
      </AdminConfirmModal>
    </div>
  );
}
