/**
 * English texts of restoring a backup from Setting (issue 29): they come with the back office's
 * frame (en-back-office.ts), not in a shopper's first load.
 */
export const enBackupRestore = {
  restoreButton: 'Restore',
  restoreLabel: 'Restore the backup of {{time}}',
  upload: 'Restore from a backup file',
  checking: 'Checking the backup…',
  restoreTitle: 'Restore this backup?',
  holds:
    'Taken on {{time}}. It holds {{orders}} orders, {{products}} products, {{customers}} customers and {{pictures}} pictures.',
  dataVersion: 'Data version: {{schema}}',
  replaceWarning:
    'Everything in the shop now is replaced by this backup. A backup of the shop as it is now is taken first. The shop closes for about a minute, and everyone is signed out.',
  confirmLabel: 'To confirm, type the shop’s name: {{name}}',
  restoreNow: 'Restore this backup',
  restoring: 'Restoring… the shop is closed for about a minute.',
  restored: 'The backup is restored. Everyone was signed out: please sign in again.',
  restoreBusy: 'A restore is already under way.',
  cancel: 'Cancel',
};
