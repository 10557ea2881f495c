/**
 * English texts of the SMS marketing screens. The exact words come
 * from the spec; do not correct them here.
 */
export const enAdminSms = {
  lists: {
    title: 'All SMS List',
    newList: 'List title',
    add: 'Add List',
    sendAll: 'Send SMS to Customer',
    empty: 'No lists yet.',
    count: '{{count}} numbers',
  },
  list: {
    back: 'Back to the SMS lists',
    send: 'Send SMS',
    search: 'Search customer by name',
    searchPlaceholder: 'Type a customer name',
    found: 'Customers found',
    addFound: 'Add {{name}} ({{phone}})',
    newName: 'Name',
    newPhone: 'Phone',
    addNew: 'Add',
    added: 'Added to the list',
    remove: 'Remove {{name}} ({{phone}})',
    empty: 'Nobody in this list yet.',
    deleteAll: 'Delete Entire List',
    confirmTitle: 'Confirm delete',
    confirmText: 'Delete the list "{{title}}" and every number in it?',
    deleted: 'SMS list deleted',
  },
  send: {
    titleAll: 'Send SMS to every customer',
    titleList: 'Send SMS to {{title}}',
    text: 'SMS Text',
    send: 'Send',
    back: 'Back to the SMS lists',
    sent: '{{count}} SMS queued',
  },
  compose: {
    size: '{{chars}} characters: {{segments}} SMS a message',
    plain: 'English letters only: 160 characters fit one SMS, 153 each when longer.',
    unicode: 'Bangla (or another special character): 70 characters fit one SMS, 67 each when longer.',
    cost: 'To {{recipients}} numbers: {{total}} SMS in all.',
    counting: 'Counting the numbers…',
    confirmTitle: 'Send to every customer?',
    confirmText: 'This sends {{total}} SMS to {{recipients}} customers. It cannot be taken back.',
    confirmSend: 'Send to all',
  },
};
