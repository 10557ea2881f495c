import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { snap } from './support/ui';
import { addProduct, adminAuth, printCount, shipSetting, stubPrint } from './till-helpers';

// Printing without a dialog: Setting's receipt printer on a fake serial device (the Web Serial API's
// shape, as the driver uses it, recording every byte written), its test page, then till sales whose
// receipts go to it as ESC/POS: a cash sale opens the drawer, a bKash one does not.

const ESC = 0x1b;
const GS = 0x1d;
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * `navigator.serial` with one USB-serial printer (0483:5743). Its writable stream keeps every byte in
 * `window.__serialBytes`; the port, once chosen, stays allowed across pages (as the browser's
 * permission does), so a new page reconnects to it with getPorts() without asking.
 */
async function installFakeSerial(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __serialBytes: number[];
      __serialOpens: unknown[];
      __serialAsked: number;
    };
    w.__serialBytes = [];
    w.__serialOpens = [];
    w.__serialAsked = 0;
    const GRANTED = 'e2e-fake-serial-granted';
    class FakeSerialPort extends EventTarget {
      readable: ReadableStream<Uint8Array> | null = null;
      writable: WritableStream<Uint8Array> | null = null;
      getInfo() {
        return { usbVendorId: 0x0483, usbProductId: 0x5743 };
      }
      async open(options: { baudRate: number }) {
        if (this.writable) throw new DOMException('The port is already open.', 'InvalidStateError');
        w.__serialOpens.push(options);
        // The printer says nothing back: a stream that never yields.
        this.readable = new ReadableStream<Uint8Array>();
        this.writable = new WritableStream<Uint8Array>({
          write(chunk) {
            for (const byte of chunk) w.__serialBytes.push(byte);
          },
        });
      }
      async close() {
        this.readable = null;
        this.writable = null;
      }
    }
    const port = new FakeSerialPort();
    const serial = Object.assign(new EventTarget(), {
      requestPort: async () => {
        w.__serialAsked += 1;
        localStorage.setItem(GRANTED, '1');
        return port;
      },
      getPorts: async () => (localStorage.getItem(GRANTED) ? [port] : []),
    });
    Object.defineProperty(navigator, 'serial', { value: serial, configurable: true });
  });
}

const serialBytes = (page: Page) =>
  page.evaluate(() => (window as unknown as { __serialBytes: number[] }).__serialBytes.slice());

const clearSerialBytes = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { __serialBytes: number[] }).__serialBytes.length = 0;
  });

function indexOf(bytes: number[], needle: number[]): number {
  for (let i = 0; i <= bytes.length - needle.length; i++)
    if (needle.every((b, j) => bytes[i + j] === b)) return i;
  return -1;
}

const drawerKick = [ESC, 0x70, 0x00];

/** ESC @ first, a partial cut (GS V 1) last: one whole receipt. */
function expectWholePaper(bytes: number[]) {
  expect(bytes.length).toBeGreaterThan(100);
  expect(bytes.slice(0, 2)).toEqual([ESC, 0x40]);
  expect(bytes.slice(-3)).toEqual([GS, 0x56, 0x01]);
}

