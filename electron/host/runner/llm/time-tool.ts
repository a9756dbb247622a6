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
 */

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export type TimeResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

interface Parts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC. */
  offset: number;
}

function partsIn(date: Date, timeZone: string): Parts {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const get = (type: string): number =>
    Number(fmt.formatToParts(date).find((p) => p.type === type)?.value ?? 0);
  const p = {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
    second: get('second'),
  };
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const offset = Math.round((asUtc - Math.floor(date.getTime() / 1000) * 1000) / 60000);
  return { ...p, offset };
}

const pad = (n: number, w = 2): string => String(Math.abs(n)).padStart(w, '0');

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  return `${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
}

function weekdayIndex(p: Parts): number {
  // 0 = Monday … 6 = Sunday, from the local calendar date.
  return (new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay() + 6) % 7;
}

function render(p: Parts, pattern: string): string {
  const wd = WEEKDAYS[weekdayIndex(p)];
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss|dddd|ddd|Z/g, (tok) => {
    switch (tok) {
      case 'YYYY':
        return pad(p.year, 4);
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

function parseTimestamp(v: unknown): Date | null {
  if (typeof v === 'number' && Number.isFinite(v)) return new Date(v * 1000);
  if (typeof v === 'string' && v.trim() !== '') {
    const s = v.trim();
    if (/^-?\d+(\.\d+)?$/.test(s)) return new Date(Number(s) * 1000);
    const t = Date.parse(s);
    if (!Number.isNaN(t)) return new Date(t);
  }
  return null;
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
    if (!date || Number.isNaN(date.getTime()))
      return { ok: false, error: 'format needs "timestamp": an ISO 8601 string or epoch seconds' };
    return { ok: true, value: describe(date, zone, pattern ?? 'dddd YYYY-MM-DD HH:mm') };
  }
  return { ok: false, error: `unknown operation "${operation}": use "now" or "format"` };
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
