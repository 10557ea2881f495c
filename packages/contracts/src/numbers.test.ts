import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { english, render } from './messages';
import {
  calendarDay,
  dayFilter,
  id,
  ID_MAX,
  isCalendarDay,
  latinDigits,
  money,
  MONEY_MAX,
  plainDecimal,
  quantity,
  QTY_MAX,
  stockLevel,
  wholeNumber,
} from './numbers';
import { idParamSchema } from './common';
import { orderAddBody, payBody } from './orders';
import { customerEditBody } from './customers';
import { quickEditBody } from './catalog';
import { settingsBody } from './settings';
import { smsSendParams } from './sms';

const ok = (schema: z.ZodType, value: unknown) => schema.safeParse(value).success;

/** Everything `z.coerce.number()` would have turned into a number, and more junk besides. */
const NOT_NUMBERS: unknown[] = [
  [],
  [''],
  [7],
  [1, 2],
  '',
  ' ',
  '\t',
  null,
  false,
  true,
  '0x10',
  '1e3',
  ' 12',
  '12 ',
  '+5',
  '.5',
  '5.',
  '1_000',
  'Infinity',
  'NaN',
  {},
  { valueOf: 1 },
  NaN,
  Infinity,
  -Infinity,
];

describe('the one number rule', () => {
  it.each(NOT_NUMBERS.map((v) => [JSON.stringify(v) ?? String(v), v]))(
    'a JSON body refuses %s',
    (_label, value) => {
      expect(ok(money('json'), value)).toBe(false);
      expect(ok(quantity('json'), value)).toBe(false);
      expect(ok(id('json'), value)).toBe(false);
    },
  );

  it.each(NOT_NUMBERS.map((v) => [JSON.stringify(v) ?? String(v), v]))(
    'a text source refuses %s',
    (_label, value) => {
      expect(ok(money('text'), value)).toBe(false);
      expect(ok(id('text'), value)).toBe(false);
    },
  );

  it('a JSON body refuses numbers written as text; a text source reads wholly plain decimals', () => {
    expect(ok(money('json'), '60')).toBe(false);
    expect(money('text').parse('60')).toBe(60);
    expect(money('text').parse(60)).toBe(60);
    expect(quantity('text').parse('0.25')).toBe(0.25);
    expect(stockLevel('text').parse('-3')).toBe(-3);
  });

  it('plain decimals only: digits, one optional point, one optional minus sign', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const n = plainDecimal(text);
        if (n === undefined) return;
        expect(/^-?[0-9]+(\.[0-9]+)?$/.test(latinDigits(text))).toBe(true);
        expect(Number.isFinite(n)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(plainDecimal(String(n))).toBe(n);
      }),
    );
  });

  it('Bengali digits read as their Latin twins: ১২৫ is 125, ০.২৫ is 0.25', () => {
    const bengali = (text: string) => text.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));
    expect(plainDecimal('১২৫')).toBe(125);
    expect(plainDecimal('-০.২৫')).toBe(-0.25);
    expect(plainDecimal('১2৫')).toBe(125); // a mix, as a phone keyboard may give
    expect(plainDecimal('১,২৫')).toBeUndefined();
    expect(latinDigits('০১২৩৪৫৬৭৮৯')).toBe('0123456789');
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), fc.nat({ max: 99 }), (whole, cents) => {
        const text = `${whole}.${String(cents).padStart(2, '0')}`;
        expect(plainDecimal(bengali(text))).toBe(plainDecimal(text));
      }),
    );
    // What a cashier types into a multipart or query field reaches the schema as a number.
    expect(money('text').parse('১২৫')).toBe(125);
    expect(quantity('text').parse('০.৫')).toBe(0.5);
    expect(() => money('json').parse('১২৫')).toThrow(); // JSON carries numbers as numbers
  });

  it('money: whole taka from 0 to 100,000,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MONEY_MAX }), (n) => {
        expect(money('json').parse(n)).toBe(n);
      }),
    );
    for (const bad of [-1, MONEY_MAX + 1, 10.5, 0.01, 1e300]) expect(ok(money('json'), bad)).toBe(false);
    expect(ok(money('json', 'amount', 1), 0)).toBe(false);
  });

  it('quantities: more than 0, at most two decimals, at most 100,000', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: QTY_MAX * 100 }), (hundredths) => {
        const q = hundredths / 100;
        expect(quantity('json').parse(q)).toBe(q);
      }),
    );
    for (const bad of [0, -1, 0.001, 1.005, QTY_MAX + 0.01, 1e6])
      expect(ok(quantity('json'), bad)).toBe(false);
    expect(ok(stockLevel('json'), -5.25)).toBe(true);
    expect(ok(stockLevel('json'), -QTY_MAX - 1)).toBe(false);
  });

  it('ids and whole numbers stay in range', () => {
    expect(id('text').parse('2147483647')).toBe(2147483647);
    for (const bad of ['0', '-1', '2147483648', '1.5', '99999999999999999999'])
      expect(ok(id('text'), bad)).toBe(false);
    expect(ok(wholeNumber('json', 'status', 0, 4), 5)).toBe(false);
  });

  it('an id in text has one spelling: plain digits without a sign, point or leading zero', () => {
    for (const other of ['-0', '+1', '1.0', '01', ' 1', '1 ', '1e0', '0x1', '১', '00', '-1', '1_0'])
      expect([other, ok(id('text'), other)]).toEqual([other, false]);
    const refused = id('text', 'list').safeParse('01');
    expect(render(english, refused.error?.issues[0]?.message ?? '')).toBe(
      'The list must be written in plain digits, without a sign or a leading zero (12, not 012).',
    );
    // Every id in PostgreSQL's integer range, written as JavaScript writes it, is read as itself.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: ID_MAX }), (n) => {
        expect(id('text').parse(String(n))).toBe(n);
      }),
    );
    // Any other text, above all the other spellings of a number, is refused.
    const canonical = (text: string) => /^[1-9][0-9]*$/.test(text) && Number(text) <= ID_MAX;
    const spelling = fc.oneof(
      fc.string(),
      fc.stringMatching(/^[-+ .e0-9\u09e6-\u09ef]{0,12}$/),
      fc
        .tuple(
          fc.constantFrom('', '0', '00', '+', '-', '-0', ' ', '\t'),
          fc.integer({ min: 0, max: ID_MAX }),
          fc.constantFrom('', '.0', '.', 'e0', 'E0', ' ', '\n', '.00'),
        )
        .map(([head, n, tail]) => `${head}${n}${tail}`),
    );
    fc.assert(
      fc.property(spelling, (text) => {
        expect([text, ok(id('text'), text)]).toEqual([text, canonical(text)]);
      }),
      { numRuns: 2000 },
    );
    // List 0 ("every customer") has one spelling too: "0", never "-0", "00" or "0.0".
    expect(smsSendParams.parse({ listId: '0' })).toEqual({ listId: 0 });
    for (const other of ['-0', '00', '0.0', '+0', '0e0'])
      expect([other, ok(smsSendParams, { listId: other })]).toEqual([other, false]);
  });

  it('names the field in its message', () => {
    const res = money('json', 'price').safeParse([]);
    expect(render(english, res.error?.issues[0]?.message ?? '')).toBe('The price must be a number.');
    const missing = money('json', 'price').safeParse(undefined);
    expect(render(english, missing.error?.issues[0]?.message ?? '')).toBe('The price field is required.');
  });
});

