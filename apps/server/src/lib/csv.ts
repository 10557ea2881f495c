import { stringify, type Options, type Stringifier } from 'csv-stringify';
import { stringify as stringifyNow } from 'csv-stringify/sync';

/**
 * CSV for spreadsheets, written by csv-stringify: RFC 4180 (a field quoted when it holds a comma, a
 * quote or a line break, quotes doubled), lines ended by CRLF. A text that a spreadsheet would run
 * as a formula (starting with =, +, -, @, a tab or a carriage return, or their full-width forms) is
 * written with a leading apostrophe (`escape_formulas`), so a customer's name cannot become a formula
 * on the accountant's computer; numbers are written as they are, negative ones too.
 */
const OPTIONS: Options = {
  record_delimiter: 'windows',
  // A lone \n or \r in a field is quoted too (csv-stringify quotes only the record delimiter once
  // one is set), so a two-line address stays one field.
  quote_record_delimiter: true,
  escape_formulas: true,
};

/** A CSV field: text, a number, or nothing (an empty field). */
export type CsvField = string | number | null;

/**
 * A stream that takes rows (arrays of fields) and gives CSV text, starting with the byte order mark
 * that makes spreadsheet programs read the file as UTF-8 (Bangla names).
 */
export function csvStream(): Stringifier {
  return stringify({ ...OPTIONS, bom: true });
}

/** Rows as CSV text (no byte order mark), the same rules as csvStream. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<CsvField>>): string {
  return stringifyNow(
    rows.map((row) => [...row]),
    OPTIONS,
  );
}
