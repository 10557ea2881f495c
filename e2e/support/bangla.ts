import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

import { E2E } from './env';

type Auth = { Authorization: string };

/**
 * The words in Latin letters a screen in Bangla shows, once the texts that are data are taken out
 * (a customer's name and address as typed, a phone, the shop's name): in Bangla mode every text of
 * the shop's own is Bangla, so what is left must be nothing. Hidden elements and <script>/<style>
 * are not read; neither is anything marked `translate="no"` (codes such as bKash transaction ids)
 * or written in another language on purpose (`lang="en"`: the switch offering English by its name),
 * nor keys' names in <kbd> (as the keyboard's keys print them).
 */
export async function latinWords(scope: Locator, data: readonly string[] = []): Promise<string[]> {
  // A text's placeholder ({amount} in an SMS text) is a code, as the owner types it.
  const left = without(await banglaText(scope), data).replace(/\{[a-z_]+\}/g, ' ');
  return [...new Set(left.match(/[A-Za-z]{2,}/g) ?? [])].filter((word) => !KEY_NAMES.has(word));
}

/**
 * The numbers written in Latin digits a screen in Bangla shows, once the data is taken out (read as
 * latinWords reads words). An order's number after "#" is a reference written as it is.
 */
export async function latinNumbers(scope: Locator, data: readonly string[] = []): Promise<string[]> {
  // "A4" is a paper's name, written so in Bangla too.
  const left = without(await banglaText(scope), data)
    .replace(/#\d+/g, ' ')
    .replace(/\bA4\b/g, ' ');
  // Each with the words around it: "৩ অর্ডার, 2 বাকি" says where to look.
  return [
    ...new Set(
      [...left.matchAll(/[0-9]+/g)].map((m) =>
        left.slice(Math.max(0, m.index - 20), m.index + 20).replace(/\s+/g, ' '),
      ),
    ),
  ];
}

/** The text taken out of `text`, each piece of data in turn (longest first). */
function without(text: string, data: readonly string[]): string {
  let left = text;
  for (const value of data) left = left.split(value).join(' ');
  return left;
}

/** What a person reads (and a screen reader says) in the Bangla parts of `scope`. */
function banglaText(scope: Locator): Promise<string> {
  return scope.evaluate((root) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // <kbd>: a key's name as printed on the keyboard (Enter, Esc, F9).
      if (!parent || parent.closest('script, style, noscript, kbd, [translate="no"], [hidden]')) continue;
      if (parent.closest('[lang]')?.getAttribute('lang') !== 'bn') continue;
      const style = getComputedStyle(parent);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      parts.push(node.textContent ?? '');
    }
    // What assistive technology reads but the eye does not: labels and titles of controls.
    for (const el of Array.from(root.querySelectorAll('[aria-label], [placeholder], [title]'))) {
      if (el.closest('[translate="no"], [hidden]') || el.closest('[lang]')?.getAttribute('lang') !== 'bn')
        continue;
      for (const name of ['aria-label', 'placeholder', 'title']) parts.push(el.getAttribute(name) ?? '');
    }
    return parts.join('\n');
  });
}

/** Keys as a keyboard prints them, which a Bangla text names in Latin letters too ("Enter চাপুন"). */
const KEY_NAMES = new Set([
  'Enter',
  'Esc',
  'Tab',
  'Shift',
  'Ctrl',
  'Alt',
  // Names of formats, ports and systems, which Bangla writes as they are (a file is "CSV ফাইল").
  'CSV',
  'XLSX',
  'JPEG',
  'PNG',
  'WebP',
  'GIF',
  'PDF',
  'USB',
  'COM',
  'Windows',
  'Linux',
  'HTTP',
  'HTTPS',
  'URL',
  'https',
  'QR',
  'PIN',
  'PLU',
]);

/** Fails (softly: the test goes on, to find every one) with the English words a Bangla screen shows. */
export async function expectAllBangla(scope: Locator, data: readonly string[] = []): Promise<void> {
  expect.soft(await latinWords(scope, data), 'English words on a screen in Bangla').toEqual([]);
}

/** Latin digits left in a text (Bangla screens write numbers in Bengali digits). */
export const latinDigits = (text: string | null) => (text ?? '').match(/[0-9]/g) ?? [];

// ---- the shop's data: texts a Bangla screen shows as they were typed ----------------------------

