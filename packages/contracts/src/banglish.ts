/**
 * Banglish: Bangla words typed in Latin letters, as most people in Bangladesh type on a phone
 * ("alu" for আলু, "piyaj" for পেঁয়াজ, "chal" for চাল). There is no one spelling ("piyaj", "peyaj",
 * "pyaj"; "mosur", "masoor"; "dim", "deem"), so neither side is compared as written: a Bangla word
 * is first romanized (`romanize`: পেঁয়াজ → "peyaj"), and that or a typed Latin word is then folded
 * into a loose phonetic key (`latinKey`) in which the common spellings of one word meet ("piyaj",
 * "peyaj", "pyaj" → "piaj"). `banglishKey` does both for a word of either script. Pure functions,
 * no dependencies: the server's search and the till's offline search (in the browser) share them.
 */

// ---- Bangla → Latin ----------------------------------------------------------------------------

const CONSONANTS: Readonly<Record<string, string>> = {
  ক: 'k',
  খ: 'kh',
  গ: 'g',
  ঘ: 'gh',
  ঙ: 'ng',
  চ: 'ch',
  ছ: 'chh',
  জ: 'j',
  ঝ: 'jh',
  ঞ: 'n',
  ট: 't',
  ঠ: 'th',
  ড: 'd',
  ঢ: 'dh',
  ণ: 'n',
  ত: 't',
  থ: 'th',
  দ: 'd',
  ধ: 'dh',
  ন: 'n',
  প: 'p',
  ফ: 'f',
  ব: 'b',
  ভ: 'bh',
  ম: 'm',
  য: 'j',
  র: 'r',
  ল: 'l',
  শ: 'sh',
  ষ: 'sh',
  স: 's',
  হ: 'h',
  '\u09dc': 'r', // ড়
  '\u09dd': 'r', // ঢ়
  '\u09df': 'y', // য়
  ৎ: 't',
};

/** Vowel letters (a vowel of its own, or at a word's start). */
const VOWELS: Readonly<Record<string, string>> = {
  অ: 'o',
  আ: 'a',
  ই: 'i',
  ঈ: 'i',
  উ: 'u',
  ঊ: 'u',
  ঋ: 'ri',
  ঌ: 'li',
  এ: 'e',
  ঐ: 'oi',
  ও: 'o',
  ঔ: 'ou',
};

/** Vowel signs (কা, কি …): the vowel of the consonant before them. */
const SIGNS: Readonly<Record<string, string>> = {
  'া': 'a',
  'ি': 'i',
  'ী': 'i',
  'ু': 'u',
  'ূ': 'u',
  'ৃ': 'ri',
  'ৄ': 'ri',
  'ে': 'e',
  'ৈ': 'oi',
  'ো': 'o',
  'ৌ': 'ou',
  'ৗ': 'ou',
};

const HASANTA = '\u09cd';
const ANUSVARA = '\u0982'; // ং
const BANGLA_LETTER = /[\u0980-\u09ff]/;

type Consonant = { latin: string; sign: string | null; joined: boolean; bangla: string };
type Unit = { kind: 'consonant'; c: Consonant } | { kind: 'vowel' | 'other'; latin: string };

/** The letters of a word as units: each consonant with its vowel sign or hasanta, vowels, the rest. */
function unitsOf(word: string): Unit[] {
  // ড়, ঢ়, য় are two code points in NFC (the letter and its nukta): one letter here.
  const text = word
    .normalize('NFC')
    .replace(/[\u200c\u200d]/g, '')
    .replace(/\u09a1\u09bc/g, '\u09dc')
    .replace(/\u09a2\u09bc/g, '\u09dd')
    .replace(/\u09af\u09bc/g, '\u09df');
  const units: Unit[] = [];
  for (const ch of text) {
    const last = units.at(-1);
    const open = last?.kind === 'consonant' && last.c.sign === null && !last.c.joined ? last.c : null;
    const consonant = CONSONANTS[ch];
    if (consonant !== undefined) {
      units.push({ kind: 'consonant', c: { latin: consonant, sign: null, joined: false, bangla: ch } });
      continue;
    }
    const sign = SIGNS[ch];
    if (sign !== undefined) {
      if (open) open.sign = sign;
      else units.push({ kind: 'vowel', latin: sign });
      continue;
    }
    if (ch === HASANTA) {
      if (open) open.joined = true;
      continue;
    }
    const vowel = VOWELS[ch];
    if (vowel !== undefined) units.push({ kind: 'vowel', latin: vowel });
    else if (ch === ANUSVARA) units.push({ kind: 'other', latin: 'ng' });
    else if (/[০-৯]/.test(ch)) units.push({ kind: 'other', latin: String(ch.charCodeAt(0) - 0x09e6) });
    else if (/[a-z0-9]/i.test(ch)) units.push({ kind: 'other', latin: ch.toLowerCase() });
    // ঁ (nasal), ঃ, the nukta alone, anything else: no letter of the key.
  }
  return units;
}

