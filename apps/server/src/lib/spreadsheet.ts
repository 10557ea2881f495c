import type { EventEmitter } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { inSnapshot, type Db, type Tx } from '../db/client';
import { csvStream, type CsvField } from './csv';

/**
 * What a column holds, which decides how a spreadsheet shows it: text; whole numbers (ids, counts);
 * whole taka; exact amounts (buy price × a quantity in hundredths, two decimals); quantities; a shop
 * day (`YYYY-MM-DD`) or a time of the shop's day (`YYYY-MM-DD HH:MM`), both already in SHOP_TZ.
 */
type CellKind = 'text' | 'int' | 'money' | 'amount' | 'qty' | 'day' | 'time';

export type Column<R> = { header: string; kind: CellKind; width?: number; value: (row: R) => CsvField };

/** One table of a file: its columns and its rows, read in batches (each batch one database read). */
export type Sheet = {
  name: string;
  columns: ReadonlyArray<{ header: string; kind: CellKind; width?: number | undefined }>;
  rows: AsyncIterable<CsvField[][]>;
};

/** A sheet of rows of type R: each batch read is turned into cells column by column. */
export function sheet<R>(
  name: string,
  columns: ReadonlyArray<Column<R>>,
  batches: AsyncIterable<R[]>,
): Sheet {
  return {
    name,
    columns,
    rows: (async function* () {
      for await (const batch of batches) yield batch.map((row) => columns.map((c) => c.value(row)));
    })(),
  };
}

/** Rows an export reads at a time (one statement each). */
export const BATCH = 2000;

/**
 * A list read in batches of `size` by a bound (keyset paging): `read(after)` gives the rows after
 * the bound, the first ones when it is undefined; `boundOf` is the bound a batch's last row sets.
 */
export async function* inBatches<R, K>(
  read: (after: K | undefined) => Promise<R[]>,
  boundOf: (last: R) => K,
  size = BATCH,
): AsyncGenerator<R[]> {
  let after: K | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    const last = rows[rows.length - 1];
    if (rows.length < size || last === undefined) return;
    after = boundOf(last);
  }
}

export type FileFormat = 'csv' | 'xlsx';

export const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * A file of sheets (CSV: the first; XLSX: each its own sheet), written while it is read: the sheets
 * are built on one read-only snapshot (`inSnapshot`), so every sheet and every batch sees the same
 * moment however many sales come in meanwhile, and each batch is read only when the client has taken
 * the one before (back pressure), so the server's memory does not grow with the number of rows. A
 * client that goes away stops the reading; a database error ends the download short (the client
 * sees a broken transfer, never a file that looks complete).
 */
export function streamFile(
  db: Db,
  log: FastifyBaseLogger,
  format: FileFormat,
  build: (tx: Tx) => Promise<Sheet[]>,
): Readable {
  const out = new PassThrough();
  void inSnapshot(db, async (tx) => {
    const sheets = await build(tx);
    if (format === 'csv') {
      const [first] = sheets;
      if (first) await writeCsv(out, first);
    } else await writeXlsx(out, sheets);
  }).then(
    () => {
      // A client that went away is not an error; the writers ended the file otherwise.
      if (!out.destroyed && !out.writableEnded) out.end();
    },
    (err: unknown) => {
      log.error({ err }, 'export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return out;
}

/** Resolves when the first of these events happens, leaving no listener behind. */
function firstOf(events: ReadonlyArray<readonly [EventEmitter, string]>): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const [emitter, event] of events) emitter.off(event, done);
      resolve();
    };
    for (const [emitter, event] of events) emitter.on(event, done);
  });
}

/** Until the client has taken what was written (`stream` drained), or went away; false when gone. */
async function taken(stream: Writable, out: Writable): Promise<boolean> {
  if (stream.writableNeedDrain && !out.destroyed && !stream.destroyed)
    await firstOf([
      [stream, 'drain'],
      [stream, 'close'],
      [out, 'close'],
    ]);
  return !out.destroyed && !stream.destroyed;
}

/** Writes the sheet as CSV (csv-stringify: BOM, CRLF, formulas made harmless) into `out`, then ends it. */
export async function writeCsv(out: Writable, table: Sheet): Promise<void> {
  const csv = csvStream();
  csv.on('error', (err) => out.destroy(err));
  csv.pipe(out);
  csv.write(table.columns.map((c) => c.header));
  for await (const batch of table.rows) {
    for (const row of batch) csv.write(row);
    if (!(await taken(csv, out))) {
      csv.destroy();
      return;
    }
  }
  csv.end();
  // Done when the last rows have gone into `out` (which the pipe then ends), or the client left.
  await firstOf([
    [csv, 'end'],
    [csv, 'close'],
    [out, 'close'],
  ]);
}

