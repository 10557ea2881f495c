import type { AuditEvent } from '@bazar/contracts/audit';
import { describe, expect, it } from 'vitest';
import { translator } from '../../lib/i18n/i18n';
import { AUDIT_ACTIONS, auditSentence } from './audit-sentence';

const event = (action: string, changes: Record<string, unknown>, entity_id = '1001'): AuditEvent => ({
  id: 1,
  at: '2026-11-29T08:30:00.000Z',
  staff_id: 4,
  staff_name: 'Rahim',
  role: 'cashier',
  ip: '192.168.1.20',
  till: 'T1',
  action,
  entity: 'order',
  entity_id,
  changes,
});

describe('the till’s events as sentences', () => {
  it('names the cashier, the manager who approved, and the money, in English', async () => {
    const en = await translator('en');
    expect(
      auditSentence(
        event('approval_given', {
          kind: 'discount',
          approver: 'Sumi',
          discount: 1850,
          percent: 10,
          limit: 5,
        }),
        en,
      ),
    ).toBe('Sumi approved a discount of 1,850 BDT (10%) by Rahim on order #1001');
    expect(auditSentence(event('approval_given', { kind: 'return', approver: 'Sumi' }), en)).toBe(
      'Sumi approved a return by Rahim (order #1001)',
    );
    expect(auditSentence(event('sale_made', { total: 2400, discount: 0 }), en)).toBe(
      'Rahim sold order #1001 for 2,400 BDT',
    );
    expect(auditSentence(event('payment_taken', { amount: 500, method: 'bkash' }), en)).toBe(
      'Rahim took 500 BDT by bkash for order #1001',
    );
    expect(auditSentence(event('goods_returned', { value: 380 }), en)).toBe(
      'Rahim took back goods worth 380 BDT of order #1001',
    );
    expect(
      auditSentence(event('drawer_opened', { reason: 'Change for a 1000 note', approver: 'Sumi' }), en),
    ).toBe('Rahim opened the drawer with no sale: Change for a 1000 note (approved by Sumi)');
    expect(auditSentence(event('pin_locked', { failures: 5, name: 'Karim' }, '9'), en)).toBe(
      'The PIN of Karim was locked after 5 wrong tries',
    );
    expect(auditSentence(event('cash_moved', { amount: -100, reason: 'Tea' }, '5'), en)).toBe(
      'Rahim took 100 BDT out of the drawer: Tea',
    );
    expect(
      auditSentence(event('shift_closed', { expected: 550, counted: 540, difference: -10 }, '5'), en),
    ).toBe('Rahim closed a shift: 540 BDT counted, 550 BDT expected');
    expect(auditSentence(event('approval_missing', { kind: 'discount' }), en)).toBe(
      'Order #1001 by Rahim was made offline without the approval it needed: a discount above the limit',
    );
  });

  it('reads in Bangla with Bengali digits, and every action the filter offers has a sentence of its own', async () => {
    const bn = await translator('bn');
    expect(
      auditSentence(
        event('approval_given', {
          kind: 'discount',
          approver: 'Sumi',
          discount: 1850,
          percent: 10,
          limit: 5,
        }),
        bn,
      ),
    ).toBe('Sumi অর্ডার #1001-এ Rahim-এর ১,৮৫০ টাকা (১০%) ছাড় অনুমোদন করেছেন');
    const en = await translator('en');
    for (const action of AUDIT_ACTIONS) {
      // The catch-all sentence names the raw action: none of the filter's actions falls to it.
      expect(auditSentence(event(action, {}), en)).not.toContain(action);
    }
  });
});
