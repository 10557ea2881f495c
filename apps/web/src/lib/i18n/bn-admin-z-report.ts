import type { enAdminZReport } from './en-admin-z-report';
import type { Shape } from './shape';

/** বাংলা: শিফটের Z রিপোর্ট, key for key the twin of `enAdminZReport`. */
export const bnAdminZReport: Shape<typeof enAdminZReport> = {
  title: 'Z রিপোর্ট',
  heading: 'Z রিপোর্ট · শিফট #{{id}}',
  print: 'Z রিপোর্ট প্রিন্ট',
  a4: 'A4 কাগজে',
  cashier: 'ক্যাশিয়ার',
  opened: 'শুরু',
  closed: 'শেষ',
  sales: 'বিক্রি ({{count}})',
  discounts: 'ছাড় দেওয়া হয়েছে',
  voided: 'বাতিল বিক্রি ({{count}})',
  returns: 'ফেরত ({{count}})',
  methods: 'মাধ্যম অনুযায়ী',
  methodLine: '{{method}} ({{count}}টি)',
  received: 'পাওয়া',
  refunds: 'ফেরত',
  change: 'ভাংতি',
  net: 'নিট',
  drawer: 'ক্যাশ ড্রয়ার',
  float: 'শুরুর ক্যাশ',
  cashSales: 'ক্যাশ নেওয়া',
  cashRefunds: 'ক্যাশ ফেরত',
  moves: 'ক্যাশ রাখা ও তোলা',
  paidOut: 'খরচ ও সরবরাহকারীকে দেওয়া',
  expected: 'থাকার কথা',
  counted: 'গোনা হয়েছে',
  difference: 'পার্থক্য',
  noMoney: 'এই শিফটে কোনো টাকা লেনদেন হয়নি।',
  stillOpen: 'শিফট এখনো চলছে: বন্ধ হলে এর রিপোর্ট প্রিন্ট হবে।',
};
