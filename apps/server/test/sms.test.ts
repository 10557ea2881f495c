import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpDriver } from '../src/modules/sms/sms.drivers';
import { SmsOutbox } from '../src/modules/sms/sms.outbox';
import { SmsSender } from '../src/modules/sms/sms.sender';
import { systemClock } from '../src/lib/clock';
import { testConfig, testDatabase } from './helpers';
import type { Database } from '../src/db/client';
import type { FastifyBaseLogger } from 'fastify';

let database: Database;
/** An outbox without the daily limits (those have their own tests in abuse-limits.test.ts). */
const newOutbox = () =>
  new SmsOutbox(systemClock, {
    enabled: false,
    perPhoneDaily: 10,
    tz: 'Asia/Dhaka',
    dailyBudget: async () => 500,
  });
const note = (to: string, message: string) => [{ to, message, kind: 'notice' as const }];
const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

// A local SMS gateway that fails the first two calls for each message, then accepts.
const received: Array<{ to: string; message: string; status: number }> = [];
const tries = new Map<string, number>();
const gateway = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    const msg = JSON.parse(body) as { to: string; message: string };
    const n = (tries.get(msg.message) ?? 0) + 1;
    tries.set(msg.message, n);
    const status = n <= 2 ? 503 : 200;
    received.push({ ...msg, status });
    res.writeHead(status).end();
  });
});

beforeAll(async () => {
  database = (await testDatabase()).database;
  await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
});
afterAll(() => new Promise<void>((r) => gateway.close(() => r())));

describe('SMS outbox', () => {
  it('a gateway that fails twice then succeeds still delivers each message exactly once', async () => {
    const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`;
    const outbox = newOutbox();
    const sender = new SmsSender(database.db, httpDriver(url), outbox, silent, { pollMs: 20, backoffMs: 30 });
    await database.db.transaction(async (tx) => {
      await outbox.enqueue(tx, note('01711000001', 'first message'));
      await outbox.enqueue(tx, note('01711000002', 'second message'));
    });
    sender.start();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const { rows } = await database.pool.query(
        "SELECT count(*)::int AS n FROM sms_outbox WHERE status = 'sent'",
      );
      if (rows[0].n === 2 || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await sender.stop();

    const accepted = received.filter((r) => r.status === 200);
    expect(accepted.map((r) => [r.to, r.message]).sort()).toEqual([
      ['01711000001', 'first message'],
      ['01711000002', 'second message'],
    ]);
    expect(received.filter((r) => r.message === 'first message')).toHaveLength(3);
    const { rows } = await database.pool.query(
      'SELECT status, attempts, sent_at FROM sms_outbox ORDER BY id',
    );
    expect(rows).toEqual([
      { status: 'sent', attempts: 3, sent_at: expect.any(Date) },
      { status: 'sent', attempts: 3, sent_at: expect.any(Date) },
    ]);
  });

  it('a rolled-back change sends nothing', async () => {
    const outbox = newOutbox();
    await database.db
      .transaction(async (tx) => {
        await outbox.enqueue(tx, note('01711000003', 'never'));
        throw new Error('rollback');
      })
      .catch(() => undefined);
    const { rows } = await database.pool.query(
      "SELECT count(*)::int AS n FROM sms_outbox WHERE message = 'never'",
    );
    expect(rows[0].n).toBe(0);
  });

  it('gives up after the last attempt and keeps the error', async () => {
    let calls = 0;
    // Down for good (back only after ten calls, so a sender that never gave up would end, and fail here).
    const failing = {
      send: async () => {
        if (++calls <= 10) throw new Error('gateway down');
      },
    };
    const outbox = newOutbox();
    await outbox.enqueue(database.db, note('01711000004', 'doomed'));
    // No wait between tries: one pass of the sender goes through every attempt it makes.
    const sender = new SmsSender(database.db, failing, outbox, silent, {
      pollMs: 10,
      backoffMs: 0,
      maxAttempts: 3,
    });
    expect(await sender.drain()).toBe(3);
    expect(await sender.drain()).toBe(0);
    const { rows } = await database.pool.query(
      "SELECT status, attempts, last_error FROM sms_outbox WHERE message = 'doomed'",
    );
    expect(rows[0]).toEqual({ status: 'failed', attempts: 3, last_error: 'gateway down' });
    expect(calls).toBe(3);
  });

  it('a code is redacted in the outbox once sent, and an expired code is never sent', async () => {
    const sent: string[] = [];
    const outbox = newOutbox();
    await outbox.enqueue(database.db, [
      {
        to: '01711000005',
        kind: 'code',
        sensitive: true,
        message: 'Your verification code is 493817. It is valid for 10 minutes.',
      },
      {
        to: '01711000006',
        kind: 'code',
        sensitive: true,
        message: 'Your password reset code is 112233. It is valid for 10 minutes.',
        expiresAt: new Date(Date.now() - 1000),
      },
    ]);
    const sender = new SmsSender(
      database.db,
      { send: async ({ message }) => void sent.push(message) },
      outbox,
      silent,
      {
        pollMs: 10,
      },
    );
    await sender.drain();
    expect(sent).toEqual(['Your verification code is 493817. It is valid for 10 minutes.']);
    const { rows } = await database.pool.query(
      "SELECT to_phone, status, message, last_error FROM sms_outbox WHERE to_phone IN ('01711000005', '01711000006') ORDER BY to_phone",
    );
    expect(rows).toEqual([
      {
        to_phone: '01711000005',
        status: 'sent',
        message: 'Your verification code is ******. It is valid for 10 minutes.',
        last_error: null,
      },
      {
        to_phone: '01711000006',
        status: 'failed',
        message: 'Your password reset code is ******. It is valid for 10 minutes.',
        last_error: 'expired before it could be sent',
      },
    ]);
  });

  it('the log driver is the default of a demo shop', () => {
    expect(testConfig().sms.driver).toBe('log');
    expect(testConfig().sms.driverChosen).toBe(false);
  });
});
