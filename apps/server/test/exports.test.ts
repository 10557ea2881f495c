import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, registerCustomer, shopDayAgo, testApp, type TestApp } from './helpers';

/**
 * `GET /api/export/{name}.{csv|xlsx}`: every list an owner or accountant reads, downloaded with its
 * screen's filters through the real HTTP layer and database, opened with real parsers (csv-parse,
 * exceljs), and checked against what the screen's own list call answers for the same filter: the same
 * rows, and sums that are the screen's totals.
 */

let t: TestApp;
let api: ReturnType<typeof client>;
let admin: string;
let buyer: { phone: string; token: string };
let today: string;
let rice: { id: number };
let sugar: { id: number };
let dal: { id: number };

type Row = Record<string, unknown>;
type Table = { header: string[]; rows: Row[] };
type Meta = { total: number; last_page: number; totals?: Record<string, number> };
type Page<T> = { data: T[]; meta: Meta; links: { next: string | null } };

const till = (carts: Array<{ product_id: number; quantity: number }>, extra: Record<string, unknown> = {}) =>
  api.post('/api/order/add', { terminal: 1, ship: 0, carts, ...extra }, admin);

const idOf = (res: { status: number; body: Record<string, unknown> }) => {
  if (res.status >= 300) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.data as { id: number }).id;
};

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  admin = await adminToken(t);
  buyer = await registerCustomer(t.app, { verified: true, database: t.database, name: 'করিম মিয়া' });
  today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Dhaka' }).format(new Date());
  const brand = await makeBrand(t.app, admin);
  const product = async (fields: Record<string, string>) => {
    const [made] = await makeProduct(t.app, admin, brand, fields);
    if (!made) throw new Error('no product');
    return made;
  };
  rice = await product({
    title: 'Miniket Rice',
    title_bn: 'মিনিকেট চাল',
    attri: '5 kg',
    price: '350',
    buyprice: '300',
    qty: '100',
  });
  sugar = await product({
    title: '=SUM(A1)',
    unit: 'kg',
    price: '100',
    buyprice: '73',
    qty: '50.5',
  });
  dal = await product({
    title: 'Dal',
    price: '120',
    buyprice: '90',
    qty: '3',
  });

  // A till sale paid two ways, one with a formula for a name, one cancelled (its stock goes below
  // zero first), an online order paid later by Nagad, a sale with a return and a refund, and an
  // order ten days old.
  idOf(
    await till([{ product_id: rice.id, quantity: 2 }], {
      name: 'রহিম উদ্দিন',
      phone: '01711000001',
      address: 'House 4, Road 2',
      payments: [
        { method: 'cash', amount: 300 },
        { method: 'bkash', amount: 200, reference: 'TX1' },
      ],
    }),
  );
  idOf(await till([{ product_id: sugar.id, quantity: 1.5 }], { name: '=cmd|calc', paid: 150 }));
  const cancelled = idOf(await till([{ product_id: dal.id, quantity: 5 }], { paid: 0 }));
  expect((await api.post(`/api/order/pay/${cancelled}`, { status: 4, paid: 0 }, admin)).status).toBe(200);
  idOf(await till([{ product_id: dal.id, quantity: 4 }], { paid: 0, discount: 10 }));
  const online = idOf(
    await api.post(
      '/api/order/add',
      {
        name: 'করিম মিয়া',
        phone: buyer.phone,
        address: 'Mirpur',
        area: 'Dhaka',
        carts: [{ product_id: rice.id, quantity: 1 }],
      },
      buyer.token,
    ),
  );
  const pay = await api.post(`/api/order/pay/${online}`, { status: 1, paid: 100, method: 'nagad' }, admin);
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const returned = idOf(await till([{ product_id: rice.id, quantity: 3 }], { paid: 1050 }));
  const back = await api.post(
    `/api/order/return/${returned}`,
    { lines: [{ product_id: rice.id, quantity: 1 }], refund: { method: 'cash', amount: 350 } },
    admin,
  );
  expect(back.status, JSON.stringify(back.body)).toBe(201);
  const old = idOf(await till([{ product_id: sugar.id, quantity: 2.25 }], { name: 'Old', paid: 200 }));
  await t.database.pool.query(`UPDATE orders SET created_at = now() - interval '10 days' WHERE id = $1`, [
    old,
  ]);
  await t.database.pool.query(
    `UPDATE payments SET created_at = now() - interval '10 days' WHERE order_id = $1`,
    [old],
  );

  // Expenses, one of them old, one formula-like; stock entries; a customer with an advance.
  for (const [detail, amount] of [
    ['Tea for staff', 120],
    ['দোকান ভাড়া', 5000],
    ['+Bags', 40],
  ] as const)
    expect((await api.post('/api/expance/add', { detail, amount }, admin)).status).toBe(201);
  const rent = { detail: 'Old rent', amount: 4000, date: shopDayAgo(3) };
  expect((await api.post('/api/expance/add', rent, admin)).status).toBe(201);
  for (const [price, qty, product] of [
    [310, 20, rice],
    [75, 10.25, sugar],
  ] as const)
    expect(
      (await api.post('/api/stock/add', { price, qty, items: [{ id: product.id }] }, admin)).status,
    ).toBe(201);
  const walkIn = idOf(
    await api.post('/api/customer/add', { phone: '01711000009', name: 'সালমা বেগম' }, admin),
  );
  expect(
    (await api.post(`/api/customer/edit/${walkIn}`, { name: 'সালমা বেগম', balance: 500, point: 3 }, admin))
      .status,
  ).toBe(200);

  // Today's cash is closed, then one more expense comes in: the day shows a change after closing.
  expect((await api.post('/api/save-report', {}, admin)).status).toBe(200);
  expect((await api.post('/api/expance/add', { detail: 'Late bill', amount: 60 }, admin)).status).toBe(201);
});

