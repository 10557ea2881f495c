import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { alphaSmsDriver } from '../src/modules/sms/sms-alpha.driver';
import { bulkSmsBdDriver } from '../src/modules/sms/sms-bulksmsbd.driver';
import { SmsSendError, retryAfter, type SmsDriver, type SmsFailure } from '../src/modules/sms/sms-gateway';
import { csmsId, sslWirelessDriver } from '../src/modules/sms/sms-sslwireless.driver';
import { loadConfig } from '../src/config';
import type { FakeGateway } from './fakes/fake-gateway';
import { FakeAlphaSms } from './fakes/sms-alpha';
import { FakeBulkSmsBd } from './fakes/sms-bulksmsbd';
import { FakeSslWireless } from './fakes/sms-sslwireless';

/** Each driver against its local fake gateway: what it sends, and how it reads every kind of answer. */

const ssl = new FakeSslWireless();
const bulk = new FakeBulkSmsBd();
const alpha = new FakeAlphaSms();
// Long enough for a fake on this machine to answer under a full test run's load (0.2 s was not),
// short enough that the tests of a gateway that never answers stay quick.
const TIMEOUT = 1000;

beforeAll(async () => {
  await Promise.all([ssl.start(), bulk.start(), alpha.start()]);
});
afterAll(async () => {
  await Promise.all([ssl.close(), bulk.close(), alpha.close()]);
});
beforeEach(() => {
  ssl.reset();
  bulk.reset();
  alpha.reset();
});

let seq = 0;
const sms = (message: string, to = '01711000111') => ({ id: ++seq, to, message, queuedAt: new Date() });

/** What a send did: resolved, or rejected with this failure kind and reason. */
async function outcome(driver: SmsDriver, message = 'Hello', to?: string) {
  try {
    await driver.send(sms(message, to));
    return { ok: true as const };
  } catch (err) {
    if (!(err instanceof SmsSendError)) throw err;
    return { ok: false as const, failure: err.failure, reason: err.message, retryAfterMs: err.retryAfterMs };
  }
}

const BANGLA = 'আপনার যাচাই কোড 493817। কোডটি ১০ মিনিট কার্যকর থাকবে।';

type Case = {
  name: string;
  fake: () => FakeGateway;
  driver: () => SmsDriver;
  /** The form the gateway expects a Bangla text in, as the fake records it. */
  bangla: string;
  english: string;
  /** A documented error, what the driver must say, and what it does to the message. */
  invalidNumber: { code: number; reason: RegExp };
  account: { code: number; reason: RegExp };
  /** What a timeout does: SSL Wireless sends again under the same csms_id; the others cannot. */
  onTimeout: SmsFailure;
};

const cases: Case[] = [
  {
    name: 'SSL Wireless',
    fake: () => ssl,
    driver: () =>
      sslWirelessDriver({ apiKey: ssl.apiToken, senderId: ssl.sid, baseUrl: ssl.url, timeoutMs: TIMEOUT }),
    bangla: 'BN',
    english: 'EN',
    invalidNumber: { code: 4025, reason: /^SSL Wireless 4025: Invalid MSISDN$/ },
    account: { code: 4001, reason: /^SSL Wireless 4001: Unauthorized$/ },
    onTimeout: 'retry',
  },
  {
    name: 'BulkSMSBD',
    fake: () => bulk,
    driver: () =>
      bulkSmsBdDriver({
        apiKey: bulk.apiKey,
        senderId: bulk.senderId,
        baseUrl: bulk.url,
        timeoutMs: TIMEOUT,
      }),
    bangla: 'unicode',
    english: 'text',
    invalidNumber: { code: 1001, reason: /^BulkSMSBD 1001: Invalid Number$/ },
    account: { code: 1007, reason: /^BulkSMSBD 1007: Balance Insufficient$/ },
    onTimeout: 'permanent',
  },
  {
    name: 'Alpha SMS',
    fake: () => alpha,
    driver: () =>
      alphaSmsDriver({
        apiKey: alpha.apiKey,
        senderId: alpha.senderId,
        baseUrl: alpha.url,
        timeoutMs: TIMEOUT,
      }),
    bangla: 'unicode',
    english: 'text',
    invalidNumber: { code: 416, reason: /^Alpha SMS 416: No valid number found$/ },
    account: { code: 417, reason: /^Alpha SMS 417: Insufficient balance$/ },
    onTimeout: 'permanent',
  },
];

