import { useTranslation, type Language } from './i18n/i18n';

/**
 * The name of a catalogue thing (product, category, brand, area) in the language on screen: its
 * Bangla text when reading Bangla, its English one otherwise, and the other when that one is empty
 * (a product may have only one of the two).
 */
export function localName(en: string, bn: string | undefined, lang: Language): string {
  const bangla = bn ?? '';
  return lang === 'bn' ? bangla || en : en || bangla;
}

const namers: Record<Language, (en: string, bn: string | undefined) => string> = {
  en: (en, bn) => localName(en, bn, 'en'),
  bn: (en, bn) => localName(en, bn, 'bn'),
};

/** `localName` for the current language; the same function until the language changes. */
export function useLocalName(): (en: string, bn: string | undefined) => string {
  const { language } = useTranslation();
  return namers[language];
}