async function download(file: string, query = '', token: string | null = admin) {
  return t.app.inject({
    method: 'GET',
    url: `/api/export/${file}${query ? `?${query}` : ''}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** The CSV's rows as objects by header; checks the BOM and the download's headers. */
function readCsv(res: LightMyRequestResponse, name: string): Table {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${today}.csv"`);
  expect(res.headers['cache-control']).toBe('no-store');
  expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header = [], ...rows]: string[][] = parse(res.rawPayload, { bom: true });
  return { header, rows: rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]]))) };
}

/** Each sheet of the workbook, its rows as objects by header; checks the download's headers. */
async function readXlsx(res: LightMyRequestResponse, name: string): Promise<Map<string, Table>> {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  );
  expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${today}.xlsx"`);
  expect(res.headers['cache-control']).toBe('no-store');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheets = new Map<string, Table>();
  for (const sheet of book.worksheets) {
    const header: string[] = [];
    sheet.getRow(1).eachCell((cell, n) => (header[n - 1] = String(cell.value)));
    const rows: Row[] = [];
    sheet.eachRow((row, n) => {
      if (n === 1) return;
      rows.push(Object.fromEntries(header.map((h, i) => [h, row.getCell(i + 1).value ?? ''])));
    });
    sheets.set(sheet.name, { header, rows });
  }
  return sheets;
}

/** Both files of an export, the CSV's table and the workbook's first sheet (the same rows). */
async function both(name: string, query = '') {
  const csv = readCsv(await download(`${name}.csv`, query), name);
  const book = await readXlsx(await download(`${name}.xlsx`, query), name);
  const [first] = book.values();
  if (!first) throw new Error('no sheet');
  return { csv, book, xlsx: first };
}

