import type { enImportCategories } from './en-import-categories';
import type { Shape } from './shape';

/** Bangla texts of the product import's category decisions (issue 29), key for key the twin of `enImportCategories`. */
export const bnImportCategories: Shape<typeof enImportCategories> = {
  title: 'দোকানে নেই এমন ক্যাটাগরি',
  help: 'ফাইলের এই ক্যাটাগরিগুলো দোকানের কোনো ক্যাটাগরির সাথে মেলে না। নতুন যোগ করতে "এই ক্যাটাগরি তৈরি করুন" টিক দিন, অথবা এর বদলে দোকানের একটি ক্যাটাগরি বেছে নিন। যে ক্যাটাগরির বিষয়ে সিদ্ধান্ত নেওয়া হয়নি, তার সারিগুলো ইমপোর্ট হবে না।',
  rows_one: 'সারি {{rows}}',
  rows_other: 'সারি {{rows}}',
  create: 'এই ক্যাটাগরি তৈরি করুন',
  use: 'অথবা দোকানের একটি ক্যাটাগরি ব্যবহার করুন',
  useNone: 'কোনোটি বাছাই করা হয়নি',
  useOption: '{{path}} ব্যবহার করুন',
  noSuggestion: 'দোকানে এর কাছাকাছি কোনো ক্যাটাগরি নেই।',
  undecided: 'সিদ্ধান্ত নিতে হবে',
  willCreate: 'তৈরি করা হবে',
  willUse: '{{path}} ব্যবহার হবে',
  rowUndecided: 'নতুন ক্যাটাগরি {{path}}: সিদ্ধান্ত নিতে হবে',
  rowCreate: 'নতুন ক্যাটাগরি {{path}}: তৈরি করা হবে',
  rowUse: '{{path}}: {{used}} ব্যবহার হবে',
  decideFirst:
    'দোকানে নেই এমন প্রতিটি ক্যাটাগরির বিষয়ে সিদ্ধান্ত নিন, অথবা সেগুলোর সারি বাদ দিতে "ভুল থাকা সারিগুলো বাদ দিয়ে" টিক দিন।',
  undecidedCount_one: '{{count}}টি ক্যাটাগরির বিষয়ে এখনো সিদ্ধান্ত নিতে হবে।',
  undecidedCount_other: '{{count}}টি ক্যাটাগরির বিষয়ে এখনো সিদ্ধান্ত নিতে হবে।',
};
