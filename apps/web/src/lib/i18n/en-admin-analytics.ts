/**
 * English texts of the Analytics screen (back-office spec §2 "Analytics", §4 Close Cash). The exact
 * words come from the spec ("Total Recived", "Expance"); do not correct them here.
 */
export const enAdminAnalytics = {
  title: 'Analytics',
  fromDate: 'From Date',
  toDate: 'To Date',
  search: 'Search',
  saleChart: 'Date Wise Sale Amount',
  ordersChart: 'Date Wise Orders',
  chartNote: 'The same figures are in the Overall Report table below.',
  overall: 'Overall Report',
  columns: {
    date: 'Date',
    orders: 'Orders',
    received: 'Total Recived',
    expense: 'Total Expance',
    cash: 'Total Cash',
  },
  closed: 'Cash closed',
  empty: 'No sales, payments or expenses in these days.',
  today: {
    title: 'Today Cash Report',
    orders: 'Total Order',
    amount: 'Total Order Amount',
    paid: 'Total Order Paid',
    due: 'Total Order Due',
    expense: 'Total Expance',
    cash: 'Cash in hand',
    close: 'Close Cash',
    closing: 'Closing…',
    updated: 'Cash updated',
  },
  amount: '{{amount}} BDT',
};
