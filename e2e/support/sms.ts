import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { E2E } from './env';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** The code texts in English and in Bangla (a customer who registered in Bangla gets those). */
const TEXTS = {
  verify: /(?:Your verification code is|আপনার যাচাই কোড) (\d{6})[.।]/,
  reset: /(?:Your password reset code is|আপনার পাসওয়ার্ড রিসেট কোড) (\d{6})[.।]/,
} as const;

export type CodePurpose = keyof typeof TEXTS;

/** Connects to the test server's embedded PostgreSQL with the password it wrote at first start. */
async function connect(): Promise<pg.Client> {
  const password = fs.readFileSync(path.join(repoRoot, E2E.dataDir, 'pg-password'), 'utf8').trim();
  const client = new pg.Client({
    host: '127.0.0.1',
    port: E2E.pgPort,
    user: 'postgres',
    password,
    database: 'shop',
  });
  await client.connect();
  return client;
}

interface Delivered {
  to: string;
  message: string;
}

/** What the fake SMS gateway (support/sms-gateway.mjs) has received for `phone`, oldest first. */
export async function deliveredTo(phone: string): Promise<string[]> {
  const answer = await fetch(`${E2E.smsGatewayURL}/messages?to=${encodeURIComponent(phone)}`);
  if (!answer.ok) throw new Error(`The SMS gateway answered ${answer.status}`);
  const { data } = (await answer.json()) as { data: Delivered[] };
  return data.map((sms) => sms.message);
}

/**
 * The code of the newest verification (or password reset) SMS delivered to `phone`, as the
 * customer's phone gets it: read from the fake SMS gateway the server sends to (the outbox keeps
 * the code only until the sender has delivered it). Waits up to `timeoutMs` for it to arrive.
 */
export async function latestCode(phone: string, purpose: CodePurpose, timeoutMs = 10_000): Promise<string> {
  const pattern = TEXTS[purpose];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const messages = await deliveredTo(phone);
    for (const message of messages.reverse()) {
      const code = pattern.exec(message)?.[1];
      if (code) return code;
    }
    if (Date.now() > until) throw new Error(`No ${purpose} SMS for ${phone} reached the SMS gateway`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The texts of every SMS queued for `phone` in the outbox, oldest first (codes redacted once sent). */
export async function messagesTo(phone: string): Promise<string[]> {
  const client = await connect();
  try {
    const { rows } = await client.query<{ message: string }>(
      'SELECT message FROM sms_outbox WHERE to_phone = $1 ORDER BY id',
      [phone],
    );
    return rows.map((r) => r.message);
  } finally {
    await client.end();
  }
}