describe('the bodies the issue found accepting junk refuse it now', () => {
  it('quick edit price [] does not become 0', () => {
    expect(ok(quickEditBody, { price: [], qty: 1 })).toBe(false);
    expect(quickEditBody.parse({ price: 90, offprice: null, qty: 2 })).toMatchObject({
      price: 90,
      offprice: null,
    });
  });

  it('order quantity [1], till paid [100], pay paid [] and status ""', () => {
    const line = { product_id: 1, quantity: 1 };
    const shop = { name: 'A', phone: '01712345678', address: 'x', area: 'y' };
    expect(ok(orderAddBody, { ...shop, carts: [{ ...line, quantity: [1] }] })).toBe(false);
    expect(ok(orderAddBody, { ...shop, carts: [line] })).toBe(true);
    expect(ok(orderAddBody, { terminal: 1, carts: [line], paid: [100] })).toBe(false);
    expect(ok(orderAddBody, { terminal: 1, carts: [line], paid: 100 })).toBe(true);
    expect(ok(orderAddBody, { terminal: '1', carts: [line] })).toBe(false);
    expect(ok(payBody, { status: 3, paid: [] })).toBe(false);
    expect(ok(payBody, { status: '', paid: 0 })).toBe(false);
    expect(ok(payBody, { status: 3, paid: 0 })).toBe(true);
  });

  it('settings ship [30], customer balance [5] and point []', () => {
    expect(ok(settingsBody, { ship: [30], reg_point: 0, sms_numbers: '' })).toBe(false);
    expect(ok(customerEditBody, { name: 'A', balance: [5] })).toBe(false);
    expect(ok(customerEditBody, { name: 'A', point: [] })).toBe(false);
    expect(customerEditBody.parse({ name: 'A', balance: null })).toMatchObject({ balance: null });
  });

  it('an SMS list id of " " is not list 0 (every customer)', () => {
    expect(ok(smsSendParams, { listId: ' ' })).toBe(false);
    expect(ok(smsSendParams, { listId: '%20' })).toBe(false);
    expect(smsSendParams.parse({ listId: '0' })).toEqual({ listId: 0 });
    expect(ok(idParamSchema, { id: '0x10' })).toBe(false);
  });
});

describe('calendar days', () => {
  it.each(['2024-02-29', '2000-01-01', '2100-12-31', '2025-04-30'])('takes %s', (day) =>
    expect(isCalendarDay(day)).toBe(true),
  );
  it.each(['2024-13-45', '2023-02-29', '2025-04-31', '1999-12-31', '2101-01-01', '2024-1-5', '20240105', ''])(
    'refuses %s',
    (day) => expect(isCalendarDay(day)).toBe(false),
  );

  it('agrees with the calendar for every day from 2000 to 2100', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (d) => {
          expect(isCalendarDay(d.toISOString().slice(0, 10))).toBe(true);
        },
      ),
    );
  });

  it('date filters take a real day or empty', () => {
    expect(ok(dayFilter(), '')).toBe(true);
    expect(ok(dayFilter(), undefined)).toBe(true);
    expect(ok(dayFilter(), '2024-13-45')).toBe(false);
    expect(ok(calendarDay(), '')).toBe(false);
  });
});
