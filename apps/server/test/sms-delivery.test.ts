import type { FastifyBaseLogger } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { alphaSmsDriver } from '../src/modules/sms/sms-alpha.driver';
import { bulkSmsBdDriver } from '../src/modules/sms/sms-bulksmsbd.driver';
import type { SmsDriver } from '../src/modules/sms/sms-gateway';
import { csmsId, sslWirelessDriver } from '../src/modules/sms/sms-sslwireless.driver';
import { SmsOutbox } from '../src/modules/sms/sms.outbox';
import { SmsSender, type SenderOptions } from '../src/modules/sms/sms.sender';
import { FakeAlphaSms } from './fakes/sms-alpha';
import { FakeBulkSmsBd } from './fakes/sms-bulksmsbd';
import { FakeSslWireless } from './fakes/sms-sslwireless';
import { testDatabase } from './helpers';

/**
 * The real outbox, SmsSender and database against the fake gateways: a failing gateway never loses
 * a message and never gets one twice (counted at the fake, which records what it would charge).
 */

let database: Database;
const ssl = new FakeSslWireless();
const bulk = new FakeBulkSmsBd();
const alpha = new FakeAlphaSms();
// Long enough for a fake to answer under a full test run's load, short enough for the hang cases.
const TIMEOUT = 1000;

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

const outbox = new SmsOutbox(systemClock, {
  enabled: false,
  perPhoneDaily: 10,
  tz: 'Asia/Dhaka',
  dailyBudget: async () => 500,
});

let sender: SmsSender | undefined;
function startSender(driver: SmsDriver, opts: Partial<SenderOptions> = {}) {
  sender = new SmsSender(database.db, driver, outbox, silent, { pollMs: 20, backoffMs: 30, ...opts });
  sender.start();
}

async function queue(to: string, message: string) {
  await database.db.transaction((tx) => outbox.enqueue(tx, [{ to, message, kind: 'notice' }]));
  const { rows } = await database.pool.query<{ id: number; created_at: Date }>(
    'SELECT id, created_at FROM sms_outbox WHERE to_phone = $1 ORDER BY id DESC LIMIT 1',
    [to],
  );
  return rows[0]!;
}

type Row = { status: string; attempts: number; last_error: string | null };
const row = async (id: number) =>
  (await database.pool.query<Row>('SELECT status, attempts, last_error FROM sms_outbox WHERE id = $1', [id]))
    .rows[0]!;

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Stops the sender once its pass under way is over (nothing is left in flight), runs one more pass,
 * which finds nothing to send, and reads the message again: sent or given up, it never goes out again.
 */
async function afterLastPass(id: number) {
  await sender!.stop();
  expect(await sender!.drain()).toBe(0);
  return row(id);
}

beforeAll(async () => {
  database = (await testDatabase()).database;
  await Promise.all([ssl.start(), bulk.start(), alpha.start()]);
});
afterEach(async () => {
  await sender?.stop();
  sender = undefined;
  ssl.reset();
  bulk.reset();
  alpha.reset();
});
afterAll(async () => {
  await Promise.all([ssl.close(), bulk.close(), alpha.close()]);
});

const bulkDriver = () =>
  bulkSmsBdDriver({ apiKey: bulk.apiKey, senderId: bulk.senderId, baseUrl: bulk.url, timeoutMs: TIMEOUT });