describe.each(cases)('$name driver', (c) => {
  it('sends an English text to 8801XXXXXXXXX, and a Bangla one in the Unicode form the gateway expects', async () => {
    expect(await outcome(c.driver(), 'Your order #12 is placed: 450 BDT.')).toEqual({ ok: true });
    expect(await outcome(c.driver(), BANGLA, '01911000222')).toEqual({ ok: true });
    expect(c.fake().taken.map(({ to, text, form }) => ({ to, text, form }))).toEqual([
      { to: '8801711000111', text: 'Your order #12 is placed: 450 BDT.', form: c.english },
      { to: '8801911000222', text: BANGLA, form: c.bangla },
    ]);
  });

  it('reads an error in a 200 answer as a failure with the gateway’s reason', async () => {
    c.fake().next({ kind: 'error', code: c.invalidNumber.code }, { kind: 'error', code: c.account.code });
    const number = await outcome(c.driver());
    expect(number).toMatchObject({ ok: false, failure: 'permanent' });
    expect(number.ok || number.reason).toMatch(c.invalidNumber.reason);
    // The shop's account (key, balance) needs fixing: kept, tried again until it is.
    const account = await outcome(c.driver());
    expect(account).toMatchObject({ ok: false, failure: 'config' });
    expect(account.ok || account.reason).toMatch(c.account.reason);
    expect(c.fake().taken).toEqual([]);
  });

  it('refuses what the gateway itself refuses: a wrong key is a configuration error', async () => {
    const wrong =
      c.name === 'SSL Wireless'
        ? sslWirelessDriver({ apiKey: 'nope', senderId: ssl.sid, baseUrl: ssl.url })
        : c.name === 'BulkSMSBD'
          ? bulkSmsBdDriver({ apiKey: 'nope', senderId: bulk.senderId, baseUrl: bulk.url })
          : alphaSmsDriver({ apiKey: 'nope', baseUrl: alpha.url });
    expect(await outcome(wrong)).toMatchObject({ ok: false, failure: 'config' });
  });

  it('a 5xx is a failure to retry', async () => {
    c.fake().next({ kind: 'server-error', status: 502 });
    expect(await outcome(c.driver())).toMatchObject({
      ok: false,
      failure: 'retry',
      reason: `${c.name} answered 502`,
    });
  });

  it('throttling (429) waits for the gateway’s Retry-After', async () => {
    c.fake().next({ kind: 'throttle', retryAfter: '7' }, { kind: 'throttle' });
    expect(await outcome(c.driver())).toMatchObject({ ok: false, failure: 'throttled', retryAfterMs: 7000 });
    expect(await outcome(c.driver())).toMatchObject({
      ok: false,
      failure: 'throttled',
      retryAfterMs: undefined,
    });
  });

  it(`a gateway that does not answer in time: ${c.onTimeout}`, async () => {
    c.fake().next({ kind: 'hang' });
    const started = Date.now();
    const result = await outcome(c.driver());
    expect(Date.now() - started).toBeLessThan(TIMEOUT * 2 + 1000);
    expect(result).toMatchObject({ ok: false, failure: c.onTimeout });
    expect(result.ok || result.reason).toMatch(
      c.onTimeout === 'retry'
        ? /did not answer within 1 s; sent again with the same message id/
        : /did not answer within 1 s; not re-sent, so it is not charged twice/,
    );
  });

  it('a number that is not a Bangladeshi mobile never reaches the gateway', async () => {
    expect(await outcome(c.driver(), 'Hi', '12345')).toMatchObject({ ok: false, failure: 'permanent' });
    expect(c.fake().requests).toEqual([]);
  });
});

describe('SSL Wireless client message id', () => {
  it('is made from the outbox row: at most 20 letters and digits, the same on every retry', () => {
    const at = new Date('2026-11-28T10:00:00Z');
    expect(csmsId(2_147_483_647, at)).toMatch(/^[a-z0-9]{1,20}$/);
    expect(csmsId(2_147_483_647, at).length).toBeLessThanOrEqual(20);
    expect(csmsId(12, at)).toBe(csmsId(12, new Date(at)));
    // A restored database gives out id 12 again, but not at the same second.
    expect(csmsId(12, new Date(at.getTime() + 60_000))).not.toBe(csmsId(12, at));
  });

  it('a retry after a lost answer is refused as a duplicate, which means sent: charged once', async () => {
    const driver = cases[0]!.driver();
    const message = { id: 77, to: '01711000777', message: 'Order #77 is on its way.', queuedAt: new Date() };
    ssl.next({ kind: 'lose-answer' });
    await expect(driver.send(message)).rejects.toMatchObject({ failure: 'retry' });
    await expect(driver.send(message)).resolves.toBeUndefined();
    expect(ssl.requests).toHaveLength(2);
    expect(ssl.requests.map((r) => r.params.csms_id)).toEqual([
      csmsId(77, message.queuedAt),
      csmsId(77, message.queuedAt),
    ]);
    expect(ssl.taken).toHaveLength(1);
  });

  it('a text SSL Wireless refuses (too long, 4027) is given up with its reason', async () => {
    const driver = cases[0]!.driver();
    await expect(driver.send(sms('x'.repeat(1001)))).rejects.toMatchObject({
      failure: 'permanent',
      message: 'SSL Wireless 4027: Message length exceeded maximum',
    });
  });
});

