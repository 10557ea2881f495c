import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

export interface SmsDriver {
  /** Resolves when the gateway accepted the message; rejects otherwise. */
  send(to: string, message: string): Promise<void>;
}

/** Prints each SMS to the server log, so a new install can read its verification codes. */
export function logDriver(log: FastifyBaseLogger): SmsDriver {
  return {
    async send(to, message) {
      log.info({ sms: { to, message } }, `SMS to ${to}: ${message}`);
    },
  };
}

/** POSTs `{to, message}` as JSON; any 2xx answer is success. */
export function httpDriver(url: string, timeoutMs = 10_000): SmsDriver {
  return {
    async send(to, message) {
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

export function driverFromConfig(config: Config, log: FastifyBaseLogger): SmsDriver {
  return config.sms.driver === 'http' && config.sms.httpUrl ? httpDriver(config.sms.httpUrl) : logDriver(log);
}
