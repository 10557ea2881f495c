/**
 * How many SMS a text costs, as gateways count them (3GPP TS 23.038 / 23.040):
 *
 * - A text wholly in the GSM 7-bit alphabet (English letters, digits, common signs) fits 160
 *   characters in one SMS; longer, it goes in parts of 153 (each part carries a header). The
 *   extension characters (^ { } \ [ ~ ] | €) take two places each.
 * - Any other character (Bangla above all) sends the whole text as UCS-2: 70 in one SMS, parts of
 *   67. Characters outside the Basic Multilingual Plane (most emoji) take two places.
 */

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';

const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SmsSize {
  encoding: SmsEncoding;
  /** The places the text takes in its encoding (what the limits below count). */
  units: number;
  /** How many SMS the text is sent as (0 for an empty text). */
  segments: number;
  /** The most places one SMS holds, and one part of a longer text, in this encoding. */
  single: number;
  part: number;
}

export const SMS_LIMITS = {
  gsm7: { single: 160, part: 153 },
  ucs2: { single: 70, part: 67 },
} as const;

/** The places a text takes in GSM 7-bit, or undefined when a character is not in that alphabet. */
function gsmUnits(text: string): number | undefined {
  let units = 0;
  for (const char of text) {
    if (basic.has(char)) units += 1;
    else if (extension.has(char)) units += 2;
    else return undefined;
  }
  return units;
}

/** The encoding, size and number of SMS of `text`. */
export function smsSize(text: string): SmsSize {
  const gsm = gsmUnits(text);
  const encoding: SmsEncoding = gsm === undefined ? 'ucs2' : 'gsm7';
  // UCS-2 counts UTF-16 code units: a character outside the BMP is two.
  const units = gsm ?? text.length;
  const { single, part } = SMS_LIMITS[encoding];
  const segments = units === 0 ? 0 : units <= single ? 1 : Math.ceil(units / part);
  return { encoding, units, segments, single, part };
}
