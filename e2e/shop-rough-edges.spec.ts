import { type Locator, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer } from './support/accounts';
import { uniquePhone } from './support/phones';
import { latestCode } from './support/sms';
import { snap } from './support/ui';

// Issue 29, the shopper's rough edges, against the server's demo data (SEED_DEMO=1: "Deshi Chicken"
// in stock, the area Mirpur) and the fake bKash: a guest sent from Checkout to sign in is told why
// and comes back to checkout with the cart; checkout remembers the last order's area and address; a
// paid order says "Paid in full"; the product pop-up links to the product's page; at 390 px the
// order's tables are not cut off and the signed-in top bar keeps to two rows. Runs at 1280 px and
// measures at 390 px; English and Bangla.

type Lang = 'en' | 'bn';

const T = {
  en: {
    reason: 'Sign in or create an account to place your order',
    phone: 'Phone',
    password: 'Password',
    login: 'Login',
    createAccount: 'Create an account',
    addToCart: 'Add to cart',
    checkout: 'Checkout',
    area: 'Area',
    address: 'Address',
    paidInFull: 'Paid in full',
    productPage: 'Open product page',
    view: /^View order #/,
    buyAgain: /^Buy order #\d+ again$/,
    invoice: 'Invoice',
    chicken: 'Deshi Chicken',
  },
  bn: {
    reason: 'অর্ডার করতে লগইন করুন অথবা নতুন অ্যাকাউন্ট খুলুন',
    phone: 'ফোন',
    password: 'পাসওয়ার্ড',
    login: 'লগইন',
    createAccount: 'নতুন অ্যাকাউন্ট খুলুন',
    addToCart: 'কার্টে যোগ করুন',
    checkout: 'চেকআউট',
    area: 'এলাকা',
    address: 'ঠিকানা',
    paidInFull: 'সম্পূর্ণ পরিশোধিত',
    productPage: 'পণ্যের পেজ খুলুন',
    view: /^অর্ডার #\d+ দেখুন$/,
    buyAgain: /^অর্ডার #\d+ আবার কিনুন$/,
    invoice: 'ইনভয়েস',
    chicken: 'দেশি মুরগি',
  },
} as const;

