/**
 * Every message the shop can answer or show under a field, by key: the contracts' schemas (shared
 * by the server and the forms), zod's own refusals (zod-messages.ts), the server's error answers and
 * an import's row errors. This file is the English catalogue, the spec's own words; messages.bn.ts
 * is the Bangla one, key for key (its type and messages.test.ts check it). `{{name}}` is filled in
 * when the message is written, as in the screens' catalogues (apps/web/src/lib/i18n/en.ts).
 *
 * A message travels as a string, so zod and react-hook-form can carry it: `say(key, vars)` makes a
 * text that holds the key and its values and that only `render` reads. Whatever shows or answers a
 * message renders it in its reader's language: the server's error answers and import reports
 * (apps/server/src/plugins/errors.ts, apps/server/src/lib/import-upload.ts), the web's field
 * messages (apps/web/src/lib/messages.ts). A text that is not a said message renders as it is.
 */
export const en = {
  // ---- the contracts' rules of a field: `{{field}}` is one of the labels below --------------
  'field.required': 'The {{field}} field is required.',
  'field.number': 'The {{field}} must be a number.',
  'field.text': 'The {{field}} must be text.',
  'field.wholeTaka': 'The {{field}} must be a whole number of taka.',
  'field.whole': 'The {{field}} must be a whole number.',
  'field.negative': 'The {{field}} must not be negative.',
  'field.minLength': 'The {{field}} must be at least {{min}} characters.',
  'field.maxLength': 'The {{field}} may not be greater than {{max}} characters.',
  'field.maxMegabytes': 'The {{field}} may not be greater than {{max}} MB.',
  'field.atLeast': 'The {{field}} must be at least {{min}}.',
  'field.moreThan': 'The {{field}} must be more than {{min}}.',
  'field.atMost': 'The {{field}} may not be greater than {{max}}.',
  'field.notBelow': 'The {{field}} may not be less than {{min}}.',
  'field.not': 'The {{field}} may not be {{value}}.',
  'field.twoDecimals': 'The {{field}} may have at most two decimals.',
  'field.plainDigits':
    'The {{field}} must be written in plain digits, without a sign or a leading zero (12, not 012).',
  'field.date': 'The {{field}} must be a date (YYYY-MM-DD).',
  'field.realDate': 'The {{field}} must be a real date from {{from}} to {{to}} (YYYY-MM-DD).',
  'text.atMost': 'At most {{max}} characters.',

  // ---- the labels a field's rule names -----------------------------------------------------
  // money and numbers (numbers.ts)
  'fields.amount': 'amount',
  'fields.amountPaid': 'amount paid',
  'fields.balance': 'balance',
  'fields.brand': 'brand',
  'fields.buyPrice': 'buy price',
  'fields.category': 'category',
  'fields.countedCash': 'counted cash',
  'fields.dailySmsBudget': 'daily SMS budget',
  'fields.creditLimit': 'credit limit',
  'fields.duesReminderOver': 'reminder amount',
  'fields.deliveryCharge': 'delivery charge',
  'fields.discount': 'discount',
  'fields.id': 'id',
  'fields.limit': 'limit',
  'fields.list': 'list',
  'fields.offerPrice': 'offer price',
  'fields.openingFloat': 'opening float',
  'fields.page': 'page',
  'fields.parent': 'parent',
  'fields.perPage': 'per_page',
  'fields.point': 'point',
  'fields.price': 'price',
  'fields.product': 'product',
  'fields.staff': 'member of staff',
  'fields.qty': 'qty',
  'fields.quantity': 'quantity',
  'fields.refund': 'refund',
  'fields.registrationPoint': 'registration point',
  'fields.shippingCost': 'shipping cost',
  'fields.since': 'since',
  'fields.status': 'status',
  'fields.type': 'type',
  // dates
  'fields.date': 'date',
  'fields.fromDate': 'from date',
  'fields.toDate': 'to date',
  // texts and files
  'fields.address': 'address',
  'fields.area': 'area',
  'fields.barcode': 'barcode',
  'fields.code': 'code',
  'fields.detail': 'detail',
  'fields.trxColumn': 'transaction id column',
  'fields.amountColumn': 'amount column',
  'fields.timeColumn': 'time column',
  'fields.file': 'file',
  'fields.image': 'image',
  'fields.picture': 'picture',
  'fields.picturesZip': 'pictures ZIP',
  'fields.name': 'name',
  'fields.password': 'password',
  'fields.currentPassword': 'current password',
  'fields.phone': 'phone',
  'fields.reason': 'reason',
  'fields.shopName': 'shop name',
  'fields.tags': 'tags',
  'fields.text': 'text',
  'fields.title': 'title',
  'fields.group': 'group name',
  'fields.banglaTitle': 'Bangla title',
  'fields.invoiceNumber': 'invoice number',
  'fields.lines': 'lines',
  'fields.note': 'note',
  'fields.supplier': 'supplier',
  // delivery slots (delivery.ts)
  'fields.capacity': 'capacity',
  'fields.daysAhead': 'days ahead',
  'fields.days': 'days',
  'fields.cutOff': 'cut-off',
  'fields.deliveryDate': 'delivery date',
  'fields.slotDate': 'slot date',
  // staff.ts
  'fields.discountLimit': 'discount limit',
  // riders.ts
  'fields.rider': 'rider',
  'fields.order': 'order',

  // ---- zod's own refusals, where a schema gives no message (zod-messages.ts) ---------------
  'zod.type': 'Invalid input: expected {{expected}}, received {{received}}',
  'zod.types.string': 'string',
  'zod.types.number': 'number',
  'zod.types.int': 'int',
  'zod.types.boolean': 'boolean',
  'zod.types.array': 'array',
  'zod.types.object': 'object',
  'zod.types.record': 'record',
  'zod.types.null': 'null',
  'zod.types.bigint': 'bigint',
  'zod.types.date': 'date',
  'zod.types.tuple': 'tuple',
  'zod.types.file': 'file',
  'zod.value': 'Invalid input: expected {{value}}',
  'zod.option': 'Invalid option: expected one of {{values}}',
  'zod.string.atMost': 'Too big: expected string to have <={{max}} characters',
  'zod.string.below': 'Too big: expected string to have <{{max}} characters',
  'zod.string.exactlyMax': 'Too big: expected string to have exactly {{max}} characters',
  'zod.string.atLeast': 'Too small: expected string to have >={{min}} characters',
  'zod.string.above': 'Too small: expected string to have >{{min}} characters',
  'zod.string.exactlyMin': 'Too small: expected string to have exactly {{min}} characters',
  'zod.array.atMost': 'Too big: expected array to have <={{max}} items',
  'zod.array.below': 'Too big: expected array to have <{{max}} items',
  'zod.array.exactlyMax': 'Too big: expected array to have exactly {{max}} items',
  'zod.array.atLeast': 'Too small: expected array to have >={{min}} items',
  'zod.array.above': 'Too small: expected array to have >{{min}} items',
  'zod.array.exactlyMin': 'Too small: expected array to have exactly {{min}} items',
  'zod.number.atMost': 'Too big: expected number to be <={{max}}',
  'zod.number.below': 'Too big: expected number to be <{{max}}',
  'zod.number.atLeast': 'Too small: expected number to be >={{min}}',
  'zod.number.above': 'Too small: expected number to be >{{min}}',
  'zod.tooBig': 'Too big: expected {{origin}} to {{bound}}',
  'zod.tooSmall': 'Too small: expected {{origin}} to {{bound}}',
  'zod.pattern': 'Invalid string: must match pattern {{pattern}}',
  'zod.startsWith': 'Invalid string: must start with "{{prefix}}"',
  'zod.endsWith': 'Invalid string: must end with "{{suffix}}"',
  'zod.includes': 'Invalid string: must include "{{includes}}"',
  'zod.format': 'Invalid {{format}}',
  'zod.multipleOf': 'Invalid number: must be a multiple of {{divisor}}',
  'zod.unknownKey': 'Unrecognized key: {{keys}}',
  'zod.unknownKeys': 'Unrecognized keys: {{keys}}',
  'zod.invalidKey': 'Invalid key in {{origin}}',
  'zod.invalidElement': 'Invalid value in {{origin}}',
  'zod.discriminator': 'Invalid discriminator value. Expected {{options}}',
  'zod.manyMatched': 'Invalid input: more than one option matched',
  'zod.invalid': 'Invalid input',

  // ---- the contracts' messages -------------------------------------------------------------
  // common.ts, auth.ts
  'phone.invalid': 'The phone must be a Bangladeshi mobile number (01XXXXXXXXX).',
  'phone.notMobile': '"{{phone}}" is not a Bangladeshi mobile number.',
  'auth.codeDigits': 'The code must be 6 digits.',
  'auth.currentPasswordRequired': 'Enter your current password to set a new one.',
  'settings.language': 'The language must be en or bn.',
  // customers.ts
  'customers.nameMissing': 'Please enter the name',
  'customers.searchText': 'Type a name or phone.',
  'customers.duesMethod': 'Take dues in cash, bKash, Nagad or by card.',
  // exports.ts
  'exports.fileName':
    'The file must be orders, products, live-stock, stock-entries, customers, expenses, product-sale, daily-report, purchases, suppliers or audit, ending in .csv or .xlsx.',
  // orders.ts, payments.ts
  'orders.method': 'The method must be cash, bkash, nagad, card or balance.',
  'orders.tillMethod': 'The method must be cash, bkash or nagad.',
  'orders.payment': 'The payment must be cod, bkash or sslcommerz.',
  'orders.referenceText': 'The reference must be text.',
  'orders.reference': 'The reference is the transaction id: up to 20 letters and digits.',
  'orders.cartRequired': 'The cart is required.',
  'orders.cartEmpty': 'Your cart is empty',
  'orders.cartTooLong': 'At most 100 lines in one order.',
  'orders.paymentsEmpty': 'Add a payment or leave payments out.',
  'orders.offlineFlag': 'offline must be true or false.',
  'orders.offlineClientId': 'A sale made offline needs its client id.',
  'orders.offlinePrice': "A sale made offline keeps the till's price: a whole number of taka.",
  'orders.terminal': 'The terminal must be 1 (the till) or 0 (the storefront).',
  'orders.returnLines': 'Choose what comes back.',
  'payments.onlineMethod': 'The method must be bkash or sslcommerz.',
  'payments.state':
    'The state must be one of paid, pending, failed, cancelled, mismatch, refund_pending, refunded.',
  // delivery.ts, shop-pages.ts
  'delivery.startTime': 'The start must be a time (HH:MM, 24 hours).',
  'delivery.endTime': 'The end must be a time (HH:MM, 24 hours).',
  'delivery.slotStartTime': 'The slot start must be a time (HH:MM, 24 hours).',
  'delivery.endBeforeStart': 'A slot must end after it starts.',
  'delivery.overlap': 'Slots may not overlap.',
  'delivery.tooManySlots': 'At most 12 slots.',
  // riders.ts
  // stocktakes.ts
  'stocktakes.signedQty':
    'The quantity must be a number other than 0: negative takes stock out, positive puts it in.',
  'stocktakes.reason': 'The reason must be one of damaged, expired, lost, own_use, found, other.',
  'stocktakes.foundIn':
    'Found stock goes in (a positive quantity); every other reason takes it out (negative).',
  'stocktakes.products': 'Choose between 1 and 5,000 products.',
  'stocktakes.oneScope':
    'Count a list of products, a category or a brand: one of them, or none for everything.',
  'stocktakes.notFound': 'No count has this number.',
  'stocktakes.closed': 'This count is closed: it was approved or cancelled.',
  'stocktakes.notInCount': 'This product is not part of this count.',
  'stocktakes.notOnHand': 'Only {{qty}} of it are on hand: write off at most that.',
  'stocktakes.scopeUnknown': 'No such category or brand.',
  'stocktakes.wholePieces': 'This product is counted in whole pieces.',
  'stocktakes.belowZero': 'Your count of it is {{mine}}: it cannot go below 0.',
  'stocktakes.clientIdUsed': 'This count id was used for another product or count.',
  // expiry.ts
  'stock.lowFilter': 'The low filter is 1 or empty.',
  'stock.sort': 'Sort by title, qty or value.',
  'expiry.track': 'Tracking expiry is true or false.',
  'expiry.date': 'The expiry date must be a date (YYYY-MM-DD).',
  'expiry.needed': '{{title}} tracks expiry: enter the expiry date on the pack.',
  'expiry.batchCode': 'The batch code is at most 40 characters.',
  'expiry.bound': 'A product that shares its stock with others (Bind Stock) cannot track expiry dates.',
  'expiry.batchNotFound': 'No batch has this number.',
  'expiry.batchEmpty': 'This batch holds nothing any more: it was sold or written off.',
  'expiry.notThisProduct': 'This batch is of another product.',
  'expiry.batchHolds': 'This batch holds {{qty}}: write off at most that.',
  'expiry.percent': 'The offer must take off between 1 and 90 percent.',
  'expiry.days': 'Expiring soon must look 1 to 90 days ahead.',
  'expiry.expiredSale': 'Expired stock at the till is approval or never.',
  'expiry.refused': '{{title}} has expired stock ({{qty}}, expired {{date}}): write it off before selling.',
  'approval.expired':
    '{{title}} has expired stock ({{qty}}, expired {{date}}): selling it needs a manager’s approval.',
  // reorder.ts
  'reorder.level': 'A level must be a number from 0, two decimals at most (or empty for none).',
  'reorder.targetBelowMin': 'The target may not be below the minimum.',
  'reorder.targetNeedsMin': 'Set a minimum with the target.',
  'purchases.leadDays': 'The lead time must be a whole number of days from 0 to 90.',
  'reorder.productTwice': 'A product may be on the order once.',
  'reorder.notFound': 'No purchase order has this number.',
  'reorder.closed': 'This purchase order is closed.',
  'reorder.notOnOrder': 'This product is not on the order.',
  'riders.orderIds': 'Choose between 1 and 200 orders.',
  'riders.method': 'A rider collects cash, bKash or Nagad.',
  'riders.referenceNeeded': 'bKash and Nagad need the transaction id (TrxID).',
  'riders.payments': 'At most 3 payments.',
  'riders.reason': 'The reason must be one of not_home, refused, wrong_address, other.',
  'riders.noteNeeded': 'Say what happened (a note) when the reason is other.',
  'riders.handedOver': 'The cash handed over must be a whole number of taka.',
  'riders.notRider': 'This staff member is not an active rider.',
  'riders.notAssigned': 'No delivery of yours has this number.',
  'riders.closedOrder': 'Order #{{id}} is delivered or cancelled: it cannot go to a rider.',
  'riders.notOut': 'This order is not out for delivery.',
  'riders.alreadyDone': 'This order was already marked {{state}}.',
  'riders.tooMuch': 'That is more than the {{due}} BDT to collect.',
  'riders.shortQuantity': 'Mark at most what the order has of it.',
  'riders.shortDone': 'This order is already delivered or cancelled.',
  'riders.noProduct': 'The order has no line of this product.',
  'riders.clientIdUsed': 'This step id was used for another order.',
  'riders.state.failed': 'failed',
  'riders.state.delivered': 'delivered',
  'shopPages.tooLong': 'At most 20,000 characters.',
  'shopPages.https': 'Write the whole address, starting with https://',
  // till.ts
  'till.clientId': 'The client id must be a UUID.',
  'till.provisionalText': 'The provisional number must be text.',
  'till.provisional': 'The provisional number is T-{till}-{n}.',
  'till.soldAt': 'The time of the sale must be an ISO time, e.g. 2026-11-24T09:30:00.000Z.',
  // receipt-code.ts
  'till.receiptNumber': 'A receipt number is the order number (1234) or the number printed offline (T-A1-7).',
  'till.noReceipt': 'No sale has receipt number {{number}}.',
  'orders.labelCode': 'A scale label is 13 digits.',
  'orders.notPriceLabel': 'This is not a price label of {{title}}.',
  // catalog.ts
  'catalog.unit': 'The unit must be pcs, kg or litre.',
  'catalog.plu': 'The scale item code (PLU) is 5 digits.',
  'catalog.barcodeText': 'The barcode may contain only letters, digits and - . $ / + %.',
  'catalog.searchShort': 'Search needs more than 2 characters.',
  'catalog.scanOrType': 'Scan or type a barcode.',
  // settings.ts
  'settings.prefixDigits': 'The prefix must be two digits.',
  'settings.prefixRange': "A scale prefix is 21 to 29 (20 is for the shop's own barcodes).",
  'settings.labelKind': 'The kind must be weight or price.',
  'settings.prefixTwice': 'Each prefix may be used once.',
  'settings.tillShip': 'Till starts with delivery charge is on or off.',
  // stock.ts, imports.ts
  'stock.chooseProduct': 'Choose at least one product.',
  'import.yesNo': 'Send 1 for yes or 0 for no.',
  // staff.ts, permissions.ts
  'staff.roleKey': 'The role is a key of 2 to 30 small letters, digits or _, starting with a letter.',
  'staff.pin': 'The PIN must be 4 to 6 digits.',
  'staff.permissions': 'The permissions must be a list of known permissions.',
  'staff.active': 'Active is true or false.',
  'staff.unlock': 'Unlock is true, or left out.',
  'staff.nothingToChange': 'Send at least one thing to change.',
  'orders.priceChanged': 'Price changed is true or false.',
  'approval.shape': "The approval is a manager's phone and PIN.",
  'approval.drawerReason': 'Say why the drawer is opened (up to 200 characters).',
  'approval.offlineOnly': 'Only a sale made offline may name its cashier or approver.',

  // ---- the server's answers ----------------------------------------------------------------
  // an error code's own message (apps/server/src/lib/errors.ts, apps/server/src/plugins/errors.ts)
  'error.invalid': 'The given data was invalid.',
  'error.amount_large': 'Amount is large',
  'error.bad_request': 'Bad request.',
  'error.unauthenticated': 'Unauthenticated.',
  'error.forbidden': 'Access Restricted',
  'error.approval_required': 'This needs a manager’s approval.',
  'error.pin_locked': 'Too many wrong PINs: this PIN is locked until a manager or the owner unlocks it.',
  'error.permission': 'Access Restricted: this needs the “{{permission}}” permission.',
  'error.unverified': 'Please verify your phone number first.',
  'error.not_found': 'Not found.',
  'error.rate_limited': 'Too many attempts. Please try again later.',
  'error.too_large': 'The request body is too large.',
  'error.unsupported_type': 'Unsupported content type.',
  'error.db_unavailable': 'The shop cannot reach its database right now. Please try again in a moment.',
  'error.storage_full': "The shop's disk is full, so nothing was saved. Please try again in a few minutes.",
  'error.busy': 'The shop is busy checking passwords right now. Please try again in a few seconds.',
  'error.server_error': 'Internal Server Error',
  'http.invalidValue': 'Invalid value.',
  'http.notJson': 'The request body is not valid JSON.',
  'http.noRoute': 'This API route does not exist.',
  'http.clientClosed': 'Client closed the request.',
  'db.outOfRange': 'A value is out of range or not valid.',
  'db.foreignKey': 'This refers to a record that does not exist or is still in use.',
  'db.unique': 'This record already exists.',
  // forms and pictures (lib/multipart.ts, lib/images.ts)
  'form.nameInvalid': 'This field name is not valid.',
  'form.nameTooDeep': 'This field name is nested too deeply.',
  'form.nameForbidden': 'This field name is not allowed.',
  'form.emptyIndex': 'Only the last part of a field name may be [].',
  'form.listTooLong': 'A list may hold at most {{max}} entries.',
  'form.twoShapes': 'This field is sent twice in different shapes.',
  'form.fieldTooLong': 'This field is too long.',
  'form.multipart': 'Send this form as multipart/form-data.',
  'form.cutShort': 'The form arrived cut short, before its end. Please send it again.',
  'images.type': 'The image must be a JPEG, PNG, WebP or GIF picture.',
  // modules/auth, lib/rate-limit.ts
  'auth.phoneTaken': 'The phone has already been taken.',
  'auth.wrongLogin': 'Incorrect phone or password.',
  'auth.currentPasswordWrong': 'The current password is not correct.',
  'auth.noCode': 'No code is waiting for this phone. Please ask for a new one.',
  'auth.codeExpired': 'The code has expired. Please ask for a new one.',
  'auth.tooManyCodes': 'Too many wrong codes. Please ask for a new one.',
  'auth.wrongCode': 'The code is not correct.',
  // modules/staff
  'staff.roleUnknown': 'No role has the key {{role}}.',
  'staff.roleTaken': 'A role with the key {{role}} already exists.',
  'staff.ownerFixed': "The owner's role cannot be changed.",
  'staff.lastOwner': 'At least one active owner must remain.',
  'staff.notStaff': 'This account is not a member of staff.',
  'staff.inactive': 'This account is not active. Please ask the owner.',
  'staff.wrongPin': 'Incorrect phone or PIN.',
  'staff.pinLocked': 'Too many wrong PINs: this PIN is locked until a manager or the owner unlocks it.',
  'staff.cannotSell': 'This person may not sell at the till.',
  'approval.discount':
    "A discount of {{percent}}% is above this cashier's limit of {{limit}}%: a manager must approve it.",
  'approval.return': 'A return needs a manager’s approval.',
  'approval.void': 'Cancelling or deleting a saved sale needs a manager’s approval.',
  'approval.price': 'A price changed at the till needs a manager’s approval.',
  'approval.credit':
    'A walk-in customer pays in full: {{amount}} BDT is left. Look up the customer who owes it, take the rest, or ask a manager to approve the credit.',
  'approval.drawer': 'Opening the drawer with no sale needs a manager’s approval.',
  'approval.creditLimit':
    '{{name}} would owe {{amount}} BDT, above their credit limit of {{limit}} BDT: a manager must approve it.',
  'approval.notManager': 'This person may not approve: ask a manager or the owner.',
  'auth.codeWait': 'Please wait {{seconds}} seconds before asking for a new code.',
  'rate.wrongTries': 'Too many wrong tries. Please wait {{seconds}} seconds and try again.',
  'rate.ordersAnHour':
    'You can place at most {{max}} orders an hour. Please try again later or call the shop.',
  // modules/catalog
  'catalog.parentMissing': 'The parent category does not exist.',
  'catalog.underItself': 'A category cannot be placed under itself or its own subcategory.',
  'catalog.tooDeep': 'Categories go at most {{levels}} levels deep.',
  'catalog.categoryNotFound': 'Category not found.',
  'catalog.hasSubcategories': 'This category has subcategories. Move or delete them first.',
  'catalog.brandTaken': 'A brand with this title already exists.',
  'catalog.brandNotFound': 'Brand not found.',
  'catalog.brandUsedOnce': 'This brand is used by {{count}} product.',
  'catalog.brandUsed': 'This brand is used by {{count}} products.',
  'catalog.brandMissing': 'The brand does not exist.',
  'catalog.categoryMissing': 'A chosen category does not exist.',
  'catalog.barcodeTaken': 'This barcode is already used by another product.',
  'catalog.pluTaken': 'This scale item code is already used by another product.',
  'catalog.productNotFound': 'Product not found.',
  'catalog.storyNotFound': 'Story not found.',
  // a scan (modules/catalog/barcode-lookup.service.ts and the offline till's own lookup)
  'scan.noBarcode': 'No product has the barcode {{code}}.',
  'scan.checkDigit': "The barcode's check digit is wrong: scan it again.",
  'scan.zeroWeight': 'The label shows a weight of 0: it is not a sale.',
  'scan.zeroPrice': 'The label shows a price of 0: it is not a sale.',
  'scan.noPlu': 'No product has the scale item code {{plu}}.',
  'scan.noPrice': '{{title}} has no price, so its price label cannot be read.',
  'scan.tinyWeight': "The label's weight is less than 0.01 {{unit}}: it is not a sale.",
  'scan.tinyPrice': "The label's price is less than 0.01 {{unit}}: it is not a sale.",
  'scan.units.pcs': 'pcs',
  'scan.units.kg': 'kg',
  'scan.units.litre': 'litre',
  // modules/orders, modules/till, modules/delivery, modules/stock
  'orders.notFound': 'Order not found.',
  'orders.totalTooLarge': 'The order total may not be greater than {{max}} BDT.',
  'orders.wholePieces': '{{title}} is sold by the piece: order a whole number.',
  'orders.openOrders':
    'You have {{count}} orders waiting to be delivered and paid. Please wait for them before ordering again, or call the shop.',
  'orders.stockShort': 'Some products in your cart are not available in the quantity you asked for.',
  'orders.refundOnCancel': 'Money goes back with a cancellation; for part of an order use Return.',
  'orders.takeOrGive': 'Take money or give it back, not both at once.',
  'orders.noAdvanceAccount': 'This order has no customer account with an advance.',
  'orders.advanceBalance': "The customer's advance balance is {{amount}} BDT.",
  'orders.noAccountForAdvance': 'This order has no customer account to keep an advance.',
  'orders.cancelled': 'This order is cancelled: its goods and money went back already.',
  'orders.nothingBack': 'Nothing was paid beyond what the order still costs: no money goes back.',
  'orders.moneyBack': "The money back must be {{amount}} BDT: what was paid beyond the order's new total.",
  'orders.returnTooMuch': 'That is more than was sold on this order (less what came back before).',
  'till.idClash': 'A line or payment of this sale has the id of another sale: save it again.',
  'till.tooOld': 'The sale is more than 7 days old: enter it as a new sale.',
  'till.ahead': "The time of the sale is ahead of the server's clock: check the till's clock.",
  'till.discountTooLarge': 'The discount is more than the total.',
  'till.advanceNeedsPhone': "Pay from the advance balance needs the customer's phone.",
  'delivery.slotRequired': 'Please choose a delivery slot.',
  'delivery.slotUnknown': 'This delivery slot does not exist. Please choose another.',
  'delivery.slotClosed': 'This delivery slot is closed. Please choose another.',
  'delivery.slotFull': 'This delivery slot is full. Please choose another.',
  'stock.entryNotFound': 'Stock entry not found.',
  'stock.inStock': 'This product is in stock: you can order it now.',
  // online payment (modules/payments)
  'payments.formUnreadable': 'The form could not be read.',
  'payments.notStarted': 'The payment could not be started. Please try again, or pay on delivery.',
  'payments.gatewaySilent':
    'The payment gateway did not answer. The refund is pending: the shop asks the gateway how it stands. Do not refund it again.',
  'payments.refundPending':
    'A refund of this payment is still pending: wait until the gateway says how it stands.',
  'payments.refundRefused': 'The payment gateway refused the refund. Nothing was refunded.',
  'payments.refundTooMuch': 'The refund is more than was paid online.',
  'payments.refundOverPaid': 'The order shows {{amount}} BDT paid: no more than that can go back.',
  'payments.notPayable': 'This order cannot be paid online.',
  'payments.nothingToRefund': 'This order has no online payment to refund.',
  'payments.alreadyPaid': 'This order is already paid.',
  'payments.methodOff': 'This payment method is not available.',
  // suppliers, purchases, expenses (modules/purchases, modules/cash)
  'purchases.tooManyLines': 'A purchase may not have more than 200 lines.',
  'purchases.noLines': 'A purchase needs at least one line.',
  'purchases.method': 'The method must be cash, bkash, nagad or card.',
  'purchases.supplierTaken': 'A supplier with this name exists already.',
  'purchases.notFound': 'Purchase not found.',
  'purchases.supplierNotFound': 'Supplier not found.',
  'purchases.paidTooMuch': 'The amount paid may not be more than the purchase.',
  'purchases.supplierMissing': 'The selected supplier does not exist.',
  'purchases.supplierInUse': 'This supplier has purchases: it cannot be deleted.',
  'purchases.paidSince':
    'What this purchase left unpaid has been paid to the supplier since: it cannot be deleted.',
  'cash.categoryTaken': 'A category with this title exists already.',
  'cash.categoryNotFound': 'Category not found.',
  'cash.categoryMissing': 'The selected category does not exist.',
  'dates.future': 'The date may not be in the future.',
  // customers, shifts, settings, SMS, backups
  'customers.notFound': 'Customer not found.',
  'customers.dueReceiptClash': 'This receipt id belongs to another customer’s payment.',
  'customers.nothingOwed': 'This customer owes nothing.',
  'shifts.notFound': 'Shift not found.',
  'shifts.stillOpen': 'The shift is still open: its report is printed once it is closed.',
  'shifts.alreadyOpen': 'Your shift is already open. Close it before opening another.',
  'shifts.openFirst': 'Open a shift first: cash in and out is counted in a shift.',
  'shifts.noneOpen': 'No shift of yours is open.',
  'areas.taken': 'This area already exists.',
  'areas.notFound': 'Area not found.',
  'sms.listNotFound': 'SMS list not found.',
  'sms.phoneInList': 'This phone is already in the list.',
  'sms.notInList': 'Not in any list.',
  'sms.phoneLimit':
    'This phone number has had as many SMS as we send to one number in a day. Please try again tomorrow.',
  'sms.shopLimit': "The shop has sent all of today's SMS. Please try again tomorrow or call the shop.",
  'sms.budget':
    "Today's SMS budget is {{budget}} messages and {{used}} are used: this would send {{more}} more. Send it tomorrow, or raise the daily SMS budget in Setting.",
  'backup.running': 'A backup is being taken; try again when it is done.',
  'backup.notFound': 'No backup by that name.',
  'backup.badName': 'Not a backup file name.',
  'backup.refused': 'This backup cannot be restored. {{reason}}',
  'backup.chooseOne': 'Choose one backup: from the list or an uploaded file.',
  'backup.chooseFile': 'Choose a backup file to upload.',
  'backup.uploadGone': 'The uploaded file is no longer here: upload it again.',
  'backup.confirmName': 'Type the shop’s name exactly as it is in Setting ({{name}}).',
  'backup.restoreRunning': 'A restore is already under way. Wait for it to finish.',
  'backup.restoring': 'The shop is being restored from a backup. It will be back in a minute.',
  // imports (lib/table-file.ts, lib/zip-pictures.ts, lib/import-*.ts, the *-import services)
  'statements.method': 'The method must be bkash, nagad, card or sslcommerz.',
  'statements.noColumn': 'The file has no column "{{column}}".',
  'statements.noDates': 'Give the days the statement covers: its time column has no date the shop can read.',
  'statements.noHeader': 'The file has no header row: a row naming its columns.',
  'import.chooseFile': 'Choose a CSV or XLSX file to import.',
  'import.empty': 'The file is empty.',
  'import.tooManyRows': 'The file has more than {{max}} rows. Split it into smaller files.',
  'import.xls': 'Old Excel files (.xls) cannot be read: save the file as XLSX or CSV.',
  'import.notUtf8': 'The file is not UTF-8 text. Save it as "CSV UTF-8" or as XLSX.',
  'import.badCsv': 'The CSV file could not be read: check its quotes (") and its commas.',
  'import.badXlsx': 'The XLSX file could not be read. Save it again from the spreadsheet.',
  'import.xlsxTooLarge': 'The XLSX file is too large once unpacked. Save it as CSV.',
  'import.notZip': 'The file is not a ZIP file, or it is damaged.',
  'import.zipBomb':
    'The file unpacks to more than it says it holds (a damaged file or a zip bomb). It was refused: nothing was imported.',
  'import.zipTooManyFiles': 'The pictures ZIP holds more than {{max}} files. Split it into smaller ones.',
  'import.zipTooLarge':
    'The pictures ZIP would unpack to more than 1 GB. It is refused unopened; send fewer pictures at a time.',
  'import.noZip': 'A picture is named but no pictures ZIP was sent.',
  'import.pictureMissing': 'The pictures ZIP has no file of this name.',
  'import.pictureAmbiguous':
    'The pictures ZIP has two files of this name in different folders: write the folder too.',
  'import.pictureUnreadable': 'The picture could not be unpacked from the ZIP.',
  'import.headerMissing': 'The first row must name the columns, as the template does.',
  'import.unknownColumn': "This is not one of the template's columns. Download the template to see them.",
  'import.columnTwice': 'This column is in the file twice.',
  'import.unnamedColumn': 'This column has values but no name in the header row.',
  'import.extraCells': 'This row has more cells than the header row has columns.',
  'import.refused':
    'The file has errors: nothing was imported. Correct them, or import again skipping the rows with errors.',
  'import.badHeader': 'The header row of the file is not right: nothing was imported.',
  'import.flags': 'The flags may be offer, popular, stock_out and food, separated by commas.',
  'import.tooManyCategories': 'A product may have at most 50 categories.',
  'import.emptyLevel': 'A category path has an empty level. Write it as Food > Rice > Miniket.',
  'import.tooManyLevels': 'A category path may have at most 3 levels, as in Food > Rice > Miniket.',
  'import.categoryNameTooLong': 'A category name may not be greater than 200 characters.',
  'import.unknownCategory':
    'The shop has no category {{path}}: tick "Create this category", or choose one the shop has.',
  'import.mappedCategoryGone': 'The category chosen for {{path}} is not in the shop any more.',
  'import.createCategories': 'Send the category paths to create as a JSON list, or * for every one.',
  'import.mapCategories': 'Send the categories to use as a JSON object of a path to a category id.',
  'import.catalogueChanged': 'The catalogue changed while the file was imported. Please import it again.',
  'import.barcodeTwice': 'This barcode is also in row {{row}}.',
  'import.pluTwice': 'This scale item code is also in row {{row}}.',
  'import.phoneTwice': 'This phone is also in row {{row}}.',
  'import.phoneColumn': 'The file must have a phone column: customers are matched by phone.',
  'import.staffPhone': 'This phone belongs to a staff account.',
  'import.customerAdded': 'A customer was added meanwhile with a phone of the file. Please import it again.',
} as const;

