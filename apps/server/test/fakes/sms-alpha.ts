import { FakeGateway, isAscii, isBdNumber, type GatewayRequest, type Verdict } from './fake-gateway';

/** Alpha SMS's documented error codes (sms.net.bd/api). */
const ERRORS: Record<number, string> = {
  400: 'The request was rejected, due to a missing or invalid parameter.',
  403: "You don't have permissions to perform the request.",
  405: 'Authorization required.',
  409: 'Unknown error occurred on Server end.',
  410: 'Account expired',
  413: 'Invalid Sender ID',
  414: 'Message is empty',
  415: 'Message is too long',
  416: 'No valid number found',
  417: 'Insufficient balance',
  420: 'Content Blocked',
};

/**
 * A local Alpha SMS (sms.net.bd): POST (or GET) /sendsms with api_key, msg, to and an optional
 * sender_id. Checks the key (405), the text (414 empty, 415 over 1000 characters), the number (416)
 * and the sender id if one is given (413); answers {error: 0, msg: "Request successfully
 * submitted", data: {request_id}} or {error: code, msg}. Unicode is the gateway's business: the
 * form records whether the text needed it.
 */
export class FakeAlphaSms extends FakeGateway {
  protected readonly path = '/sendsms';

  constructor(
    readonly apiKey = 'alpha-key-42',
    readonly senderId = 'BazarShop',
  ) {
    super();
  }

  protected check(req: GatewayRequest): Verdict {
    const { api_key: key, msg, to, sender_id: senderId } = req.params;
    if (typeof key !== 'string' || key !== this.apiKey) return { error: 405 };
    if (typeof msg !== 'string' || msg.trim() === '') return { error: 414 };
    if (msg.length > 1000) return { error: 415 };
    if (!isBdNumber(to)) return { error: 416 };
    if (senderId !== undefined && senderId !== this.senderId) return { error: 413 };
    return { take: { to: String(to), text: msg, form: isAscii(msg) ? 'text' : 'unicode' } };
  }

  protected success(): unknown {
    return {
      error: 0,
      msg: 'Request successfully submitted',
      data: { request_id: 9000 + this.taken.length },
    };
  }

  protected failure(code: number): unknown {
    return { error: code, msg: ERRORS[code] ?? 'Unknown error occurred on Server end.' };
  }
}
