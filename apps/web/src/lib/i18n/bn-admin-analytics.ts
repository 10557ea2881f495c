import type { enAdminAnalytics } from './en-admin-analytics';
import type { Shape } from './shape';

/**
 * Bengali (বাংলা) texts of the Analytics screen, key for key the twin of `enAdminAnalytics`. The
 * spec's spellings ("Total Recived", "Expance") are translated by meaning (মোট আদায়, খরচ).
 */
export const bnAdminAnalytics: Shape<typeof enAdminAnalytics> = {
  title: 'অ্যানালিটিক্স',
  fromDate: 'শুরুর তারিখ',
  toDate: 'শেষ তারিখ',
  search: 'খুঁজুন',
  saleChart: 'তারিখ অনুযায়ী বিক্রির টাকা',
  ordersChart: 'তারিখ অনুযায়ী অর্ডার',
  chartNote: 'একই হিসাব নিচের সার্বিক রিপোর্টের টেবিলে আছে।',
  overall: 'সার্বিক রিপোর্ট',
  columns: {
    date: 'তারিখ',
    orders: 'অর্ডার',
    received: 'মোট আদায়',
    expense: 'মোট খরচ',
    cash: 'মোট ক্যাশ',
    drawer: 'ড্রয়ারে থাকার কথা',
  },
  closed: 'ক্যাশ ক্লোজ হয়েছে',
  closedAt: '{{time}}-এ ক্যাশ ক্লোজ হয়েছে',
  afterClose: 'ক্লোজের পরে বদলেছে',
  empty: 'এই দিনগুলোতে কোনো বিক্রি, পেমেন্ট বা খরচ নেই।',
  today: {
    title: 'আজকের ক্যাশ রিপোর্ট',
    orders: 'মোট অর্ডার',
    amount: 'মোট অর্ডারের টাকা',
    paid: 'মোট পরিশোধ',
    due: 'মোট বাকি',
    expense: 'মোট খরচ',
    cash: 'হাতে ক্যাশ',
    close: 'ক্যাশ ক্লোজ করুন',
    closing: 'ক্লোজ হচ্ছে…',
    confirmTitle: 'আজকের ক্যাশ ক্লোজ করবেন?',
    confirmText:
      'এতে আজকের হিসাব দিনের ক্লোজ হিসেবে লেখা হবে, হাতে ক্যাশ {{cash}}। এরপর আজকের জন্য যা লেখা হবে তা ক্লোজের পরের বদল হিসেবে দেখাবে।',
    openShifts_one:
      'একটি টিল শিফট এখনো খোলা ({{names}}): এখন থেকে তার বিক্রি ক্লোজের পরে আসবে। আগে শিফট বন্ধ করুন, নয়তো পরে আবার ক্যাশ ক্লোজ করুন।',
    openShifts_other:
      '{{count}}টি টিল শিফট এখনো খোলা ({{names}}): এখন থেকে সেগুলোর বিক্রি ক্লোজের পরে আসবে। আগে শিফট বন্ধ করুন, নয়তো পরে আবার ক্যাশ ক্লোজ করুন।',
    notYet: 'এখন না',
    updated: 'ক্যাশ আপডেট হয়েছে',
    received: 'মাধ্যম অনুযায়ী আদায়',
    refunds: 'দেওয়া রিফান্ড',
    returns: 'রিটার্ন আসা পণ্য',
    drawerTitle: 'ক্যাশ ড্রয়ার',
    float: 'শুরুর ক্যাশ',
    cashSales: 'ক্যাশ বিক্রি',
    cashRefunds: 'ক্যাশ রিফান্ড',
    cashSuppliers: 'সাপ্লায়ারকে ক্যাশ পরিশোধ',
    cashMoves: 'শিফটে ক্যাশ ইন/আউট',
    drawer: 'ড্রয়ারে থাকার কথা',
    drawerHelp:
      'শুরুর ক্যাশ + ক্যাশ বিক্রি (ভাংতি বাদে) − ক্যাশ রিফান্ড ± ড্রয়ারে রাখা বা তোলা ক্যাশ − খরচ − সাপ্লায়ারকে ক্যাশ পরিশোধ: টিলে শিফটের জন্য যা দেখায়।',
    changed: 'ক্যাশ ক্লোজের পরে এন্ট্রি হয়েছে',
    closeAgain: 'এগুলোসহ দিন শেষ করতে আবার ক্যাশ ক্লোজ করুন।',
    shifts: 'শিফট',
  },
  /** Labels of the figures that can change after closing. */
  figures: {
    orders: 'অর্ডার',
    total: 'অর্ডারের টাকা',
    paid: 'মোট আদায়',
    expance: 'মোট খরচ',
    cash: 'হাতে ক্যাশ',
    refunds: 'দেওয়া রিফান্ড',
    returns: 'রিটার্ন আসা পণ্য',
    cash_moves: 'শিফটে ক্যাশ ইন/আউট',
    cash_sales: 'ক্যাশ বিক্রি',
    float: 'শুরুর ক্যাশ',
    cash_suppliers: 'সাপ্লায়ারকে ক্যাশ পরিশোধ',
    drawer: 'ড্রয়ারে থাকার কথা',
  },
  shifts: {
    title: 'শিফট',
    empty: 'এই দিনগুলোতে কোনো শিফট নেই।',
    columns: {
      cashier: 'ক্যাশিয়ার',
      opened: 'শুরু',
      closed: 'শেষ',
      float: 'শুরুর ক্যাশ',
      expected: 'থাকার কথা',
      counted: 'গুনে পাওয়া',
      difference: 'পার্থক্য',
    },
    open: 'চলছে',
    short: 'কম',
    over: 'বেশি',
    unknown: 'অজানা',
    note: 'নোট: {{note}}',
  },
  staff: {
    title: 'কর্মী অনুযায়ী',
    empty: 'এই দিনগুলোতে কর্মীদের কোনো বিক্রি, রিটার্ন বা শিফট নেই।',
    columns: {
      day: 'দিন',
      person: 'কর্মী',
      sales: 'বিক্রি',
      salesTotal: 'মোট বিক্রি',
      returns: 'রিটার্ন',
      discounts: 'ছাড়',
      voids: 'বাতিল',
      cashDifference: 'ক্যাশের পার্থক্য',
    },
    /** Returns taken: how many, and what they were worth. */
    returned: '{{count}}টি ({{amount}} টাকা)',
  },
  amount: '{{amount}} টাকা',
};