export type MessageKey = keyof typeof en;

/** A catalogue of every message in one language. */
export type Texts = { readonly [K in MessageKey]: string };

/** The `{{name}}`s of a text, as a union of their names. */
export type PlaceholdersOf<T extends string> = T extends `${string}{{${infer Name}}}${infer Rest}`
  ? Name | PlaceholdersOf<Rest>
  : never;

/** What a message's placeholders are filled with: a number, a text as it is, or another message. */
export type Value = string | number;
type VarsOf<K extends MessageKey> = { readonly [P in PlaceholdersOf<(typeof en)[K]>]: Value };
/** A message's values when its English has placeholders, else nothing. */
type VarsArg<K extends MessageKey> = [PlaceholdersOf<(typeof en)[K]>] extends [never] ? [] : [VarsOf<K>];

declare const said: unique symbol;
/** A message made by `say`: a string (zod and forms carry it) that only `render` reads. */
export type Message = string & { readonly [said]: true };

/** Begins every said message (a private-use character: no text of the shop's has it). */
const MARK = '\uE000';

/** The message `key` with its values, to be written later in its reader's language. */
export function say<K extends MessageKey>(key: K, ...vars: VarsArg<K>): Message {
  // A key made at run time (a type's, a unit's) must exist too: it fails here, not on a screen.
  if (!Object.hasOwn(en, key)) throw new Error(`No message has the key ${key}`);
  return `${MARK}${JSON.stringify(vars[0] === undefined ? [key] : [key, vars[0]])}` as Message;
}