/** Every page of a screen's list call. */
async function allPages<T>(url: string) {
  const rows: T[] = [];
  let next: string | null = url;
  let meta: Meta | undefined;
  while (next) {
    const res = await api.get(next, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body as unknown as Page<T>;
    meta ??= page.meta;
    rows.push(...page.data);
    next = page.links.next;
  }
  if (!meta) throw new Error('no page');
  expect(rows).toHaveLength(meta.total);
  return { rows, meta };
}

const num = (v: unknown) => Number(v === '' ? 0 : v);
const sum = (rows: Row[], column: string) => rows.reduce((s, r) => s + num(r[column]), 0);
/** Σ of exact amounts (two decimals), rounded down once: the money rule. */
const floorSum = (rows: Row[], column: string) =>
  Math.floor(rows.reduce((s, r) => s + Math.round(num(r[column]) * 100), 0) / 100);
const column = (table: Table, name: string) => table.rows.map((r) => r[name]);

/** A time of the CSV (`YYYY-MM-DD HH:MM`, shop time) and the same as the workbook's date. */
const asDate = (text: unknown) => new Date(`${String(text).replace(' ', 'T')}:00Z`);

describe('orders export', () => {
  type Order = {
    id: number;
    status: number;
    carts: Array<{ title: string; quantity: number; returned: number }>;
    payments: Array<{ amount: number; method: string }>;
  };
  const cards = (rows: Row[]) => {
    const live = rows.filter((r) => r.Status !== 'Canceled');
    return { orders: live.length, total: sum(live, 'Total'), paid: sum(live, 'Paid'), due: sum(live, 'Due') };
  };

  it("holds the filter's orders with the cards' totals, lines and payments, as CSV and as a workbook", async () => {
    const list = await allPages<Order>('/api/order-filter?type=2&status=0&per_page=3');
    const { csv, book, xlsx } = await both('orders', 'type=2&status=0');
    for (const table of [csv, xlsx]) {
      expect(column(table, 'ID').map(Number)).toEqual(list.rows.map((o) => o.id));
      expect(cards(table.rows)).toEqual(list.meta.totals);
      // Each way of paying adds up to Paid.
      for (const r of table.rows)
        expect(
          ['Cash', 'bKash', 'Nagad', 'Card', 'From advance', 'SSLCommerz'].reduce((s, m) => s + num(r[m]), 0),
        ).toBe(num(r.Paid));
    }
    expect(csv.header.slice(0, 15)).toEqual([
      'ID',
      'Date',
      'Customer',
      'Phone',
      'Area',
      'Address',
      'Type',
      'Status',
      'Subtotal',
      'Returned',
      'Shipping',
      'Discount',
      'Total',
      'Paid',
      'Due',
    ]);
    expect(csv.header.slice(15)).toEqual([
      'Cash',
      'bKash',
      'Nagad',
      'Card',
      'From advance',
      'SSLCommerz',
      'Note',
      'Items',
      'Payments',
    ]);
    expect(xlsx.header).toEqual(csv.header.slice(0, 22));
    // Money as numbers in the workbook, times as the shop's wall clock in both.
    for (const [i, r] of xlsx.rows.entries()) {
      expect(typeof r.Total).toBe('number');
      expect(r.Date).toEqual(asDate(csv.rows[i]?.Date));
    }
    const rahim = csv.rows.find((r) => r.Customer === 'রহিম উদ্দিন');
    expect(rahim).toMatchObject({
      Cash: '300',
      bKash: '200',
      Paid: '500',
      Due: '200',
      Address: 'House 4, Road 2',
    });
    expect(rahim?.Items).toBe('Miniket Rice (5 kg) × 2 @ 350');
    expect(String(rahim?.Payments)).toMatch(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2} Cash 300; \d{4}-\d{2}-\d{2} \d{2}:\d{2} bKash 200 \(TX1\)$/,
    );
    expect(csv.rows.find((r) => r.Nagad === '100')).toMatchObject({ Customer: 'করিম মিয়া', Type: 'Online' });
    const returned = csv.rows.find((r) => r.Returned === '350');
    expect(returned).toMatchObject({ Cash: '700', Paid: '700', Total: '700', Due: '0' });
    expect(returned?.Items).toBe('Miniket Rice (5 kg) × 3 @ 350, 1 returned');

    // The Lines sheet: every line of those orders, net of returns.
    const lines = book.get('Lines');
    expect(lines?.rows).toHaveLength(list.rows.reduce((n, o) => n + o.carts.length, 0));
    const back = lines?.rows.find((r) => r.Returned === 1);
    expect(back).toMatchObject({
      Product: 'Miniket Rice',
      'Product (Bangla)': 'মিনিকেট চাল',
      Quantity: 3,
      Amount: 700,
    });
    expect(lines?.rows.find((r) => r.Quantity === 1.5)).toMatchObject({
      Price: 100,
      Amount: 150,
      'Buy price': 73,
      Cost: 109.5,
    });
    // The Payments sheet: every payment (the refund negative); each order's add up to its Paid.
    const paid = book.get('Payments');
    expect(paid?.rows).toHaveLength(list.rows.reduce((n, o) => n + o.payments.length, 0));
    expect(paid?.rows.find((r) => num(r.Amount) < 0)).toMatchObject({ Method: 'Cash', Amount: -350 });
    for (const r of xlsx.rows) {
      const own = paid?.rows.filter((p) => p['Order ID'] === r.ID) ?? [];
      expect(sum(own, 'Amount')).toBe(num(r.Paid));
    }
  });

  it("takes the order filter's fields: days, type, a field's text", async () => {
    for (const query of [
      `from=${today}&to=${today}&type=2&status=0`,
      'type=0&status=1',
      'field=Name&value=রহিম&type=2&status=0',
      `field=Phone&value=${buyer.phone}&from=&to=`,
    ]) {
      const list = await allPages<Order>(`/api/order-filter?${query}`);
      const { csv, xlsx } = await both('orders', query);
      for (const table of [csv, xlsx]) {
        expect(column(table, 'ID').map(Number), query).toEqual(list.rows.map((o) => o.id));
        expect(cards(table.rows), query).toEqual(list.meta.totals);
      }
    }
    // The old order is outside today, inside all time.
    const all = (await both('orders')).csv;
    const todays = (await both('orders', `from=${today}&to=${today}`)).csv;
    expect(all.rows.length - todays.rows.length).toBe(1);
  });

  it('writes a formula-like text with a leading apostrophe in CSV, as plain text in the workbook', async () => {
    const { csv, xlsx } = await both('orders', 'field=Name&value=cmd');
    expect(column(csv, 'Customer')).toEqual(["'=cmd|calc"]);
    expect(column(xlsx, 'Customer')).toEqual(['=cmd|calc']);
  });
});

