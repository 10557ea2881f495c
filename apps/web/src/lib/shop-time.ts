import { useMemo } from 'react';
import { currentLanguage, useTranslation, type Language } from './i18n/i18n';
import { useShopInfo } from './shop-api';

/**
 * Times and days as the shop's clock shows them, whatever the browser's zone: the zone is the
 * server's (SHOP_TZ, answered by GET /api/shop-info as `tz`). Until that answer arrives the shop's
 * usual zone stands in; this is the only place that names it.
 */
export const FALLBACK_TIME_ZONE = 'Asia/Dhaka';

const OPTIONS = {
  /** "05 Mar 2025, 3:04 pm" */
  dateTime: {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  },
  /** "05 Mar 2025" */
  date: { day: '2-digit', month: 'short', year: 'numeric' },
  /** "2025-03-05" (en-CA writes ISO days) */
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

type Kind = keyof typeof OPTIONS;

const formats = new Map<string, Intl.DateTimeFormat>();

/** How people read dates in a language: "05 Mar 2025" in English, "০৫ মার্চ, ২০২৫" in Bangla. */
const readLocale = (lang: Language) => (lang === 'bn' ? 'bn-BD' : 'en-GB');

function formatter(kind: Kind, timeZone: string, lang: Language): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}|${lang}`;
  let format = formats.get(key);
  if (!format) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      zone = FALLBACK_TIME_ZONE; // a zone this browser does not know
    }
    // A day is a machine's YYYY-MM-DD in every language.
    format = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : readLocale(lang), {
      ...OPTIONS[kind],
      // Bangla says the time of day in words ("১২:০৩ দুপুর", "৯:১৫ রাত"), not AM/PM in Latin letters.
      ...(kind === 'dateTime' && lang === 'bn' && { hourCycle: undefined, dayPeriod: 'short' }),
      timeZone: zone,
    });
    formats.set(key, format);
  }
  return format;
}

function format(kind: Kind, timeZone: string, lang: Language, at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : formatter(kind, timeZone, lang).format(date);
}

export interface ShopTime {
  timeZone: string;
  /** An ISO time as "05 Mar 2025, 3:04 pm" on the shop's clock. */
  dateTime: (iso: string) => string;
  /** An ISO time's day as "05 Mar 2025" on the shop's clock. */
  date: (iso: string) => string;
  /** The shop's calendar day (YYYY-MM-DD) at `at` (now by default). */
  day: (at?: Date) => string;
}

/** The formatters of one zone (tests and code that already knows the zone), in a language. */
export function shopTimeIn(timeZone: string, lang: Language = currentLanguage()): ShopTime {
  return {
    timeZone,
    dateTime: (iso) => format('dateTime', timeZone, lang, iso),
    date: (iso) => format('date', timeZone, lang, iso),
    day: (at = new Date()) => format('day', timeZone, lang, at),
  };
}

/** The shop's clock: its zone from GET /api/shop-info, FALLBACK_TIME_ZONE while that loads. */
export function useShopTime(): ShopTime {
  const timeZone = useShopInfo().data?.tz || FALLBACK_TIME_ZONE;
  const { language } = useTranslation();
  return useMemo(() => shopTimeIn(timeZone, language), [timeZone, language]);
}

/** A from..to pair of shop days (YYYY-MM-DD); an empty end is open. */
export interface DayRange {
  from: string;
  to: string;
}

// Made when first used: building a formatter takes a few ms, and every page loads this module.
const dayLabels = new Map<Language, Intl.DateTimeFormat>();

/**
 * A YYYY-MM-DD shop day as people read it in the current language, e.g. "22 Nov 2026" or
 * "২২ নভে, ২০২৬" (the day itself has no zone).
 */
export function formatDay(day: string, lang: Language = currentLanguage()): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  let label = dayLabels.get(lang);
  if (!label) {
    label = new Intl.DateTimeFormat(readLocale(lang), {
      timeZone: 'UTC',
      day: '2-digit',
      month: 'short',
      year: 'numeric',
    });
    dayLabels.set(lang, label);
  }
  return label.format(date);
}
