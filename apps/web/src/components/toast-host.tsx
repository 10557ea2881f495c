import { useEffect } from 'react';
import { useTranslation } from '../lib/i18n/i18n';
import { dismissToast, TOAST_DURATION_MS, useToasts, type ToastMessage } from '../lib/toast';

// Plain Bootstrap toast markup instead of react-bootstrap's <Toast>: that component forces
// role="alert" on every toast, so screen readers would announce "Profile updated" as an alarm.
function ToastItem({ item }: { item: ToastMessage }) {
  const { t } = useTranslation();
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [item.id]);
  const danger = item.variant === 'danger';
  return (
    <div
      className={`toast show border-0 bg-${item.variant}`}
      role={danger ? 'alert' : 'status'}
      aria-live={danger ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <div className="d-flex">
        <div className="toast-body text-white fw-semibold">{item.text}</div>
        <button
          type="button"
          className="btn-close btn-close-white me-2 m-auto"
          aria-label={t('common.close')}
          onClick={() => dismissToast(item.id)}
        />
      </div>
    </div>
  );
}

/** Renders the toasts of src/lib/toast; mounted once at the root. Each disappears after 3 s. */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <div className="toast-container position-fixed bottom-0 start-50 translate-middle-x p-3 toast-host">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}
