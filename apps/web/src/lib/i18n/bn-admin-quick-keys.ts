import type { enAdminQuickKeys } from './en-admin-quick-keys';
import type { Shape } from './shape';

/** বাংলা: টিলের কুইক কি, key for key the twin of `enAdminQuickKeys`. */
export const bnAdminQuickKeys: Shape<typeof enAdminQuickKeys> = {
  title: 'কুইক কি',
  help: 'বারকোড ছাড়া পণ্যের (পিস হিসেবে ডিম, ওজনে সবজি, খোলা চাল) জন্য টিলে টাইল, আপনার দেওয়া নামের গ্রুপে, টিলে যে ক্রমে দেখাবে সেই ক্রমে।',
  empty: 'এখনো কোনো কুইক কি নেই।',
  groupName: 'গ্রুপের নাম',
  removeGroup: 'গ্রুপ বাদ দিন',
  newGroup: 'নতুন গ্রুপ',
  addGroup: 'গ্রুপ যোগ করুন',
  addProduct: 'পণ্য যোগ করুন (নামের ৩টি অক্ষর লিখুন)',
  up: '{{name}} উপরে নিন',
  down: '{{name}} নিচে নিন',
  remove: '{{name}} বাদ দিন',
  save: 'কুইক কি সেভ করুন',
  saved: 'কুইক কি সেভ হয়েছে',
  tiles: 'কুইক কি',
  weighTitle: 'কতটুকু {{name}}?',
  weight: 'ওজন (কেজি)',
  count: 'কয়টি',
  add: 'যোগ করুন',
  cancel: 'বাতিল',
  badQuantity: '০-এর বেশি পরিমাণ লিখুন, দশমিকের পরে সর্বোচ্চ দুই ঘর।',
};