describe('SMS delivery through the outbox', () => {
  it('a gateway down (5xx) twice: the message waits with backoff, then goes once', async () => {
    bulk.next({ kind: 'server-error' }, { kind: 'server-error', status: 500 });
    const { id } = await queue('01711200001', 'Your order #501 is placed.');
    startSender(bulkDriver());
    await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(await afterLastPass(id)).toEqual({ status: 'sent', attempts: 3, last_error: null });
    expect(bulk.requests).toHaveLength(3);
    expect(bulk.taken).toEqual([{ to: '8801711200001', text: 'Your order #501 is placed.', form: 'text' }]);
  });

  it('SSL Wireless: the answer is lost after the gateway took the message; the retry under the same csms_id is refused as a duplicate and the message counts as sent, once', async () => {
    ssl.next({ kind: 'lose-answer' });
    const { id, created_at } = await queue('01811200002', 'আপনার অর্ডার #502 নেওয়া হয়েছে।');
    startSender(
      sslWirelessDriver({ apiKey: ssl.apiToken, senderId: ssl.sid, baseUrl: ssl.url, timeoutMs: TIMEOUT }),
    );
    await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(await afterLastPass(id)).toEqual({ status: 'sent', attempts: 2, last_error: null });
    expect(ssl.requests.map((r) => r.params.csms_id)).toEqual([
      csmsId(id, created_at),
      csmsId(id, created_at),
    ]);
    expect(ssl.taken).toEqual([
      { to: '8801811200002', text: 'আপনার অর্ডার #502 নেওয়া হয়েছে।', form: 'BN', id: csmsId(id, created_at) },
    ]);
  });

  it('Alpha SMS does not answer: not sent again (it may have gone), failed with the reason', async () => {
    alpha.next({ kind: 'hang' });
    const { id } = await queue('01911200003', 'Your dues are paid.');
    startSender(alphaSmsDriver({ apiKey: alpha.apiKey, baseUrl: alpha.url, timeoutMs: TIMEOUT }));
    await until(
      () => row(id),
      (r) => r.status === 'failed',
    );
    expect(await afterLastPass(id)).toEqual({
      status: 'failed',
      attempts: 1,
      last_error:
        'Alpha SMS did not answer within 1 s; not re-sent, so it is not charged twice (it may or may not have reached the phone)',
    });
    expect(alpha.requests).toHaveLength(1);
  });

  it('an invalid number is given up at once with the gateway’s reason', async () => {
    alpha.next({ kind: 'error', code: 416 });
    const { id } = await queue('01611200004', 'Hello');
    startSender(alphaSmsDriver({ apiKey: alpha.apiKey, baseUrl: alpha.url, timeoutMs: TIMEOUT }));
    const failed = await until(
      () => row(id),
      (r) => r.status === 'failed',
    );
    expect(failed).toEqual({
      status: 'failed',
      attempts: 1,
      last_error: 'Alpha SMS 416: No valid number found',
    });
    expect(alpha.requests).toHaveLength(1);
  });

  it('an empty balance keeps the message waiting past the last attempt; after the recharge it goes, once', async () => {
    bulk.always({ kind: 'error', code: 1007 });
    const { id } = await queue('01711200005', 'Back in stock: Miniket Rice.');
    startSender(bulkDriver(), { maxAttempts: 2, configRetryMaxMs: 40 });
    await until(
      async () => bulk.requests.length,
      (n) => n >= 5,
    );
    const waiting = await row(id);
    expect(waiting.status).toBe('pending');
    expect(waiting.last_error).toBe('BulkSMSBD 1007: Balance Insufficient');
    // Refusals of the account do not use up the message's attempts.
    expect(waiting.attempts).toBeLessThanOrEqual(1);

    bulk.heal();
    await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(await afterLastPass(id)).toEqual({ status: 'sent', attempts: 1, last_error: null });
    expect(bulk.taken).toHaveLength(1);
  });

  it('a code that cannot go before it expires is given up, keeping the gateway’s reason', async () => {
    bulk.always({ kind: 'error', code: 1007 });
    await outbox.enqueue(database.db, [
      {
        to: '01711200007',
        kind: 'code',
        sensitive: true,
        message: 'Your verification code is 804412. It is valid for 10 minutes.',
        expiresAt: new Date(Date.now() + 10 * 60_000),
      },
    ]);
    startSender(bulkDriver(), { configRetryMaxMs: 40 });
    // Refused while the balance is empty, it waits…
    await until(
      () => database.pool.query("SELECT last_error FROM sms_outbox WHERE to_phone = '01711200007'"),
      (r) => r.rows[0]?.last_error === 'BulkSMSBD 1007: Balance Insufficient',
    );
    // …until its ten minutes are up.
    await database.pool.query("UPDATE sms_outbox SET expires_at = now() WHERE to_phone = '01711200007'");
    const { rows } = await until(
      () =>
        database.pool.query(
          "SELECT status, message, last_error FROM sms_outbox WHERE to_phone = '01711200007'",
        ),
      (r) => r.rows[0]?.status === 'failed',
    );
    expect(rows).toEqual([
      {
        status: 'failed',
        message: 'Your verification code is ******. It is valid for 10 minutes.',
        last_error: 'expired before it could be sent (last error: BulkSMSBD 1007: Balance Insufficient)',
      },
    ]);
    expect(bulk.taken).toEqual([]);
  });

  it('throttled (429, Retry-After: 1): waits a second, then goes; the wait is not an attempt', async () => {
    ssl.next({ kind: 'throttle', retryAfter: '1' });
    const { id } = await queue('01511200006', 'Your code is 123456.');
    startSender(
      sslWirelessDriver({ apiKey: ssl.apiToken, senderId: ssl.sid, baseUrl: ssl.url, timeoutMs: TIMEOUT }),
    );
    // Throttled: the message waits the second the gateway asked for, and the try is not counted.
    const waiting = await until(
      async () =>
        (
          await database.pool.query<Row & { wait: number }>(
            `SELECT status, attempts, last_error, extract(epoch FROM next_attempt_at - now())::float AS wait
             FROM sms_outbox WHERE id = $1`,
            [id],
          )
        ).rows[0]!,
      (r) => r.last_error !== null,
    );
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    expect(waiting.wait).toBeGreaterThan(0.8);
    expect(waiting.wait).toBeLessThanOrEqual(1);
    expect(ssl.requests).toHaveLength(1);
    // The second is up.
    await database.pool.query('UPDATE sms_outbox SET next_attempt_at = now() WHERE id = $1', [id]);
    await until(
      () => row(id),
      (r) => r.status === 'sent',
    );
    expect(await afterLastPass(id)).toEqual({ status: 'sent', attempts: 1, last_error: null });
    expect(ssl.requests).toHaveLength(2);
    expect(ssl.taken).toHaveLength(1);
  });
});
