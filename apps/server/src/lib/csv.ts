/**
 * CSV for spreadsheets (RFC 4180): fields joined by commas, lines ended by CRLF, a field quoted
 * when it holds a comma, a quote or a line break (quotes doubled). A text that a spreadsheet would
 * run as a formula (starting with =, +, -, @, a tab or a carriage return) is written with a leading
 * apostrophe, so a customer's name cannot become a formula on the accountant's computer. Numbers
 * are written as they are.
 */
export function csvLine(fields: ReadonlyArray<string | number>): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The byte order mark that makes spreadsheet programs read the file as UTF-8 (Bangla names). */
export const UTF8_BOM = '\uFEFF';
