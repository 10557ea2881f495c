import { PassThrough } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CsvField } from './csv';
import { sheet, writeCsv, writeXlsx, type Column, type Sheet } from './spreadsheet';

type Row = { id: number; name: string; at: string; amount: number };

const COLUMNS: Column<Row>[] = [
  { header: 'ID', kind: 'int', value: (r) => r.id },
  { header: 'Name', kind: 'text', value: (r) => r.name },
  { header: 'Date', kind: 'time', value: (r) => r.at },
  { header: 'Amount', kind: 'amount', value: (r) => r.amount },
];

/** `batches` batches of `size` rows, counting how many were read (the reading a slow client holds back). */
function counted(batches: number, size: number) {
  const state = { read: 0 };
  async function* rows() {
    for (let b = 0; b < batches; b++) {
      state.read++;
      yield Array.from({ length: size }, (_, i) => {
        const id = b * size + i + 1;
        return { id, name: `মিনিকেট চাল ${'x'.repeat(40)} ${id}`, at: '2026-11-27 14:05', amount: id / 100 };
      });
    }
  }
  return { state, rows: rows() };
}

const drain = async (out: PassThrough): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of out) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('writeXlsx', () => {
  it('writes each sheet with its header, numbers as numbers and shop times as dates', async () => {
    const out = new PassThrough();
    const other: Sheet = {
      name: 'Days',
      columns: [
        { header: 'Day', kind: 'day' },
        { header: 'Orders', kind: 'int' },
      ],
      rows: (async function* (): AsyncGenerator<CsvField[][]> {
        yield [['2026-11-26', 3]];
      })(),
    };
    const done = writeXlsx(out, [sheet('Orders', COLUMNS, counted(2, 3).rows), other]);
    const bytes = await drain(out);
    await done;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Orders', 'Days']);
    const orders = book.getWorksheet('Orders');
    expect(orders?.getRow(1).values).toEqual([undefined, 'ID', 'Name', 'Date', 'Amount']);
    expect(orders?.getRow(1).font?.bold).toBe(true);
    expect(orders?.rowCount).toBe(7);
    const row = orders?.getRow(7);
    expect(row?.getCell(1).value).toBe(6);
    expect(row?.getCell(2).value).toBe(`মিনিকেট চাল ${'x'.repeat(40)} 6`);
    // The shop's wall clock, as Excel reads a date (no zone).
    expect(row?.getCell(3).value).toEqual(new Date('2026-11-27T14:05:00Z'));
    expect(row?.getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
    expect(row?.getCell(4).value).toBe(0.06);
    expect(book.getWorksheet('Days')?.getRow(2).getCell(1).value).toEqual(new Date('2026-11-26T00:00:00Z'));
  });

  it('reads a batch only when the client has taken the one before (back pressure)', async () => {
    const out = new PassThrough();
    const { state, rows } = counted(20, 2000);
    const done = writeXlsx(out, [sheet('Orders', COLUMNS, rows)]);
    await pause(1500);
    // Nobody reads: a few batches fill the buffers, then the writer waits.
    expect(state.read).toBeGreaterThan(0);
    expect(state.read).toBeLessThan(5);
    const heldBack = state.read;
    const bytes = await drain(out);
    await done;
    expect(heldBack).toBeLessThan(state.read);
    expect(state.read).toBe(20);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(book.getWorksheet('Orders')?.rowCount).toBe(40_001);
  }, 60_000);

  it('stops reading when the client goes away', async () => {
    const out = new PassThrough();
    const { state, rows } = counted(200, 2000);
    const done = writeXlsx(out, [sheet('Orders', COLUMNS, rows)]);
    await pause(500);
    out.destroy();
    await done;
    expect(state.read).toBeLessThan(5);
  });
});

describe('writeCsv', () => {
  it('writes the header and every row, with the byte order mark', async () => {
    const out = new PassThrough();
    const done = writeCsv(out, sheet('Orders', COLUMNS, counted(2, 2).rows));
    const text = (await drain(out)).toString('utf8');
    await done;
    expect(text.startsWith('\uFEFFID,Name,Date,Amount\r\n')).toBe(true);
    expect(parse(text, { bom: true })).toEqual([
      ['ID', 'Name', 'Date', 'Amount'],
      ...[1, 2, 3, 4].map((id) => [
        String(id),
        `মিনিকেট চাল ${'x'.repeat(40)} ${id}`,
        '2026-11-27 14:05',
        String(id / 100),
      ]),
    ]);
  });

  it('reads a batch only when the client has taken the one before (back pressure)', async () => {
    const out = new PassThrough();
    const { state, rows } = counted(20, 2000);
    const done = writeCsv(out, sheet('Orders', COLUMNS, rows));
    await pause(500);
    expect(state.read).toBeGreaterThan(0);
    expect(state.read).toBeLessThan(4);
    const text = (await drain(out)).toString('utf8');
    await done;
    expect(state.read).toBe(20);
    expect(text.split('\r\n')).toHaveLength(40_002);
  }, 30_000);
});
