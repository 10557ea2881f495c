import type { enAdminSms } from './en-admin-sms';
import type { Shape } from './shape';

/** Bengali (বাংলা) texts of the SMS marketing screens, key for key the twin of `enAdminSms`. */
export const bnAdminSms: Shape<typeof enAdminSms> = {
  lists: {
    title: 'সব এসএমএস তালিকা',
    newList: 'তালিকার নাম',
    add: 'তালিকা যোগ করুন',
    sendAll: 'কাস্টমারদের এসএমএস পাঠান',
    empty: 'এখনো কোনো তালিকা নেই।',
    count: '{{count}}টি নম্বর',
  },
  list: {
    back: 'এসএমএস তালিকায় ফিরে যান',
    send: 'এসএমএস পাঠান',
    search: 'নাম দিয়ে কাস্টমার খুঁজুন',
    searchPlaceholder: 'কাস্টমারের নাম লিখুন',
    found: 'পাওয়া কাস্টমার',
    addFound: '{{name}} ({{phone}}) যোগ করুন',
    newName: 'নাম',
    newPhone: 'ফোন',
    addNew: 'যোগ করুন',
    added: 'তালিকায় যোগ হয়েছে',
    remove: '{{name}} ({{phone}}) বাদ দিন',
    empty: 'এই তালিকায় এখনো কেউ নেই।',
    deleteAll: 'পুরো তালিকা ডিলিট করুন',
    confirmTitle: 'ডিলিট নিশ্চিত করুন',
    confirmText: '"{{title}}" তালিকা আর এর সব নম্বর ডিলিট করবেন?',
    deleted: 'এসএমএস তালিকা ডিলিট হয়েছে',
  },
  send: {
    titleAll: 'সব কাস্টমারকে এসএমএস পাঠান',
    titleList: '{{title}} তালিকায় এসএমএস পাঠান',
    text: 'এসএমএসের লেখা',
    send: 'পাঠান',
    back: 'এসএমএস তালিকায় ফিরে যান',
    sent: '{{count}}টি এসএমএস পাঠানোর জন্য লাইনে রাখা হয়েছে',
  },
  compose: {
    size: '{{chars}} অক্ষর: প্রতি বার্তায় {{segments}}টি এসএমএস',
    plain: 'শুধু ইংরেজি অক্ষর: একটি এসএমএসে ১৬০ অক্ষর, বড় হলে প্রতি ভাগে ১৫৩।',
    unicode: 'বাংলা (বা অন্য বিশেষ অক্ষর): একটি এসএমএসে ৭০ অক্ষর, বড় হলে প্রতি ভাগে ৬৭।',
    cost: '{{recipients}}টি নম্বরে: মোট {{total}}টি এসএমএস।',
    counting: 'নম্বর গোনা হচ্ছে…',
    confirmTitle: 'সব কাস্টমারকে পাঠাবেন?',
    confirmText: '{{recipients}} জন কাস্টমারকে মোট {{total}}টি এসএমএস যাবে। পাঠানোর পর আর ফেরানো যাবে না।',
    confirmSend: 'সবাইকে পাঠান',
  },
};
