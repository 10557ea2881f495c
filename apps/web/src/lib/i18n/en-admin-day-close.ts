/**
 * English texts of the Day close screen: a shop day's money from the money ledger, by method, with
 * the cash drawer, the shifts, credit and advances; printed on A4 or on 80 mm receipt paper.
 */
export const enAdminDayClose = {
  title: 'Day close',
  /** The link to this screen from Analytics. */
  link: 'Day close',
  date: 'Day',
  pick: 'Choose the day',
  previous: 'Previous day',
  next: 'Next day',
  printA4: 'Print A4',
  print80: 'Print 80 mm',
  fullPage: 'Full page',
  printedAt: 'Printed {{time}}',
  methods: {
    title: 'By method',
    empty: 'No payments, refunds or change on this day.',
    columns: {
      method: 'Method',
      count: 'Payments',
      references: 'References',
      received: 'Received',
      refunds: 'Refunds',
      change: 'Change given',
      net: 'Net',
    },
    total: 'Total',
  },
  cash: {
    title: 'Cash drawer',
    float: 'Float',
    sales: 'Cash sales',
    refunds: 'Cash refunds',
    moves: 'Cash in/out',
    expenses: 'Expenses',
    suppliers: 'Suppliers paid in cash',
    expected: 'Cash in drawer (expected)',
    counted: 'Counted',
    difference: 'Difference',
    outside: 'Of it, outside the till',
    help: 'Float + cash sales (less change) − cash refunds ± cash put in or taken out − expenses − suppliers paid in cash. Counted and Difference are of the shifts closed on this day.',
  },
  shifts: {
    title: 'Shifts',
    empty: 'No shifts on this day.',
    open: 'Open',
    unknown: 'Unknown',
  },
  credit: {
    title: 'Credit and advances',
    duesGiven: 'Dues given',
    duesCollected: 'Dues collected',
    advanceAdded: 'Advance added',
    advanceUsed: 'Advance used',
    suppliers: 'Suppliers paid',
    expenses: 'Expenses',
  },
  short: 'short',
  over: 'over',
  amount: '{{amount}} BDT',
};
