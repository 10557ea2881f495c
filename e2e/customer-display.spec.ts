import { type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { latinWords } from './support/bangla';
import { grouped, snap } from './support/ui';
import { openTillForOffline, scanInto } from './till-offline-helpers';
import { addProduct, adminAuth, shipSetting, stubPrint, type MadeProduct } from './till-helpers';

/**
 * The customer display: a second window of the same browser follows the till through a
 * BroadcastChannel (no server): the lines and the total as they are scanned, a QR code of the
 * shop's bKash number and the amount, the change, the thanks after Save; a window opened late
 * catches up; the till's language; and all of it with the network cut.
 */

const BKASH = '01712345678';
const NAGAD = '01812345678';

/**
 * The shop's bKash and Nagad numbers as Setting would hold them, given to this browser only (the
 * shop's Setting is shared with every other test running meanwhile).
 */
async function shopNumbers(context: BrowserContext): Promise<void> {
  await context.route('**/api/shop-info', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { data: { payment_numbers: string } };
    json.data.payment_numbers = `bKash ${BKASH} (Personal), Nagad ${NAGAD}`;
    await route.fulfill({ response, json });
  });
}

/** A number as the Bangla screens write it: Bengali digits, grouped the Bangladeshi way. */
const bengali = (n: number) => new Intl.NumberFormat('bn-BD', { maximumFractionDigits: 2 }).format(n);

