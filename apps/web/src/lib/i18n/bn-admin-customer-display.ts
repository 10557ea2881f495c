import type { enAdminCustomerDisplay } from './en-admin-customer-display';
import type { Shape } from './shape';

/** বাংলা: কাস্টমার ডিসপ্লে, key for key the twin of `enAdminCustomerDisplay`. */
export const bnAdminCustomerDisplay: Shape<typeof enAdminCustomerDisplay> = {
  open: 'কাস্টমার ডিসপ্লে',
  title: 'কাস্টমার ডিসপ্লে',
  welcome: 'স্বাগতম',
  items: 'পণ্য',
  money: 'পরিশোধের পরিমাণ',
  amount: '{{amount}} টাকা',
  itemsTotal: 'পণ্যের মোট',
  shipping: 'ডেলিভারি',
  discount: 'ছাড়',
  total: 'মোট',
  paid: 'পরিশোধ',
  due: 'বাকি',
  change: 'ফেরত',
  methods: { bkash: 'বিকাশ', nagad: 'নগদ' },
  payBy: '{{method}} দিয়ে পরিশোধ করুন',
  sendTo: '{{phone}} নম্বরে টাকা পাঠান',
  qrLabel: 'কিউআর কোড: {{method}} {{phone}}, {{amount}} টাকা',
  noNumber: '{{method}} নম্বরটি ক্যাশিয়ারের কাছে জেনে নিন',
  thanks: 'ধন্যবাদ!',
  yourChange: 'আপনার ফেরত',
  comeAgain: 'আবার আসবেন',
  fullScreen: 'ফুল স্ক্রিন',
};