async function pages<T>(request: APIRequestContext, auth: Auth, url: string): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await request.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&per_page=100`, {
      headers: auth,
    });
    expect(answer.status(), url).toBe(200);
    const body = (await answer.json()) as { data: T[]; meta: { last_page: number } };
    rows.push(...body.data);
    if (page >= body.meta.last_page) return rows;
  }
}

/** The texts of the shop's data the back office shows: products, orders' people, expenses, the shop. */
async function readShopData(request: APIRequestContext, auth: Auth): Promise<string[]> {
  type Product = {
    title: string;
    title_bn: string;
    attri: string;
    attri_bn: string;
    brand: { title: string; title_bn: string } | null;
  };
  type Order = {
    name: string;
    phone: string;
    address: string;
    area: string;
    note: string;
    /** The rider it is with (issue 27): a member of staff's name, as typed. */
    rider?: { name: string } | null;
  };
  const products = await pages<Product>(request, auth, '/api/products');
  const orders = await pages<Order>(request, auth, '/api/orders');
  const expenses = await pages<{ details: string }>(request, auth, '/api/expances');
  const areas = (
    (await (await request.get('/api/areas')).json()) as { data: Array<{ title: string; title_bn: string }> }
  ).data;
  const shop = ((await (await request.get('/api/shop-info')).json()) as { data: Record<string, string> })
    .data;
  const me = (await (await request.get('/api/profile', { headers: auth })).json()) as { name?: string };
  return [
    // A product's English names only where it has no Bangla one: a Bangla screen shows the Bangla.
    ...products.flatMap((p) => [
      p.title_bn ? '' : p.title,
      p.attri_bn ? '' : p.attri,
      p.brand && !p.brand.title_bn ? p.brand.title : '',
    ]),
    ...orders.flatMap((o) => [o.name, o.phone, o.address, o.area, o.note, o.rider?.name ?? '']),
    ...expenses.map((e) => e.details),
    // Areas other tests add have no Bangla name: their English one is what a Bangla screen shows.
    ...areas.filter((a) => !a.title_bn).map((a) => a.title),
    shop.name ?? '',
    shop.address ?? '',
    me.name ?? '',
  ]
    .filter((text) => text.length > 1)
    .sort((a, b) => b.length - a.length); // longest first: a name is taken out before its parts
}

/**
 * The shop's data texts (readShopData) for a test's checks, read afresh at each call and kept: a
 * text seen once stays data for the rest of the test, since another test may change or delete what
 * a screen has loaded (an area it added) between the screen's load and the check. Call it before a
 * screen loads too. Given the page, the areas the page itself loads are data as well: another test
 * can add an area and delete it again between two calls, while the screen loads it (a CI run showed
 * the till's area list holding "E2E Area …" that neither call saw).
 */
export function shopTexts(request: APIRequestContext, auth: Auth, page?: Page): () => Promise<string[]> {
  const seen = new Set<string>();
  const reading: Promise<void>[] = [];
  page?.on('response', (answer) => {
    if (new URL(answer.url()).pathname !== '/api/areas' || answer.status() !== 200) return;
    reading.push(
      answer
        .json()
        .then((body: { data?: Array<{ title: string; title_bn: string | null }> }) => {
          for (const area of body.data ?? [])
            if (!area.title_bn && area.title.length > 1) seen.add(area.title);
        })
        // A body the browser no longer holds (the page moved on): the calls' own reading covers it.
        .catch(() => undefined),
    );
  });
  return async () => {
    for (const text of await readShopData(request, auth)) seen.add(text);
    await Promise.all(reading);
    return [...seen].sort((a, b) => b.length - a.length); // longest first: a name before its parts
  };
}

/** An admin's Authorization header, signed in through the API (the page's session is untouched). */
export async function adminApiAuth(request: APIRequestContext): Promise<Auth> {
  const answer = await request.post('/api/login', {
    data: { phone: E2E.adminPhone, password: E2E.adminPassword },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  return { Authorization: `Bearer ${((await answer.json()) as { token: string }).token}` };
}

/**
 * Every text the page was sent as data: the string values of the JSON its /api/ calls answered
 * (names, addresses, notes, codes as typed, by this test or by others running at the same time).
 * A record's English field is not data where it has a Bangla one beside it (`title` and `title_bn`):
 * a Bangla screen must show the Bangla. Values made of lower-case letters alone are the server's
 * codes (`pending`, `cash`), never data: a screen that shows one untranslated is caught.
 */
export function answeredTexts(page: Page): () => Promise<string[]> {
  const seen = new Set<string>();
  const reading: Promise<void>[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      // Words ("1 L", a Bangla name with a number in it), or a phone, a barcode or an address of the
      // network; never an amount ("120.50") or a date ("2026-11-30"), which a screen writes itself.
      const typed = /\p{L}/u.test(value) || /\d{7}/.test(value) || /^\d+(\.\d+){3}$/.test(value);
      if (typed && !/^[a-z_]+$/.test(value)) seen.add(value);
    } else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      for (const [key, field] of Object.entries(record)) {
        const bangla = record[`${key}_bn`];
        if (typeof field === 'string' && typeof bangla === 'string' && bangla.trim() !== '') continue;
        walk(field);
      }
    }
  };
  page.on('response', (answer) => {
    if (!new URL(answer.url()).pathname.startsWith('/api/')) return;
    if (!(answer.headers()['content-type'] ?? '').includes('json')) return;
    reading.push(
      answer
        .json()
        .then(walk)
        .catch(() => undefined),
    );
  });
  return async () => {
    await Promise.all(reading);
    return [...seen].sort((a, b) => b.length - a.length); // longest first: a name before its parts
  };
}
