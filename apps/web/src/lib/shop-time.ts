import { useMemo } from 'react';
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

function formatter(kind: Kind, timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
    } catch {
      zone = FALLBACK_TIME_ZONE; // a zone this browser does not know
    }
    format = new Intl.DateTimeFormat(kind === 'day' ? 'en-CA' : 'en-GB', {
      ...OPTIONS[kind],
      timeZone: zone,
    });
    formats.set(key, format);
  }
  return format;
}

function format(kind: Kind, timeZone: string, at: string | Date): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  return Number.isNaN(date.getTime()) ? String(at) : formatter(kind, timeZone).format(date);
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

/** The formatters of one zone (tests and code that already knows the zone). */
export function shopTimeIn(timeZone: string): ShopTime {
  return {
    timeZone,
    dateTime: (iso) => format('dateTime', timeZone, iso),
    date: (iso) => format('date', timeZone, iso),
    day: (at = new Date()) => format('day', timeZone, at),
  };
}

/** The shop's clock: its zone from GET /api/shop-info, FALLBACK_TIME_ZONE while that loads. */
export function useShopTime(): ShopTime {
  const timeZone = useShopInfo().data?.tz || FALLBACK_TIME_ZONE;
  return useMemo(() => shopTimeIn(timeZone), [timeZone]);
}

/** A from..to pair of shop days (YYYY-MM-DD); an empty end is open. */
export interface DayRange {
  from: string;
  to: string;
}

// Made when first used: building a formatter takes a few ms, and every page loads this module.
let dayLabel: Intl.DateTimeFormat | undefined;

/** A YYYY-MM-DD shop day as people read it, e.g. "22 Nov 2026" (the day itself has no zone). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  dayLabel ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  });
  return dayLabel.format(date);
}
