import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { dismissToast, TOAST_DURATION_MS, useToasts } from '../lib/toast';

/** Renders the toasts of src/lib/toast; mounted once at the root. */
export function ToastHost() {
  const toasts = useToasts();
  return (
    <ToastContainer position="bottom-center" className="p-3 toast-host" containerPosition="fixed">
      {toasts.map((item) => (
        <Toast
          key={item.id}
          bg={item.variant}
          autohide
          delay={TOAST_DURATION_MS}
          onClose={() => dismissToast(item.id)}
          role={item.variant === 'danger' ? 'alert' : 'status'}
          aria-live={item.variant === 'danger' ? 'assertive' : 'polite'}
        >
          <Toast.Body className="text-white fw-semibold">{item.text}</Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}
