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
      'Rahim took 500 BDT by bKash for order #1001',
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

describe('the riders’ events as sentences (issue 27)', () => {
  it('names the rider, what was collected, why a delivery failed and what stays with a rider', async () => {
    const en = await translator('en');
    expect(auditSentence(event('rider_assigned', { rider_id: [null, 7], rider: 'Karim Rider' }), en)).toBe(
      'Rahim gave order #1001 to the rider Karim Rider',
    );
    expect(auditSentence(event('rider_unassigned', { rider_id: [7, null] }), en)).toBe(
      'Rahim took order #1001 off its rider',
    );
    expect(
      auditSentence(
        event('order_delivered', {
          collected: [
            { method: 'cash', amount: 160 },
            { method: 'bkash', amount: 1100 },
          ],
        }),
        en,
      ),
    ).toBe('Rahim delivered order #1001 and collected 1,260 BDT (Cash, bKash)');
    expect(auditSentence(event('order_delivered', { collected: [] }), en)).toBe(
      'Rahim delivered order #1001: nothing to collect',
    );
    expect(auditSentence(event('delivery_failed', { reason: 'not_home', note: 'Gate locked' }), en)).toBe(
      'Rahim could not deliver order #1001: Nobody at home (Gate locked)',
    );
    expect(
      auditSentence(
        event('rider_settled', { rider: 'Karim', expected: 160, cash: 150, difference: 10 }, '7'),
        en,
      ),
    ).toBe('Rahim took 150 BDT from the rider Karim: 10 BDT is still with the rider');
    expect(auditSentence(event('rider_settled', { expected: 10, cash: 10, difference: 0 }, '7'), en)).toBe(
      'Rahim took 10 BDT from the rider #7: settled',
    );
    expect(auditSentence(event('line_short', { value: 100, lines: [] }), en)).toBe(
      'Rahim took goods worth 100 BDT off order #1001: short on the shelf',
    );
    const bn = await translator('bn');
    expect(auditSentence(event('delivery_failed', { reason: 'refused' }), bn)).toBe(
      'Rahim অর্ডার #1001 পৌঁছাতে পারেননি: নিতে রাজি হননি',
    );
    expect(
      auditSentence(event('rider_settled', { expected: 1600, cash: 1500, difference: 100 }, '7'), bn),
    ).toBe('Rahim রাইডার #7-এর কাছ থেকে ১,৫০০ টাকা নিয়েছেন: রাইডারের কাছে এখনো ১০০ টাকা আছে');
    expect(
      auditSentence(
        event('rider_settled', { rider: 'করিম', expected: 10, cash: 10, difference: 0 }, '7'),
        bn,
      ),
    ).toBe('Rahim রাইডার করিম-এর কাছ থেকে ১০ টাকা নিয়েছেন: হিসাব মিটেছে');
  });
});

describe('stock counts, write-offs and purchase orders as sentences (issue 28)', () => {
  it('names the count, what an approval changed, a write-off’s reason and quantities, a purchase order', async () => {
    const en = await translator('en');
    expect(auditSentence(event('stocktake_started', {}, '12'), en)).toBe('Rahim started stock count #12');
    expect(
      auditSentence(
        event('stocktake_approved', { lines: 3, moved: [{ product_id: 7, delta: -3 }], closed: true }, '12'),
        en,
      ),
    ).toBe('Rahim approved stock count #12: 1 products changed');
    expect(auditSentence(event('stock_adjusted', { qty: [10, 8], reason: 'expired' }, '7'), en)).toBe(
      'Rahim adjusted the stock of product #7 from 10 to 8: expired',
    );
    expect(auditSentence(event('purchase_order_sent', {}, '4'), en)).toBe('Rahim sent purchase order #4');
    const bn = await translator('bn');
    expect(auditSentence(event('stock_adjusted', { qty: [10, 8], reason: 'lost' }, '7'), bn)).toBe(
      'Rahim পণ্য #7-এর স্টক ১০ থেকে ৮ করেছেন: হারানো বা চুরি',
    );
  });
});

