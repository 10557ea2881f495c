import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** The shop's calendar day (YYYY-MM-DD) at `at`, in the shop's time zone (SHOP_TZ). */
export function shopDay(at: Date, tz: string): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: tz,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const clocks = new Map<string, Intl.DateTimeFormat>();
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

/** The shop's wall clock at `at` (YYYY-MM-DD HH:MM, 24 hours), in the shop's time zone. */
export function shopTime(at: Date, tz: string): string {
  let clock = clocks.get(tz);
  if (!clock) {
    // Swedish writes dates and times the ISO way: format() (three times as fast as
    // formatToParts, which an export calls for every payment) gives the text as it is wanted.
    clock = new Intl.DateTimeFormat('sv-SE', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(tz, clock);
  }
  const text = clock.format(at);
  if (WALL_CLOCK.test(text)) return text;
  // A runtime whose locale data writes it otherwise: the parts, put together.
  const part = Object.fromEntries(clock.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}

/** `column` falls on the shop days from `from` to `to` (both included; either may be open). */
export function withinShopDays(column: SQLWrapper, tz: string, from?: string, to?: string): SQL[] {
  const where: SQL[] = [];
  if (from) where.push(sql`${column} >= (${from}::date::timestamp AT TIME ZONE ${tz})`);
  if (to) where.push(sql`${column} < ((${to}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  return where;
}

/** The instant of a wall-clock time on a shop day in the shop's zone. */
export function shopMoment(day: string, hh: number, mm: number, tz: string, ss = 0): Date {
  const two = (n: number) => String(n).padStart(2, '0');
  const wall = Date.parse(`${day}T${two(hh)}:${two(mm)}:${two(ss)}Z`);
  // The zone's offset at that moment, read back through Intl (twice: once more across a DST change).
  let instant = wall - offsetAt(wall, tz);
  instant = wall - offsetAt(instant, tz);
  return new Date(instant);
}

function offsetAt(instant: number, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}