async function snapBoth(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** F4, then the payment method by the keyboard: the list is Cash, Bkash, Nagad… */
async function chooseMethod(till: Page, steps: number): Promise<void> {
  await till.keyboard.press('F4');
  await expect(till.locator('#till-pay')).toBeFocused();
  await till.keyboard.press('Tab');
  await expect(till.locator('#till-method')).toBeFocused();
  for (let i = 0; i < Math.abs(steps); i++) await till.keyboard.press(steps > 0 ? 'ArrowDown' : 'ArrowUp');
}

async function product(
  request: Parameters<typeof addProduct>[0],
  auth: Parameters<typeof addProduct>[1],
): Promise<MadeProduct & { title_bn: string }> {
  const tag = Date.now().toString(36);
  const title_bn = `ডিসপ্লে চা ${tag}`;
  const made = await addProduct(request, auth, {
    title: `Display Tea ${tag}`,
    title_bn,
    attri: '200 g',
    attri_bn: '২০০ গ্রাম',
    price: 175,
  });
  return { ...made, title_bn };
}

const items = (display: Page) => display.getByRole('region', { name: /^(Items|পণ্য)$/ });
/** The QR codes on the display (none but the display's own pictures are on it). */
const pictures = (display: Page) => display.locator('.customer-display').getByRole('img');

test.describe('the customer display', () => {
  test('follows the till: the scanned line and total, the bKash QR code, the change, the thanks', async ({
    page,
    context,
    request,
  }, testInfo) => {
    // Two windows, eight screenshots and a sale: past 30 s on this 2-core machine when it is busy.
    test.setTimeout(90_000);
    await stubPrint(page);
    await shopNumbers(context);
    const auth = await adminAuth(page);
    const tea = await product(request, auth);
    const owed = tea.price + (await shipSetting(request, auth));

    await page.goto('/admin/pos');
    await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
    // The till's button opens the display in a window of its own, by the keyboard too.
    const button = page.getByRole('button', { name: 'Customer display' });
    await button.focus();
    const [display] = await Promise.all([page.waitForEvent('popup'), page.keyboard.press('Enter')]);
    await display.setViewportSize({ width: 1280, height: 800 });
    await expect(display).toHaveURL(/\/admin\/pos\/display$/);
    await expect(display.getByText('Welcome', { exact: true })).toBeVisible();
    // Alone in its window: no back-office bar or menu for the customer, nothing for Tab to reach.
    await expect(display.locator('.admin-top-bar')).toHaveCount(0);
    await expect(display.getByRole('navigation')).toHaveCount(0);
    await expect(display.getByRole('link')).toHaveCount(0);
    const shopName = (await display.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(shopName).not.toBe('');
    await snapBoth(display, testInfo, 'customer-display-welcome');

    // A scan at the till, key by key as a scanner types: the line and the total on the display.
    await scanInto(page, tea.barcode);
    await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    await expect(items(display)).toContainText(tea.title);
    await expect(items(display)).toContainText(`1 x ${tea.price}`);
    await expect(display.locator('.customer-display li[aria-current]')).toContainText(tea.title);
    await expect(display.getByTestId('display-total')).toHaveText(`${grouped(owed)} BDT`);
    await expect(pictures(display)).toHaveCount(0);

    // bKash chosen in the payment line: a QR code of the shop's number and the amount, both written.
    await chooseMethod(page, 1);
    await expect(page.locator('#till-method')).toHaveValue('bkash');
    const qr = display.getByRole('img', { name: `QR code: bKash ${BKASH}, ${grouped(owed)} BDT` });
    await expect(qr).toBeVisible();
    await expect(qr).toHaveJSProperty('tagName', 'IMG');
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(display.getByText(`Send money to ${BKASH}`)).toBeVisible();
    await expect(display.getByTestId('display-wallet-amount')).toHaveText(`${grouped(owed)} BDT`);
    await snapBoth(display, testInfo, 'customer-display-bkash');
    // Nagad: its own number.
    await page.keyboard.press('ArrowDown');
    await expect(
      display.getByRole('img', { name: `QR code: Nagad ${NAGAD}, ${grouped(owed)} BDT` }),
    ).toBeVisible();

    // Back to cash, 1000 tendered: no QR code, the change.
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(page.locator('#till-method')).toHaveValue('cash');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('1000');
    const change = 1000 - owed;
    await expect(page.getByTestId('till-change')).toHaveText(`${grouped(change)} BDT`);
    await expect(display.getByTestId('display-change')).toHaveText(`${grouped(change)} BDT`);
    await expect(display.getByTestId('display-paid')).toHaveText(`${grouped(owed)} BDT`);
    await expect(pictures(display)).toHaveCount(0);
    await snapBoth(display, testInfo, 'customer-display-sale');

    // F9: saved; the display thanks the customer with their change, then welcomes the next one.
    await page.keyboard.press('F9');
    await expect(page).toHaveURL(/\/admin\/receipt\/\d+\?then=pos$/);
    await expect(display.getByText('Thank you!')).toBeVisible();
    await expect(display.getByTestId('display-change')).toHaveText(`${grouped(change)} BDT`);
    await snapBoth(display, testInfo, 'customer-display-thanks');
    await expect(display.getByText('Welcome', { exact: true })).toBeVisible({ timeout: 15_000 });
  });

  test("a window opened after the scan catches up, and speaks the till's language", async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await shopNumbers(context);
    const auth = await adminAuth(page);
    const tea = await product(request, auth);
    const owed = tea.price + (await shipSetting(request, auth));

    await page.goto('/admin/pos');
    await expect(page.getByRole('heading', { name: 'New sale' })).toBeVisible();
    await scanInto(page, tea.barcode);
    await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);

    // Opened late, as a second screen started after the first customer: right from the start.
    const display = await context.newPage();
    await display.goto('/admin/pos/display');
    await expect(items(display)).toContainText(tea.title);
    await expect(display.getByTestId('display-total')).toHaveText(`${grouped(owed)} BDT`);

    // The till switches to Bangla: so does the display (its own window was left in English).
    await page.locator('.admin-top-bar').getByRole('button', { name: 'বাংলা' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
    await expect(items(display)).toContainText(tea.title_bn);
    await expect(items(display)).toContainText('২০০ গ্রাম');
    await expect(display.getByTestId('display-total')).toHaveText(`${bengali(owed)} টাকা`);
    await expect(display.locator('.customer-display')).toHaveAttribute('lang', 'bn');
    const shopName = (await display.getByRole('heading', { level: 1 }).textContent()) ?? '';
    expect(await latinWords(display.locator('.customer-display'), [shopName, tea.title_bn])).toEqual([]);
    await snapBoth(display, testInfo, 'customer-display-sale-bn');

    await chooseMethod(page, 1);
    await expect(
      display.getByRole('img', { name: `কিউআর কোড: bKash ${BKASH}, ${bengali(owed)} টাকা` }),
    ).toBeVisible();
    await expect(display.getByText(`${BKASH} নম্বরে টাকা পাঠান`)).toBeVisible();
    await expect(display.getByText('বিকাশ দিয়ে পরিশোধ করুন')).toBeVisible();
    await snapBoth(display, testInfo, 'customer-display-bkash-bn');
  });

  test('follows a scan with the network cut', async ({ page, context, request }) => {
    test.setTimeout(90_000);
    const auth = await adminAuth(page);
    const tea = await product(request, auth);
    const owed = tea.price + (await shipSetting(request, auth));
    // The till can sell with no server: the app, the catalogue and the shop's details are kept.
    await openTillForOffline(page, [tea]);
    const display = await context.newPage();
    await display.goto('/admin/pos/display');
    await expect(display.getByText('Welcome', { exact: true })).toBeVisible();

    await context.setOffline(true);
    await scanInto(page, tea.barcode);
    await expect(page.getByTestId('till-cart').locator('tbody tr')).toHaveCount(1);
    await expect(items(display)).toContainText(tea.title);
    await expect(display.getByTestId('display-total')).toHaveText(`${grouped(owed)} BDT`);
    await context.setOffline(false);
  });
});
