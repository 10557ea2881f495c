import { CsvError, parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { zipSync, type Zippable } from 'fflate';
import { IMPORT_LIMITS } from '@bazar/contracts/imports';
import { say } from '@bazar/contracts/messages';
import { AppError, Invalid } from './errors';
import { unpackEntry, zipBomb, zipDirectory, type ZipEntry } from './zip';

/** One data row of a table file: its number as in the file (the header is row 1) and its cells, trimmed. */
export type TableRow = { row: number; cells: string[] };
/** A CSV or XLSX file read: the header row's cells and the data rows that are not blank. */
export type Table = { header: string[]; rows: TableRow[] };

const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Excel 97–2003 (.xls) and other OLE compound files. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0]);
/**
 * An XLSX is a ZIP of XML that exceljs unpacks and reads whole: refuse one whose parts would unpack
 * to more than this (a zip bomb). 20,000 rows of the template's columns are a few tens of MB.
 * The parts are unpacked here first, each stopped at the size the ZIP's directory gives, so what
 * is unpacked never passes this however the file lies.
 */
const XLSX_UNPACKED_MAX = 100 * 1024 * 1024;

const tooManyRows = () =>
  new AppError(413, 'too_large', say('import.tooManyRows', { max: IMPORT_LIMITS.rows }));

const blank = (cells: string[]) => cells.every((c) => c === '');

/**
 * Reads a CSV (UTF-8, with or without a BOM, comma separated) or an XLSX file (its first sheet),
 * told apart by their content. Rows are numbered as the file numbers them (a spreadsheet's row
 * numbers); blank rows are left out. At most IMPORT_LIMITS.rows data rows (413 beyond).
 */
export async function readTable(body: Buffer): Promise<Table> {
  if (body.length === 0) throw new Invalid('file', say('import.empty'));
  if (body.subarray(0, 4).equals(OLE_SIGNATURE)) throw new Invalid('file', say('import.xls'));
  const table = body.subarray(0, 4).equals(ZIP_SIGNATURE) ? await readXlsx(body) : readCsv(body);
  if (table.rows.length > IMPORT_LIMITS.rows) throw tooManyRows();
  return table;
}

function readCsv(body: Buffer): Table {
  let text: string;
  try {
    // A BOM is dropped (Excel writes one with "CSV UTF-8"); bytes that are not UTF-8 are refused.
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new Invalid('file', say('import.notUtf8'));
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: ',',
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      // The header, the rows allowed, and one more to tell that there are too many.
      to: IMPORT_LIMITS.rows + 2,
    });
  } catch (err) {
    if (err instanceof CsvError) throw new Invalid('file', say('import.badCsv'));
    throw err;
  }
  const [header = [], ...data] = records;
  if (data.length > IMPORT_LIMITS.rows) throw tooManyRows();
  return {
    header,
    rows: data.map((cells, i) => ({ row: i + 2, cells })).filter((r) => !blank(r.cells)),
  };
}

/** A cell of exceljs as the text it shows (a formula by its result, a date as YYYY-MM-DD). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value)
    return value.richText
      .map((part) => part.text)
      .join('')
      .trim();
  if ('error' in value) return value.error;
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: ExcelJS.CellValue }).result ?? null);
  if ('text' in value) return typeof value.text === 'string' ? value.text.trim() : '';
  return '';
}

const unreadableXlsx = () => new Invalid('file', say('import.badXlsx'));

/**
 * The workbook's parts unpacked by lib/zip.ts (never past what the directory declared) and packed
 * again without compression: exceljs (through JSZip) then reads exactly the bytes counted here, not
 * its own reading of a ZIP that may lie about its sizes.
 */
function unpackedWorkbook(body: Buffer): Buffer {
  // exceljs unpacks the whole workbook: look at its ZIP directory first.
  let parts: ZipEntry[];
  try {
    parts = zipDirectory(body, 'file');
  } catch {
    throw unreadableXlsx();
  }
  if (parts.reduce((sum, p) => sum + p.originalSize, 0) > XLSX_UNPACKED_MAX)
    throw new AppError(413, 'too_large', say('import.xlsxTooLarge'));
  const files: Zippable = {};
  for (const part of parts) {
    if (part.name.endsWith('/')) continue;
    const data = unpackEntry(body, part);
    if (data === 'overflow') throw zipBomb('file');
    if (data === 'unreadable') throw unreadableXlsx();
    files[part.name] = data;
  }
  return Buffer.from(zipSync(files, { level: 0 }));
}

async function readXlsx(body: Buffer): Promise<Table> {
  const unpacked = unpackedWorkbook(body);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(unpacked as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadableXlsx();
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { header: [], rows: [] };
  if (sheet.actualRowCount > IMPORT_LIMITS.rows + 1) throw tooManyRows();
  let header: string[] = [];
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    // row.values is 1-based (index 0 is empty).
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    const cells = Array.from(values, (v) => cellText(v ?? null));
    if (number === 1) header = cells;
    else if (!blank(cells)) rows.push({ row: number, cells });
  });
  return { header, rows };
}
