/**
 * The built-in `time` tool of the time-arithmetic worked example (seed 003):
 *
 *   {"operation": "now"}                         → the current moment
 *   {"operation": "format", "timestamp": …, "pattern"?: …}
 *
 * Both answer with `iso` (ISO 8601 with the offset), `epoch_seconds` (for the
 * calculator: add 86400 per day), `weekday` (long English name, ISO 8601 Monday-based
 * week: `weekday_number` 1 = Monday … 7 = Sunday) and `timezone`. `timestamp` is an
 * ISO 8601 string or epoch seconds; `timezone` is an IANA name (default: this
 * machine's). `pattern` tokens: YYYY MM DD HH mm ss dddd ddd Z; other text is kept.
 * A pure function of its arguments and the clock it is given.
 *
 * Dates are in the proleptic Gregorian calendar with astronomical years, as ISO 8601
 * reads them: year 0 is 1 BCE, and a year outside 0–9999 is written with a sign and six
 * digits (`-000001-01-01`). Every moment a JS Date holds is answered (years -271821 to
 * 275760); a timestamp beyond is refused as out of range.
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** The moments a JS Date holds: ±8.64e15 ms around 1970, years -271821 to 275760. */
const MAX_EPOCH_SECONDS = 8.64e12;

export type TimeResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

interface Parts {
  /** Astronomical year: 0 is 1 BCE, -1 is 2 BCE (ISO 8601's reading). */
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Seconds east of UTC (a zone's local mean time before standard time has seconds). */
  offset: number;
}

/**
 * Days from 1970-01-01 to a date of the proleptic Gregorian calendar, for any year
 * (H. Hinnant's days_from_civil). `Date.UTC` is not used: it reads years 0–99 as 1900–1999.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let fmt = formats.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      hourCycle: 'h23',
      // The year comes as 1, 2, … in its era: 1 BC is year 0, 2 BC year -1.
      era: 'short',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formats.size > 64) formats.clear();
    formats.set(timeZone, fmt);
  }
  return fmt;
}

function partsIn(date: Date, timeZone: string): Parts {
  const parts = formatIn(timeZone).formatToParts(date);
  const get = (type: string): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const era = parts.find((p) => p.type === 'era')?.value ?? '';
  const inEra = get('year');
  const p = {
    year: /^B/i.test(era) ? 1 - inEra : inEra,
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
  const local =
    daysFromCivil(p.year, p.month, p.day) * 86400 + p.hour * 3600 + p.minute * 60 + p.second;
  return { ...p, offset: local - Math.floor(date.getTime() / 1000) };
}

const pad = (n: number, w = 2): string => String(Math.abs(n)).padStart(w, '0');

/** `YYYY`: four digits for years 0–9999, else ISO 8601's expanded form with a sign (`-000001`). */
function yearText(year: number): string {
  if (year >= 0 && year <= 9999) return pad(year, 4);
  return `${year < 0 ? '-' : '+'}${pad(year, 6)}`;
}

/** `+09:00`; a local mean time keeps its seconds (`+00:09:21`, as Temporal writes it). */
function offsetText(seconds: number): string {
  const sign = seconds < 0 ? '-' : '+';
  const abs = Math.abs(seconds);
  const hm = `${sign}${pad(Math.floor(abs / 3600))}:${pad(Math.floor(abs / 60) % 60)}`;
  return abs % 60 === 0 ? hm : `${hm}:${pad(abs % 60)}`;
}

function weekdayIndex(p: Parts): number {
  // 0 = Monday … 6 = Sunday, from the local calendar date; 1970-01-01 was a Thursday.
  const days = daysFromCivil(p.year, p.month, p.day);
  return (((days + 3) % 7) + 7) % 7;
}

function render(p: Parts, pattern: string): string {
  const wd = WEEKDAYS[weekdayIndex(p)];
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|dddd|ddd|Z/g, (tok) => {
    switch (tok) {
      case 'YYYY':
        return yearText(p.year);
      case 'MM':
        return pad(p.month);
      case 'DD':
        return pad(p.day);
      case 'HH':
        return pad(p.hour);
      case 'mm':
        return pad(p.minute);
      case 'ss':
        return pad(p.second);
      case 'dddd':
        return wd;
      case 'ddd':
        return wd.slice(0, 3);
      default:
        return offsetText(p.offset);
    }
  });
}

function describe(date: Date, timeZone: string, pattern: string | null): Record<string, unknown> {
  const p = partsIn(date, timeZone);
  const index = weekdayIndex(p);
  const out: Record<string, unknown> = {
    iso: render(p, 'YYYY-MM-DDTHH:mm:ssZ'),
    epoch_seconds: Math.floor(date.getTime() / 1000),
    weekday: WEEKDAYS[index],
    weekday_number: index + 1,
    timezone: timeZone,
    utc_offset: offsetText(p.offset),
  };
  if (pattern) out.formatted = render(p, pattern);
  return out;
}

/** The moment a timestamp names; `out_of_range` beyond what a Date holds. */
function parseTimestamp(v: unknown): Date | 'out_of_range' | null {
  let seconds: number | null = null;
  if (typeof v === 'number' && Number.isFinite(v)) seconds = v;
  else if (typeof v === 'string' && v.trim() !== '') {
    const s = v.trim();
    if (/^-?\d+(\.\d+)?$/.test(s)) seconds = Number(s);
    else {
      const t = Date.parse(s);
      if (!Number.isNaN(t)) return new Date(t);
      // An ISO 8601 text with a year a Date cannot hold parses as nothing: say why.
      return /^[+-]\d{6}-/.test(s) ? 'out_of_range' : null;
    }
  }
  if (seconds === null) return null;
  if (!Number.isFinite(seconds) || Math.abs(seconds) > MAX_EPOCH_SECONDS) return 'out_of_range';
  return new Date(seconds * 1000);
}

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export function timeTool(
  args: Record<string, unknown>,
  now: () => Date,
  defaultZone: string,
): TimeResult {
  const operation = typeof args.operation === 'string' ? args.operation : 'now';
  const zone = typeof args.timezone === 'string' && args.timezone ? args.timezone : defaultZone;
  if (!validZone(zone))
    return {
      ok: false,
      error: `unknown time zone "${zone}" (use an IANA name such as Europe/Paris)`,
    };
  const pattern =
    typeof args.pattern === 'string' && args.pattern ? args.pattern.slice(0, 200) : null;
  if (operation === 'now') return { ok: true, value: describe(now(), zone, pattern) };
  if (operation === 'format') {
    const date = parseTimestamp(args.timestamp);
    if (date === 'out_of_range')
      return {
        ok: false,
        error: `"timestamp" is outside the range the time tool handles: epoch seconds from -${MAX_EPOCH_SECONDS} to ${MAX_EPOCH_SECONDS} (years -271821 to 275760)`,
      };
    if (!date || Number.isNaN(date.getTime()))
      return { ok: false, error: 'format needs "timestamp": an ISO 8601 string or epoch seconds' };
    return { ok: true, value: describe(date, zone, pattern ?? 'dddd YYYY-MM-DD HH:mm') };
  }
  return { ok: false, error: `unknown operation "${operation}": use "now" or "format"` };
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
