import { DEVELOPER_NAME, SHOP_NAME } from '../shop';
import { enAdminKhata } from './en-admin-khata';
import { enAdminCustomerDisplay } from './en-admin-customer-display';
import { enAdminZReport } from './en-admin-z-report';
import { enAdminQuickKeys } from './en-admin-quick-keys';
import { enAdminCatalog } from './en-admin-catalog';
import { enAdminCustomers } from './en-admin-customers';
import { enAdminImport } from './en-admin-import';
import { enAdminOrders } from './en-admin-orders';
import { enAdminPayments } from './en-admin-payments';
import { enAdminDayClose } from './en-admin-day-close';
import { enAdminPrinting } from './en-admin-printing';
import { enAdminStatements } from './en-admin-statements';
import { enAdminPurchases } from './en-admin-purchases';
import type { enAdminStaff } from './en-admin-staff';
import { enAdminTill } from './en-admin-till';
import { enAdminAnalytics } from './en-admin-analytics';
import { enAdminReports } from './en-admin-reports';
import { enAdminSms } from './en-admin-sms';
import { enAdminStock } from './en-admin-stock';
import { enShopCatalog } from './en-shop-catalog';
import { enShopOrders } from './en-shop-orders';
import { enDelivery } from './en-delivery';
import type { enRider } from './en-rider';
import type { enBackups, enFiles, enSettings, enSmsGateway } from './en-admin-settings';
import type { enBackupRestore } from './en-backup-restore';
import type { enExpiry } from './en-expiry';
import type { enImportCategories } from './en-import-categories';
import type { enReorder } from './en-reorder';
import type { enRiders } from './en-riders';
import type { enShrinkage } from './en-shrinkage';
import type { enStocktakes } from './en-stocktakes';

/**
 * English texts. The messages are the shop's own words, spelling included
 * ("Request send successfuly", "Expance"): do not correct them here.
 */