describe('list exports', () => {
  type Product = { id: number; title: string };

  it("products: the list's rows with its search, Bangla names intact", async () => {
    for (const query of ['', 'q=Rice', 'q=nothing-like-this']) {
      const list = await allPages<Product>(`/api/products?per_page=2${query ? `&${query}` : ''}`);
      const { csv, xlsx } = await both('products', query);
      for (const table of [csv, xlsx])
        expect(column(table, 'ID').map(Number), query).toEqual(list.rows.map((p) => p.id));
    }
    const { csv, xlsx } = await both('products');
    expect(csv.rows.find((r) => r.Title === 'Miniket Rice')).toMatchObject({
      'Title (Bangla)': 'মিনিকেট চাল',
      Attribute: '5 kg',
      Price: '350',
      // The stock entry set the buy price.
      'Buy price': '310',
    });
    expect(column(csv, 'Title')).toContain("'=SUM(A1)");
    expect(column(xlsx, 'Title')).toContain('=SUM(A1)');
    expect(xlsx.rows.find((r) => r.Title === '=SUM(A1)')).toMatchObject({
      Unit: 'kg',
      Quantity: 50.5 + 10.25 - 1.5 - 2.25,
    });
  });

  it('live stock: every product with its stock value; the sum rounded down is Total Invested', async () => {
    type Stock = { id: number; qty: number };
    const list = await allPages<Stock>('/api/live-stock?per_page=2');
    const { csv, xlsx } = await both('live-stock');
    for (const table of [csv, xlsx]) {
      expect(column(table, 'ID').map(Number)).toEqual(list.rows.map((p) => p.id));
      expect(floorSum(table.rows, 'Stock value')).toBe(list.meta.totals?.invested);
    }
    // Dal went below zero (sold at the till): it counts nothing.
    expect(xlsx.rows.find((r) => r.Title === 'Dal')).toMatchObject({ Quantity: -1, 'Stock value': 0 });
    expect(list.meta.totals?.invested).toBeGreaterThan(0);
  });

  it('stock entries: every entry with its total; the sum rounded down is Total Invested', async () => {
    const list = await allPages<{ id: number }>('/api/stocks?per_page=1');
    const { csv, xlsx } = await both('stock-entries');
    for (const table of [csv, xlsx]) {
      expect(column(table, 'ID').map(Number)).toEqual(list.rows.map((e) => e.id));
      expect(floorSum(table.rows, 'Total')).toBe(list.meta.totals?.invested);
    }
    expect(xlsx.rows[1]).toMatchObject({
      Products: 'Miniket Rice (5 kg)',
      'Products (Bangla)': 'মিনিকেট চাল (5 kg)',
      Total: 6200,
    });
    expect(xlsx.rows[0]).toMatchObject({ 'Buy price': 75, Quantity: 10.25, Total: 768.75 });
  });

  it("customers: the list's rows with their advance balance and due", async () => {
    type Customer = { id: number; balance: number; due: number };
    const list = await allPages<Customer>('/api/customers?per_page=1');
    const { csv, xlsx } = await both('customers');
    for (const table of [csv, xlsx]) {
      expect(column(table, 'ID').map(Number)).toEqual(list.rows.map((c) => c.id));
      expect(sum(table.rows, 'Balance')).toBe(list.rows.reduce((s, c) => s + c.balance, 0));
      expect(sum(table.rows, 'Due')).toBe(list.rows.reduce((s, c) => s + c.due, 0));
    }
    expect(csv.rows.find((r) => r.Name === 'সালমা বেগম')).toMatchObject({ Balance: '500', Points: '3' });
    expect(xlsx.rows.find((r) => r.Phone === buyer.phone)).toMatchObject({
      Name: 'করিম মিয়া',
      Due: 350 + 30 - 100,
    });
  });

  it("expenses: the range's expenses; the sum is the screen's Total", async () => {
    for (const query of ['', `from=${today}&to=${today}`, `to=${today}`, 'from=2020-01-01&to=2020-01-31']) {
      const list = await allPages<{ id: number }>(`/api/expances?per_page=2&${query}`);
      const { csv, xlsx } = await both('expenses', query);
      for (const table of [csv, xlsx]) {
        expect(column(table, 'ID').map(Number), query).toEqual(list.rows.map((e) => e.id));
        expect(sum(table.rows, 'Amount'), query).toBe(list.meta.totals?.amount);
      }
    }
    const { csv } = await both('expenses');
    expect(column(csv, 'Details')).toEqual(expect.arrayContaining(['দোকান ভাড়া', "'+Bags", 'Old rent']));
    expect(csv.header).toEqual(['ID', 'Date', 'Category', 'Details', 'Amount']);
  });
});

