import { bengaliDigits } from '@bazar/contracts/messages.bn';

/**
 * The demo catalogue's Bangla names, as a shop in Dhaka writes them on its shelves and receipts:
 * every product, category, brand and area of demo-catalog.ts and demo-seed.ts has one, and its
 * attribute ("1 kg", "12 pcs") is written with Bengali digits and units. demo-bangla.test.ts
 * checks that nothing of the demo data is left without its Bangla.
 */

/** Products and categories, by their English title. */
export const TITLE_BN: ReadonlyMap<string, string> = new Map([
  // categories
  ['Food', 'খাবার'],
  ['Fruits & Vegetables', 'ফল ও সবজি'],
  ['Fresh Fruits', 'তাজা ফল'],
  ['Fresh Vegetables', 'তাজা সবজি'],
  ['Meat & Fish', 'মাছ ও মাংস'],
  ['Chicken', 'মুরগি'],
  ['Fish', 'মাছ'],
  ['Rice, Dal & Oil', 'চাল, ডাল ও তেল'],
  ['Rice', 'চাল'],
  ['Dal', 'ডাল'],
  ['Oil', 'তেল'],
  ['Snacks', 'স্ন্যাকস'],
  ['Biscuits', 'বিস্কুট'],
  ['Noodles', 'নুডলস'],
  ['Beverages', 'পানীয়'],
  ['Tea & Coffee', 'চা ও কফি'],
  ['Soft Drinks', 'কোমল পানীয়'],
  ['Home Care', 'ঘর পরিষ্কার'],
  ['Cleaning', 'পরিষ্কারক'],
  ['Laundry', 'কাপড় কাচা'],
  ['Personal Care', 'ব্যক্তিগত যত্ন'],
  ['Soap & Shampoo', 'সাবান ও শ্যাম্পু'],
  // products
  ['Anti-dandruff Shampoo', 'খুশকিনাশক শ্যাম্পু'],
  ['Atta (Whole Wheat)', 'আটা (লাল)'],
  ['Banana (Sagor)', 'সাগর কলা'],
  ['Beauty Soap', 'বিউটি সাবান'],
  ['Black Tea', 'চা পাতা'],
  ['Chicken Breast (Boneless)', 'মুরগির বুকের মাংস (হাড় ছাড়া)'],
  ['Chicken Broiler', 'ব্রয়লার মুরগি'],
  ['Chicken Noodles', 'চিকেন নুডলস'],
  ['Chicken Sausage', 'চিকেন সসেজ'],
  ['Chickpea (Boot)', 'বুটের ডাল'],
  ['Chili Powder', 'মরিচের গুঁড়া'],
  ['Chinigura Rice', 'চিনিগুঁড়া চাল'],
  ['Cucumber', 'শসা'],
  ['Deshi Chicken', 'দেশি মুরগি'],
  ['Detergent Powder', 'ডিটারজেন্ট পাউডার'],
  ['Dishwashing Liquid', 'ডিশওয়াশিং লিকুইড'],
  ['Dry Cake', 'ড্রাই কেক'],
  ['Eggs (Farm)', 'ফার্মের ডিম'],
  ['Energy Plus Biscuit', 'এনার্জি প্লাস বিস্কুট'],
  ['Fabric Softener', 'ফেব্রিক সফটেনার'],
  ['Floor Cleaner', 'ফ্লোর ক্লিনার'],
  ['Garlic (Deshi)', 'দেশি রসুন'],
  ['Ghee', 'ঘি'],
  ['Glass Cleaner', 'গ্লাস ক্লিনার'],
  ['Green Apple', 'সবুজ আপেল'],
  ['Green Chili', 'কাঁচা মরিচ'],
  ['Green Tea', 'গ্রিন টি'],
  ['Hand Wash Refill', 'হ্যান্ডওয়াশ রিফিল'],
  ['Hilsa Fish', 'ইলিশ মাছ'],
  ['Instant Coffee', 'ইনস্ট্যান্ট কফি'],
  ['Instant Noodles Masala', 'মসলা নুডলস'],
  ['Laundry Soap Bar', 'কাপড় কাচা সাবান'],
  ['Lemon Soda', 'লেমন সোডা'],
  ['Lexus Vegetable Cracker', 'লেক্সাস ভেজিটেবল ক্র্যাকার'],
  ['Liquid Milk', 'তরল দুধ'],
  ['Mango (Himsagar)', 'হিমসাগর আম'],
  ['Mango Juice', 'আমের জুস'],
  ['Mineral Water', 'মিনারেল ওয়াটার'],
  ['Miniket Rice', 'মিনিকেট চাল'],
  ['Mung Dal', 'মুগ ডাল'],
  ['Mustard Oil', 'সরিষার তেল'],
  ['Nazirshail Rice', 'নাজিরশাইল চাল'],
  ['Onion (Deshi)', 'দেশি পেঁয়াজ'],
  ['Orange (Malta)', 'মাল্টা'],
  ['Orange Drink', 'অরেঞ্জ ড্রিংক'],
  ['Pangas Fish', 'পাঙ্গাস মাছ'],
  ['Pear', 'নাশপাতি'],
  ['Potato (Diamond)', 'ডায়মন্ড আলু'],
  ['Potato Crackers', 'পটেটো ক্র্যাকার্স'],
  ['Prawn (Golda)', 'গলদা চিংড়ি'],
  ['Red Apple', 'লাল আপেল'],
  ['Red Lentil (Masur Dal)', 'মসুর ডাল'],
  ['Rice Bran Oil', 'রাইস ব্রান তেল'],
  ['Rui Fish', 'রুই মাছ'],
  ['Salt (Iodized)', 'আয়োডিনযুক্ত লবণ'],
  ['Soybean Oil (Loose)', 'খোলা সয়াবিন তেল'],
  ['Sugar (White)', 'সাদা চিনি'],
  ['Toilet Cleaner', 'টয়লেট ক্লিনার'],
  ['Tomato', 'টমেটো'],
  ['Toothpaste', 'টুথপেস্ট'],
  ['Turmeric Powder', 'হলুদের গুঁড়া'],
  ['Vanilla Ice Cream', 'ভ্যানিলা আইসক্রিম'],
]);

