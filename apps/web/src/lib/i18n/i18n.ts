import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { MessageLanguage } from '@bazar/contracts/messages';
import { en } from './en';
import type { Catalogue } from './bn';

/**
 * The message catalogue: every text on screen comes from here by key. A few lines instead of
 * i18next: the shop ships its catalogues with the app, so it needs lookup, {{name}} interpolation
 * (numbers written in the language's digits and grouped the Bangladeshi way), plurals (key_one /
 * key_other, chosen by Intl.PluralRules) and a language switch, and nothing else on a cheap phone.
 *
 * English is in the first load; Bengali is its own chunk, fetched only when a person reads Bangla.
 */
export const LANGUAGES = ['en', 'bn'] as const;
export type Language = (typeof LANGUAGES)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** Each language's name in itself, as its readers know it (switches and language choices). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', bn: 'বাংলা' };

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
type Vars = Record<string, string | number>;
export type TFunction = (key: MessageKey, vars?: Vars) => string;

/** Where the browser remembers the person's choice (the contract). */
export const LANGUAGE_STORAGE_KEY = 'lang';

const catalogues: Partial<Record<Language, Catalogue>> = { en };
/**
 * The catalogues of the shop's messages (contracts' messages.bn.ts: a schema's refusal under a
 * field) that came with a screen catalogue: Bangla's with its own. English's is the contracts' own,
 * with the schemas (lib/messages.ts writes them), so it is never part of the first load here.
 */
const messageCatalogues: Partial<Record<Language, MessageLanguage>> = {};
let language: Language = 'en';
const listeners = new Set<() => void>();

/** The language the screens speak now. */
export const currentLanguage = (): Language => language;

/** The shop's messages in `lang` when their catalogue has come with its screen catalogue. */
export const loadedMessages = (lang: Language): MessageLanguage | undefined => messageCatalogues[lang];

/** The BCP 47 locale of a language for Intl: Bangladesh's for both (lakh/crore grouping). */
export const localeOf = (lang: Language = language) => (lang === 'bn' ? 'bn-BD' : 'en-IN');

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice remembered on this browser, if any. */
export function storedLanguage(): Language | undefined {
  try {
    const value = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : undefined;
  } catch {
    return undefined; // storage blocked (private mode, a policy): the choice lasts this page only
  }
}

/** Whether the browser puts Bangla before English among the languages its person reads. */
export function browserPrefersBangla(languages: readonly string[] = navigator.languages ?? []): boolean {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'bn') return true;
    if (base === 'en') return false;
  }
  return false;
}

/** The language a page opens in before it hears the shop's default: the stored choice, or Bangla if the browser prefers it. */
export function firstLanguage(): Language | undefined {
  return storedLanguage() ?? (browserPrefersBangla() ? 'bn' : undefined);
}

/** The namespaces en.ts declares by their shape only: their screen's chunk brings the texts. */
type LaterNamespace =
  | 'rider'
  | 'riders'
  | 'adminStaff'
  | 'stocktakes'
  | 'shrinkage'
  | 'reorder'
  | 'expiry'
  | 'importCategories'
  | 'backupRestore'
  | 'settings'
  | 'smsGateway'
  | 'backups'
  | 'files';

/**
 * Adds the English texts of screens no shopper opens (the rider's, the back office's riders and
 * staff screens), which come with those screens' chunks: en.ts is all in a shopper's first load,
 * whose budget (`npm run size`) has no room for them. The screen's module (or the back office's
 * frame, en-back-office.ts) calls this as it loads, so its texts are here before it draws.
 */
export function addEnglish<K extends LaterNamespace>(name: K, texts: (typeof en)[K]): void {
  Object.assign(en[name], texts);
}

async function catalogueOf(lang: Language): Promise<Catalogue> {
  const known = catalogues[lang];
  if (known) return known;
  const { bn, bangla } = await import('./bn');
  catalogues.bn = bn;
  messageCatalogues.bn = bangla;
  return bn;
}

/**
 * Speaks `lang` from now on: fetches its catalogue if needed, sets `<html lang>`, and re-renders
 * every screen that reads texts. `remember` keeps the choice on this browser (the switch does;
 * following the shop's default does not).
 */
export async function setLanguage(lang: Language, opts: { remember?: boolean } = {}): Promise<void> {
  await catalogueOf(lang);
  if (opts.remember) {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, lang);
    } catch {
      // storage blocked: the choice lasts this page only
    }
  }
  document.documentElement.lang = lang;
  if (lang === language) return;
  language = lang;
  listeners.forEach((listener) => listener());
}

const plurals = new Map<Language, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number as the current language writes it: Bengali digits in Bangla, Latin in English, grouped
 * the Bangladeshi way in both (3,77,669), at most two decimals.
 */
