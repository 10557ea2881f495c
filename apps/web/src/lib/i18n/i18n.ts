import { en } from './en';

/**
 * The message catalogue: every text on screen comes from here by key. A few lines instead of
 * i18next: the shop ships its catalogues with the app, so it needs lookup, {{name}} interpolation
 * and plurals (key_one / key_other, chosen by Intl.PluralRules), and nothing else on a cheap phone.
 * A Bengali catalogue is another object of the same shape added to `catalogues`.
 */
const catalogues = { en } as const;
export type Language = keyof typeof catalogues;

type PluralSuffix = Intl.LDMLPluralRule;

/** Every key of the catalogue as a dotted path; plural keys by their base name. */
type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string
    ? K extends `${infer Base}_${PluralSuffix}`
      ? `${P}${Base}`
      : `${P}${K}`
    : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<typeof en>;
export type Vars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: Vars) => string;

// One language for now; switching means choosing another catalogue here.
const language: Language = 'en';
const plurals = new Map<Language, Intl.PluralRules>();

function lookup(key: string): unknown {
  let node: unknown = catalogues[language];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export const t: TFunction = (key, vars) => {
  let text = lookup(key);
  if (typeof text !== 'string' && vars && typeof vars.count === 'number') {
    let rules = plurals.get(language);
    if (!rules) plurals.set(language, (rules = new Intl.PluralRules(language)));
    text = lookup(`${key}_${rules.select(vars.count)}`) ?? lookup(`${key}_other`);
  }
  if (typeof text !== 'string') {
    console.warn(`Missing text: ${key}`);
    return key;
  }
  return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')) : text;
};

/** The same shape as react-i18next's hook, so screens read `const { t } = useTranslation()`. */
const translation = { t };
export function useTranslation(): { t: TFunction } {
  return translation;
}