export const BRAND_BN: ReadonlyMap<string, string> = new Map([
  ['ACI', 'এসিআই'],
  ['Bashundhara', 'বসুন্ধরা'],
  ['Fresh', 'ফ্রেশ'],
  ['Igloo', 'ইগলু'],
  ['Ispahani', 'ইস্পাহানি'],
  ['Local Farm', 'স্থানীয় খামার'],
  ['Nestle', 'নেসলে'],
  ['Pran', 'প্রাণ'],
  ['Radhuni', 'রাঁধুনী'],
  ['Square', 'স্কয়ার'],
  ['Teer', 'তীর'],
  ['Unilever', 'ইউনিলিভার'],
]);

export const AREA_BN: ReadonlyMap<string, string> = new Map([
  ['Banani', 'বনানী'],
  ['Dhanmondi', 'ধানমন্ডি'],
  ['Gulshan', 'গুলশান'],
  ['Mirpur', 'মিরপুর'],
  ['Mohammadpur', 'মোহাম্মদপুর'],
  ['Motijheel', 'মতিঝিল'],
  ['Uttara', 'উত্তরা'],
]);

/** Units as a Bangladeshi shelf label writes them. */
const UNIT_BN: ReadonlyMap<string, string> = new Map([
  ['gm', 'গ্রাম'],
  ['kg', 'কেজি'],
  ['ml', 'মি.লি.'],
  ['litre', 'লিটার'],
  ['pc', 'পিস'],
  ['pcs', 'পিস'],
  ['dozen', 'ডজন'],
  ['pack', 'প্যাক'],
  ['bags', 'ব্যাগ'],
]);

/**
 * An attribute in Bangla: "500 gm" → "৫০০ গ্রাম", "1 pc (approx. 1 kg)" → "১ পিস (প্রায় ১ কেজি)".
 * Undefined when a word is not known (the test names it).
 */
export function attriBn(attri: string): string | undefined {
  if (attri === '') return '';
  let unknown = false;
  const text = attri.replace('approx.', 'প্রায়').replace(/[A-Za-z]+/g, (word) => {
    const unit = UNIT_BN.get(word);
    if (unit === undefined) unknown = true;
    return unit ?? word;
  });
  return unknown ? undefined : bengaliDigits(text);
}

/** The demo's description of a product in Bangla. */
export const descBn = (titleBn: string, attriText: string) =>
  `${titleBn}, ${attriText}। টাটকা পণ্য, ডেলিভারির আগে দেখে নেওয়া।`;
