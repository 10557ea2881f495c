import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer, stored } from './support/accounts';
import { adminApiAuth, expectAllBangla, latinDigits, shopTexts } from './support/bangla';
import { snap } from './support/ui';

// A shopper reads the storefront in Bangla from the home page to the invoice, against the demo data
// (SEED_DEMO=1; every product, category, brand and area has its Bangla name): every text of the
// shop's own in Bangla, numbers in Bengali digits; then English again, in the spec's exact words.
// Runs at 1280 px; each screen is also photographed at 390 px.

const card = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

async function snapBoth(page: Page, testInfo: Parameters<typeof snap>[1], name: string) {
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, testInfo, name);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('a shopper buys in Bangla: home, a category, search, cart, checkout, orders, invoice', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const customer = await createCustomer(request, { name: 'Rahima Begum' });
  const address = 'House 7, Road 3';
  // Texts that are data as typed: the shopper's, and the shop's name and address (Setting).
  const shop = (
    (await (await request.get('/api/shop-info')).json()) as { data: { name: string; address: string } }
  ).data;
  const typed = [customer.name, customer.phone, address, shop.name, shop.address];
  // Other tests' products, orders and areas (some in English only) are data too, read at each check.
  const shopData = shopTexts(request, await adminApiAuth(request), page);
  const texts = async () => [...typed, ...(await shopData())].sort((a, b) => b.length - a.length);

  await shopData();
  await page.goto('/');
  const bar = page.getByRole('banner');
  await bar.getByRole('button', { name: 'বাংলা' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  const main = page.getByRole('main');

  // Home: the sections and the products in Bangla, prices in Bengali digits.
  await expect(main.getByRole('heading', { name: 'অফারের পণ্য' })).toBeVisible();
  // In the offers and among the popular products: the first is the offer.
  const broiler = card(page, 'ব্রয়লার মুরগি').first();
  await expect(broiler).toBeVisible();
  await expect(broiler).toContainText('১৯৫');
  expect(latinDigits(await broiler.textContent())).toEqual([]);
  await expectAllBangla(page.locator('body'), await texts());
  await snapBoth(page, testInfo, 'home-bn');

  // A category from the menu: "চাল" under "চাল, ডাল ও তেল".
  await shopData();
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'ক্যাটাগরি' });
  await menu.getByRole('button', { name: 'খাবার-এর সাব-ক্যাটাগরি দেখান' }).click();
  await menu.getByRole('button', { name: 'চাল, ডাল ও তেল-এর সাব-ক্যাটাগরি দেখান' }).click();
  await menu.getByRole('link', { name: 'চাল', exact: true }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'ক্যাটাগরি: চাল' })).toBeVisible();
  await expect(card(page, 'মিনিকেট চাল').first()).toBeVisible();
  await expectAllBangla(page.locator('body'), await texts());
  await snapBoth(page, testInfo, 'category-bn');

  // Search "চাল" finds the rice; "মুরগি" the chickens.
  const search = bar.getByRole('searchbox', { name: 'পণ্য খুঁজুন' });
  await search.fill('চাল');
  await expect(main.getByRole('heading', { level: 1, name: 'খোঁজার ফলাফল' })).toBeVisible();
  await expect(card(page, 'মিনিকেট চাল').first()).toBeVisible();
  await expect(card(page, 'চিনিগুঁড়া চাল')).toBeVisible();
  await expectAllBangla(page.locator('body'), await texts());
  await snapBoth(page, testInfo, 'search-bn');
  await search.fill('মুরগি');
  await card(page, 'ব্রয়লার মুরগি').getByRole('button', { name: 'কার্টে যোগ করুন' }).click();
  await card(page, 'দেশি মুরগি').getByRole('button', { name: 'কার্টে যোগ করুন' }).click();

  // The cart: Bangla names, Bengali digits, the total 195 + 520 = ৭১৫.
  await bar.getByRole('button', { name: 'কার্ট(২)' }).click();
  const cart = page.getByRole('dialog', { name: 'কার্ট' });
  await expect(cart.getByText('ব্রয়লার মুরগি')).toBeVisible();
  await expect(cart.getByText('১ পিস (প্রায় ১ কেজি)')).toBeVisible();
  await expect(cart).toContainText('৭১৫ টাকা');
  expect(latinDigits(await cart.textContent())).toEqual([]);
  await expectAllBangla(cart, await texts());
  await snapBoth(page, testInfo, 'cart-bn');
  await cart.getByRole('button', { name: 'চেকআউট' }).click();

  // Checkout asks to log in first, and says why: the login page in Bangla; then back to checkout.
  await expect(page).toHaveURL('/login?next=%2Fuser%2Fcheckout');
  await expect(main.getByText('অর্ডার করতে লগইন করুন অথবা নতুন অ্যাকাউন্ট খুলুন')).toBeVisible();
  await page.getByLabel('ফোন').fill(customer.phone);
  await page.getByLabel('পাসওয়ার্ড').fill(customer.password);
  await main.getByRole('button', { name: 'লগইন' }).click();
  await expect(page).toHaveURL('/user/checkout');
  await shopData();
  await page.goto('/user/checkout');
  await expect(main.getByRole('heading', { level: 1, name: 'চেকআউট' })).toBeVisible();
  const area = page.getByLabel('এলাকা');
  await expect(area.locator('option', { hasText: 'মিরপুর' })).toHaveCount(1);
  await area.selectOption({ label: 'মিরপুর' });
  await page.getByLabel('ঠিকানা').fill(address);
  const summary = page.getByRole('region', { name: 'অর্ডারের বিবরণ' });
  await expect(summary.getByText('দেশি মুরগি')).toBeVisible();
  await expect(summary.getByText('১ × ৫২০ টাকা')).toBeVisible();
  // A wrong phone is marked in Bangla before anything is sent (the contracts' words, in Bangla).
  const phone = page.getByLabel('ফোন');
  await phone.fill('017123');
  await main.getByRole('button', { name: 'অর্ডার করুন' }).click();
  await expect(page.getByText('ফোন নম্বরটি বাংলাদেশের মোবাইল নম্বর হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।')).toBeVisible();
  await expectAllBangla(page.locator('body'), await texts());
  await phone.fill(customer.phone);
  await expect(page.getByText('ফোন নম্বরটি বাংলাদেশের মোবাইল নম্বর হতে হবে (যেমন ০১৭১২৩৪৫৬৭৮)।')).toBeHidden();
  await expectAllBangla(page.locator('body'), await texts());
  await snapBoth(page, testInfo, 'checkout-bn');
  await main.getByRole('button', { name: 'অর্ডার করুন' }).click();
  await expect(main.getByRole('heading', { name: 'অর্ডার করার জন্য ধন্যবাদ!' })).toBeVisible();
  expect(await stored(page, 'carts')).toBe('[]');

  // The order list and the order's details.
  await main.getByRole('link', { name: 'আমার অর্ডার' }).click();
  await expect(page).toHaveURL('/user/orders');
  const order = page.getByRole('article', { name: /^অর্ডার #\d+$/ });
  await expect(order).toHaveCount(1);
  await expect(order.getByText('প্রসেসিং চলছে')).toBeVisible();
  await expect(order.getByText('মিরপুর')).toBeVisible();
  const id = /#(\d+)/.exec((await order.getByRole('heading').textContent()) ?? '')?.[1] ?? '';
  expect(id).not.toBe('');
  await expectAllBangla(page.locator('body'), await texts());
  await snapBoth(page, testInfo, 'orders-bn');

  // The invoice: Bangla labels and product names, amounts in Bengali digits; the number as it is.
  await shopData();
  await page.goto(`/invoice/${id}`);
  const sheet = page.getByRole('article');
  await expect(sheet.getByRole('heading', { name: 'ইনভয়েস' })).toBeVisible();
  await expect(sheet.getByText(`অর্ডার নং: #${id}`)).toBeVisible();
  await expect(sheet.getByText(`ঠিকানা: ${address}, মিরপুর`)).toBeVisible();
  const lines = sheet.getByRole('table').first();
  await expect(lines.getByRole('row', { name: /ব্রয়লার মুরগি/ })).toContainText('১৯৫');
  await expect(lines.getByRole('row', { name: /দেশি মুরগি/ })).toContainText('৫২০');
  const bill = page.locator('.invoice-bill');
  await expect(bill.locator('dt:text-is("মোট") + dd')).toHaveText('৭১৫ টাকা');
  expect(latinDigits(await bill.textContent())).toEqual([]);
  await expectAllBangla(sheet, await texts());
  await snapBoth(page, testInfo, 'invoice-bn');

  // Back to English (the switch is in the top bar; the invoice page is the paper alone): the
  // spec's exact texts.
  await shopData();
  await page.goto('/user/orders');
  await bar.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(main.getByRole('heading', { name: 'My orders' })).toBeVisible();
  await shopData();
  await page.goto(`/invoice/${id}`);
  await expect(sheet.getByRole('heading', { name: 'Invoice' })).toBeVisible();
  await expect(sheet.getByText(`Order No: #${id}`)).toBeVisible();
  await expect(bill.locator('dt:text-is("Total") + dd')).toHaveText('715 BDT');
  await expect(lines.getByRole('row', { name: /Chicken Broiler/ })).toContainText('195');
  await expect(page.getByText('Check the product before receiving')).toBeVisible();
  await shopData();
  await page.goto('/');
  await expect(main.getByRole('heading', { name: 'Offer Products' })).toBeVisible();
  await expect(card(page, 'Chicken Broiler').first()).toBeVisible();
});
