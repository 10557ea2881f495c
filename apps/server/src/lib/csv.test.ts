import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readCsv } from '../../test/csv-read';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('quotes commas, quotes and line breaks, and keeps numbers as they are', () => {
    expect(csvLine([1, 'Rahim', 'House 3, Road 2', 'Say "hi"', 'two\nlines', -50])).toBe(
      '1,Rahim,"House 3, Road 2","Say ""hi""","two\nlines",-50\r\n',
    );
  });

  it('writes a text that a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvLine(['=HYPERLINK("x")', '+8801711', '-5', '@SUM(A1)', 'মিনিকেট চাল'])).toBe(
      `"'=HYPERLINK(""x"")",'+8801711,'-5,'@SUM(A1),মিনিকেট চাল\r\n`,
    );
  });

  it('reads back field for field (property)', () => {
    const safe = fc.string().filter((s) => !/^[=+\-@\t\r]/.test(s));
    fc.assert(
      fc.property(fc.array(fc.oneof(safe, fc.integer()), { minLength: 1, maxLength: 8 }), (fields) => {
        expect(readCsv(csvLine(fields))).toEqual([fields.map(String)]);
      }),
    );
  });
});
