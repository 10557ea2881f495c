import type { enAdminStock } from './en-admin-stock';
import type { Shape } from './shape';

/**
 * Bengali (বাংলা) texts of the Advance Stock and Live stock screens, key for key the twin of
 * `enAdminStock`.
 */
export const bnAdminStock: Shape<typeof enAdminStock> = {
  stock: {
    title: 'অ্যাডভান্স স্টক',
    add: 'স্টক যোগ করুন',
    print: 'প্রিন্ট',
    liveLink: 'লাইভ স্টক',
    empty: 'এখনো কোনো স্টক এন্ট্রি নেই। "স্টক যোগ করুন" দিয়ে কেনা মাল লিখে রাখুন, তার পরিমাণ পণ্যের স্টকে যোগ হবে।',
    columns: {
      id: 'স্টক আইডি',
      products: 'পণ্য',
      buyPrice: 'কেনা দাম',
      qty: 'পরিমাণ',
      total: 'মোট',
      action: 'অ্যাকশন',
    },
    entry: 'স্টক এন্ট্রি {{id}}',
    created: '{{date}}-এ যোগ হয়েছে',
    productGone: 'এখন আর বিক্রি হয় না',
    delete: 'ডিলিট',
    deleteLabel: 'স্টক এন্ট্রি {{id}} ডিলিট করুন',
    totalInvested: 'স্টকের পণ্যে মোট বিনিয়োগ',
    confirmDeleteText: 'আপনি কি ডিলিট করতে চান?',
    deleteHelp: 'এর পরিমাণ পণ্যের স্টক থেকে বাদ যাবে।',
    deleted: 'স্টক এন্ট্রি ডিলিট হয়েছে',
  },
  addStock: {
    title: 'স্টক যোগ করুন',
    buyPrice: 'কেনা দাম',
    buyPriceHelp: 'এক ইউনিটের কেনা দাম, টাকায়। নিচের প্রতিটি পণ্যের কেনা দাম এটাই হবে।',
    search: 'পণ্য',
    searchPlaceholder: 'পণ্যের নাম লিখুন',
    searchHelp: 'কমপক্ষে ৩টি অক্ষর লিখে পণ্যটি বেছে নিন।',
    suggestions: 'মিলে যাওয়া পণ্য',
    noMatch: 'কোনো পণ্য মেলেনি',
    items: 'এই স্টকের পণ্য',
    noItems: 'এখনো কোনো পণ্য বাছাই করা হয়নি।',
    remove: '{{title}} বাদ দিন',
    qty: 'পরিমাণ',
    qtyHelp: 'উপরের প্রতিটি পণ্যে যোগ হবে; দশমিকও চলবে (০.০১)।',
    priceRequired: 'কেনা দাম দিন।',
    gone: 'এই তালিকার একটি পণ্য এখন আর বিক্রি হয় না। সেটি বাদ দিয়ে আবার সেভ করুন।',
    save: 'পরিবর্তন সেভ করুন',
    saved: 'স্টক যোগ হয়েছে',
  },
  live: {
    title: 'লাইভ স্টক',
    print: 'প্রিন্ট',
    stockLink: 'অ্যাডভান্স স্টক',
    empty: 'এখনো কোনো পণ্য নেই।',
    columns: {
      image: 'ছবি',
      barcode: 'বারকোড',
      title: 'নাম',
      price: 'দাম',
      buyPrice: 'কেনা দাম',
      qty: 'পরিমাণ',
      total: 'মোট',
    },
    noImage: 'ছবি নেই',
    oldPrice: 'আগের দাম',
    totalInvested: 'মোট বিনিয়োগ',
    summary: '{{count}}টি পণ্য। যেসব পণ্যের পরিমাণ মাইনাসে, সেগুলো মোটে যোগ হয়নি।',
  },
};
