import type { enBackupRestore } from './en-backup-restore';
import type { Shape } from './shape';

/** Bangla texts of restoring a backup from Setting, key for key the twin of `enBackupRestore`. */
export const bnBackupRestore: Shape<typeof enBackupRestore> = {
  restoreButton: 'ফিরিয়ে আনুন',
  restoreLabel: '{{time}}-এর ব্যাকআপ ফিরিয়ে আনুন',
  upload: 'ব্যাকআপ ফাইল থেকে ফিরিয়ে আনুন',
  checking: 'ব্যাকআপটি যাচাই করা হচ্ছে…',
  restoreTitle: 'এই ব্যাকআপটি ফিরিয়ে আনবেন?',
  holds:
    '{{time}}-এ নেওয়া। এতে আছে {{orders}}টি অর্ডার, {{products}}টি পণ্য, {{customers}} জন কাস্টমার ও {{pictures}}টি ছবি।',
  dataVersion: 'ডেটার সংস্করণ: {{schema}}',
  replaceWarning:
    'দোকানে এখন যা আছে সবকিছুর জায়গায় এই ব্যাকআপ বসবে। তার আগে দোকানের এখনকার অবস্থার একটি ব্যাকআপ নেওয়া হবে। প্রায় এক মিনিট দোকান বন্ধ থাকবে, আর সবাইকে সাইন আউট করা হবে।',
  confirmLabel: 'নিশ্চিত করতে দোকানের নাম লিখুন: {{name}}',
  restoreNow: 'এই ব্যাকআপ ফিরিয়ে আনুন',
  restoring: 'ফিরিয়ে আনা হচ্ছে… প্রায় এক মিনিট দোকান বন্ধ থাকবে।',
  restored: 'ব্যাকআপ ফিরিয়ে আনা হয়েছে। সবাইকে সাইন আউট করা হয়েছে: অনুগ্রহ করে আবার সাইন ইন করুন।',
  restoreBusy: 'একটি রিস্টোর এখন চলছে।',
  cancel: 'বাতিল',
};
