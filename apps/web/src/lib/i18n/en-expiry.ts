/**
 * English texts of expiry dates in the back office (issue 28): Expiring soon, Track expiry on Live
 * stock, the dashboard's card and the two settings. A namespace that comes with the back office's
 * frame (en-back-office.ts), not in a shopper's first load.
 */
export const enExpiry = {
  /** The menu's entry and the links to the screen. */
  nav: 'Expiring soon',
  amount: '{{amount}} BDT',
  /** A quantity in its unit ("3 pcs", "1.25 kg"). */
  quantities: { pcs: '{{qty}} pcs', kg: '{{qty}} kg', litre: '{{qty}} litre' },
  page: {
    title: 'Expiring soon',
    intro:
      'Batches of the products that track expiry: those that expire in the days ahead, and those expired but still in stock. Put a batch on offer to sell it in time, or write off what can no longer be sold.',
    liveStock: 'Live stock',
    within_one: 'Today is {{today}}: batches that expire today, and every expired batch still in stock.',
    within_other:
      'Today is {{today}}: batches that expire in the next {{count}} days, and every expired batch still in stock.',
    filter: 'How far ahead to look',
    days: 'Days ahead',
    daysWrong: 'Type a whole number of days from 1 to 90.',
    show: 'Show',
    figures: 'Totals',
    value: 'Value of these batches',
    expiredValue: 'Of it, already expired',
    count: 'Batches',
    atBuyPrice: 'At buy price',
    columns: {
      product: 'Product',
      batch: 'Batch',
      expiry: 'Expires',
      left: 'Days left',
      qty: 'Quantity',
      value: 'Value',
      price: 'Price',
      actions: 'Actions',
    },
    noCode: 'No code',
    expired: 'Expired',
    expiredAgo_one: '{{count}} day ago',
    expiredAgo_other: '{{count}} days ago',
    lastDay: 'Last day today',
    daysLeft_one: '{{count}} day left',
    daysLeft_other: '{{count}} days left',
    oldPrice: 'Old price',
    onOffer: 'On offer',
    empty: 'No batch expires in these days, and none has expired.',
    emptyHelp:
      'Turn on Track expiry for a product on Live stock: each purchase of it then records the expiry date of the batch that came in.',
  },
  offer: {
    percent: 'Percent off',
    percentLabel: 'Percent off for {{product}}',
    off: '% off',
    action: 'Put on offer',
    actionLabel: 'Put {{product}} on offer',
    percentWrong: 'Type a whole percent from 1 to 90.',
    done: '{{product}} is on offer: {{offprice}} BDT instead of {{price}} BDT.',
  },
  writeOff: {
    action: 'Write off',
    actionLabel: 'Write off the batch of {{product}} expiring {{date}}',
    title: 'Write off this batch?',
    question: '{{qty}} of {{product}} leave the stock with the reason Expired.',
    batch: 'Batch {{code}}, expires {{date}}.',
    batchNoCode: 'Expires {{date}}.',
    confirm: 'Write off',
    done: '{{qty}} of {{product}} written off: Expired.',
  },
  live: {
    column: 'Expiry dates',
    track: 'Track expiry',
    trackLabel: 'Track expiry of {{product}}',
    tracked: 'Tracks expiry',
    on: '{{product}} now tracks expiry dates: stock coming in asks for the date on the pack.',
    off: '{{product}} no longer tracks expiry dates.',
    stopTitle: 'Stop tracking expiry?',
    stopQuestion:
      'The batches of {{product}} and their expiry dates are forgotten; its stock stays as it is.',
    stopConfirm: 'Stop tracking',
  },
  card: {
    title: 'Expiring this week',
    soon: 'In the next {{days}} days',
    expired: 'Already expired',
    batches_one: '{{count}} batch',
    batches_other: '{{count}} batches',
    atBuyPrice: 'At buy price',
    link: 'Expiring soon',
  },
  settings: {
    days: 'Expiring soon: days ahead',
    daysHelp: 'How many days ahead Expiring soon looks, 1 to 90.',
    expiredSale: 'Expired stock at the till',
    expiredSaleHelp: 'What the till does when a sale would take stock past its expiry date.',
    approval: 'A manager approves the sale',
    never: 'Never sold',
  },
};
