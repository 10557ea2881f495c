import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { driverFromConfig } from '../src/modules/sms/sms.drivers';
import { SmsSender } from '../src/modules/sms/sms.sender';
import { FakeBulkSmsBd } from './fakes/sms-bulksmsbd';
import { adminToken, client, registerCustomer, testApp, type TestApp } from './helpers';

/** Setting's SMS card: GET /api/sms/status and POST /api/sms/test, on a whole app pointed at a fake BulkSMSBD. */

const bulk = new FakeBulkSmsBd();
let t: TestApp;
let admin: string;
let sender: SmsSender | undefined;

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

beforeAll(async () => {
  await bulk.start();
  t = await testApp({
    config: {
      sms: {
        driver: 'bulksmsbd',
        driverChosen: true,
        httpUrl: undefined,
        gateway: { apiKey: bulk.apiKey, senderId: bulk.senderId, baseUrl: bulk.url },
        pollMs: 20,
      },
    },
  });
  admin = await adminToken(t);
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  bulk.reset();
});
afterAll(() => bulk.close());

/** The sender main.ts runs, with the driver SMS_DRIVER names. */
function startSender() {
  sender = new SmsSender(t.database.db, driverFromConfig(t.ctx.config, silent), t.ctx.sms, silent, {
    pollMs: 20,
    backoffMs: 30,
  });
  sender.start();
}

async function status() {
  const res = await client(t.app).get('/api/sms/status', admin);
  expect(res.status).toBe(200);
  return res.body.data as Record<string, unknown>;
}

async function until(done: () => Promise<boolean>, ms = 8_000) {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('the SMS status card', () => {
  it('sends a test SMS through the outbox; the card counts it sent today', async () => {
    const before = await status();
    expect(before).toMatchObject({ driver: 'bulksmsbd', budget: 500, waiting: 0, failures: [] });

    const res = await client(t.app).post('/api/sms/test', { phone: '+880 1711-300001' }, admin);
    expect(res).toMatchObject({ status: 202, body: { message: 'Test SMS queued.' } });
    const { rows } = await t.database.pool.query(
      "SELECT kind, status FROM sms_outbox WHERE to_phone = '01711300001'",
    );
    expect(rows).toEqual([{ kind: 'staff', status: 'pending' }]);
    expect(await status()).toMatchObject({ waiting: 1, queued_today: Number(before.queued_today) + 1 });

    startSender();
    await until(async () => (await status()).sent_today === Number(before.sent_today) + 1);
    expect(await status()).toMatchObject({
      sent_today: Number(before.sent_today) + 1,
      waiting: 0,
      failed_today: 0,
    });
    expect(bulk.taken).toEqual([
      { to: '8801711300001', text: 'A test SMS from the back office of your shop: SMS works.', form: 'text' },
    ]);
  });

  it('refuses a number that is not a Bangladeshi mobile (422), and queues nothing', async () => {
    const before = await status();
    const res = await client(t.app).post('/api/sms/test', { phone: '12345' }, admin);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      phone: ['The phone must be a Bangladeshi mobile number (01XXXXXXXXX).'],
    });
    expect((await status()).queued_today).toBe(before.queued_today);
  });

  it('lists the newest failures with the gateway’s reason and only the last 3 digits of the number', async () => {
    bulk.next({ kind: 'error', code: 1001 });
    await client(t.app).post('/api/sms/test', { phone: '01711300999' }, admin);
    startSender();
    await until(async () => (await status()).failed_today === 1);
    bulk.always({ kind: 'error', code: 1007 });
    await client(t.app).post('/api/sms/test', { phone: '01811300888' }, admin);
    await until(async () => ((await status()).failures as unknown[]).length === 2);

    const card = await status();
    expect(card).toMatchObject({ failed_today: 1, waiting: 1 });
    expect(card.failures).toEqual([
      {
        id: expect.any(Number),
        phone_end: '888',
        queued_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        reason: 'BulkSMSBD 1007: Balance Insufficient',
        retrying: true,
      },
      {
        id: expect.any(Number),
        phone_end: '999',
        queued_at: expect.any(String),
        reason: 'BulkSMSBD 1001: Invalid Number',
        retrying: false,
      },
    ]);
    expect(JSON.stringify(card)).not.toMatch(/1811300888|1711300999/);
  });

  it('is for admins only', async () => {
    const customer = await registerCustomer(t.app);
    expect((await client(t.app).get('/api/sms/status', customer.token)).status).toBe(403);
    expect((await client(t.app).post('/api/sms/test', { phone: '01711300002' })).status).toBe(401);
  });
});
