import type { enAdminPayments } from './en-admin-payments';
import type { Shape } from './shape';

/** বাংলা: অনলাইন পেমেন্ট স্ক্রিন। */
export const bnAdminPayments: Shape<typeof enAdminPayments> = {
  title: 'অনলাইন পেমেন্ট',
  attention_one: '{{count}}টিতে নজর দেওয়া দরকার',
  attention_other: '{{count}}টিতে নজর দেওয়া দরকার',
  attentionHelp:
    'গেটওয়ের উত্তর হারিয়ে গেলে রিফান্ড বাকি থাকে আর তার টাকা আলাদা করে রাখা হয়: দোকান প্রতি মিনিটে বিকাশকে জিজ্ঞেস করে (এসএসএলকমার্জের হলে তার মার্চেন্ট প্যানেলে দেখুন), কখনো দুবার রিফান্ড করে না। ১৫ মিনিট বা তার বেশি সময় ধরে অপেক্ষমাণ পেমেন্টের খবরও গেটওয়ের কাছে জানতে চাওয়া হচ্ছে।',
  search: 'অনলাইন পেমেন্ট ছাঁকুন',
  from: 'শুরু',
  to: 'শেষ',
  state: 'অবস্থা',
  everyState: 'সব অবস্থা',
  gateway: 'গেটওয়ে',
  everyGateway: 'সব গেটওয়ে',
  apply: 'খুঁজুন',
  empty: 'এই ফিল্টারে কোনো অনলাইন পেমেন্ট নেই।',
  count: '{{total}}-এর মধ্যে {{from}}–{{to}}',
  columns: {
    when: 'কখন',
    order: 'অর্ডার',
    customer: 'কাস্টমার',
    gateway: 'গেটওয়ে',
    amount: 'পরিমাণ',
    state: 'অবস্থা',
    trx: 'ট্রানজ্যাকশন আইডি',
    detail: 'গেটওয়ে যা বলেছে',
  },
  states: {
    paid: 'পরিশোধিত',
    pending: 'অপেক্ষমাণ',
    failed: 'ব্যর্থ',
    cancelled: 'বাতিল',
    mismatch: 'টাকার অমিল',
    refund_pending: 'রিফান্ড বাকি',
    refunded: 'রিফান্ড হয়েছে',
  },
  gateways: { bkash: 'বিকাশ', sslcommerz: 'এসএসএলকমার্জ' },
  amount: '{{amount}} টাকা',
  refunded: '{{amount}} টাকা রিফান্ড হয়েছে',
  refundPending: '{{amount}} টাকা রিফান্ড বাকি',
  checks_one: '{{count}} বার জিজ্ঞেস করা হয়েছে',
  checks_other: '{{count}} বার জিজ্ঞেস করা হয়েছে',
  dashboard_one: '{{count}}টি অনলাইন পেমেন্টে নজর দেওয়া দরকার',
  dashboard_other: '{{count}}টি অনলাইন পেমেন্টে নজর দেওয়া দরকার',
};
