import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer, logIn, stored } from './support/accounts';
import { expectErrorToast, expectSuccessToast, snap } from './support/ui';

// The storefront's catalogue against the server's demo data (SEED_DEMO=1): categories Food > Meat &
// Fish > Chicken, whose products include "Chicken Broiler" (in stock, offer 195 BDT instead of 210)
// and "Chicken Sausage" (stock out). Runs at 1280 px (project desktop).

/** Opens Food > Meat & Fish > Chicken from the side menu. */
async function openChickenCategory(page: Page) {
  const menu = page.getByRole('navigation', { name: 'Categories' });
  await menu.getByRole('button', { name: 'Show subcategories of Food' }).click();
  await menu.getByRole('button', { name: 'Show subcategories of Meat & Fish' }).click();
  await menu.getByRole('link', { name: 'Chicken', exact: true }).click();
  await expect(page).toHaveURL(/\/category\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Category: Chicken' })).toBeVisible();
}

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

test.describe('storefront catalogue', () => {
  test('home, category from the menu, product modal, cart adds and the cart panel', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Daily campaign' }).getByRole('img').first()).toBeVisible();
    for (const section of ['Offer Products', 'Popular Products']) {
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('heading', { name: section })).toBeVisible();
      await expect(region.getByRole('article').first()).toBeVisible();
    }
    await snap(page, testInfo, 'home');

    await openChickenCategory(page);
    await expect(card(page, 'Chicken Sausage').getByText('Stock Out')).toBeVisible();
    await expect(card(page, 'Chicken Sausage').getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
    await snap(page, testInfo, 'category');

    const broiler = card(page, 'Chicken Broiler');
    await expect(broiler.getByText('195 BDT')).toBeVisible();
    await expect(broiler.locator('del')).toContainText('210 BDT');
    await broiler.getByRole('button', { name: 'Chicken Broiler' }).click();
    const modal = page.getByRole('dialog', { name: 'Chicken Broiler' });
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('img', { name: 'Chicken Broiler' })).toBeVisible();
    await expect(modal.getByText(/^Brand: /)).toBeVisible();
    await expect(modal.getByText('1 kg', { exact: true })).toBeVisible();
    await snap(page, testInfo, 'product-modal');

    const banner = page.getByRole('banner');
    await modal.getByRole('button', { name: 'Add to cart' }).click();
    await expectSuccessToast(page, 'Product added into cart');
    await expect(banner.getByRole('button', { name: 'Cart(1)' })).toBeVisible();
    await modal.getByRole('button', { name: 'Add to cart' }).click();
    await expectErrorToast(page, 'Already added into cart');
    await expect(banner.getByRole('button', { name: 'Cart(1)' })).toBeVisible();

    const lines = JSON.parse((await stored(page, 'carts')) ?? '[]') as Array<Record<string, unknown>>;
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ title: 'Chicken Broiler', price: 195, atrri: '1 kg', qty: 1 });

    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();

    await banner.getByRole('button', { name: 'Cart(1)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByText('Chicken Broiler')).toBeVisible();
    await expect(panel.getByText('195 BDT').first()).toBeVisible();
    await panel.getByRole('button', { name: 'One more Chicken Broiler' }).click();
    await expect(panel.getByLabel('Quantity of Chicken Broiler')).toHaveText('2');
    await expect(banner.getByRole('button', { name: 'Cart(2)' })).toBeAttached();
    await snap(page, testInfo, 'cart');
    await panel.getByRole('button', { name: 'One less Chicken Broiler' }).click();
    await expect(panel.getByLabel('Quantity of Chicken Broiler')).toHaveText('1');
    await panel.getByRole('button', { name: 'One less Chicken Broiler' }).click();
    await expect(panel.getByText('Chicken Broiler')).toHaveCount(0);
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    expect(await stored(page, 'carts')).toBe('[]');
  });

  test('search from the top box (with a typo) and by address', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
    const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });

    await box.fill('chiken');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
    await expect(card(page, 'Chicken Broiler')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Offer Products' })).toHaveCount(0);
    await snap(page, testInfo, 'search-box');

    await box.fill('');
    await expect(page.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Search Result' })).toHaveCount(0);

    await box.fill('chiken');
    await box.press('Enter');
    await expect(page).toHaveURL('/search/chiken');
    await expect(card(page, 'Chicken Broiler')).toBeVisible();

    await page.goto('/search/chiken');
    await expect(page.getByRole('heading', { level: 1, name: 'Search Result' })).toBeVisible();
    await expect(card(page, 'Chicken Broiler')).toBeVisible();
    await expect(card(page, 'Deshi Chicken')).toBeVisible();
  });

  test('a guest asking for a stock-out product is sent to /login', async ({ page }) => {
    await page.goto('/');
    await openChickenCategory(page);
    await card(page, 'Chicken Sausage').getByRole('button', { name: 'Notify me when available' }).click();
    await expectErrorToast(page, 'Please login for request');
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });

  test('a signed-in customer asks to be notified about a stock-out product', async ({ page, request }) => {
    const customer = await createCustomer(request, { name: 'Notify Me' });
    await logIn(page, customer.phone, customer.password);
    await expect(page).toHaveURL('/');
    await openChickenCategory(page);
    await card(page, 'Chicken Sausage').getByRole('button', { name: 'Notify me when available' }).click();
    await expectSuccessToast(page, 'Request send successfuly');
    await expect(page).toHaveURL(/\/category\/\d+$/);
  });
});