/**
 * A Bangla word in Latin letters as a Banglish writer would type it: consonants and vowels by their
 * usual letters (ছ "chh", শ/ষ "sh", য় "y", ড় "r"), and the inherent vowel অ written "o" where it is
 * said: after a word's first consonant ("morich" মরিচ), not at the end ("dal" ডাল), and in the
 * middle only where the vowel before and the consonant after would not drop it ("lobon" লবণ, but
 * "kumra" কুমড়া, "murgi" মুরগি, "moyda" ময়দা). ্য after a consonant is "y"; ্ব after one is silent
 * (স্বাদ "sad"). Latin letters and digits in the word stay. Pure, for any text: '' when it has none.
 */
export function romanize(word: string): string {
  const units = unitsOf(word);
  let out = '';
  let vowelBefore = false;
  let seenVowel = false;
  units.forEach((unit, i) => {
    if (unit.kind !== 'consonant') {
      out += unit.latin;
      vowelBefore = unit.kind === 'vowel';
      if (vowelBefore) seenVowel = true;
      return;
    }
    const { c } = unit;
    const prev = units[i - 1];
    const afterHasanta = prev?.kind === 'consonant' && prev.c.joined;
    let latin = c.latin;
    if (afterHasanta && c.bangla === 'য' && prev.c.bangla !== 'র') latin = 'y';
    if (afterHasanta && c.bangla === 'ব' && prev.c.bangla !== 'ম') latin = '';
    out += latin;
    if (c.sign !== null) {
      out += c.sign;
      vowelBefore = seenVowel = true;
      return;
    }
    if (c.joined) {
      vowelBefore = false;
      return;
    }
    // The inherent vowel: said after the first consonant, silent at the end, dropped in the middle
    // between a vowel and a consonant that has a vowel of its own (or its own inherent one).
    const next = units[i + 1];
    let said: boolean;
    if (next === undefined) said = false;
    else if (!seenVowel || next.kind !== 'consonant') said = true;
    else {
      const nextVoiced = next.c.sign !== null || (!next.c.joined && i + 2 < units.length);
      said = !(vowelBefore && nextVoiced);
    }
    if (said) out += 'o';
    vowelBefore = said;
    if (said) seenVowel = true;
  });
  return out;
}

// ---- the loose key -----------------------------------------------------------------------------

/** One pass of the folding (see `latinKey`). */
function fold(text: string): string {
  let k = text
    .replace(/oo/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/o[uw]/g, 'o')
    .replace(/ph/g, 'f')
    .replace(/x/g, 'ks')
    .replace(/q/g, 'k')
    // An aspirated consonant is written with or without its h (dh/d, kh/k, bh/b), and ch/c, sh/s.
    .replace(/([bcdfgjklmnprstvz])h+/g, '$1')
    .replace(/ck/g, 'k')
    .replace(/z/g, 'j')
    .replace(/v/g, 'b')
    .replace(/w/g, 'o')
    .replace(/y/g, 'i');
  // A final inherent vowel is written by some and not by others ("mangsho", "mangs").
  if (k.length > 2 && k.endsWith('o')) k = k.slice(0, -1);
  return (
    k
      // Doubled letters ("chaal", "atta", "aloo").
      .replace(/(.)\1+/g, '$1')
  );
}

/**
 * A Latin word folded into a loose phonetic key in which the usual Banglish spellings of a word
 * meet: lower case, letters and digits only; oo → u, ee → i, ph → f, q → k, x → ks; an h after a
 * consonant dropped (dh, kh, ch, sh …); z → j, v → b, w → o, y → i; a final o dropped; o → a,
 * e → i; doubled letters single. "Piyaj", "peyaj", "pyaj" → "piaj"; "chaal" → "cal"; "deem" →
 * "dim"; "shorisha" → "sarisa". Idempotent: the key of a key is itself.
 */
export function latinKey(word: string): string {
  let k = word
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  // Folding again until nothing changes: one pass can make what another would fold ("cq" → "ck").
  for (let i = 0; i < 5; i++) {
    const next = fold(k);
    if (next === k) break;
    k = next;
  }
  return k;
}

/** True when the word has a letter of the Bangla script. */
export const isBangla = (word: string) => BANGLA_LETTER.test(word);

/**
 * The Banglish key of a word of either script: a Bangla word romanized, then folded (`latinKey`),
 * a Latin one folded. আলু, "alu", "aloo" → "alu"; পেঁয়াজ, পিয়াজ, "piyaj", "pyaj" → "piaj"; '' for a
 * word with no letter either way.
 */
export function banglishKey(word: string): string {
  return latinKey(isBangla(word) ? romanize(word) : word);
}