export const en = {
  shop: { name: SHOP_NAME },
  common: {
    walkIn: 'Walk-in customer',
    loading: 'Loading…',
    notFound: 'Page not found',
    backHome: 'Go to the home page',
    loadFailed: 'Could not load this page. Please check your connection and try again.',
    retry: 'Try again',
    somethingWrong: 'Something went wrong. Please try again.',
    price: '{{amount}} BDT',
    close: 'Close',
  },
  layout: {
    skipToContent: 'Skip to main content',
    toggleMenu: 'Show or hide the category menu',
    searchLabel: 'Search products',
    searchPlaceholder: 'Type product name',
    cartToggle: 'Cart({{count}})',
    login: 'Login',
    profile: 'Profile',
    categories: 'Categories',
    language: 'Change language',
  },
  categoryMenu: {
    expand: 'Show subcategories of {{title}}',
    collapse: 'Hide subcategories of {{title}}',
  },
  shopPages: {
    notWritten: 'The shop has not written this page yet.',
    title: 'Storefront pages and social links',
    help: 'What shoppers read under About Us, Terms & Conditions and Privacy Policy at the foot of every page, and where the social icons lead (an icon without an address is hidden). A blank line starts a new paragraph.',
    english: '{{page}} (English)',
    bangla: '{{page}} (Bangla)',
    link: '{{network}} page address',
    save: 'Save pages',
    saved: 'Pages saved',
  },
  footer: {
    links: 'Shop information',
    about: 'About Us',
    terms: 'Terms & Conditions',
    privacy: 'Privacy Policy',
    social: 'Follow us',
    facebook: 'Facebook',
    instagram: 'Instagram',
    youtube: 'YouTube',
    credit: '© 2021 {{shop}}. Developed by {{developer}}.',
    developer: DEVELOPER_NAME,
  },
  cart: {
    title: 'Cart',
    empty: 'Your cart is empty',
    decrease: 'One less {{title}}',
    increase: 'One more {{title}}',
    quantity: 'Quantity of {{title}}',
    total: 'Total',
    checkout: 'Checkout',
  },
  auth: {
    phone: 'Phone',
    password: 'Password',
    name: 'Name',
    code: 'Code',
    newPassword: 'New password',
    login: {
      title: 'Login',
      submit: 'Login',
      forgot: 'Forgot password?',
      register: 'Create an account',
      reason: 'Sign in or create an account to place your order',
    },
    register: {
      title: 'Register',
      submit: 'Register',
      haveAccount: 'Already have an account? Login',
      referral: 'Referral code: {{code}}',
    },
    verify: {
      title: 'Verify your phone',
      help: 'We sent a code by SMS to your phone. Enter it below.',
      submit: 'Verify',
      sendAgain: 'Send code again',
    },
    forgot: {
      title: 'Forgot password',
      help: 'Enter your phone number. We will send you a code by SMS.',
      send: 'Send',
      codeHelp: 'Enter the code we sent to {{phone}} and choose a new password.',
      submit: 'Submit',
    },
    messages: {
      loginRequired: 'Phone & Password is required',
      loginIncorrect: 'Incorrect information',
      registerCheck: 'All field are required and password must be more than 6 character',
      registerIncorrect: 'Information is not correct',
      codeRequired: 'Code is required',
      codeIncorrect: 'Code is not correct',
      phoneRequired: 'Insert your phone',
      phoneIncorrect: 'Phone number is not correct',
      codeSent: 'Code is send, Please wait...',
      resetCheck: 'Code is required and password must be 6',
      notLoggedIn: 'You are not logged in',
      loggedOut: 'You are logged out',
      profileUpdated: 'Profile updated',
      accessRestricted: 'Access Restricted',
      sendCodeFailed: 'Could not send the code. Please try again.',
    },
  },
  profile: {
    title: 'Profile',
    name: 'Name',
    phone: 'Phone',
    refCode: 'Referral code',
    point: 'Reward point',
    edit: 'Edit profile',
    currentPassword: 'Current password',
    currentPasswordHelp: 'Needed only to set a new password.',
    password: 'New password',
    passwordHelp: 'Leave empty to keep your current password.',
    nameRequired: 'Name is required',
    passwordShort: 'Password must be at least {{min}} characters',
    save: 'Save',
    orders: 'My orders',
    logout: 'Logout',
  },
  admin: {
    toggleSidebar: 'Show or hide the admin menu',
    menu: 'Admin menu',
    pos: 'POS',
    logout: 'Logout',
    sections: { main: 'MAIN', customer: 'CUSTOMER', marketing: 'MARKETING', setting: 'SETTING' },
    nav: {
      dashboard: 'Dashboard',
      analytics: 'Analytics',
      products: 'Product',
      orders: 'Orders',
      onlinePayments: 'Online payments',
      productRequest: 'Product Request',
      stock: 'Stock Manage',
      expance: 'Expance',
      purchases: 'Purchases',
      suppliers: 'Suppliers',
      areas: 'Area',
      customers: 'Customer',
      smsMarketing: 'SMS Marketing',
      story: 'Daily Campaign',
      setting: 'Setting',
      staff: 'Staff',
      audit: 'Audit',
    },
    goToStart: 'Go to your start page',
    download: {
      label: 'Download',
      csv: 'CSV',
      xlsx: 'Excel',
      csvName: 'Download CSV',
      xlsxName: 'Download Excel (XLSX)',
    },
  },
  settings: {} as typeof enSettings,
  backups: {} as typeof enBackups,
  smsGateway: {} as typeof enSmsGateway,
  files: {} as typeof enFiles,
  areas: {
    title: 'Area',
    newArea: 'New area',
    titleBn: 'Name (Bangla)',
    add: 'Add',
    delete: 'Delete',
    deleteLabel: 'Delete {{title}}',
    edit: 'Edit',
    editLabel: 'Edit {{title}}',
    titleOf: 'Name of {{title}}',
    titleBnOf: 'Bangla name of {{title}}',
    save: 'Save',
    cancel: 'Cancel',
    empty: 'No areas yet.',
    added: 'Area added',
    updated: 'Area updated',
    deleted: 'Area deleted',
  },
  shopInfo: { phone: 'Phone: {{phone}}', payments: 'bKash/Nagad: {{numbers}}' },
  /** An order's money record, on invoices and the print page: payments and returns. */
  orderRecord: {
    methods: {
      cash: 'Cash',
      bkash: 'bKash',
      nagad: 'Nagad',
      card: 'Card',
      balance: 'Advance balance',
      sslcommerz: 'SSLCommerz',
    },
    payments: 'Payments',
    time: 'Time',
    method: 'Method',
    amount: 'Amount',
    reference: 'Reference',
    by: 'Taken by',
    refund: 'Refund',
    change: 'Tendered {{tendered}}, change {{change}}',
    forReturn: 'for return #{{id}}',
    returns: 'Returns',
    returnNo: 'Return #{{id}}',
    returnBy: 'by {{name}}',
    reason: 'Reason: {{reason}}',
    returnValue: 'Value {{amount}} BDT',
    product: 'Product',
    qty: 'QTY',
    price: 'Price',
    returnedQty: 'returned {{qty}}',
  },
  shopCatalog: enShopCatalog,
  shopOrders: enShopOrders,
  delivery: enDelivery,
  // Only the shapes of texts no shopper reads: their screens add them as their chunks load
  // (i18n.ts addEnglish): the rider's screen its own, the back office's frame the rest
  // (en-back-office.ts). Every text in this file is in a shopper's first load.
  rider: {} as typeof enRider,
  riders: {} as typeof enRiders,
  stocktakes: {} as typeof enStocktakes,
  shrinkage: {} as typeof enShrinkage,
  reorder: {} as typeof enReorder,
  expiry: {} as typeof enExpiry,
  backupRestore: {} as typeof enBackupRestore,
  importCategories: {} as typeof enImportCategories,
  adminCatalog: enAdminCatalog,
  adminOrders: enAdminOrders,
  adminCustomers: enAdminCustomers,
  adminImport: enAdminImport,
  adminTill: enAdminTill,
  adminReports: enAdminReports,
  adminAnalytics: enAdminAnalytics,
  adminSms: enAdminSms,
  adminStock: enAdminStock,
  adminPurchases: enAdminPurchases,
  adminStaff: {} as typeof enAdminStaff,
  adminPayments: enAdminPayments,
  adminDayClose: enAdminDayClose,
  adminPrinting: enAdminPrinting,
  adminKhata: enAdminKhata,
  adminCustomerDisplay: enAdminCustomerDisplay,
  adminZReport: enAdminZReport,
  adminQuickKeys: enAdminQuickKeys,
  adminStatements: enAdminStatements,
};
