import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StatementColumns, StatementMatch } from '@bazar/contracts/statements';
import { makeBrand, makeProduct } from './catalog-factories';
import { adminToken, client, postForm, shopDayAgo, staffToken, testApp, type TestApp } from './helpers';

/** A merchant statement matched with the money ledger by transaction id. */
let t: TestApp;
let api: ReturnType<typeof client>;
let owner: string;
const today = shopDayAgo(0);
const [y, m, d] = today.split('-');

beforeAll(async () => {
  t = await testApp();
  api = client(t.app);
  owner = await adminToken(t);
  const brand = await makeBrand(t.app, owner);
  const [p] = await makeProduct(t.app, owner, brand, { price: '50', qty: '1000' });
  const sell = async (quantity: number, method: string, reference: string) => {
    const res = await api.post(
      '/api/order/add',
      {
        terminal: 1,
        ship: 0,
        carts: [{ product_id: p!.id, quantity }],
        payments: [{ method, amount: quantity * 50, reference }],
      },
      owner,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  };
  // The shop took three bKash payments and one by Nagad today.
  await sell(4, 'bkash', '9JK2A1B3C4');
  await sell(3, 'bkash', '9JK2A1B3C5');
  await sell(2, 'bkash', '9JK2A1B3C6');
  await sell(1, 'nagad', '9JK2A1B3C7');
});

/** A bKash merchant statement as the portal exports it: two lines of title before the header. */
const STATEMENT = [
  'bKash Merchant Statement,,,,',
  `Account: 01700000000,Period: ${today},,,`,
  'Date Time,Trx ID,Transaction Type,Amount,Balance',
  `${d}/${m}/${y} 10:15 AM,9jk2a1b3c4,Payment,200.00,"1,200.00"`,
  `${d}/${m}/${y} 11:02 AM,9JK2A1B3C5,Payment,155.00,"1,355.00"`,
  `${d}/${m}/${y} 12:40 PM,9JK2Z9Z9Z9,Payment,90.00,"1,445.00"`,
  ',,Total,445.00,',
].join('\n');

const columns = (file: Buffer, method = 'bkash', token = owner) =>
  postForm(t.app, '/api/statements/columns', { file, method }, token);
const match = (file: Buffer, fields: Record<string, string>, token = owner) =>
  postForm(t.app, '/api/statements/match', { file, method: 'bkash', ...fields }, token);

describe('matching a merchant statement', () => {
  it('finds the header under the title lines and guesses the columns by their names', async () => {
    const res = await columns(Buffer.from(STATEMENT));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as StatementColumns;
    expect(data.header).toEqual(['Date Time', 'Trx ID', 'Transaction Type', 'Amount', 'Balance']);
    expect(data.sample[0]).toEqual([
      `${d}/${m}/${y} 10:15 AM`,
      '9jk2a1b3c4',
      'Payment',
      '200.00',
      '1,200.00',
    ]);
    expect(data).toMatchObject({
      mapping: { trx: 'Trx ID', amount: 'Amount', time: 'Date Time' },
      remembered: false,
    });
  });

  it('lists what matches (and where the amounts differ), what the shop recorded that the statement lacks, and what the shop never recorded', async () => {
    const res = await match(Buffer.from(STATEMENT), {
      trx_column: 'Trx ID',
      amount_column: 'Amount',
      time_column: 'Date Time',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as StatementMatch;
    expect(data).toMatchObject({ method: 'bkash', from: today, to: today, skipped: 1 });
    expect(data.matched.map((x) => [x.shop.reference, x.shop.amount, x.statement.amount, x.differs])).toEqual(
      [
        ['9JK2A1B3C4', 200, 200, false],
        ['9JK2A1B3C5', 150, 155, true],
      ],
    );
    expect(data.missing.map((x) => [x.reference, x.amount, x.kind])).toEqual([
      ['9JK2A1B3C6', 100, 'payment'],
    ]);
    expect(data.extra).toEqual([
      { row: 6, reference: '9JK2Z9Z9Z9', amount: 90, time: `${d}/${m}/${y} 12:40 PM` },
    ]);
    // The Nagad payment is another method's: it is neither missing nor matched here.
    expect(JSON.stringify(data)).not.toContain('9JK2A1B3C7');
    // The columns are remembered for bKash.
    const again = (await columns(Buffer.from(STATEMENT))).body.data as StatementColumns;
    expect(again).toMatchObject({ remembered: true, mapping: { trx: 'Trx ID' } });
  });

  it('reads an XLSX settlement the same way, for the days asked', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Settlement');
    sheet.addRow(['Transaction ID', 'Settled Amount', 'Date', 'Status']);
    sheet.addRow(['9JK2A1B3C6', 100, new Date(`${today}T06:00:00Z`), 'Settled']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const guessed = (await columns(file)).body.data as StatementColumns;
    // The remembered bKash columns do not fit this file: its own are guessed.
    expect(guessed).toMatchObject({
      remembered: false,
      mapping: { trx: 'Transaction ID', amount: 'Settled Amount', time: 'Date' },
    });
    const res = await match(file, {
      trx_column: 'Transaction ID',
      amount_column: 'Settled Amount',
      time_column: '',
      from: today,
      to: today,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.data as StatementMatch;
    expect(data.matched.map((x) => x.shop.reference)).toEqual(['9JK2A1B3C6']);
    expect(data.missing.map((x) => x.reference).sort()).toEqual(['9JK2A1B3C4', '9JK2A1B3C5']);
    expect(data.extra).toEqual([]);
  });

  it('says which column is missing, asks for the days when the file has none, and is not a cashier’s', async () => {
    const bad = await match(Buffer.from(STATEMENT), { trx_column: 'TrxID', amount_column: 'Amount' });
    expect([bad.status, bad.body.errors]).toEqual([422, { trx_column: ['The file has no column "TrxID".'] }]);
    const undated = await match(Buffer.from(STATEMENT), { trx_column: 'Trx ID', amount_column: 'Amount' });
    expect([undated.status, undated.body.errors]).toMatchObject([
      422,
      { from: [expect.stringMatching(/days/)] },
    ]);
    expect((await postForm(t.app, '/api/statements/match', { method: 'bkash' }, owner)).status).toBe(422);
    expect((await columns(Buffer.from(STATEMENT), 'rocket')).status).toBe(422);
    const cashier = await staffToken(t, 'cashier', owner);
    expect((await columns(Buffer.from(STATEMENT), 'bkash', cashier.token)).status).toBe(403);
  });
});
