import {
  FakeGateway,
  isAscii,
  isBdNumber,
  type GatewayRequest,
  type TakenSms,
  type Verdict,
} from './fake-gateway';

/** SSL Wireless's documented error texts (API v3.0.0), by status_code. */
const ERRORS: Record<number, string> = {
  4001: 'Unauthorized',
  4002: 'SID/Stakeholder is not permitted to send SMS',
  4003: 'IP Blacklisted',
  4005: 'Invalid request format',
  4020: 'Invalid CSMS ID',
  4022: 'Required Parameter Missing',
  4023: 'Duplicate CSMS ID',
  4025: 'Invalid MSISDN',
  4026: 'Blocked MSISDN',
  4027: 'Message length exceeded maximum',
  4029: 'Too many requests',
  4031: 'TPS Exceeded',
  5000: 'Unknown Error',
};

/**
 * A local SSL Wireless ISMS Plus (API v3): POST /api/v3/send-sms with JSON {api_token, sid, msisdn,
 * sms, csms_id}. Checks the token and SID, the fields and their lengths (token 50, SID 20, msisdn 16
 * digits, sms 1000, csms_id 20), and refuses a csms_id it already took (4023, "duplicate in the same
 * day"); tells Bangla from English itself (sms_type BN / EN), as SSL does.
 */
export class FakeSslWireless extends FakeGateway {
  protected readonly path = '/api/v3/send-sms';

  constructor(
    readonly apiToken = 'ssl-token-1279',
    readonly sid = 'BAZARSHOP',
  ) {
    super();
  }

  protected check(req: GatewayRequest): Verdict {
    const p = req.params;
    if (req.method !== 'POST' || req.contentType !== 'application/json' || '__invalid_json' in p) {
      return { error: 4005 };
    }
    const { api_token: token, sid, msisdn, sms, csms_id: csms } = p;
    if ([token, sid, msisdn, sms, csms].some((v) => typeof v !== 'string' || v === ''))
      return { error: 4022 };
    if (token !== this.apiToken) return { error: 4001 };
    if (sid !== this.sid) return { error: 4002 };
    if (!isBdNumber(msisdn) || String(msisdn).length > 16) return { error: 4025 };
    if (String(sms).length > 1000) return { error: 4027 };
    if (!/^[A-Za-z0-9]{1,20}$/.test(String(csms))) return { error: 4020 };
    if (this.taken.some((t) => t.id === csms)) return { error: 4023 };
    const text = String(sms);
    return { take: { to: String(msisdn), text, form: isAscii(text) ? 'EN' : 'BN', id: String(csms) } };
  }

  protected success(sms: TakenSms): unknown {
    return {
      status: 'SUCCESS',
      status_code: 200,
      error_message: '',
      smsinfo: [
        {
          sms_status: 'SUCCESS',
          status_message: 'Success',
          msisdn: sms.to,
          sms_type: sms.form,
          sms_body: sms.text,
          csms_id: sms.id,
          reference_id: `5da2f0b5ba3a${String(this.taken.length).padStart(7, '0')}`,
        },
      ],
    };
  }

  protected failure(code: number): unknown {
    return { status: 'FAILED', status_code: code, error_message: ERRORS[code] ?? 'Unknown Error' };
  }
}