describe('SSL Wireless per-SMS status', () => {
  const answer = (smsStatus: string, statusMessage: string) => ({
    status: 'SUCCESS',
    status_code: 200,
    error_message: '',
    smsinfo: [{ sms_status: smsStatus, status_message: statusMessage, msisdn: '8801711000111' }],
  });

  it('a request that went through but whose SMS was INVALID is given up with that status', async () => {
    ssl.next({ kind: 'answer', body: answer('INVALID', 'Provided MSISDN is invalid.') });
    expect(await outcome(cases[0]!.driver())).toEqual({
      ok: false,
      failure: 'permanent',
      reason: 'SSL Wireless refused the SMS: INVALID Provided MSISDN is invalid.',
      retryAfterMs: undefined,
    });
  });

  it('a DUPLICATE csms id in smsinfo means SSL has the message: sent', async () => {
    ssl.next({ kind: 'answer', body: answer('DUPLICATE', 'CSMS ID is duplicate on the same day.') });
    expect(await outcome(cases[0]!.driver())).toEqual({ ok: true });
  });
});

describe('network trouble', () => {
  it('nobody listening: the request never left, safe to send again even without a client id', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const driver = bulkSmsBdDriver({ apiKey: 'k', senderId: 's', baseUrl: `http://127.0.0.1:${port}/api` });
    expect(await outcome(driver)).toMatchObject({
      ok: false,
      failure: 'retry',
      reason: /could not be reached \(ECONNREFUSED\)/,
    });
  });

  it('an answer that is not the gateway’s (an HTML page, a moved API) is tried again', async () => {
    const driver = alphaSmsDriver({ apiKey: alpha.apiKey, baseUrl: `${alpha.url}/moved` });
    expect(await outcome(driver)).toMatchObject({ ok: false, failure: 'retry', reason: /answered 404/ });
  });

  it('reads Retry-After as seconds or a date, at most an hour', () => {
    expect(retryAfter('30')).toBe(30_000);
    expect(retryAfter(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60_000);
    expect(retryAfter('86400')).toBe(3_600_000);
    expect(retryAfter('soon')).toBeUndefined();
    expect(retryAfter(null)).toBeUndefined();
  });
});

describe('configuration', () => {
  it('names each gateway’s missing key or sender id at start, and defaults to its documented address', () => {
    expect(() => loadConfig({ SMS_DRIVER: 'sslwireless' })).toThrow(
      'SMS_DRIVER=sslwireless needs SMS_API_KEY: the api_token of your SSL Wireless account',
    );
    expect(() => loadConfig({ SMS_DRIVER: 'bulksmsbd', SMS_API_KEY: 'k' })).toThrow(
      /SMS_DRIVER=bulksmsbd needs SMS_SENDER_ID/,
    );
    expect(() => loadConfig({ SMS_DRIVER: 'alpha', SMS_API_KEY: 'k', SMS_BASE_URL: 'ftp://x' })).toThrow(
      /SMS_BASE_URL/,
    );
    expect(loadConfig({ SMS_DRIVER: 'alpha', SMS_API_KEY: 'k' }).sms.gateway).toEqual({
      apiKey: 'k',
      senderId: undefined,
      baseUrl: 'https://api.sms.net.bd',
    });
    expect(
      loadConfig({ SMS_DRIVER: 'sslwireless', SMS_API_KEY: 't', SMS_SENDER_ID: 'SHOP' }).sms.gateway,
    ).toEqual({
      apiKey: 't',
      senderId: 'SHOP',
      baseUrl: 'https://smsplus.sslwireless.com',
    });
    expect(
      loadConfig({
        SMS_DRIVER: 'bulksmsbd',
        SMS_API_KEY: 'k',
        SMS_SENDER_ID: '880',
        SMS_BASE_URL: 'http://127.0.0.1:9/api',
      }).sms.gateway?.baseUrl,
    ).toBe('http://127.0.0.1:9/api');
  });
});
