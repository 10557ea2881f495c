/**
 * The words of the shop's Bangla messages (in-bangla.ts reads them): the field labels the
 * contracts put into their messages, and every message with nothing interpolated, English → Bangla.
 * The English side is the spec's own text, exactly as the code answers it; the Bangla side is
 * written as the shop and its staff say it, not word for word, with the web app's words
 * (apps/web/src/lib/i18n/bn*.ts): অর্ডার, পণ্য, দাম, পরিমাণ, বাকি, ক্যাশ, টাকা, পিওএস …
 * Numbers in Bengali digits; format examples (YYYY-MM-DD, an ISO time, T-{till}-{n}) as they are typed.
 */

/** The labels the contracts (and the server) put into their messages, in Bangla. */
export const FIELD_LABELS: ReadonlyMap<string, string> = new Map([
  // money and numbers (contracts/numbers.ts factories)
  ['amount', 'টাকার পরিমাণ'],
  ['amount paid', 'পরিশোধের টাকা'],
  ['balance', 'ব্যালেন্স'],
  ['brand', 'ব্র্যান্ড'],
  ['buy price', 'কেনা দাম'],
  ['category', 'ক্যাটাগরি'],
  ['counted cash', 'গুনে পাওয়া ক্যাশ'],
  ['daily SMS budget', 'দৈনিক এসএমএস সীমা'],
  ['delivery charge', 'ডেলিভারি চার্জ'],
  ['discount', 'ডিসকাউন্ট'],
  ['id', 'আইডি'],
  ['limit', 'সারির সংখ্যা'],
  ['list', 'এসএমএস তালিকা'],
  ['offer price', 'অফার দাম'],
  ['opening float', 'শুরুর ক্যাশ'],
  ['page', 'পেজ নম্বর'],
  ['parent', 'মূল ক্যাটাগরি'],
  ['per_page', 'প্রতি পেজের সারির সংখ্যা'],
  ['point', 'পয়েন্ট'],
  ['price', 'দাম'],
  ['product', 'পণ্য'],
  ['qty', 'পরিমাণ'],
  ['quantity', 'পরিমাণ'],
  ['refund', 'ফেরতের টাকা'],
  ['registration point', 'রেজিস্ট্রেশনের পয়েন্ট'],
  ['shipping cost', 'ডেলিভারি চার্জ'],
  ['since', 'ক্যাটালগের ভার্সন'],
  ['status', 'স্ট্যাটাস'],
  ['type', 'ধরন'],
  // dates
  ['date', 'তারিখ'],
  ['from date', 'শুরুর তারিখ'],
  ['to date', 'শেষ তারিখ'],
  // text fields
  ['address', 'ঠিকানা'],
  ['area', 'এলাকা'],
  ['barcode', 'বারকোড'],
  ['code', 'কোড'],
  ['detail', 'খরচের বিবরণ'],
  ['file', 'ফাইল'],
  ['image', 'ছবি'],
  ['picture', 'ছবি'],
  ['pictures ZIP', 'ছবির জিপ ফাইল'],
  ['name', 'নাম'],
  ['password', 'পাসওয়ার্ড'],
  ['phone', 'ফোন নম্বর'],
  ['reason', 'কারণ'],
  ['shop name', 'দোকানের নাম'],
  ['tags', 'ট্যাগ'],
  ['text', 'এসএমএসের লেখা'],
  ['title', 'নাম'],
  ['Bangla title', 'বাংলা নাম'],
  ['invoice number', 'ইনভয়েস নম্বর'],
  ['lines', 'পণ্যের তালিকা'],
  ['note', 'নোট'],
  ['supplier', 'সাপ্লায়ার'],
  // delivery slots (contracts/delivery.ts)
  ['capacity', 'অর্ডারের সংখ্যা'],
  ['days ahead', 'কত দিন আগে'],
  ['cut-off', 'বন্ধের সময়'],
  ['delivery date', 'ডেলিভারির তারিখ'],
  ['slot date', 'ডেলিভারির দিন'],
]);

