import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { ROLE } from '@bazar/contracts/common';
import { E2E } from './env';
import { uniquePhone } from './phones';
import { latestCode } from './sms';

export interface Customer {
  name: string;
  phone: string;
  password: string;
  token: string;
}

/**
 * Registers a customer through the API (POST /api/register) and, unless `verified` is false,
 * verifies the phone with the code from the SMS outbox. Used to set up tests that are not about
 * registration itself.
 */
export async function createCustomer(
  request: APIRequestContext,
  { verified = true, name = 'Test Customer' }: { verified?: boolean; name?: string } = {},
): Promise<Customer> {
  const phone = uniquePhone();
  const password = 'secret-123';
  const registered = await request.post('/api/register', { data: { name, phone, password } });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  if (verified) {
    const code = await latestCode(phone, 'verify');
    const answer = await request.post('/api/varify', {
      data: { code },
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(answer.status(), await answer.text()).toBe(200);
  }
  return { name, phone, password, token };
}

/** Fills and sends the login form the way a person does. */
export async function logIn(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Phone').fill(phone);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Logs in as the admin the server created at start (ADMIN_PHONE / ADMIN_PASSWORD) and waits for /admin. */
export async function logInAsAdmin(page: Page): Promise<void> {
  await logIn(page, E2E.adminPhone, E2E.adminPassword);
  await expect(page).toHaveURL('/admin');
}

/** A value of the page's localStorage. */
export function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => localStorage.getItem(name), key);
}

/**
 * Makes a registered customer an admin in the test server's database: a cashier of its own, for a
 * test whose shift or sales must not mix with the test admin's (other tests sell at the same time).
 */
export async function makeAdmin(phone: string): Promise<void> {
  const password = fs.readFileSync(path.resolve(E2E.dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: E2E.pgPort,
    user: 'postgres',
    password,
    database: 'shop',
  });
  await client.connect();
  try {
    await client.query('UPDATE users SET role = $1 WHERE phone = $2', [ROLE.admin, phone]);
  } finally {
    await client.end();
  }
}
