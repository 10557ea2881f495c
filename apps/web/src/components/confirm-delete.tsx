import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { serverMessage } from '../lib/form-errors';
import { useTranslation } from '../lib/i18n/i18n';
import { toast } from '../lib/toast';
import { AdminConfirmModal } from './admin-confirm-modal';

/**
 * Delete with a confirmation, as every back-office list does it: `ask(row)` opens "Confirm delete";
 * confirming calls `remove`, then `onDeleted` (take the row out of the list) and shows `deleted`;
 * a refusal shows the server's reason and leaves the row. `dialog` goes once into the screen.
 */
export function useConfirmDelete<Row>({
  remove,
  onDeleted,
  onSettled,
  deleted,
  question,
  title,
  confirmLabel,
  cancelLabel,
}: {
  remove: (row: Row) => Promise<unknown>;
  onDeleted: (row: Row) => void;
  /** After the delete went through or was refused (read the list again either way). */
  onSettled?: () => void;
  /** The toast after a delete. */
  deleted: string;
  /** The question, when not the usual "Are you want to delete?". */
  question?: (row: Row) => ReactNode;
  /** The dialog's heading and buttons, when not "Confirm delete", "Delete" and "Close". */
  title?: string;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Row | null>(null);
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: (_, row) => {
      setAsked(null);
      onDeleted(row);
      toast.success(deleted);
    },
    onError: (error) => {
      setAsked(null);
      toast.error(serverMessage(error, t('common.somethingWrong')));
    },
    onSettled: () => onSettled?.(),
  });
  const dialog = (
    <AdminConfirmModal
      show={asked !== null}
      title={title}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      pending={mutation.isPending}
      onConfirm={() => asked !== null && mutation.mutate(asked)}
      onClose={() => setAsked(null)}
    >
      {asked !== null && question ? question(asked) : undefined}
    </AdminConfirmModal>
  );
  /** The row whose delete is on its way, if any (its button waits). */
  const deleting = mutation.isPending ? mutation.variables : undefined;
  return { ask: setAsked, dialog, pending: mutation.isPending, deleting };
}
