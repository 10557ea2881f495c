/**
 * English texts of the back office's customers list (back-office spec §2 "Customers list").
 * The exact words come from the back-office spec ("Name is requried"); do not correct them here.
 */
export const enAdminCustomers = {
  title: 'Customers',
  empty: 'No customers yet.',
  count: '{{from}}–{{to}} of {{total}}',
  columns: {
    name: 'Name',
    phone: 'Phone',
    area: 'Area',
    balance: 'Balance',
    actions: 'Actions',
  },
  menu: 'Actions for {{name}} ({{phone}})',
  quickEdit: 'Quick Edit',
  viewOrders: 'View Orders',
  delete: 'Delete',
  deleteText: 'Are you want to delete {{name}} ({{phone}})? Their orders stay.',
  deleted: 'Customer deleted',
  edit: {
    title: 'Customer Edit',
    phone: 'Phone: {{phone}}',
    name: 'Name',
    area: 'Area',
    noArea: 'No area',
    address: 'Address',
    balance: 'Balance',
    point: 'Point',
    required: 'Name is requried',
    close: 'Close',
    save: 'Save changes',
    saved: 'Customer update',
  },
};
