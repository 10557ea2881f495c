import fs from 'node:fs';
import { type Download, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { logInAsAdmin, stored } from './support/accounts';

/** A shop day of its own for this run, long past (no other test writes expenses on it). */
function pastDay(): string {
  const n = Date.now() % 300;
  return new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
}

async function downloaded(page: Page, button: string): Promise<{ file: Download; bytes: Buffer }> {
  const group = page.getByRole('main').getByRole('group', { name: 'Download' });
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    group.getByRole('button', { name: button }).click(),
  ]);
  const path = await file.path();
  return { file, bytes: fs.readFileSync(path) };
}

test.describe('downloads for the accountant', () => {
  test('the expenses of the dates on screen, as Excel and as CSV, add up to the screen’s total', async ({
    page,
    request,
  }) => {
    await logInAsAdmin(page);
    const token = await stored(page, 'info');
    const day = pastDay();
    for (const [detail, amount] of [
      ['দোকান ভাড়া', 5000],
      ['=SUM(A1)', 40],
    ] as const) {
      const res = await request.post('/api/expance/add', {
        headers: { authorization: `Bearer ${token}` },
        data: { detail, amount, date: day },
      });
      expect(res.status()).toBe(201);
    }

    await page.goto('/admin/expance');
    const main = page.getByRole('main');
    await main.getByLabel('From').fill(day);
    await main.getByLabel('To').fill(day);
    await main.getByRole('button', { name: 'Search' }).click();
    await expect(main.getByTestId('expenses-total')).toHaveText('5,040 BDT');

    const xlsx = await downloaded(page, 'Download Excel (XLSX)');
    expect(xlsx.file.suggestedFilename()).toMatch(/^expenses-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Expenses');
    const rows: Array<{ details: unknown; amount: unknown; date: unknown }> = [];
    sheet?.eachRow((row, n) => {
      if (n > 1)
        rows.push({
          date: row.getCell(2).value,
          details: row.getCell(4).value,
          amount: row.getCell(5).value,
        });
    });
    expect(rows.map((r) => r.details).sort()).toEqual(['=SUM(A1)', 'দোকান ভাড়া']);
    expect(rows.reduce((s, r) => s + Number(r.amount), 0)).toBe(5040);
    for (const r of rows) expect((r.date as Date).toISOString().slice(0, 10)).toBe(day);

    const csv = await downloaded(page, 'Download CSV');
    expect(csv.file.suggestedFilename()).toMatch(/^expenses-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines]: string[][] = parse(csv.bytes, { bom: true });
    expect(header).toEqual(['ID', 'Date', 'Category', 'Details', 'Amount']);
    expect(lines.map((l) => l[3]).sort()).toEqual(["'=SUM(A1)", 'দোকান ভাড়া']);
    expect(lines.reduce((s, l) => s + Number(l[4]), 0)).toBe(5040);
  });
});
