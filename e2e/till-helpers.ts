import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Order } from '@bazar/contracts/orders';
import { logInAsAdmin, stored } from './support/accounts';

/** What the till's browser tests share: an admin's token, products made for them, scale labels. */

export type Auth = { Authorization: string };

/** Signs in as the test admin in the browser and returns the header its API calls carry. */
export async function adminAuth(page: Page): Promise<Auth> {
  await logInAsAdmin(page);
  return { Authorization: `Bearer ${await stored(page, 'info')}` };
}

/** The EAN-13 check digit of 12 digits: weights 1, 3, 1, 3 … from the left. */
export function ean13CheckDigit(twelve: string): number {
  if (!/^\d{12}$/.test(twelve)) throw new Error(`${twelve} is not 12 digits`);
  const sum = [...twelve].reduce((total, digit, i) => total + Number(digit) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10;
}

/** A weight label as the shop's scale prints it (Setting's default rule 21): item code, grams, check digit. */
export function weightLabel(plu: string, grams: number): string {
  const twelve = `21${plu}${String(grams).padStart(5, '0')}`;
  return `${twelve}${ean13CheckDigit(twelve)}`;
}

/** A price label (Setting's default rule 23): item code, price in poisha, check digit. */
export function priceLabel(plu: string, poisha: number): string {
  const twelve = `23${plu}${String(poisha).padStart(5, '0')}`;
  return `${twelve}${ean13CheckDigit(twelve)}`;
}

/** A scale item code no other test uses: 5 digits from `base` up, varied by the clock. */
export const freshPlu = (base: number) => String(base + (Date.now() % 997));

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export interface MadeProduct {
  id: number;
  title: string;
  attri: string;
  price: number;
  barcode: string;
}

/** Adds a product through the back office's own call (multipart, with a picture). */
export async function addProduct(
  request: APIRequestContext,
  auth: Auth,
  fields: {
    title: string;
    price: number;
    attri?: string;
    unit?: 'pcs' | 'kg';
    plu?: string;
    /** The Bangla title and attribute. */
    title_bn?: string;
    attri_bn?: string;
    buyprice?: number;
  },
): Promise<MadeProduct> {
  const brands = (await (await request.get('/api/brands', { headers: auth })).json()) as {
    data: Array<{ id: number }>;
  };
  const brand = brands.data[0];
  expect(brand, 'a demo brand').toBeTruthy();
  const answer = await request.post('/api/product/add', {
    headers: auth,
    multipart: {
      title: fields.title,
      attri: fields.attri ?? '',
      title_bn: fields.title_bn ?? '',
      attri_bn: fields.attri_bn ?? '',
      price: String(fields.price),
      ...(fields.buyprice !== undefined && { buyprice: String(fields.buyprice) }),
      qty: '100',
      tags: 'e2e till',
      brand_id: String(brand!.id),
      unit: fields.unit ?? 'pcs',
      plu: fields.plu ?? '',
      image: { name: 'p.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const [product] = ((await answer.json()) as { data: MadeProduct[] }).data;
  expect(product?.barcode, 'the new product has a barcode').toBeTruthy();
  return product!;
}

/** The delivery charge the till starts with. */
export async function shipSetting(request: APIRequestContext, auth: Auth): Promise<number> {
  const answer = (await (await request.get('/api/settings', { headers: auth })).json()) as {
    data: { ship: number; till_ship?: boolean };
  };
  return answer.data.till_ship === false ? 0 : answer.data.ship;
}

export async function readOrder(request: APIRequestContext, auth: Auth, id: number): Promise<Order> {
  const answer = await request.get(`/api/order/${id}`, { headers: auth });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: Order }).data;
}

/**
 * Replaces the browser's print dialog with a counter (a headless browser shows none); the receipt
 * page prints on open. `window.printed` says how often it was asked for. With `closes`, the dialog
 * "closes" at once, as when the cashier prints or cancels it (the browser's `afterprint`).
 */
export async function stubPrint(page: Page, { closes = false } = {}): Promise<void> {
  await page.addInitScript((close) => {
    const w = window as unknown as { printed: number; print: () => void };
    w.printed = 0;
    w.print = () => {
      w.printed += 1;
      if (close) setTimeout(() => window.dispatchEvent(new Event('afterprint')), 50);
    };
  }, closes);
}

export const printCount = (page: Page) =>
  page.evaluate(() => (window as unknown as { printed: number }).printed);

/** The receipt's rows as "left | right" texts, in order. */
export function receiptRows(page: Page): Promise<string[]> {
  return page
    .locator('.receipt .receipt-row')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector('.receipt-left')?.textContent ?? ''} | ${row.querySelector('.receipt-right')?.textContent ?? ''}`,
      ),
    );
}
