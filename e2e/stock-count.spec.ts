import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { adminApiAuth, expectAllBangla, shopTexts } from './support/bangla';
import { uniquePhone } from './support/phones';
import { expectSuccessToast, snap, speak } from './support/ui';
import type { Auth } from './till-helpers';

// Issue 28, counting the shelf: a stock keeper counts a brand on a phone (390 px) with a USB
// scanner's keys (each code typed key by key, then Enter) and a typed weight, never seeing what the
// books expect; a till sale happens while the shelf is counted; a manager reviews the differences
// on a computer and approves them. The stock then holds what was counted less what was sold since
// the count started. The screens are pictured at 390 and 1280 px, in English and in Bangla.

type Person = { name: string; phone: string; password: string };
type Made = { id: number; title: string; title_bn: string; barcode: string };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The owner adds a member of staff through the Staff screen's own call. */
async function addStaff(request: APIRequestContext, auth: Auth, role: string, name: string): Promise<Person> {
  const person = { name, phone: uniquePhone(), password: `${role}-pass-1` };
  const made = await request.post('/api/staff', { headers: auth, data: { ...person, pin: '1234', role } });
  expect(made.status(), await made.text()).toBe(201);
  return person;
}

/** A product of `brand` through the back office's own call (multipart, with a picture). */
async function addProduct(
  request: APIRequestContext,
  auth: Auth,
  brand: number,
  fields: { title: string; title_bn: string; qty: number; buyprice: number; unit?: 'pcs' | 'kg' },
): Promise<Made> {
  const answer = await request.post('/api/product/add', {
    headers: auth,
    multipart: {
      title: fields.title,
      title_bn: fields.title_bn,
      attri: '',
      attri_bn: '',
      price: '50',
      buyprice: String(fields.buyprice),
      qty: String(fields.qty),
      tags: 'e2e count',
      brand_id: String(brand),
      unit: fields.unit ?? 'pcs',
      plu: '',
      image: { name: 'p.png', mimeType: 'image/png', buffer: PNG },
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const [product] = ((await answer.json()) as { data: Made[] }).data;
  expect(product?.barcode, 'the new product has a barcode').toBeTruthy();
  return product!;
}

const qtyOf = async (request: APIRequestContext, auth: Auth, id: number) =>
  ((await (await request.get(`/api/product/${id}`, { headers: auth })).json()) as { data: { qty: number } })
    .data.qty;

/** Signs in on the login page, typing as a person does. */
async function signIn(page: Page, person: Person): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Phone').pressSequentially(person.phone);
  await page.getByLabel('Password').pressSequentially(person.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/admin/);
}

/** Neither the page nor a table in it is wider than the screen. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const found = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
    tables: Array.from(document.querySelectorAll('.table-responsive'))
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.querySelector('table')?.className ?? ''),
  }));
  expect(found.page, 'the page is no wider than the screen').toBeLessThanOrEqual(found.view);
  expect(found.tables, 'no table scrolls sideways').toEqual([]);
}

/** Pictures at both widths (the page's own first, then the other), back to the page's own width. */
async function snapWidths(page: Page, name: string, focus: Locator): Promise<void> {
  await expect(page.locator('.toast-host .toast')).toHaveCount(0, { timeout: 10_000 });
  const own = page.viewportSize() ?? { width: 1280, height: 800 };
  const other = own.width === 390 ? { width: 1280, height: 800 } : { width: 390, height: 844 };
  for (const size of [own, other]) {
    await page.setViewportSize(size);
    await expectNoSidewaysScroll(page);
    await focus.scrollIntoViewIfNeeded();
    await snap(page, test.info(), name);
  }
  await page.setViewportSize(own);
}

test('a stock keeper counts a brand on a phone with a scanner, a manager reviews and approves', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36).slice(-5);
  const owner = await adminApiAuth(request);
  const data = shopTexts(request, owner);
  const keeper = await addStaff(request, owner, 'stock', `E2E Keeper ${stamp}`);
  const manager = await addStaff(request, owner, 'manager', `E2E Count Manager ${stamp}`);
  const brandTitle = `E2E Count Brand ${stamp}`;
  const brandAnswer = await request.post('/api/brand/add', {
    headers: owner,
    data: { title: brandTitle, title_bn: 'গণনার ব্র্যান্ড' },
  });
  expect(brandAnswer.status(), await brandAnswer.text()).toBe(201);
  const brand = ((await brandAnswer.json()) as { data: { id: number } }).data.id;
  // The books: 10 soaps, 8 biscuit packs, 5 kg of lentils, and 6 tea packs nobody will count.
  const soap = await addProduct(request, owner, brand, {
    title: `E2E Count Soap ${stamp}`,
    title_bn: `গণনার সাবান ${stamp}`,
    qty: 10,
    buyprice: 30,
  });
  const biscuit = await addProduct(request, owner, brand, {
    title: `E2E Count Biscuit ${stamp}`,
    title_bn: `গণনার বিস্কুট ${stamp}`,
    qty: 8,
    buyprice: 20,
  });
  const lentils = await addProduct(request, owner, brand, {
    title: `E2E Count Lentils ${stamp}`,
    title_bn: `গণনার ডাল ${stamp}`,
    qty: 5,
    buyprice: 100,
    unit: 'kg',
  });
  const tea = await addProduct(request, owner, brand, {
    title: `E2E Count Tea ${stamp}`,
    title_bn: `গণনার চা ${stamp}`,
    qty: 6,
    buyprice: 40,
  });

  // ---- the stock keeper, on a phone
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  let countId: number;
  try {
    await signIn(page, keeper);
    await page.getByRole('button', { name: 'Show or hide the admin menu' }).click();
    await page
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Stock count', exact: true })
      .click();
    await expect(page.getByRole('heading', { name: 'Stock counts', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Start a count' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start a count' });
    await dialog.getByLabel('A brand').check();
    await dialog.getByLabel('Brand', { exact: true }).selectOption({ label: brandTitle });
    await snap(page, test.info(), 'start-en');
    await dialog.getByRole('button', { name: 'Start counting' }).click();
    await expect(page).toHaveURL(/\/admin\/stock-counts\/\d+\/count$/);
    countId = Number(/stock-counts\/(\d+)\/count/.exec(page.url())?.[1]);
    await expectSuccessToast(page, `Count #${countId} started: 4 products to count.`);
    await expect(page.getByRole('list', { name: 'Not counted yet 4' })).toBeVisible();

    // A USB scanner types each code and Enter: soap three times, biscuit twice.
    const box = page.getByRole('combobox', { name: 'Scan or search a product' });
    const now = page.locator('.counting-now');
    const scanned = async (code: string) => {
      await box.click();
      await page.keyboard.type(code);
      await page.keyboard.press('Enter');
      await expect(box).toHaveValue('');
    };
    for (const n of [1, 2, 3]) {
      await scanned(soap.barcode);
      await expect(now.getByTestId('tally-mine')).toHaveText(`${n} pcs`);
    }
    for (const n of [1, 2]) {
      await scanned(biscuit.barcode);
      await expect(now.getByTestId('tally-mine')).toHaveText(`${n} pcs`);
    }
    await expect(now.getByTestId('tally-everyone')).toHaveText('2 pcs');

    // Lentils, found by name, weighed: 4.5 kg typed.
    await box.click();
    await page.keyboard.type('Lentils');
    await page
      .getByRole('listbox', { name: 'Products of this count' })
      .getByRole('option', { name: lentils.title })
      .click();
    const weight = now.getByLabel('Kilograms to add');
    await weight.click();
    await page.keyboard.type('4.5');
    await page.keyboard.press('Enter');
    await expect(now.getByTestId('tally-mine')).toHaveText('4.5 kg');
    await expect(page.getByRole('list', { name: 'Not counted yet 1' })).toHaveText(new RegExp(tea.title));
    const last = page.getByRole('list', { name: 'Last counts' }).getByRole('listitem');
    await expect(last).toHaveCount(6);
    await expect(last.first()).toContainText('+4.5 kg');
    await expect(page.locator('.last-counts [data-state="saved"]')).toHaveCount(6);

    // Blind: no expected quantity on the screen, nor in what the server sent the counter.
    await expect(page.getByRole('main')).not.toContainText('Expected');
    const counted = page.getByRole('list', { name: 'Counted 3' });
    await expect(counted.locator(`[data-product-id]`)).toHaveText([
      new RegExp(`${biscuit.title}.*My count 2 pcs · Everyone 2 pcs`),
      new RegExp(`${lentils.title}.*My count 4.5 kg · Everyone 4.5 kg`),
      new RegExp(`${soap.title}.*My count 3 pcs · Everyone 3 pcs`),
    ]);
    const asKeeper = await page.evaluate(async (id) => {
      const answer = await fetch(`/api/stocktakes/${id}`, {
        headers: { Authorization: `Bearer ${localStorage.getItem('info')}` },
      });
      return ((await answer.json()) as { data: { items: Record<string, unknown>[] } }).data.items;
    }, countId);
    expect(asKeeper).toHaveLength(4);
    expect(asKeeper.filter((line) => 'expected' in line || 'difference' in line || 'value' in line)).toEqual(
      [],
    );

    await snapWidths(page, 'count-en', page.getByRole('heading', { level: 1 }));
    await speak(page, 'bn');
    await expect(page.getByRole('heading', { name: `গণনা #${countId}` })).toBeVisible();
    await snapWidths(page, 'count-bn', page.getByRole('heading', { level: 1 }));
    await snapWidths(page, 'count-lists-bn', page.getByRole('heading', { name: 'গোনা হয়েছে' }));
    await speak(page, 'en');
  } finally {
    await phone.close();
  }

  // A till sale while the shelf is counted: 2 soaps leave the shop.
  const sale = await request.post('/api/order/add', {
    headers: owner,
    data: { terminal: 1, ship: 0, paid: 100, carts: [{ product_id: soap.id, quantity: 2 }] },
  });
  expect(sale.status(), await sale.text()).toBe(201);

  // ---- the manager, on a computer
  const computer = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const desk = await computer.newPage();
  try {
    await signIn(desk, manager);
    await desk
      .getByRole('navigation', { name: 'Admin menu' })
      .getByRole('link', { name: 'Stock count', exact: true })
      .click();
    await expect(desk.locator(`tr[data-stocktake-id="${countId}"]`)).toContainText(
      '3 of 4 counted · 0 approved',
    );
    await snapWidths(desk, 'counts-en', desk.getByRole('heading', { level: 1 }));
    await desk.getByRole('link', { name: `Review count #${countId}` }).click();
    await expect(desk.getByRole('heading', { name: `Review of count #${countId}` })).toBeVisible();

    // Largest value first: soap 10 → 3 (−7 × 30), biscuit 8 → 2 (−6 × 20), lentils 5 → 4.5 (−0.5 × 100),
    // then the tea nobody counted.
    const rows = desk.locator('.review-table tbody tr');
    await expect(rows).toHaveCount(4);
    const cells = (row: Locator) =>
      row
        .locator('[data-label]')
        .evaluateAll((tds) =>
          tds
            .filter((td) =>
              ['Expected', 'Counted', 'Difference', 'Value'].includes(td.getAttribute('data-label') ?? ''),
            )
            .map((td) => td.textContent),
        );
    expect(await cells(rows.nth(0))).toEqual(['10 pcs', '3 pcs', '-7 pcs', '-210 BDT']);
    expect(await cells(rows.nth(1))).toEqual(['8 pcs', '2 pcs', '-6 pcs', '-120 BDT']);
    expect(await cells(rows.nth(2))).toEqual(['5 kg', '4.5 kg', '-0.5 kg', '-50 BDT']);
    expect(await cells(rows.nth(3))).toEqual(['6 pcs', '—', '—', '—']);
    await expect(rows.nth(3)).toContainText('Not counted');
    await expect(rows.nth(3)).toContainText('Keeps its books on “Approve all counted”');
    await expect(rows.nth(0)).toContainText(soap.title);
    await expect(desk.getByTestId('review-losses')).toHaveText('-380 BDT');
    await expect(desk.getByTestId('review-gains')).toHaveText('0 BDT');
    await snapWidths(desk, 'review-en', desk.getByRole('heading', { level: 1 }));

    // In Bangla, every word is Bangla but the data (the brand's and the people's names).
    await speak(desk, 'bn');
    await expect(desk.getByRole('heading', { name: `গণনা #${countId} যাচাই` })).toBeVisible();
    await expect(desk.getByTestId('review-losses')).toHaveText('-৩৮০ টাকা');
    await expectAllBangla(desk.getByRole('main'), [
      ...(await data()),
      brandTitle,
      keeper.name,
      ...[soap, biscuit, lentils, tea].map((p) => p.title_bn),
    ]);
    await snapWidths(desk, 'review-bn', desk.getByRole('heading', { level: 1 }));
    await speak(desk, 'en');

    await desk.getByRole('button', { name: 'Approve all counted' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Approve all counted lines?' });
    await expect(confirm).toContainText('3 counted lines change the stock by their difference');
    await expect(confirm).toContainText('1 product nobody counted keeps its books.');
    await snap(desk, test.info(), 'review-confirm-en');
    await confirm.getByRole('button', { name: 'Approve all counted' }).click();
    await expectSuccessToast(desk, `Count #${countId} approved and closed.`);
    await expect(desk.getByText(/This count is approved and closed/)).toBeVisible();
    await expect(rows.getByText('Approved', { exact: true })).toHaveCount(3);
    await expect(rows.nth(3)).toContainText('Not counted');
    await expect(rows.nth(3)).toContainText('Its stock stayed as the books had it');
    await snapWidths(desk, 'review-approved-en', desk.getByRole('heading', { level: 1 }));
  } finally {
    await computer.close();
  }

  // What was counted, less the 2 soaps sold after the count started.
  expect(await qtyOf(request, owner, soap.id)).toBe(1);
  expect(await qtyOf(request, owner, biscuit.id)).toBe(2);
  expect(await qtyOf(request, owner, lentils.id)).toBe(4.5);
  // Nobody counted the tea: it keeps its books.
  expect(await qtyOf(request, owner, tea.id)).toBe(6);
});