describe('report exports', () => {
  it("product sale: the report's rows, most sold first; the sums rounded down are Total, Cost and Profit", async () => {
    type Sale = { name: string; qty: number };
    for (const query of ['', `from=${today}&to=${today}`]) {
      const list = await allPages<Sale>(`/api/product-sale/page?per_page=2&${query}`);
      const { csv, xlsx } = await both('product-sale', query);
      const totals = list.meta.totals;
      for (const table of [csv, xlsx]) {
        // The CSV writes a formula-like name with its apostrophe; the workbook as it is.
        const names = list.rows.map((r) => (table === csv && r.name.startsWith('=') ? `'${r.name}` : r.name));
        expect(column(table, 'Product'), query).toEqual(names);
        expect(column(table, 'Quantity').map(Number), query).toEqual(list.rows.map((r) => r.qty));
        expect(floorSum(table.rows, 'Total'), query).toBe(totals?.total);
        expect(floorSum(table.rows, 'Cost'), query).toBe(totals?.cost);
        expect(floorSum(table.rows, 'Total') - floorSum(table.rows, 'Cost'), query).toBe(totals?.profit);
      }
    }
    const { xlsx } = await both('product-sale');
    // 2 + 1 + 3 − 1 returned of the rice: 5 sold at 350, bought at 300.
    expect(xlsx.rows.find((r) => r.Product === 'Miniket Rice')).toMatchObject({
      'Product (Bangla)': 'মিনিকেট চাল',
      Quantity: 5,
      Total: 1750,
      Cost: 1500,
      Profit: 250,
    });
  });

  it("daily report: the Overall Report's days, a closed day with what came after closing", async () => {
    type Day = {
      created_at: string;
      orders: number;
      total: number;
      paid: number;
      expance: number;
      cash: number;
    };
    for (const query of ['', 'from=2020-01-01', `from=${today}&to=${today}`]) {
      const list = (await api.get(`/api/daily-report?${query}`, admin)).body.data as Day[];
      const { csv, xlsx } = await both('daily-report', query);
      expect(column(csv, 'Date'), query).toEqual(list.map((d) => d.created_at));
      expect(column(xlsx, 'Date'), query).toEqual(list.map((d) => new Date(`${d.created_at}T00:00:00Z`)));
      for (const table of [csv, xlsx])
        for (const [key, name] of [
          ['orders', 'Orders'],
          ['total', 'Total'],
          ['paid', 'Received'],
          ['expance', 'Expenses'],
          ['cash', 'Cash in hand'],
        ] as const)
          expect(sum(table.rows, name), `${query} ${name}`).toBe(list.reduce((s, d) => s + d[key], 0));
    }
    const { csv } = await both('daily-report');
    const day = csv.rows.find((r) => r.Date === today);
    expect(day).toMatchObject({
      Closed: 'Yes',
      'Changed after close': 'Expenses +60; Cash in hand -60; Drawer -60',
    });
    expect(String(day?.['Closed at'])).toMatch(new RegExp(`^${today} \\d{2}:\\d{2}$`));
  });
});

