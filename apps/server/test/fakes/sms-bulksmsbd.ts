import { FakeGateway, isAscii, isBdNumber, type GatewayRequest, type Verdict } from './fake-gateway';

/** BulkSMSBD's documented codes (bulksmsbd.com/bulksms-api-bangladesh.php). */
const ERRORS: Record<number, string> = {
  1001: 'Invalid Number',
  1002: 'sender id not correct/sender id is disabled',
  1003: 'Please Required all fields/Contact Your System Administrator',
  1005: 'Internal Error',
  1006: 'Balance Validity Not Available',
  1007: 'Balance Insufficient',
  1011: 'User Id not found',
  1012: 'Masking SMS must be sent in Bengali',
  1032: 'IP Not whitelisted',
};

/**
 * A local BulkSMSBD: GET or POST /api/smsapi with api_key, type (text | unicode), number, senderid
 * and message. Checks the key (1011) and sender id (1002), every field (1003), the number (1001);
 * answers {response_code: 202, message_id, success_message, error_message} or the error's code and
 * text. A Bangla text sent as type=text would reach the phone as question marks: recorded as
 * `garbled`, so a test sees it.
 */
export class FakeBulkSmsBd extends FakeGateway {
  protected readonly path = '/smsapi';

  constructor(
    readonly apiKey = 'bulk-key-xyz',
    readonly senderId = '8809617600000',
  ) {
    super();
  }

  protected override base(): string {
    return '/api';
  }

  protected check(req: GatewayRequest): Verdict {
    const { api_key: key, type, number, senderid, message } = req.params;
    if ([key, type, number, senderid, message].some((v) => typeof v !== 'string' || v === '')) {
      return { error: 1003 };
    }
    if (type !== 'text' && type !== 'unicode') return { error: 1003 };
    if (key !== this.apiKey) return { error: 1011 };
    if (senderid !== this.senderId) return { error: 1002 };
    if (!isBdNumber(number)) return { error: 1001 };
    const text = String(message);
    const form = type === 'text' && !isAscii(text) ? 'garbled' : String(type);
    return { take: { to: String(number), text, form } };
  }

  protected success(): unknown {
    return {
      response_code: 202,
      message_id: 70000 + this.taken.length,
      success_message: 'SMS Submitted Successfully',
      error_message: '',
    };
  }

  protected failure(code: number): unknown {
    return {
      response_code: code,
      message_id: 0,
      success_message: '',
      error_message: ERRORS[code] ?? 'Error',
    };
  }
}
