import type { enShopCatalog } from './en-shop-catalog';
import type { Shape } from './shape';

/**
 * Bengali (বাংলা) texts of the storefront's catalogue screens (home, category, search, product,
 * requests), key for key the twin of `enShopCatalog`.
 */
export const bnShopCatalog: Shape<typeof enShopCatalog> = {
  home: {
    title: 'তাজা বাজার, পৌঁছে যাবে ঘরে',
    stories: 'দৈনিক ক্যাম্পেইন',
    story: 'ক্যাম্পেইন {{number}}',
    offers: 'অফারের পণ্য',
    popular: 'জনপ্রিয় পণ্য',
    offersEmpty: 'এখন কোনো অফার নেই। কিছুদিন পর আবার দেখুন।',
    popularEmpty: 'এখনো কোনো জনপ্রিয় পণ্য নেই।',
    offersFailed: 'অফারের পণ্য লোড করা যায়নি।',
    popularFailed: 'জনপ্রিয় পণ্য লোড করা যায়নি।',
  },
  category: {
    heading: 'ক্যাটাগরি: {{title}}',
    empty: 'এই ক্যাটাগরিতে এখনো কোনো পণ্য নেই।',
    notFound: 'এই ক্যাটাগরিটি নেই। মেনু থেকে একটি ক্যাটাগরি বেছে নিন।',
    failed: 'ক্যাটাগরিটি লোড করা যায়নি।',
  },
  productPage: {
    notFound: 'এই পণ্যটি আর দোকানে নেই।',
    failed: 'পণ্যটি লোড করা যায়নি।',
    breadcrumb: 'পণ্যটি কোথায় আছে',
    home: 'হোম',
  },
  search: {
    heading: 'খোঁজার ফলাফল',
    for: '“{{text}}”-এর সাথে মেলে এমন পণ্য',
    none: '“{{text}}” খুঁজে কোনো পণ্য পাওয়া যায়নি।',
    tooShort: 'খুঁজতে ২টির বেশি অক্ষর লিখুন।',
    failed: 'এই মুহূর্তে খোঁজা যাচ্ছে না।',
  },
  product: {
    addToCart: 'কার্টে যোগ করুন',
    stockOut: 'স্টক নেই',
    request: 'পাওয়া গেলে আমাকে জানান',
    oldPrice: 'আগের দাম',
    brand: 'ব্র্যান্ড: {{title}}',
    details: 'পণ্যের বিস্তারিত',
    sizeOf: '{{title}}-এর মাপ',
    page: 'পণ্যের পেজ খুলুন',
  },
  messages: {
    added: 'পণ্য কার্টে যোগ হয়েছে',
    duplicate: 'আগেই কার্টে যোগ করা আছে',
    requestSent: 'অনুরোধ পাঠানো হয়েছে',
    loginForRequest: 'অনুরোধ পাঠাতে লগইন করুন',
  },
};
