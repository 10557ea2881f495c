/**
 * English texts of the customer display: the till's second screen, turned to the customer (the
 * lines, the total, the change, the bKash or Nagad QR code), and the till's button that opens it.
 */
export const enAdminCustomerDisplay = {
  open: 'Customer display',
  title: 'Customer display',
  welcome: 'Welcome',
  items: 'Items',
  money: 'Amount to pay',
  amount: '{{amount}} BDT',
  itemsTotal: 'Items total',
  shipping: 'Delivery',
  discount: 'Discount',
  total: 'Total',
  paid: 'Paid',
  due: 'To pay',
  change: 'Change',
  methods: { bkash: 'bKash', nagad: 'Nagad' },
  payBy: 'Pay by {{method}}',
  sendTo: 'Send money to {{phone}}',
  qrLabel: 'QR code: {{method}} {{phone}}, {{amount}} BDT',
  noNumber: 'Ask the cashier for the {{method}} number',
  thanks: 'Thank you!',
  yourChange: 'Your change',
  comeAgain: 'Please come again',
  fullScreen: 'Full screen',
};