export function formatNumber(value: number, lang: Language = language): string {
  const locale = localeOf(lang);
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

const amountFormats = new Map<string, Intl.NumberFormat>();

/**
 * A line's amount in taka, exact to the poisha (money.ts `exactAmount`): a whole amount as
 * `formatNumber` writes it ("760"), one with poisha with both digits ("67.50", "৬৭.৫০").
 */
export function formatAmount(value: number, lang: Language = language): string {
  if (Number.isInteger(value)) return formatNumber(value, lang);
  const locale = localeOf(lang);
  let format = amountFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    amountFormats.set(locale, format);
  }
  return format.format(value);
}

/** Values that are references a person reads or types back (ids, phones, codes): never regrouped. */
const AS_IS = new Set(['id', 'returnId', 'provisional', 'phone', 'code']);

function lookup(lang: Language, key: string): unknown {
  let node: unknown = catalogues[lang];
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

function textOf(lang: Language, key: string, vars?: Vars): unknown {
  const text = lookup(lang, key);
  if (typeof text === 'string' || !vars || typeof vars.count !== 'number') return text;
  let rules = plurals.get(lang);
  if (!rules) plurals.set(lang, (rules = new Intl.PluralRules(lang)));
  return lookup(lang, `${key}_${rules.select(vars.count)}`) ?? lookup(lang, `${key}_other`);
}

function translate(lang: Language, key: string, vars?: Vars): string {
  // A text the catalogue lacks (or has not loaded) falls back to English (the test keeps them complete).
  const text = textOf(lang, key, vars) ?? (lang === 'en' ? undefined : textOf('en', key, vars));
  if (typeof text !== 'string') {
    console.warn(`Missing text: ${key}`);
    return key;
  }
  if (!vars) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) return '';
    return typeof value === 'number' && !AS_IS.has(name) ? formatNumber(value, lang) : String(value);
  });
}

/** A text in the language the screens speak now. */
export const t: TFunction = (key, vars) => translate(language, key, vars);

/** Texts and numbers in one language: what useTranslation answers. */
export interface Translation {
  t: TFunction;
  language: Language;
  /** A number as this language writes it (see formatNumber). */
  formatNumber: (value: number) => string;
}

/** The language a part of the page is written in regardless of the screens' (see InLanguage). */
const PinnedLanguage = createContext<Language | null>(null);

/**
 * The same shape as react-i18next's hook, so screens read `const { t } = useTranslation()`; a
 * screen that reads texts through it draws again when the language changes. Inside InLanguage it
 * answers in that language instead.
 */
export function useTranslation(): Translation {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return translationOf(useContext(PinnedLanguage) ?? lang);
}

/** One answer per language, the same object every time: a new one when the language changes, so
 * memoised children that take `t` draw again too. */
const translations = new Map<Language, Translation>();
function translationOf(lang: Language): Translation {
  let found = translations.get(lang);
  if (!found) {
    found = {
      t: (key, vars) => translate(lang, key, vars),
      language: lang,
      formatNumber: (value) => formatNumber(value, lang),
    };
    translations.set(lang, found);
  }
  return found;
}

/**
 * Texts and numbers in `lang` without changing the screens' language (a customer's invoice):
 * fetches the language's catalogue first if this page has not loaded it.
 */
export async function translator(lang: Language): Promise<Translation> {
  await catalogueOf(lang);
  return translationOf(lang);
}

/**
 * The language to draw `lang`'s texts in: `lang` once its catalogue is here (fetched now if this
 * page has not loaded it), null while it loads, English when it could not be fetched (offline).
 */
export function useLoadedLanguage(lang: Language): Language | null {
  const [, loaded] = useState(0);
  const [failed, setFailed] = useState<Language | null>(null);
  const here = catalogues[lang] !== undefined;
  useEffect(() => {
    if (here || failed === lang) return;
    let live = true;
    catalogueOf(lang).then(
      () => live && loaded((n) => n + 1),
      (error: unknown) => {
        console.error(`Could not load the ${lang} texts`, error);
        if (live) setFailed(lang);
      },
    );
    return () => {
      live = false;
    };
  }, [lang, here, failed]);
  return here ? lang : failed === lang ? 'en' : null;
}

/**
 * Renders its children in `lang` whatever the screens speak (a printed invoice in the customer's
 * language): every useTranslation() inside answers in it, dates and numbers included. Until the
 * language's catalogue is loaded it shows `fallback` (see useLoadedLanguage).
 */
export function InLanguage({
  lang,
  fallback = null,
  children,
}: {
  lang: Language;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const drawn = useLoadedLanguage(lang);
  if (drawn === null) return fallback;
  return createElement(PinnedLanguage.Provider, { value: drawn }, children);
}
