import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvStream, csvText } from './csv';

const read = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });

describe('csvText', () => {
  it('quotes commas, quotes and line breaks, and keeps numbers as they are', () => {
    expect(csvText([[1, 'Rahim', 'House 3, Road 2', 'Say "hi"', 'two\nlines', 'a\rb', -50, null, '']])).toBe(
      '1,Rahim,"House 3, Road 2","Say ""hi""","two\nlines","a\rb",-50,,\r\n',
    );
  });

  it('writes a text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvText([['=HYPERLINK("x")', '+8801711', '-5', '@SUM(A1)', '\tcmd', 'মিনিকেট চাল']])).toBe(
      `"'=HYPERLINK(""x"")",'+8801711,'-5,'@SUM(A1),'\tcmd,মিনিকেট চাল\r\n`,
    );
  });

  it('reads back field for field with csv-parse (property)', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      // The characters CSV must quote or escape, often.
      fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'ক', "'") }),
    );
    const safe = text.filter((s) => !/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(s));
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.oneof(safe, fc.integer()), { minLength: 1, maxLength: 8 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          expect(read(csvText(rows))).toEqual(rows.map((row) => row.map(String)));
        },
      ),
    );
  });
});

describe('csvStream', () => {
  it('starts with the UTF-8 byte order mark and writes CRLF lines', async () => {
    const csv = csvStream();
    const chunks: Buffer[] = [];
    csv.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ended = new Promise((resolve) => csv.on('end', resolve));
    csv.write(['ID', 'Name']);
    csv.write([7, 'রহিম']);
    csv.end();
    await ended;
    const bytes = Buffer.concat(chunks);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toBe('\uFEFFID,Name\r\n7,রহিম\r\n');
    expect(read(bytes.toString('utf8'))).toEqual([
      ['ID', 'Name'],
      ['7', 'রহিম'],
    ]);
  });
});