describe('who may download, and what is refused', () => {
  it('is for admins only', async () => {
    for (const file of ['orders.csv', 'customers.xlsx']) {
      expect((await download(file, '', null)).statusCode).toBe(401);
      expect((await download(file, '', buyer.token)).statusCode).toBe(403);
    }
  });

  it('refuses an unknown name or format, and a bad filter, with 422 before anything is sent', async () => {
    for (const file of [
      'orders.pdf',
      'order.csv',
      'orders',
      'orders.csv.csv',
      'ORDERS.CSV',
      'orders.xlsx.',
      '.csv',
      'live_stock.csv',
    ]) {
      const res = await download(file);
      expect([file, res.statusCode]).toEqual([file, 422]);
      expect(res.json()).toMatchObject({
        code: 'invalid',
        errors: { file: [expect.stringContaining('.csv or .xlsx')] },
      });
    }
    for (const [file, query, field] of [
      ['orders.csv', 'from=2026-02-30', 'from'],
      ['orders.xlsx', 'type=5', 'type'],
      ['orders.csv', 'status=x', 'status'],
      ['expenses.xlsx', 'to=yesterday', 'to'],
      ['product-sale.csv', 'from=2026-13-01', 'from'],
      ['daily-report.csv', 'to=2026-1-1', 'to'],
      ['products.csv', `q=${'x'.repeat(101)}`, 'q'],
    ] as const) {
      const res = await download(file, query);
      expect([file, query, res.statusCode]).toEqual([file, query, 422]);
      expect(res.json()).toMatchObject({ code: 'invalid', errors: { [field]: [expect.any(String)] } });
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });
});

describe('purchases and suppliers', () => {
  it("download the screen's purchases of a supplier and every supplier's due, adding up to the screens", async () => {
    const supplier = async (name: string) =>
      (
        (await api.post('/api/supplier/add', { name, phone: '01711000333' }, admin)).body.data as {
          id: number;
        }
      ).id;
    const meghna = await supplier('=Meghna Export');
    const other = await supplier('Other Export');
    const buy = async (supplier_id: number, lines: unknown[], paid: number) =>
      expect(
        (await api.post('/api/purchase/add', { supplier_id, invoice: 'INV-9', lines, paid }, admin)).status,
      ).toBe(201);
    await buy(meghna, [{ product_id: rice.id, quantity: 10.5, buyprice: 61 }], 200);
    await buy(meghna, [{ product_id: dal.id, quantity: 4, buyprice: 95 }], 0);
    await buy(other, [{ product_id: sugar.id, quantity: 2, buyprice: 100 }], 200);

    const screen = await api.get(`/api/purchases?supplier_id=${meghna}`, admin);
    const totals = (screen.body.meta as { totals: { total: number; paid: number; due: number } }).totals;
    const { csv, xlsx } = await both('purchases', `supplier_id=${meghna}`);
    expect(csv.rows).toHaveLength(2);
    expect(xlsx.rows).toHaveLength(2);
    const sum = (rows: Row[], column: string) => rows.reduce((n, r) => n + Number(r[column]), 0);
    for (const table of [csv, xlsx]) {
      expect(sum(table.rows, 'Total')).toBe(totals.total);
      expect(sum(table.rows, 'Paid')).toBe(totals.paid);
      expect(sum(table.rows, 'Due')).toBe(totals.due);
    }
    // A supplier's name that starts like a formula stays text.
    expect(csv.rows[0]?.Supplier).toBe("'=Meghna Export");
    expect(String(csv.rows.map((r) => r.Items).join(' '))).toContain('× 10.5 @ 61');

    const suppliers = (await api.get('/api/suppliers', admin)).body.data as Array<{
      name: string;
      due: number;
    }>;
    const book = await readXlsx(await download('suppliers.xlsx'), 'suppliers');
    const rows = book.get('Suppliers')?.rows ?? [];
    expect(rows.map((r) => [r.Name, r.Due])).toEqual(suppliers.map((s) => [s.name, s.due]));
    expect((await download('purchases.csv', 'supplier_id=x')).statusCode).toBe(422);
    expect((await download('suppliers.csv', '', buyer.token)).statusCode).toBe(403);
  });
});