/** Screenshots at 1280 and 390 px (named by language), then back to 1280. */
async function snapBoth(page: Page, testInfo: TestInfo, name: string, check?: () => Promise<void>) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await check?.();
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Switches the screens to Bangla with the top bar's switch, as a person does. */
async function toBangla(page: Page) {
  await page.getByRole('banner').getByTestId('language-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
}

/** Types into a field key by key. */
async function type(field: Locator, text: string) {
  await field.click();
  await field.pressSequentially(text);
}

/** Searches the shop for Deshi Chicken and puts it in the cart; opens the cart and presses Checkout. */
async function chickenToCheckout(page: Page, lang: Lang) {
  const banner = page.getByRole('banner');
  await type(banner.getByRole('searchbox'), 'Deshi Chicken');
  const result = page.getByRole('article', { name: T[lang].chicken, exact: true });
  await result.getByRole('button', { name: T[lang].addToCart }).click();
  await banner.getByRole('button', { name: /\(/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: T[lang].checkout }).click();
}

/** Signs in with the login form, typing. */
async function signIn(page: Page, lang: Lang, phone: string, password: string) {
  await type(page.getByLabel(T[lang].phone, { exact: true }), phone);
  await type(page.getByLabel(T[lang].password, { exact: true }), password);
  await page.getByRole('main').getByRole('button', { name: T[lang].login, exact: true }).click();
}

/** Whether a box shows all it holds across (nothing cut off or scrolled away). */
const fitsAcross = (box: Locator) => box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1);

test.describe('the shopper’s rough edges (issue 29)', () => {
  test('a guest from Checkout is told why, registers, verifies and is back at checkout with the cart', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await chickenToCheckout(page, 'en');
    await expect(page).toHaveURL('/login?next=%2Fuser%2Fcheckout');
    await expect(page.getByRole('status').filter({ hasText: T.en.reason })).toBeVisible();
    await snapBoth(page, testInfo, 'login-reason-en');

    await page.getByRole('link', { name: T.en.createAccount }).click();
    await expect(page).toHaveURL('/register?next=%2Fuser%2Fcheckout');
    await expect(page.getByText(T.en.reason)).toBeVisible();
    const phone = uniquePhone();
    await type(page.getByLabel('Name'), 'Guest Shopper');
    await type(page.getByLabel('Phone'), phone);
    await type(page.getByLabel('Password'), 'secret-123');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page).toHaveURL('/varify?next=%2Fuser%2Fcheckout');
    await type(page.getByLabel('Code'), await latestCode(phone, 'verify'));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL('/user/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Order summary' }).getByText('Deshi Chicken'),
    ).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Cart(1)' })).toBeVisible();
  });

  test('in Bangla the login page says why, and signing in goes back to checkout', async ({
    page,
    request,
  }, testInfo) => {
    const customer = await createCustomer(request, { name: 'Bangla Shopper' });
    await page.goto('/');
    await toBangla(page);
    await chickenToCheckout(page, 'bn');
    await expect(page).toHaveURL('/login?next=%2Fuser%2Fcheckout');
    await expect(page.getByRole('status').filter({ hasText: T.bn.reason })).toBeVisible();
    await snapBoth(page, testInfo, 'login-reason-bn');
    await signIn(page, 'bn', customer.phone, customer.password);
    await expect(page).toHaveURL('/user/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'চেকআউট' })).toBeVisible();
    await expect(page.getByRole('region').getByRole('listitem')).toHaveCount(1);
  });

  test('a next of another site is never followed, and an admin still goes to /admin', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request);
    for (const next of ['https://evil.example/', '//evil.example/', '/\\evil.example']) {
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
      await expect(page.getByText(T.en.reason)).toHaveCount(0);
      await signIn(page, 'en', customer.phone, customer.password);
      await expect(page).toHaveURL('/');
      await page.evaluate(() => localStorage.removeItem('info'));
    }
    await page.goto('/login?next=%2Fuser%2Fcheckout');
    await signIn(page, 'en', '01700000000', 'admin-pass-1');
    await expect(page).toHaveURL('/admin');
  });

  test('checkout remembers the last order’s area and address; a paid order says Paid in full; tables and top bar fit a phone', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const customer = await createCustomer(request, { name: 'Paid Shopper' });
    await page.goto('/login');
    await signIn(page, 'en', customer.phone, customer.password);
    await expect(page).toHaveURL('/');

    // The first order: area and address chosen by hand, paid with bKash.
    await chickenToCheckout(page, 'en');
    await expect(page).toHaveURL('/user/checkout');
    await expect(page.getByLabel('Area')).toHaveValue('');
    await page.getByLabel('Area').selectOption('Mirpur');
    await type(page.getByLabel('Address'), 'House 9, Road 1, Mirpur 10');
    await page.getByRole('group', { name: 'Payment' }).getByLabel('bKash').check();
    await page.getByRole('button', { name: 'Place Order' }).click();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page).toHaveURL(/\/user\/success\?order=\d+&payment=paid$/);
    const id = new URL(page.url()).searchParams.get('order') ?? '';

    // The order list: nothing left to pay.
    await page.getByRole('main').getByRole('link', { name: 'My orders' }).click();
    const card = page.getByRole('article', { name: `Order #${id}` });
    await expect(card.getByText('Paid', { exact: true })).toBeVisible();
    await expect(card.getByTestId('order-to-pay')).toHaveText(T.en.paidInFull);
    await expect(card.getByText('Amount to pay')).toHaveCount(0);

    for (const lang of ['en', 'bn'] as const) {
      if (lang === 'bn') await toBangla(page);
      const t = T[lang];
      // The order's pop-up: Paid in full, and its products table whole at 390 px.
      await page.getByRole('button', { name: t.view }).click();
      const modal = page.getByRole('dialog');
      await expect(modal.getByTestId('order-due')).toHaveText(t.paidInFull);
      await snapBoth(page, testInfo, `order-popup-${lang}`, async () => {
        const table = modal.locator('.table-responsive');
        await expect(table).toBeVisible();
        expect(await fitsAcross(table)).toBe(true);
        expect(await fitsAcross(modal.locator('.modal-body'))).toBe(true);
        // The line's total is on screen, not scrolled away.
        const total = modal.locator('td[data-label]').last();
        await expect(total).toBeInViewport();
      });

      // The invoice: Paid in full, its payments whole at 390 px.
      await modal.getByRole('link', { name: t.invoice }).click();
      await expect(page).toHaveURL(`/invoice/${id}`);
      await expect(page.getByTestId('invoice-paid')).toHaveText(t.paidInFull);
      await snapBoth(page, testInfo, `invoice-${lang}`, async () => {
        const payments = page.locator('.invoice-sheet .table-responsive').last();
        await payments.scrollIntoViewIfNeeded();
        await expect(payments.locator('caption')).toBeInViewport();
        expect(await fitsAcross(payments)).toBe(true);
        expect(await fitsAcross(page.locator('.invoice-sheet .table-responsive').first())).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      });
      await page.goBack();
      await expect(page).toHaveURL('/user/orders');
    }

    // Buy again: checkout fills the last order's area and address (Bangla), still editable.
    await page.getByRole('button', { name: T.bn.buyAgain }).click();
    await page.getByRole('banner').getByRole('button', { name: /\(/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: T.bn.checkout }).click();
    await expect(page).toHaveURL('/user/checkout');
    await expect(page.getByLabel(T.bn.area)).toHaveValue('Mirpur');
    await expect(page.getByLabel(T.bn.address)).toHaveValue('House 9, Road 1, Mirpur 10');
    await snapBoth(page, testInfo, 'checkout-prefilled-bn');
    await page.getByLabel(T.bn.address).press('End');
    await page.getByLabel(T.bn.address).pressSequentially(', gate 2');
    await expect(page.getByLabel(T.bn.address)).toHaveValue('House 9, Road 1, Mirpur 10, gate 2');

    // The signed-in top bar on a phone: one row of buttons above the search box, in both languages.
    for (const lang of ['bn', 'en'] as const) {
      if (lang === 'en') {
        await page.getByRole('banner').getByTestId('language-switch').click();
        await expect(page.locator('html')).toHaveAttribute('lang', 'en');
        await page.reload();
        await expect(page.getByLabel(T.en.area)).toHaveValue('Mirpur');
        await snapBoth(page, testInfo, 'checkout-prefilled-en');
      }
      await page.setViewportSize({ width: 390, height: 844 });
      const bar = page.getByRole('banner');
      const menu = await bar.getByRole('button').first().boundingBox();
      const profile = await bar
        .getByRole('link', { name: lang === 'en' ? 'Profile' : 'প্রোফাইল' })
        .boundingBox();
      const search = await bar.getByRole('searchbox').boundingBox();
      const whole = await bar.boundingBox();
      expect(menu && profile && search && whole).toBeTruthy();
      if (!menu || !profile || !search || !whole) return;
      expect(Math.abs(profile.y - menu.y)).toBeLessThan(8); // Profile on the first row
      expect(search.y).toBeGreaterThan(menu.y + menu.height - 1); // the search box below it
      expect(whole.height).toBeLessThan(120); // two rows, not three
      await snap(page, testInfo, `top-bar-${lang}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await snap(page, testInfo, `top-bar-${lang}`);
    }
  });

  test('the product pop-up links to the product’s own page', async ({ page }, testInfo) => {
    await page.goto('/');
    for (const lang of ['en', 'bn'] as const) {
      if (lang === 'bn') await toBangla(page);
      const t = T[lang];
      const search = page.getByRole('banner').getByRole('searchbox');
      await search.clear();
      await type(search, 'Deshi Chicken');
      await page
        .getByRole('article', { name: t.chicken, exact: true })
        .getByRole('button', { name: t.chicken, exact: true })
        .click();
      const modal = page.getByRole('dialog');
      const link = modal.getByRole('link', { name: t.productPage });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', /^\/product\/\d+$/);
      await snapBoth(page, testInfo, `product-popup-${lang}`, async () => {
        await expect(link).toBeInViewport();
      });
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      await expect(page).toHaveURL(href);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByRole('main').getByRole('button', { name: t.addToCart })).toBeVisible();
      await page.goto('/');
    }
  });
});