const NUMBER_FORMATS: Partial<Record<CellKind, string>> = {
  money: '#,##0',
  amount: '#,##0.00',
  day: 'yyyy-mm-dd',
  time: 'yyyy-mm-dd hh:mm',
};

const WIDTHS: Record<CellKind, number> = {
  text: 24,
  int: 9,
  money: 12,
  amount: 14,
  qty: 10,
  day: 12,
  time: 17,
};

/**
 * A cell as XLSX holds it: days and times as dates (Excel's dates have no zone: the shop's wall
 * clock is written as it reads), an empty text as an empty cell, the rest as they are.
 */
function xlsxValue(kind: CellKind, value: CsvField): CsvField | Date {
  if (value === '') return null;
  if (typeof value !== 'string') return value;
  if (kind === 'day') return new Date(`${value}T00:00:00Z`);
  if (kind === 'time') return new Date(`${value.replace(' ', 'T')}:00Z`);
  return value;
}

type Sink = EventEmitter & { writableNeedDrain?: boolean; _writableState?: { needDrain?: boolean } };

/**
 * The stream archiver reads a streamed worksheet's XML from. exceljs writes each committed row
 * into it without looking at back pressure, so writeXlsx waits on it: archiver passes the XML on
 * (deflated) only as fast as the client takes the file.
 */
function sheetSink(worksheet: object): Sink | undefined {
  const stream: unknown = Reflect.get(worksheet, 'stream');
  const pipes: unknown =
    typeof stream === 'object' && stream !== null ? Reflect.get(stream, 'pipes') : undefined;
  const sink: unknown = Array.isArray(pipes) ? pipes[0] : undefined;
  return typeof sink === 'object' && sink !== null && 'once' in sink && 'off' in sink
    ? (sink as Sink)
    : undefined;
}

/** Until the sheet's XML has been taken (see sheetSink) and `out` drained, or the client went away. */
async function sheetTaken(worksheet: object, out: Writable): Promise<boolean> {
  const sink = sheetSink(worksheet);
  const full = sink && (sink.writableNeedDrain ?? sink._writableState?.needDrain ?? false);
  if (sink && full && !out.destroyed)
    await firstOf([
      [sink, 'drain'],
      [sink, 'close'],
      [out, 'close'],
    ]);
  if (out.writableNeedDrain && !out.destroyed)
    await firstOf([
      [out, 'drain'],
      [out, 'close'],
    ]);
  return !out.destroyed;
}

/**
 * Writes the sheets as one XLSX workbook into `out` (exceljs's streaming writer: no shared strings,
 * each row committed as it is written, each sheet finished before the next begins, so no sheet is
 * held in memory). The header row is bold, frozen and filtered.
 */
export async function writeXlsx(out: Writable, sheets: ReadonlyArray<Sheet>): Promise<void> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const gone = firstOf([[out, 'close']]);
  for (const table of sheets) {
    const worksheet = book.addWorksheet(table.name, { views: [{ state: 'frozen', ySplit: 1 }] });
    const kinds = table.columns.map((c) => c.kind);
    // One style object per column, shared by its cells: exceljs looks a style up by its object, so a
    // shared one is found at once (a column style would be copied into every cell and looked up by
    // value, half the time of writing a row).
    const styles = kinds.map((kind): Partial<ExcelJS.Style> => {
      const numFmt = NUMBER_FORMATS[kind];
      return numFmt ? { numFmt } : {};
    });
    worksheet.columns = table.columns.map((c) => ({ header: c.header, width: c.width ?? WIDTHS[c.kind] }));
    worksheet.getRow(1).font = { bold: true };
    worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
    for await (const batch of table.rows) {
      for (const values of batch) {
        const row = worksheet.addRow(values.map((value, i) => xlsxValue(kinds[i] ?? 'text', value)));
        row.eachCell((cell, n) => {
          cell.style = styles[n - 1] ?? {};
        });
        row.commit();
      }
      if (!(await sheetTaken(worksheet, out))) return;
    }
    worksheet.commit();
  }
  // The workbook's last files; a client gone meanwhile leaves it unfinished (nothing waits on it).
  await Promise.race([book.commit(), gone]);
}