test.describe("a product's own page", () => {
  test('a sized product: the size picker on its card, and its page by link, the size changing the address', async ({
    page,
    request,
  }) => {
    const popular = (await (await request.get('/api/productpopular')).json()) as {
      data: Array<{ id: number; title: string; attri: string; group_id: number }>;
    };
    const sizes = popular.data.filter((p) => p.title === 'Miniket Rice');
    expect(sizes.length).toBeGreaterThan(1);

    await page.goto('/');
    const region = page.getByRole('region', { name: 'Popular Products' });
    const rice = region.getByRole('article', { name: 'Miniket Rice', exact: true });
    await expect(rice).toHaveCount(1);
    await rice.getByRole('radio', { name: '5 kg', exact: true }).check({ force: true });
    await expect(rice.getByText('365 BDT')).toBeVisible();

    const five = sizes.find((p) => p.attri === '5 kg');
    await page.goto(`/product/${five?.id ?? 0}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Miniket Rice' })).toBeVisible();
    await expect(page.getByRole('radio', { name: '5 kg', exact: true })).toBeChecked();
    await page.getByRole('radio', { name: '1 kg', exact: true }).check({ force: true });
    const one = sizes.find((p) => p.attri === '1 kg');
    await expect(page).toHaveURL(new RegExp(`/product/${one?.id ?? 0}$`));
    await expect(page.getByText('78 BDT')).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByRole('button', { name: 'Cart(1)' })).toBeVisible();
  });

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false });
    test('the page opened by its link shows the product: title, price, picture, description', async ({
      page,
      request,
    }) => {
      const popular = (await (await request.get('/api/productpopular')).json()) as {
        data: Array<{ id: number; title: string; price: number; offprice: number | null; desc: string }>;
      };
      const eggs = popular.data.find((p) => p.title === 'Eggs (Farm)');
      if (!eggs) throw new Error('no Eggs (Farm) in the demo data');
      await page.goto(`/product/${eggs.id}`);
      await expect(page).toHaveTitle('Eggs (Farm) (12 pcs) – Bazar');
      await expect(page.getByRole('heading', { level: 1, name: 'Eggs (Farm)' })).toBeVisible();
      await expect(page.getByText(`${eggs.offprice ?? eggs.price} BDT`, { exact: true })).toBeVisible();
      await expect(page.getByRole('img', { name: 'Eggs (Farm)' })).toBeVisible();
      await expect(page.getByText(eggs.desc)).toBeVisible();
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
        'content',
        'Eggs (Farm) (12 pcs) – Bazar',
      );
    });
  });
});

test.describe('installable, and friendly offline', () => {
  test('the manifest names the shop with its icons; offline, a page opens the "You are offline" page', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(manifestHref ?? '')).json()) as {
      short_name: string;
      theme_color: string;
      display: string;
      icons: Array<{ src: string; sizes: string }>;
    };
    expect(manifest).toMatchObject({ short_name: 'Bazar', theme_color: '#146c43', display: 'standalone' });
    for (const icon of manifest.icons) {
      const res = await page.request.get(icon.src);
      expect([icon.src, res.status(), res.headers()['content-type']]).toEqual([icon.src, 200, 'image/png']);
    }

    // The storefront's worker installs once the page is idle and keeps the offline page.
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toMatch(/\/shop-sw\.js$/);
    await context.setOffline(true);
    await page.goto('/category/1').catch(() => undefined);
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'আপনি অফলাইনে আছেন' })).toBeVisible();
    await context.setOffline(false);
    await page.getByRole('link', { name: 'Try again · আবার চেষ্টা করুন' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /Category:/ })).toBeVisible();
  });
});
