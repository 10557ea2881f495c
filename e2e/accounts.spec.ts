import { type Locator } from '@playwright/test';
import { expect, test } from './support/test';
import { createCustomer, logIn, stored } from './support/accounts';
import { uniquePhone } from './support/phones';
import { latestCode } from './support/sms';
import { expectErrorToast, expectSuccessToast, snap } from './support/ui';

/** The <dd> that follows the <dt> with exactly this label in a description list. */
const fact = (scope: Locator, label: string) =>
  scope
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

test.describe('registration, verification and profile', () => {
  test('a new customer registers, verifies the phone, edits the profile and logs out', async ({
    page,
    request,
  }, testInfo) => {
    const phone = uniquePhone();
    const name = 'Rahima Khatun';
    const newName = 'Rahima Begum';

    await page.goto('/register');
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone').fill(phone);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Register' }).click();

    await expect(page).toHaveURL('/varify');
    await expect(page.getByRole('heading', { name: 'Verify your phone' })).toBeVisible();
    await page.getByLabel('Code').fill(await latestCode(phone, 'verify'));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL('/user/profile');

    const token = await stored(page, 'info');
    expect(token).toBeTruthy();
    const answer = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.ok()).toBe(true);
    const profile = (await answer.json()) as { ref_code: string; point: number };
    expect(profile.ref_code).toMatch(/^[A-Z0-9]{8}$/);

    const facts = page.getByRole('region', { name: 'Profile' });
    await expect(fact(facts, 'Name')).toHaveText(name);
    await expect(fact(facts, 'Phone')).toHaveText(phone);
    await expect(fact(facts, 'Referral code')).toHaveText(profile.ref_code);
    await expect(fact(facts, 'Reward point')).toHaveText(String(profile.point));
    await snap(page, testInfo, 'profile');

    const form = page.getByRole('region', { name: 'Edit profile' });
    await expect(form.getByLabel('Name')).toHaveValue(name);
    await form.getByLabel('Name').fill(newName);
    await form.getByRole('button', { name: 'Save' }).click();
    await expectSuccessToast(page, 'Profile updated');
    await expect(fact(facts, 'Name')).toHaveText(newName);
    expect(await stored(page, 'name')).toBe(newName);

    await facts.getByRole('button', { name: 'Logout' }).click();
    await expectSuccessToast(page, 'You are logged out');
    await expect(page).toHaveURL('/');
    await expect(banner.getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(banner.getByRole('link', { name: 'Profile' })).toHaveCount(0);
    expect(await stored(page, 'info')).toBeNull();
    expect(await stored(page, 'phone')).toBeNull();

    // The token is dead on the server too.
    const after = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
    expect(after.status()).toBe(401);
  });

  test('the register form refuses a short password before calling the server', async ({ page }) => {
    let registerCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/register')) registerCalls += 1;
    });
    await page.goto('/register');
    await page.getByLabel('Name').fill('Karim');
    await page.getByLabel('Phone').fill(uniquePhone());
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Register' }).click();
    await expectErrorToast(page, 'All field are required and password must be more than 6 character');
    await expect(page).toHaveURL('/register');
    expect(registerCalls).toBe(0);
    expect(await stored(page, 'info')).toBeNull();
  });
});

test.describe('login', () => {
  test('a wrong password shows "Incorrect information" and empty fields are refused', async ({
    page,
    request,
  }, testInfo) => {
    const customer = await createCustomer(request);
    let loginCalls = 0;
    page.on('request', (req) => {
      if (req.url().endsWith('/api/login')) loginCalls += 1;
    });

    await logIn(page, customer.phone, 'not-the-password');
    await expectErrorToast(page, 'Incorrect information');
    await expect(page).toHaveURL('/login');
    expect(await stored(page, 'info')).toBeNull();
    await snap(page, testInfo, 'login-wrong-password');

    await page.getByLabel('Phone').fill('');
    await page.getByLabel('Password').fill('');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectErrorToast(page, 'Phone & Password is required');

    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expectErrorToast(page, 'Phone & Password is required');
    await expect(page).toHaveURL('/login');
    // Only the wrong password reached the server; the empty forms were stopped in the browser.
    expect(loginCalls).toBe(1);
  });

  test('forgot password: a code by SMS sets a new password that then logs in', async ({ page, request }) => {
    const customer = await createCustomer(request);
    const newPassword = 'new-secret-456';

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByRole('button', { name: 'Send' }).click();
    await expectSuccessToast(page, 'Code is send, Please wait...');
    await expect(page.getByText(`Enter the code we sent to ${customer.phone}`)).toBeVisible();

    await page.getByLabel('Code').fill(await latestCode(customer.phone, 'reset'));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL('/login');

    await logIn(page, customer.phone, customer.password);
    await expectErrorToast(page, 'Incorrect information');

    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Profile' })).toBeVisible();
    expect(await stored(page, 'phone')).toBe(customer.phone);
  });

  // Issue 29: the way from Checkout to signing in keeps where the guest was going, through a reset.
  test('a guest from Checkout who forgot the password resets it by SMS and is back at checkout with the cart', async ({
    page,
    request,
  }) => {
    const customer = await createCustomer(request);
    const newPassword = 'new-secret-789';

    // The demo data's Deshi Chicken (SEED_DEMO=1) in the cart, then Checkout as a guest.
    await page.goto('/');
    const banner = page.getByRole('banner');
    await banner.getByRole('searchbox').fill('Deshi Chicken');
    await page
      .getByRole('article', { name: 'Deshi Chicken', exact: true })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await banner.getByRole('button', { name: 'Cart(1)' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Checkout' }).click();
    await expect(page).toHaveURL('/login?next=%2Fuser%2Fcheckout');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/forgot?next=%2Fuser%2Fcheckout');
    await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByRole('button', { name: 'Send' }).click();
    await expectSuccessToast(page, 'Code is send, Please wait...');
    await page.getByLabel('Code').fill(await latestCode(customer.phone, 'reset'));
    await page.getByLabel('New password').fill(newPassword);
    await page.getByRole('button', { name: 'Submit' }).click();

    // The reset does not sign in: the login page again, still saying why and where it leads.
    await expect(page).toHaveURL('/login?next=%2Fuser%2Fcheckout');
    await expect(
      page.getByRole('status').filter({ hasText: 'Sign in or create an account to place your order' }),
    ).toBeVisible();
    await page.getByLabel('Phone').fill(customer.phone);
    await page.getByLabel('Password').fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await expect(page).toHaveURL('/user/checkout');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Order summary' }).getByText('Deshi Chicken'),
    ).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Cart(1)' })).toBeVisible();
    expect(await stored(page, 'phone')).toBe(customer.phone);
  });
});
