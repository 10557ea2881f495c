import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import type { Order } from '@bazar/contracts/orders';
import { grouped, snap } from './support/ui';
import { addProduct, adminAuth, receiptRows } from './till-helpers';

const PT_PER_MM = 72 / 25.4;

/** The pages of a PDF as [width, height] in points, read from their MediaBox. */
function mediaBoxes(pdf: Buffer): Array<[number, number]> {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]/g)].map((m) => [
    Number(m[3]) - Number(m[1]),
    Number(m[4]) - Number(m[2]),
  ]);
}

/**
 * Nothing on the receipt runs past its paper: every element's content fits its box, and a line of
 * `chars` characters of the receipt's font fits its text column.
 */
async function fitsPaper(page: Page, chars: number) {
  return page.locator('.receipt').evaluate((receipt, n) => {
    const overflowing = Array.from(receipt.querySelectorAll<HTMLElement>('*'))
      .filter((el) => !(el instanceof SVGElement) && el.scrollWidth > el.clientWidth + 1)
      .map((el) => el.className || el.tagName);
    const style = getComputedStyle(receipt);
    const column = receipt.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const probe = document.createElement('span');
    probe.style.whiteSpace = 'nowrap';
    probe.textContent = 'W'.repeat(n);
    receipt.append(probe);
    const line = probe.getBoundingClientRect().width;
    const wider = document.createElement('span');
    wider.style.whiteSpace = 'nowrap';
    wider.textContent = 'W'.repeat(n + 1);
    receipt.append(wider);
    const tooLong = wider.getBoundingClientRect().width;
    probe.remove();
    wider.remove();
    return { overflowing, column, line, tooLong, scroll: receipt.scrollWidth, width: receipt.clientWidth };
  }, chars);
}

test.describe('till receipts', () => {
  test('print on 80 and 58 mm paper: the PDF page is the paper, no text is clipped', async ({
    page,
    request,
  }, testInfo) => {
    const auth = await adminAuth(page);
    const long = await addProduct(request, auth, {
      title: 'E2E রাঁধুনী Premium Family Pack Basmati Chinigura Aromatic Rice Extra Long Name',
      attri: '5 kg family pack',
      price: 1234,
    });
    const tea = await addProduct(request, auth, { title: 'E2E Receipt Tea', attri: '400 g', price: 300 });
    const sold = await request.post('/api/order/add', {
      headers: auth,
      data: {
        terminal: 1,
        ship: 0,
        discount: 34,
        payments: [
          { method: 'nagad', amount: 500, reference: 'NG12345678' },
          { method: 'cash', amount: 3000 },
        ],
        carts: [
          { product_id: long.id, quantity: 2 },
          { product_id: tea.id, quantity: 1 },
        ],
      },
    });
    expect(sold.status(), await sold.text()).toBe(201);
    const order = ((await sold.json()) as { data: Order }).data;
    expect(order.change).toBe(3500 - (2 * 1234 + 300 - 34));

    for (const [paper, chars] of [
      ['80', 48],
      ['58', 32],
    ] as const) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/admin/receipt/${order.id}?paper=${paper}`);
      const receipt = page.getByRole('article', { name: `Receipt of order #${order.id}`, exact: true });
      await expect(receipt).toHaveAttribute('data-paper', paper);
      await expect(
        receipt.getByRole('img', { name: `Barcode of order ${order.id}`, exact: true }),
      ).toBeVisible();
      expect(await receiptRows(page)).toEqual(
        expect.arrayContaining([
          'Nagad NG12345678 | 500',
          'Cash | 3,000',
          `Change | ${grouped(order.change ?? 0)}`,
          'Due | 0',
        ]),
      );

      // The receipt is the paper's width; 48 (80 mm) or 32 (58 mm) characters fit a line, one more does not.
      const fit = await fitsPaper(page, chars);
      expect(fit.overflowing, 'elements whose text runs out of their box').toEqual([]);
      expect(fit.scroll).toBeLessThanOrEqual(fit.width);
      expect(fit.line).toBeLessThanOrEqual(fit.column + 0.5);
      expect(fit.tooLong).toBeGreaterThan(fit.column);
      const widthMm = (await receipt.evaluate((el) => el.getBoundingClientRect().width)) * (25.4 / 96);
      expect(widthMm).toBeCloseTo(Number(paper), 0);

      await snap(page, testInfo, `receipt-${paper}mm`);
      await page.setViewportSize({ width: 390, height: 844 });
      await snap(page, testInfo, `receipt-${paper}mm`);

      // Printed with the CSS page size: one page exactly as wide as the paper.
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      const pages = mediaBoxes(pdf);
      expect(pages, 'one receipt, one page').toHaveLength(1);
      const [width, height] = pages[0]!;
      expect(Math.abs(width - Number(paper) * PT_PER_MM)).toBeLessThan(1);
      expect(height).toBeGreaterThan(50 * PT_PER_MM);
      await testInfo.attach(`receipt-${paper}mm.pdf`, { body: pdf, contentType: 'application/pdf' });
    }

    // The tea comes back, its money in cash: the return receipt prints that line and the refund.
    const back = await request.post(`/api/order/return/${order.id}`, {
      headers: auth,
      data: {
        lines: [{ product_id: tea.id, quantity: 1 }],
        refund: { method: 'cash', amount: 300 },
        reason: 'Wrong size',
      },
    });
    expect(back.status(), await back.text()).toBe(201);
    const returnId = ((await back.json()) as { data: { id: number } }).data.id;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/admin/receipt/${order.id}?return=${returnId}&paper=80`);
    const returnReceipt = page.getByRole('article', {
      name: `Return receipt #${returnId} of order #${order.id}`,
    });
    await expect(returnReceipt).toContainText('RETURN');
    await expect(returnReceipt).toContainText('Reason: Wrong size');
    expect(await receiptRows(page)).toEqual([
      expect.stringMatching(new RegExp(`^Return #${returnId} of order #${order.id} \\| `)),
      '400 g 1 x 300 | 300',
      'Returned value | 300',
      'Refund Cash | 300',
    ]);
    await snap(page, testInfo, 'return-receipt-80mm');
  });
});
