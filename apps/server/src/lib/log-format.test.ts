import { describe, expect, it } from 'vitest';
import { prettyLine } from './log-format';

const at = new Date(2026, 10, 27, 10, 32, 1, 482).getTime();

describe('prettyLine', () => {
  it('writes a request as status, method, url, time, user and request id', () => {
    const json = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'shop',
      reqId: 'req-3f',
      method: 'POST',
      url: '/api/order/add',
      route: '/api/order/add',
      status: 201,
      ms: 48.2,
      userId: 7,
      msg: 'request',
    });
    expect(prettyLine(json)).toBe('10:32:01.482 INFO  201 POST /api/order/add 48.2 ms  user 7  req-3f\n');
  });

  it('writes other lines as their message, their other fields, and an error’s stack below', () => {
    const err = { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (a.ts:1:1)' };
    const json = JSON.stringify({
      level: 50,
      time: at,
      msg: 'request failed',
      reqId: 'req-9',
      err,
      code: 'E1',
    });
    expect(prettyLine(json)).toBe(
      '10:32:01.482 ERROR request failed code=E1  req-9\n    Error: boom\n        at x (a.ts:1:1)\n',
    );
    expect(prettyLine(JSON.stringify({ level: 40, time: at, msg: 'careful' }), true)).toBe(
      '10:32:01.482 \u001b[33mWARN \u001b[0m careful\n',
    );
  });

  it('passes a line that is not JSON through as it is', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