/** A field's label (`fields.…`): what `{{field}}` of a field's rule is filled with. */
export type FieldName = MessageKey extends infer K ? (K extends `fields.${infer F}` ? F : never) : never;
export const label = (field: FieldName): Message => say(`fields.${field}`);

/** "The {{field}} field is required.": the message of most missing fields. */
export const required = (field: FieldName) => say('field.required', { field: label(field) });
/** "The {{field}} may not be greater than {{max}} characters." */
export const tooLong = (field: FieldName, max: number) =>
  say('field.maxLength', { field: label(field), max });

/** True for a text made by `say` (a message still to be rendered). */
export const isMessage = (text: string): text is Message => read(text) !== undefined;

type Said = { key: MessageKey; vars: Readonly<Record<string, Value>> };

function read(text: string): Said | undefined {
  if (!text.startsWith(MARK)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(MARK.length));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length < 1 || parsed.length > 2) return undefined;
  const [key, vars = {}] = parsed as [unknown, unknown];
  if (typeof key !== 'string' || !Object.hasOwn(en, key)) return undefined;
  if (typeof vars !== 'object' || vars === null || Array.isArray(vars)) return undefined;
  return { key: key as MessageKey, vars: vars as Record<string, Value> };
}

/** A language as messages are written in it: its catalogue and how it writes a number. */
export interface MessageLanguage {
  readonly texts: Texts;
  /** A number filled into `{{name}}`. */
  number(value: number, name: string): string;
}

/** English: the spec's words, numbers as JavaScript writes them (100000, -3, 0.5). */
export const english: MessageLanguage = { texts: en, number: (value) => String(value) };

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/**
 * A message written in `language`: its text with each `{{name}}` filled in (a number as the
 * language writes it, another message rendered too, a text as it is). A text that is not a said
 * message (a screen's own, the server's already rendered) comes back as it is.
 */
export function render(language: MessageLanguage, message: string): string {
  const said = read(message);
  if (!said) return message;
  return language.texts[said.key].replace(PLACEHOLDER, (whole, name: string) => {
    const value = said.vars[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? language.number(value, name) : render(language, value);
  });
}

/** The names of a text's `{{placeholders}}`, sorted (the catalogues' test compares them). */
export const placeholders = (text: string) => [...text.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').sort();