/** Messages with nothing interpolated, English → Bangla. */
export const FIXED: ReadonlyMap<string, string> = new Map([
  // contracts/common.ts, auth.ts
  [
    'The phone must be a Bangladeshi mobile number (01XXXXXXXXX).',
    'ফোন নম্বরটি বাংলাদেশের মোবাইল নম্বর হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।',
  ],
  ['The code must be 6 digits.', 'কোডটি ৬ সংখ্যার হতে হবে।'],
  // contracts/customers.ts
  ['Please enter the name', 'নাম লিখুন'],
  ['Type a name or phone.', 'নাম বা ফোন নম্বর লিখুন।'],
  ['Take dues in cash, bKash, Nagad or by card.', 'বাকির টাকা ক্যাশ, বিকাশ, নগদ বা কার্ডে নিন।'],
  // contracts/exports.ts
  [
    'The file must be orders, products, live-stock, stock-entries, customers, expenses, product-sale, daily-report, purchases or suppliers, ending in .csv or .xlsx.',
    'ফাইলটি হতে হবে orders, products, live-stock, stock-entries, customers, expenses, product-sale, daily-report, purchases বা suppliers, শেষে .csv বা .xlsx।',
  ],
  // contracts/orders.ts
  [
    'The method must be cash, bkash, nagad, card or balance.',
    'পেমেন্টের মাধ্যম হতে হবে ক্যাশ, বিকাশ, নগদ, কার্ড বা অ্যাডভান্স ব্যালেন্স।',
  ],
  ['The method must be cash, bkash or nagad.', 'পেমেন্টের মাধ্যম হতে হবে ক্যাশ, বিকাশ বা নগদ।'],
  // online payment (issue 15)
  ['The method must be bkash or sslcommerz.', 'পেমেন্টের মাধ্যম হবে বিকাশ বা এসএসএলকমার্জ।'],
  ['The payment must be cod, bkash or sslcommerz.', 'পেমেন্ট হবে ক্যাশ অন ডেলিভারি, বিকাশ বা এসএসএলকমার্জ।'],
  ['The form could not be read.', 'ফর্মটি পড়া যায়নি।'],
  [
    'The payment could not be started. Please try again, or pay on delivery.',
    'পেমেন্ট শুরু করা যায়নি। আবার চেষ্টা করুন, অথবা ডেলিভারির সময় টাকা দিন।',
  ],
  [
    'The payment gateway did not answer. Check its merchant panel before trying the refund again.',
    'পেমেন্ট গেটওয়ে উত্তর দেয়নি। আবার রিফান্ড করার আগে গেটওয়ের মার্চেন্ট প্যানেলে দেখে নিন।',
  ],
  [
    'The payment gateway refused the refund. Nothing was refunded.',
    'পেমেন্ট গেটওয়ে রিফান্ড নেয়নি। কোনো টাকা ফেরত যায়নি।',
  ],
  ['The refund is more than was paid online.', 'অনলাইনে যত টাকা দেওয়া হয়েছে, রিফান্ড তার চেয়ে বেশি।'],
  ['This order cannot be paid online.', 'এই অর্ডারের টাকা অনলাইনে দেওয়া যাবে না।'],
  ['This order has no online payment to refund.', 'এই অর্ডারে রিফান্ড করার মতো কোনো অনলাইন পেমেন্ট নেই।'],
  ['This order is already paid.', 'এই অর্ডারের টাকা আগেই পরিশোধ হয়েছে।'],
  ['This payment method is not available.', 'এই পেমেন্ট মাধ্যমটি এখন চালু নেই।'],
  ['The reference must be text.', 'রেফারেন্স লেখা হিসেবে দিতে হবে।'],
  [
    'The reference is the transaction id: up to 20 letters and digits.',
    'রেফারেন্স হলো ট্রানজেকশন আইডি: সর্বোচ্চ ২০টি ইংরেজি অক্ষর ও সংখ্যা।',
  ],
  ['The cart is required.', 'কার্টে পণ্য যোগ করুন।'],
  ['Your cart is empty', 'আপনার কার্ট খালি'],
  ['At most 100 lines in one order.', 'একটি অর্ডারে সর্বোচ্চ ১০০টি আলাদা পণ্য রাখা যায়।'],
  ['Add a payment or leave payments out.', 'একটি পেমেন্ট যোগ করুন, অথবা পেমেন্টের তালিকা পুরোপুরি বাদ দিন।'],
  ['offline must be true or false.', 'offline হতে হবে true বা false।'],
  ['A sale made offline needs its client id.', 'অফলাইনে করা বিক্রির সাথে তার ক্লায়েন্ট আইডি থাকতে হবে।'],
  [
    "A sale made offline keeps the till's price: a whole number of taka.",
    'অফলাইনে করা বিক্রিতে পিওএসের দামই থাকে: দাম পূর্ণ টাকায় দিতে হবে।',
  ],
  [
    'The terminal must be 1 (the till) or 0 (the storefront).',
    'টার্মিনাল হতে হবে ১ (পিওএস) বা ০ (অনলাইন শপ)।',
  ],
  ['Choose what comes back.', 'কী ফেরত আসছে বেছে নিন।'],
  // contracts/delivery.ts
  ['The start must be a time (HH:MM, 24 hours).', 'শুরুর সময় দিতে হবে (HH:MM, ২৪ ঘণ্টা)।'],
  ['The end must be a time (HH:MM, 24 hours).', 'শেষের সময় দিতে হবে (HH:MM, ২৪ ঘণ্টা)।'],
  ['The slot start must be a time (HH:MM, 24 hours).', 'সময়ের শুরু দিতে হবে (HH:MM, ২৪ ঘণ্টা)।'],
  ['A slot must end after it starts.', 'সময় শেষ হতে হবে শুরুর পরে।'],
  ['Slots may not overlap.', 'দুটি সময় একটি আরেকটির ওপর পড়তে পারে না।'],
  ['At most 20,000 characters.', 'সর্বোচ্চ ২০,০০০ অক্ষর।'],
  ['Write the whole address, starting with https://', 'পুরো ঠিকানা লিখুন, https:// দিয়ে শুরু করে'],
  ['At most 12 slots.', 'সর্বোচ্চ ১২টি সময় রাখা যায়।'],
  // modules/delivery
  ['Please choose a delivery slot.', 'ডেলিভারির একটি সময় বেছে নিন।'],
  ['This delivery slot does not exist. Please choose another.', 'ডেলিভারির এই সময়টি নেই। অন্য একটি বেছে নিন।'],
  [
    'This delivery slot is closed. Please choose another.',
    'ডেলিভারির এই সময়টি বন্ধ হয়ে গেছে। অন্য একটি বেছে নিন।',
  ],
  ['This delivery slot is full. Please choose another.', 'ডেলিভারির এই সময়টি পূর্ণ। অন্য একটি বেছে নিন।'],
  // contracts/till.ts
  ['The client id must be a UUID.', 'ক্লায়েন্ট আইডি একটি UUID হতে হবে।'],
  ['The provisional number must be text.', 'অস্থায়ী নম্বর লেখা হিসেবে দিতে হবে।'],
  ['The provisional number is T-{till}-{n}.', 'অস্থায়ী নম্বরের ধরন হলো T-{till}-{n}।'],
  [
    'The time of the sale must be an ISO time, e.g. 2026-11-24T09:30:00.000Z.',
    'বিক্রির সময় ISO ফরম্যাটে দিতে হবে, যেমন 2026-11-24T09:30:00.000Z।',
  ],
  // contracts/catalog.ts
  ['The unit must be pcs, kg or litre.', 'ইউনিট হতে হবে পিস, কেজি বা লিটার।'],
  ['The scale item code (PLU) is 5 digits.', 'ওজন মেশিনের আইটেম কোড (PLU) ৫ সংখ্যার হয়।'],
  [
    'The barcode may contain only letters, digits and - . $ / + %.',
    'বারকোডে শুধু ইংরেজি অক্ষর, সংখ্যা এবং - . $ / + % থাকতে পারে।',
  ],
  ['Search needs more than 2 characters.', 'খুঁজতে ২টির বেশি অক্ষর লিখুন।'],
  ['Scan or type a barcode.', 'বারকোড স্ক্যান করুন বা লিখুন।'],
  // contracts/settings.ts
  ['The prefix must be two digits.', 'প্রিফিক্স দুই সংখ্যার হতে হবে।'],
  [
    "A scale prefix is 21 to 29 (20 is for the shop's own barcodes).",
    'ওজন মেশিনের প্রিফিক্স ২১ থেকে ২৯ হতে পারে (২০ দোকানের নিজের বারকোডের জন্য)।',
  ],
  ['The kind must be weight or price.', 'লেবেলে ওজন বা দাম থাকতে হবে।'],
  ['Each prefix may be used once.', 'প্রতিটি প্রিফিক্স একবারই ব্যবহার করা যাবে।'],
  ['The language must be en or bn.', 'ভাষা হতে হবে en (ইংরেজি) বা bn (বাংলা)।'],
  [
    'Till starts with delivery charge is on or off.',
    '"পিওএসে ডেলিভারি চার্জ আগে থেকেই যোগ থাকবে" চালু বা বন্ধ হতে হবে।',
  ],
  // contracts/stock.ts
  ['Choose at least one product.', 'কমপক্ষে একটি পণ্য বেছে নিন।'],

  // ---- the server's own answers ----
  // lib/errors.ts, plugins/errors.ts, plugins/access.ts, app.ts
  ['The given data was invalid.', 'দেওয়া তথ্য সঠিক নয়।'],
  ['Invalid value.', 'মানটি সঠিক নয়।'],
  ['Amount is large', 'টাকার পরিমাণ বেশি হয়ে গেছে'],
  ['Not found.', 'পাওয়া যায়নি।'],
  // suppliers, purchases, expense categories (modules/purchases, modules/cash)
  ['A purchase may not have more than 200 lines.', 'একটি কেনাকাটায় সর্বোচ্চ ২০০টি পণ্য থাকতে পারে।'],
  ['A purchase needs at least one line.', 'কেনাকাটায় অন্তত একটি পণ্য দিন।'],
  ['The method must be cash, bkash, nagad or card.', 'মাধ্যম হবে ক্যাশ, বিকাশ, নগদ বা কার্ড।'],
  ['A category with this title exists already.', 'এই নামে একটি খরচের ধরন আগে থেকেই আছে।'],
  ['A supplier with this name exists already.', 'এই নামে একজন সাপ্লায়ার আগে থেকেই আছেন।'],
  ['Purchase not found.', 'কেনাকাটাটি পাওয়া যায়নি।'],
  ['Supplier not found.', 'সাপ্লায়ার পাওয়া যায়নি।'],
  ['Category not found.', 'খরচের ধরনটি পাওয়া যায়নি।'],
  ['The amount paid may not be more than the purchase.', 'পরিশোধের টাকা কেনাকাটার মোটের বেশি হতে পারবে না।'],
  ['The date may not be in the future.', 'তারিখ ভবিষ্যতের হতে পারবে না।'],
  ['The selected category does not exist.', 'বেছে নেওয়া খরচের ধরনটি নেই।'],
  ['The selected supplier does not exist.', 'বেছে নেওয়া সাপ্লায়ার নেই।'],
  [
    'This supplier has purchases: it cannot be deleted.',
    'এই সাপ্লায়ারের কেনাকাটা আছে: তাঁকে মুছে ফেলা যাবে না।',
  ],
  [
    'What this purchase left unpaid has been paid to the supplier since: it cannot be deleted.',
    'এই কেনাকাটার বাকি টাকা এর মধ্যে সাপ্লায়ারকে দেওয়া হয়ে গেছে: এটি মুছে ফেলা যাবে না।',
  ],
  // backups (modules/backup)
  ['A backup is being taken; try again when it is done.', 'একটি ব্যাকআপ নেওয়া চলছে; শেষ হলে আবার চেষ্টা করুন।'],
  ['No backup by that name.', 'এই নামে কোনো ব্যাকআপ নেই।'],
  ['Not a backup file name.', 'এটি ব্যাকআপ ফাইলের নাম নয়।'],
  ['Unauthenticated.', 'আপনি লগইন করেননি।'],
  ['Access Restricted', 'এখানে প্রবেশের অনুমতি নেই'],
  ['Please verify your phone number first.', 'আগে আপনার ফোন নম্বর যাচাই করুন।'],
  ['Too many attempts. Please try again later.', 'অনেকবার চেষ্টা করা হয়েছে। একটু পরে আবার চেষ্টা করুন।'],
  [
    'The shop cannot reach its database right now. Please try again in a moment.',
    'দোকানের ডাটাবেসের সাথে এই মুহূর্তে যোগাযোগ হচ্ছে না। একটু পরে আবার চেষ্টা করুন।',
  ],
  ['A value is out of range or not valid.', 'একটি মান সীমার বাইরে, বা সঠিক নয়।'],
  [
    'This refers to a record that does not exist or is still in use.',
    'এটি এমন একটি তথ্যের সাথে যুক্ত, যা নেই বা এখনো ব্যবহার হচ্ছে।',
  ],
  ['This record already exists.', 'এই তথ্য আগেই আছে।'],
  ['The request body is not valid JSON.', 'পাঠানো তথ্য সঠিক JSON নয়।'],
  ['The request body is too large.', 'পাঠানো তথ্য অনেক বড়।'],
  ['Unsupported content type.', 'এই ধরনের তথ্য নেওয়া হয় না।'],
  ['Bad request.', 'অনুরোধটি সঠিক নয়।'],
  ['Internal Server Error', 'সার্ভারে একটি সমস্যা হয়েছে'],
  ['This API route does not exist.', 'এই API রুট নেই।'],
  ['Client closed the request.', 'অনুরোধটি মাঝপথে বন্ধ হয়ে গেছে।'],
  // lib/multipart.ts, lib/images.ts
  ['This field name is not valid.', 'এই ঘরের নাম সঠিক নয়।'],
  ['This field name is nested too deeply.', 'এই ঘরের নামে অনেক বেশি স্তর।'],
  ['This field name is not allowed.', 'এই ঘরের নাম ব্যবহার করা যাবে না।'],
  ['Only the last part of a field name may be [].', 'ঘরের নামের শুধু শেষ অংশ [] হতে পারে।'],
  ['This field is sent twice in different shapes.', 'এই ঘরটি দুইবার দুই রকমভাবে পাঠানো হয়েছে।'],
  ['This field is too long.', 'এই ঘরের লেখা অনেক বড়।'],
  ['Send this form as multipart/form-data.', 'ফর্মটি multipart/form-data হিসেবে পাঠান।'],
  ['The image must be a JPEG, PNG, WebP or GIF picture.', 'ছবিটি JPEG, PNG, WebP বা GIF হতে হবে।'],
  // modules/auth
  ['The phone has already been taken.', 'এই ফোন নম্বরে আগেই একটি অ্যাকাউন্ট আছে।'],
  ['Incorrect phone or password.', 'ফোন নম্বর বা পাসওয়ার্ড সঠিক নয়।'],
  ['No account uses this phone number.', 'এই ফোন নম্বরে কোনো অ্যাকাউন্ট নেই।'],
  [
    'No code is waiting for this phone. Please ask for a new one.',
    'এই ফোন নম্বরের জন্য এখন কোনো কোড চালু নেই। নতুন কোড চেয়ে নিন।',
  ],
  ['The code has expired. Please ask for a new one.', 'কোডটির মেয়াদ শেষ হয়ে গেছে। নতুন কোড চেয়ে নিন।'],
  ['Too many wrong codes. Please ask for a new one.', 'অনেকবার ভুল কোড দেওয়া হয়েছে। নতুন কোড চেয়ে নিন।'],
  ['The code is not correct.', 'কোডটি সঠিক নয়।'],
  // modules/catalog
  ['The parent category does not exist.', 'এই মূল ক্যাটাগরিটি আর নেই।'],
  [
    'A category cannot be placed under itself or its own subcategory.',
    'কোনো ক্যাটাগরিকে তার নিজের বা নিজের সাব-ক্যাটাগরির ভেতরে রাখা যায় না।',
  ],
  ['Category not found.', 'ক্যাটাগরিটি পাওয়া যায়নি।'],
  [
    'This category has subcategories. Move or delete them first.',
    'এই ক্যাটাগরির ভেতরে সাব-ক্যাটাগরি আছে। আগে সেগুলো সরিয়ে নিন বা ডিলিট করুন।',
  ],
  ["The barcode's check digit is wrong: scan it again.", 'বারকোডের চেক ডিজিট মেলেনি: আবার স্ক্যান করুন।'],
  ['Brand not found.', 'ব্র্যান্ডটি পাওয়া যায়নি।'],
  ['The brand does not exist.', 'এই ব্র্যান্ডটি আর নেই।'],
  ['A chosen category does not exist.', 'বাছাই করা একটি ক্যাটাগরি আর নেই।'],
  ['This barcode is already used by another product.', 'এই বারকোড আরেকটি পণ্যে দেওয়া আছে।'],
  [
    'This scale item code is already used by another product.',
    'ওজন মেশিনের এই আইটেম কোড আরেকটি পণ্যে দেওয়া আছে।',
  ],
  ['Product not found.', 'পণ্যটি পাওয়া যায়নি।'],
  ['Story not found.', 'স্টোরিটি পাওয়া যায়নি।'],
  // modules/till, orders
  [
    'A line or payment of this sale has the id of another sale: save it again.',
    'এই বিক্রির একটি লাইন বা পেমেন্টের আইডি আরেকটি বিক্রির সাথে মিলে গেছে: আবার সেভ করুন।',
  ],
  [
    'The sale is more than 7 days old: enter it as a new sale.',
    'বিক্রিটি ৭ দিনের বেশি পুরনো: নতুন বিক্রি হিসেবে এন্ট্রি করুন।',
  ],
  [
    "The time of the sale is ahead of the server's clock: check the till's clock.",
    'বিক্রির সময় সার্ভারের ঘড়ির চেয়ে এগিয়ে: পিওএসের ঘড়ি ঠিক আছে কি না দেখুন।',
  ],
  ['The discount is more than the total.', 'ডিসকাউন্ট মোট টাকার চেয়ে বেশি।'],
  [
    "Pay from the advance balance needs the customer's phone.",
    'অ্যাডভান্স ব্যালেন্স থেকে টাকা নিতে কাস্টমারের ফোন নম্বর লাগবে।',
  ],
  ['Order not found.', 'অর্ডারটি পাওয়া যায়নি।'],
  [
    'Money goes back with a cancellation; for part of an order use Return.',
    'টাকা ফেরত যায় শুধু অর্ডার বাতিল করলে; অর্ডারের কিছু পণ্য ফেরত নিতে রিটার্ন করুন।',
  ],
  ['Take money or give it back, not both at once.', 'হয় টাকা নিন, নয় ফেরত দিন: দুটো একসাথে নয়।'],
  [
    'This order has no customer account with an advance.',
    'এই অর্ডারের সাথে অ্যাডভান্স ব্যালেন্সসহ কোনো কাস্টমার অ্যাকাউন্ট নেই।',
  ],
  [
    'This order has no customer account to keep an advance.',
    'এই অর্ডারের সাথে কোনো কাস্টমার অ্যাকাউন্ট নেই, তাই অ্যাডভান্স রাখা যাবে না।',
  ],
  [
    'This order is cancelled: its goods and money went back already.',
    'এই অর্ডার বাতিল: এর পণ্য আর টাকা আগেই ফেরত গেছে।',
  ],
  [
    'Nothing was paid beyond what the order still costs: no money goes back.',
    'ফেরত দেওয়ার কিছু নেই: অর্ডারের নতুন মোটের বেশি টাকা দেওয়া হয়নি।',
  ],
  [
    'That is more than was sold on this order (less what came back before).',
    'এই অর্ডারে যতটা বিক্রি হয়েছিল (আগে ফেরত আসাটুকু বাদে), এটা তার চেয়ে বেশি।',
  ],
  [
    'Some products in your cart are not available in the quantity you asked for.',
    'কার্টের কিছু পণ্য আপনার চাওয়া পরিমাণে নেই।',
  ],
  // modules/customers, shifts, settings, stock, sms
  ['Customer not found.', 'কাস্টমার পাওয়া যায়নি।'],
  ['Shift not found.', 'শিফটটি পাওয়া যায়নি।'],
  [
    'Your shift is already open. Close it before opening another.',
    'আপনার একটি শিফট আগে থেকেই চলছে। নতুন শিফট শুরুর আগে সেটি শেষ করুন।',
  ],
  [
    'Open a shift first: cash in and out is counted in a shift.',
    'আগে শিফট শুরু করুন: ক্যাশ ইন ও আউটের হিসাব শিফটের মধ্যেই হয়।',
  ],
  ['No shift of yours is open.', 'আপনার কোনো শিফট চলছে না।'],
  ['This area already exists.', 'এই এলাকা আগেই আছে।'],
  ['Area not found.', 'এলাকাটি পাওয়া যায়নি।'],
  ['Stock entry not found.', 'স্টক এন্ট্রিটি পাওয়া যায়নি।'],
  ['This product is in stock: you can order it now.', 'পণ্যটি স্টকে আছে: এখনই অর্ডার করতে পারেন।'],
  ['SMS list not found.', 'এসএমএস তালিকাটি পাওয়া যায়নি।'],
  ['This phone is already in the list.', 'এই ফোন নম্বর আগেই তালিকায় আছে।'],
  ['Not in any list.', 'কোনো তালিকায় নেই।'],
  [
    'This phone number has had as many SMS as we send to one number in a day. Please try again tomorrow.',
    'একটি নম্বরে দিনে যতগুলো এসএমএস পাঠানো হয়, এই নম্বরে আজ ততগুলো পাঠানো হয়ে গেছে। অনুগ্রহ করে কাল আবার চেষ্টা করুন।',
  ],
  [
    "The shop has sent all of today's SMS. Please try again tomorrow or call the shop.",
    'দোকানের আজকের সব এসএমএস পাঠানো হয়ে গেছে। অনুগ্রহ করে কাল আবার চেষ্টা করুন, অথবা দোকানে ফোন করুন।',
  ],
  // imports (issue 13): lib/table-file.ts, lib/zip-pictures.ts, lib/import-*.ts, *-import.*.ts
  ['Send 1 for yes or 0 for no.', 'হ্যাঁ হলে ১, না হলে ০ পাঠান।'],
  ['Choose a CSV or XLSX file to import.', 'ইমপোর্টের জন্য একটি CSV বা XLSX ফাইল বেছে নিন।'],
  ['The file is empty.', 'ফাইলটি খালি।'],
  [
    'Old Excel files (.xls) cannot be read: save the file as XLSX or CSV.',
    'পুরোনো এক্সেল ফাইল (.xls) পড়া যায় না: ফাইলটি XLSX বা CSV হিসেবে সেভ করুন।',
  ],
  [
    'The file is not UTF-8 text. Save it as "CSV UTF-8" or as XLSX.',
    'ফাইলের লেখা UTF-8-এ নয়। "CSV UTF-8" বা XLSX হিসেবে সেভ করুন।',
  ],
  [
    'The CSV file could not be read: check its quotes (") and its commas.',
    'CSV ফাইলটি পড়া যায়নি: এর উদ্ধৃতিচিহ্ন (") আর কমাগুলো দেখে নিন।',
  ],
  [
    'The XLSX file could not be read. Save it again from the spreadsheet.',
    'XLSX ফাইলটি পড়া যায়নি। স্প্রেডশিট থেকে আবার সেভ করে দিন।',
  ],
  [
    'The XLSX file is too large once unpacked. Save it as CSV.',
    'XLSX ফাইলটি খুললে অনেক বড় হয়ে যায়। CSV হিসেবে সেভ করে দিন।',
  ],
  ['The file is not a ZIP file, or it is damaged.', 'ফাইলটি জিপ ফাইল নয়, অথবা নষ্ট হয়ে গেছে।'],
  [
    'The pictures ZIP would unpack to more than 1 GB. It is refused unopened; send fewer pictures at a time.',
    'ছবির জিপ ফাইলটি খুললে ১ জিবির বেশি হবে, তাই খোলা হয়নি। একবারে কম ছবি পাঠান।',
  ],
  ['A picture is named but no pictures ZIP was sent.', 'ছবির নাম দেওয়া আছে, কিন্তু ছবির জিপ ফাইল পাঠানো হয়নি।'],
  ['The pictures ZIP has no file of this name.', 'ছবির জিপ ফাইলে এই নামের কোনো ফাইল নেই।'],
  [
    'The pictures ZIP has two files of this name in different folders: write the folder too.',
    'ছবির জিপ ফাইলে আলাদা ফোল্ডারে এই নামের দুটি ফাইল আছে: ফোল্ডারের নামসহ লিখুন।',
  ],
  ['The picture could not be unpacked from the ZIP.', 'ছবিটি জিপ ফাইল থেকে খোলা যায়নি।'],
  [
    'The first row must name the columns, as the template does.',
    'প্রথম সারিতে কলামের নাম থাকতে হবে, টেমপ্লেটের মতো।',
  ],
  [
    "This is not one of the template's columns. Download the template to see them.",
    'এটি টেমপ্লেটের কোনো কলাম নয়। কোন কোন কলাম হয় দেখতে টেমপ্লেট ডাউনলোড করুন।',
  ],
  ['This column is in the file twice.', 'এই কলামটি ফাইলে দুবার আছে।'],
  [
    'This column has values but no name in the header row.',
    'এই কলামে তথ্য আছে, কিন্তু হেডার সারিতে কলামের নাম নেই।',
  ],
  [
    'This row has more cells than the header row has columns.',
    'এই সারিতে হেডার সারির কলামের চেয়ে বেশি ঘর আছে।',
  ],
  [
    'The file has errors: nothing was imported. Correct them, or import again skipping the rows with errors.',
    'ফাইলে ভুল আছে: কিছুই ইমপোর্ট হয়নি। ভুলগুলো ঠিক করুন, অথবা ভুল সারিগুলো বাদ দিয়ে আবার ইমপোর্ট করুন।',
  ],
  [
    'The header row of the file is not right: nothing was imported.',
    'ফাইলের হেডার সারি ঠিক নেই: কিছুই ইমপোর্ট হয়নি।',
  ],
  [
    'The flags may be offer, popular, stock_out and food, separated by commas.',
    'ফ্ল্যাগ হতে পারে offer, popular, stock_out ও food, কমা দিয়ে আলাদা করে।',
  ],
  ['A product may have at most 50 categories.', 'একটি পণ্যে সর্বোচ্চ ৫০টি ক্যাটাগরি দেওয়া যায়।'],
  [
    'A category path has an empty level. Write it as Food > Rice > Miniket.',
    'ক্যাটাগরির পথে একটি ধাপ খালি। এভাবে লিখুন: Food > Rice > Miniket',
  ],
  [
    'A category path may have at most 3 levels, as in Food > Rice > Miniket.',
    'ক্যাটাগরির পথে সর্বোচ্চ ৩টি ধাপ থাকতে পারে, যেমন Food > Rice > Miniket',
  ],
  ['A category name may not be greater than 200 characters.', 'ক্যাটাগরির নাম সর্বোচ্চ ২০০ অক্ষরের হতে পারে।'],
  [
    'The catalogue changed while the file was imported. Please import it again.',
    'ইমপোর্টের সময়েই পণ্যের তালিকায় বদল হয়েছে। আবার ইমপোর্ট করুন।',
  ],
  [
    'The file must have a phone column: customers are matched by phone.',
    'ফাইলে phone কলাম থাকতে হবে: ফোন নম্বর দিয়েই কাস্টমার মেলানো হয়।',
  ],
  ['This phone belongs to a staff account.', 'এই ফোন নম্বরটি একজন স্টাফের অ্যাকাউন্টের।'],
  [
    'A customer was added meanwhile with a phone of the file. Please import it again.',
    'ইমপোর্টের সময়েই ফাইলের একটি ফোন নম্বরে কাস্টমার যোগ হয়েছে। আবার ইমপোর্ট করুন।',
  ],
]);
