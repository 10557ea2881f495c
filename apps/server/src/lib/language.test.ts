import { describe, expect, it } from 'vitest';
import { english, label, say } from '@bazar/contracts/messages';
import { bangla } from '@bazar/contracts/messages.bn';
import type { ErrorAnswer } from './errors';
import { answerIn, prefersBangla } from './language';

describe('prefersBangla (Accept-Language, RFC 9110 q-values)', () => {
  it.each([
    ['bn', true],
    ['bn-BD', true],
    ['BN-bd', true],
    ['bn-BD,bn;q=0.9,en-US;q=0.8,en;q=0.7', true],
    ['en;q=0.5, bn;q=0.6', true],
    ['bn ; q=0.9 , en ; q=0.8', true],
    ['fr, bn;q=0.3', true],
    ['en;q=0, *', true],
    ['en', false],
    ['en-US,en;q=0.9,bn;q=0.8', false],
    ['bn;q=0.5, en;q=0.5', false], // a tie is English
    ['bn;q=0.500, en-GB;q=0.5', false],
    ['*', false], // both languages weigh 1
    ['bn;q=0.5, *;q=0.9', false], // English is weighed by *
    ['bn;q=0', false],
    ['fr, de;q=0.8', false],
    ['', false],
    [undefined, false],
  ])('%j → %s', (header, bangla) => {
    expect(prefersBangla(header)).toBe(bangla);
  });

  it.each([
    'bn;q=2',
    'bn;q=1.5',
    'bn;q=0.1234',
    'bn;q=abc',
    'bn;q=',
    'b@n',
    'bn-',
    'banglabhasha',
    ';q=1',
    ',,,',
  ])('a malformed range is left out: %j is English', (header) => {
    expect(prefersBangla(header)).toBe(false);
  });

  it('reads a header sent twice', () => {
    expect(prefersBangla(['en;q=0.2', 'bn'])).toBe(true);
    expect(prefersBangla(['bn;q=0.2', 'en'])).toBe(false);
  });
});

describe('answerIn', () => {
  const price = say('field.number', { field: label('price') });
  const answer: ErrorAnswer = {
    message: price,
    code: 'invalid',
    errors: {
      price: [price],
      'carts.0.quantity': [say('field.moreThan', { field: label('quantity'), min: 0 })],
    },
    lines: [{ product_id: 7, title: 'Rice', attri: '', available: 1 }],
  };

  it('writes the texts only: the code, the field names and the data stay, in their order', () => {
    const copy = structuredClone(answer);
    expect(JSON.stringify(answerIn(bangla, answer))).toBe(
      JSON.stringify({
        message: 'দাম সংখ্যায় দিতে হবে।',
        code: 'invalid',
        errors: { price: ['দাম সংখ্যায় দিতে হবে।'], 'carts.0.quantity': ['পরিমাণ ০-এর বেশি হতে হবে।'] },
        lines: [{ product_id: 7, title: 'Rice', attri: '', available: 1 }],
      }),
    );
    expect(answer).toEqual(copy);
  });

  it("writes the spec's English for a request in English", () => {
    expect(answerIn(english, answer)).toEqual({
      message: 'The price must be a number.',
      code: 'invalid',
      errors: {
        price: ['The price must be a number.'],
        'carts.0.quantity': ['The quantity must be more than 0.'],
      },
      lines: [{ product_id: 7, title: 'Rice', attri: '', available: 1 }],
    });
  });
});
