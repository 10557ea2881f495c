import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { stored } from './support/accounts';
import { snap } from './support/ui';

// Runs at 1280 px (project desktop) and 390 px (project phone).

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 0) < 992; // Bootstrap lg

/**
 * This release's server has no GET /api/categories yet (it answers 404 and the storefront then
 * hides the empty menu column), so the side-menu test gives the page a small category tree.
 */
const CATEGORIES = {
  data: [
    {
      id: 1,
      title: 'Food',
      parent: null,
      parents: [{ id: 11, title: 'Rice', parent: 1, parents: [] }],
    },
    { id: 2, title: 'Fruits', parent: null, parents: [] },
  ],
};

test.describe('storefront layout', () => {
  test('top bar and footer for a guest', async ({ page }, testInfo) => {
    await page.goto('/');
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('link', { name: 'Bazar' })).toBeVisible();
    const search = bar.getByRole('searchbox', { name: 'Search products' });
    await expect(search).toBeVisible();
    await expect(search).toHaveAttribute('placeholder', 'Type product name');
    await expect(bar.getByRole('button', { name: 'Cart(0)' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Show or hide the category menu' })).toBeVisible();

    const footer = page.getByRole('contentinfo');
    for (const name of ['About Us', 'Terms & Conditions', 'Privacy Policy']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
    // The shop has written no social addresses: no icons (Setting → Storefront pages and social links).
    await expect(footer.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
    await expect(footer).toContainText('2021');
    await snap(page, testInfo, 'home');

    await bar.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await snap(page, testInfo, 'login');
  });

  test('the social icons link where the owner says', async ({ page }) => {
    await page.route('**/api/shop-pages', (route) =>
      route.fulfill({
        json: {
          data: {
            pages: { about: { en: '', bn: '' }, terms: { en: '', bn: '' }, privacy: { en: '', bn: '' } },
            social: {
              facebook: 'https://facebook.com/bazar',
              instagram: 'https://instagram.com/bazar',
              youtube: 'https://youtube.com/@bazar',
            },
          },
        },
      }),
    );
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    for (const [name, href] of [
      ['Facebook', 'https://facebook.com/bazar'],
      ['Instagram', 'https://instagram.com/bazar'],
      ['YouTube', 'https://youtube.com/@bazar'],
    ]) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href ?? '');
    }
  });

  test('the menu toggle opens and closes the side menu', async ({ page }, testInfo) => {
    await page.route('**/api/categories', (route) => route.fulfill({ json: CATEGORIES }));
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Show or hide the category menu' });
    const menu = page.getByRole('navigation', { name: 'Categories' });

    if (isPhone(page)) {
      // Phone: the menu slides in over the page and has its own Close button.
      await expect(menu).toBeHidden();
      await toggle.click();
      const panel = page.getByRole('dialog', { name: 'Categories' });
      await expect(panel).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Food' })).toBeVisible();
      await snap(page, testInfo, 'side-menu-open');
      await panel.getByRole('button', { name: 'Close' }).click();
      await expect(panel).toBeHidden();
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(panel).toBeVisible();
      // As a person would: once it has slid in (keys reach the menu when its opening ends).
      await expect(panel).not.toHaveClass(/offcanvas-toggling/);
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    } else {
      // Wide: the menu is a column next to the page, open at first; the toggle hides and shows it.
      await expect(menu).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Food' })).toBeVisible();
      await snap(page, testInfo, 'side-menu-open');
      await toggle.click();
      await expect(menu).toBeHidden();
      await toggle.click();
      await expect(menu).toBeVisible();
    }

    // Opening a group in the menu clears the search box (spec: clicking in the side menu).
    const search = page.getByRole('searchbox', { name: 'Search products' });
    await search.fill('rice');
    if (isPhone(page)) await toggle.click();
    await menu.getByRole('button', { name: 'Show subcategories of Food' }).click();
    await expect(menu.getByRole('link', { name: 'Rice' })).toBeVisible();
    await expect(search).toHaveValue('');
  });

  test('the cart panel opens from the top bar and shows an empty cart', async ({ page }, testInfo) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Cart(0)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { name: 'Cart' })).toBeVisible();
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await snap(page, testInfo, 'cart-empty');
    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(panel).toBeHidden();
  });

  test('a toast never covers the Checkout button of the cart panel', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Add to cart' }).first().click();
    const toast = page.getByRole('status').filter({ hasText: 'Product added into cart' });
    await expect(toast).toBeVisible();
    await page.getByRole('button', { name: 'Cart(1)' }).click();
    const checkout = page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    await expect(toast).toBeVisible();
    const [a, b] = [await toast.boundingBox(), await checkout.boundingBox()];
    if (!a || !b) throw new Error('toast or Checkout has no box');
    const overlap =
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap).toBe(false);
    await checkout.click();
    await expect(page).toHaveURL(/\/login|\/user\/checkout/);
  });

  test('a stored cart line counts in the top bar; plus and minus change it, zero removes it', async ({
    page,
  }, testInfo) => {
    await page.goto('/');
    await page.evaluate(() =>
      localStorage.setItem(
        'carts',
        JSON.stringify([
          { id: 'a', title: 'Rice', image: '', product_id: 1, price: 70, atrri: '1 kg', qty: 2 },
        ]),
      ),
    );
    await page.reload();
    const bar = page.getByRole('banner');
    await expect(bar.getByRole('button', { name: 'Cart(2)' })).toBeVisible();

    await bar.getByRole('button', { name: 'Cart(2)' }).click();
    const panel = page.getByRole('dialog', { name: 'Cart' });
    await expect(panel.getByText('Rice', { exact: true })).toBeVisible();
    await expect(panel.getByText('1 kg')).toBeVisible();
    await expect(panel.getByText('70 BDT')).toBeVisible();
    const qty = panel.getByLabel('Quantity of Rice');
    await expect(qty).toHaveText('2');
    await snap(page, testInfo, 'cart-with-line');

    await panel.getByRole('button', { name: 'One more Rice' }).click();
    await expect(qty).toHaveText('3');
    await expect(bar.getByRole('button', { name: 'Cart(3)' })).toBeAttached();
    await expect(panel.getByText('210 BDT')).toBeVisible(); // the total

    const less = panel.getByRole('button', { name: 'One less Rice' });
    await less.click();
    await less.click();
    await expect(qty).toHaveText('1');
    await expect(bar.getByRole('button', { name: 'Cart(1)' })).toBeAttached();
    await less.click();
    await expect(panel.getByText('Rice', { exact: true })).toHaveCount(0);
    await expect(panel.getByText('Your cart is empty')).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Cart(0)' })).toBeAttached();
    expect(JSON.parse((await stored(page, 'carts')) ?? 'null')).toEqual([]);

    await panel.getByRole('button', { name: 'Close' }).click();
    await expect(bar.getByRole('button', { name: 'Cart(0)' })).toBeVisible();
  });
});
