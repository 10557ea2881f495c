import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { alphaSmsDriver } from './sms-alpha.driver';
import { bulkSmsBdDriver } from './sms-bulksmsbd.driver';
import type { SmsDriver } from './sms-gateway';
import { sslWirelessDriver } from './sms-sslwireless.driver';

export type { SmsDriver } from './sms-gateway';

/** Prints each SMS to the server log, so a new install can read its verification codes. */
function logDriver(log: FastifyBaseLogger): SmsDriver {
  return {
    async send({ to, message }) {
      log.info({ sms: { to, message } }, `SMS to ${to}: ${message}`);
    },
  };
}

/** POSTs `{to, message}` as JSON; any 2xx answer is success. */
export function httpDriver(url: string, timeoutMs = 10_000): SmsDriver {
  return {
    async send({ to, message }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to, message }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

/** The driver SMS_DRIVER names (config.ts has checked that it has what it needs). */
export function driverFromConfig(config: Config, log: FastifyBaseLogger): SmsDriver {
  const { driver, httpUrl, gateway } = config.sms;
  if (driver === 'http' && httpUrl) return httpDriver(httpUrl);
  if (gateway) {
    if (driver === 'sslwireless') return sslWirelessDriver(gateway);
    if (driver === 'bulksmsbd') return bulkSmsBdDriver(gateway);
    if (driver === 'alpha') return alphaSmsDriver(gateway);
  }
  return logDriver(log);
}