describe('expiry dates as sentences (issue 28)', () => {
  it('names the product, the batch written off or offered by its date and code, and an approval for expired stock', async () => {
    const en = await translator('en');
    expect(
      auditSentence(event('expiry_tracking', { title: 'Milk', track_expiry: [false, true] }, '7'), en),
    ).toBe('Rahim turned on expiry dates for Milk');
    expect(
      auditSentence(event('expiry_tracking', { title: 'Milk', track_expiry: [true, false] }, '7'), en),
    ).toBe('Rahim turned off expiry dates for Milk: its batches were forgotten');
    expect(
      auditSentence(
        event(
          'expiry_offer',
          { title: 'Milk', offprice: [null, 1200], percent: 20, expiry: '2026-12-03' },
          '7',
        ),
        en,
      ),
    ).toBe('Rahim put Milk on offer at 1,200 BDT (20% off) for the batch expiring 03 Dec 2026');
    expect(
      auditSentence(
        event(
          'expiry_offer',
          { title: 'Milk', offprice: [90, 80], percent: 25, expiry: '2026-12-03', code: 'L42' },
          '7',
        ),
        en,
      ),
    ).toBe('Rahim put Milk on offer at 80 BDT (25% off) for batch L42, expiring 03 Dec 2026');
    expect(
      auditSentence(
        event('stock_adjusted', { qty: [10, 4], reason: 'expired', expiry: '2026-11-20', code: 'L42' }, '7'),
        en,
      ),
    ).toBe('Rahim adjusted the stock of product #7 from 10 to 4: expired (batch L42, expiring 20 Nov 2026)');
    expect(
      auditSentence(
        event('stock_adjusted', { qty: [10, 4], reason: 'expired', expiry: '2026-11-20' }, '7'),
        en,
      ),
    ).toBe('Rahim adjusted the stock of product #7 from 10 to 4: expired (the batch expiring 20 Nov 2026)');
    expect(auditSentence(event('approval_given', { kind: 'expired', approver: 'Sumi' }), en)).toBe(
      'Sumi approved selling expired stock by Rahim (order #1001)',
    );

    const bn = await translator('bn');
    expect(
      auditSentence(event('expiry_tracking', { title: 'দুধ', track_expiry: [false, true] }, '7'), bn),
    ).toBe('Rahim দুধ-এর মেয়াদের হিসাব চালু করেছেন');
    expect(
      auditSentence(
        event(
          'expiry_offer',
          { title: 'দুধ', offprice: [null, 1200], percent: 20, expiry: '2026-12-03' },
          '7',
        ),
        bn,
      ),
    ).toMatch(/^Rahim ০৩ ডিসে,? ২০২৬ মেয়াদের ব্যাচের জন্য দুধ অফারে দিয়েছেন: ১,২০০ টাকা \(২০% ছাড়\)$/);
    expect(auditSentence(event('approval_missing', { kind: 'expired' }), bn)).toContain(
      'মেয়াদোত্তীর্ণ স্টক বিক্রি',
    );
  });
});

describe('the trail in the reader’s words: days, methods and fields', () => {
  it('is written as the reader’s language writes days, Bengali digits in Bangla', async () => {
    const cashClosed = event('cash_closed', {}, '2026-11-30');
    expect(auditSentence(cashClosed, await translator('en'))).toBe('Rahim closed the cash of 30 Nov 2026');
    expect(auditSentence(cashClosed, await translator('bn'))).toBe('Rahim ৩০ নভে, ২০২৬-এর ক্যাশ ক্লোজ করেছেন');
  });

  it('names a payment method in words, in the reader’s language', async () => {
    const paid = event('supplier_paid', { name: 'Karim Traders', amount: 500, method: 'cash' });
    expect(auditSentence(paid, await translator('en'))).toBe('Rahim paid Karim Traders 500 BDT by Cash');
    expect(auditSentence(paid, await translator('bn'))).toContain('ক্যাশ');
    expect(auditSentence(paid, await translator('bn'))).not.toContain('cash');
  });

  it('names the changed fields in words, not by their stored keys', async () => {
    const settings = event('settings_changed', { ship: [60, 80], pin: [null, 'x'] });
    expect(auditSentence(settings, await translator('en'))).toBe(
      'Rahim changed the settings: delivery charge, PIN',
    );
    // Only the member of staff's name (data) in Latin letters.
    expect(auditSentence(settings, await translator('bn')).replace('Rahim', '')).not.toMatch(/[A-Za-z]/);
  });
});