async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  const card = page.getByRole('region', { name: /Receipt printer|রসিদ প্রিন্টার/ });
  await card.scrollIntoViewIfNeeded();
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await card.scrollIntoViewIfNeeded();
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('receipts go straight to a serial thermal printer: Setting, a test page, a cash sale with the drawer, a bKash sale without', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await stubPrint(page);
  await installFakeSerial(page);
  const auth = await adminAuth(page);
  const tea = await addProduct(request, auth, { title: 'E2E Printer Tea', attri: '400 g', price: 240 });
  const owed = 240 + (await shipSetting(request, auth));

  // Setting → Receipt printer: no printer yet, the serial one chosen, 80 mm, a test page.
  await page.goto('/admin/setting');
  const card = page.getByRole('region', { name: 'Receipt printer' });
  await expect(card).toContainText("This computer's printer, kept in this browser only.");
  await expect(card.getByTestId('receipt-printer')).toHaveText(
    'No printer chosen: receipts print through the print dialog.',
  );
  await expect(card.getByRole('button', { name: 'Print a test page' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Choose serial printer' }).click();
  await expect(card.getByTestId('receipt-printer')).toHaveText('Printer: Serial port (USB 0483:5743)');
  await card.getByLabel('Receipt paper').selectOption('80');
  await expect(card.getByLabel('Serial speed (baud)')).toHaveValue('9600');
  await card.getByRole('button', { name: 'Print a test page' }).click();
  await expect(card.getByRole('status')).toHaveText('Test page sent to the printer.');
  const testPage = await serialBytes(page);
  expectWholePaper(testPage);
  expect(indexOf(testPage, ascii('Test page'))).toBeGreaterThan(0);
  // The ruler of an 80 mm line: 48 characters.
  expect(indexOf(testPage, ascii('123456789012345678901234567890123456789012345678\n'))).toBeGreaterThan(0);
  expect(indexOf(testPage, drawerKick)).toBe(-1);
  expect(
    await page.evaluate(() => (window as unknown as { __serialOpens: unknown[] }).__serialOpens),
  ).toEqual([expect.objectContaining({ baudRate: 9600 })]);
  await snapBoth(page, testInfo, 'setting-receipt-printer');

  // The till, on a new page: the printer is reconnected without asking. A cash sale, F9.
  await page.goto('/admin/pos');
  const box = page.getByRole('combobox', { name: 'Product' });
  await expect(box).toBeFocused();
  await page.keyboard.type(tea.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Pay', { exact: true })).toBeFocused();
  await page.keyboard.type('1000');
  await expect(page.getByTestId('till-change')).toHaveText(`${1000 - owed} BDT`);
  await page.keyboard.press('F9');
  // Printed without a dialog, straight back to the till for the next sale.
  await expect(page.getByText(/^Sale #\d+ saved\.$/)).toBeVisible();
  await expect(page).toHaveURL('/admin/pos');
  expect(await printCount(page)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __serialAsked: number }).__serialAsked)).toBe(0);
  const cashSale = await serialBytes(page);
  expectWholePaper(cashSale);
  expect(indexOf(cashSale, ascii('E2E Printer Tea'))).toBeGreaterThan(0);
  expect(indexOf(cashSale, ascii('400 g 1 x 240'))).toBeGreaterThan(0);
  // The drawer kick (ESC p), once, just before the cut.
  const kick = indexOf(cashSale, drawerKick);
  expect(kick).toBeGreaterThan(0);
  expect(indexOf(cashSale.slice(kick + 1), drawerKick)).toBe(-1);
  expect(cashSale.length - kick).toBeLessThan(12);

  // A bKash sale: the whole amount by bKash with its reference; no drawer kick.
  await clearSerialBytes(page);
  await page.keyboard.type(tea.barcode);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
  await page.keyboard.press('F4');
  await expect(page.getByLabel('Pay', { exact: true })).toBeFocused();
  await page.keyboard.type(String(owed));
  await page.keyboard.press('Tab');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Payment Method')).toHaveValue('bkash');
  await page.keyboard.press('Tab');
  const reference = `PRN${Date.now().toString(36).toUpperCase()}`;
  await page.keyboard.type(reference);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('list', { name: 'Payments' })).toContainText(`Bkash · ${reference}`);
  await expect(page.getByTestId('till-due')).toHaveText('0 BDT');
  await page.keyboard.press('F9');
  await expect(page.getByText(/^Sale #\d+ saved\.$/)).toBeVisible();
  await expect.poll(async () => (await serialBytes(page)).length).toBeGreaterThan(100);
  const bkashSale = await serialBytes(page);
  expectWholePaper(bkashSale);
  expect(indexOf(bkashSale, ascii(`Bkash ${reference}`))).toBeGreaterThan(0);
  expect(indexOf(bkashSale, drawerKick)).toBe(-1);
  expect(await printCount(page)).toBe(0);

  // The section in Bangla.
  await page.goto('/admin/setting');
  await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const bangla = page.getByRole('region', { name: 'রসিদ প্রিন্টার' });
  await expect(bangla.getByTestId('receipt-printer')).toHaveText('প্রিন্টার: সিরিয়াল পোর্ট (USB 0483:5743)');
  await expect(bangla.getByRole('button', { name: 'পরীক্ষার পাতা প্রিন্ট' })).toBeVisible();
  await snapBoth(page, testInfo, 'setting-receipt-printer-bn');
});
