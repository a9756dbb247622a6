/** The built-in tools: a calculator that never evaluates code, and the time tool of seed 003. */
import { describe, expect, it } from 'vitest';
import { calculate } from './calculator';
import { timeTool } from './time-tool';
import { userTurn } from './user-turn';

describe('calculator', () => {
  it.each([
    ['45 mod 7', 3],
    ['-1 mod 7', 6],
    ['45 * 24 + (17 - 9)', 1088],
    ['2 ^ 3 ^ 2', 512],
    ['-2^2', -4],
    ['7 // 2', 3],
    ['0.1 + 0.2', 0.3],
    ['sqrt(16) + max(1, 5, 3) + abs(-2)', 11],
    ['2 * pi', 6.28318530717959],
    ['1_000 / 8', 125],
    ['log(1000)', 3],
  ])('%s = %s', (expr, value) => {
    expect(calculate(expr)).toEqual({ ok: true, value });
  });

  it.each([
    ['1 / 0', /division by zero/],
    ['process.exit(1)', /unknown name "process"|unexpected/],
    ['constructor', /unknown name/],
    ['2 +', /ends too early/],
    ['(1', /expected "\)"/],
    ['1; 2', /unexpected ";"/],
    ['sqrt 4', /needs parentheses/],
    ['pow(2)', /takes 2 argument/],
    ['', /empty/],
    ['('.repeat(100) + '1' + ')'.repeat(100), /nested too deeply/],
    ['10 ^ 400', /infinite/],
  ])('%s is refused', (expr, error) => {
    const r = calculate(expr);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(error);
  });
});

describe('time tool', () => {
  const now = (): Date => new Date('2026-11-30T12:34:56Z');
  it('now: ISO moment, epoch seconds, ISO weekday, zone', () => {
    expect(timeTool({ operation: 'now' }, now, 'UTC')).toEqual({
      ok: true,
      value: {
        iso: '2026-11-30T12:34:56+00:00',
        epoch_seconds: 1796042096,
        weekday: 'Monday',
        weekday_number: 1,
        timezone: 'UTC',
        utc_offset: '+00:00',
      },
    });
    const tokyo = timeTool({ operation: 'now', timezone: 'Asia/Tokyo' }, now, 'UTC');
    expect(tokyo.ok && tokyo.value).toMatchObject({
      iso: '2026-11-30T21:34:56+09:00',
      weekday: 'Monday',
    });
  });

  it('format: epoch seconds or ISO, with a pattern and the weekday', () => {
    const later = 1796042096 + 45 * 86400;
    const r = timeTool(
      { operation: 'format', timestamp: later, pattern: 'dddd YYYY-MM-DD' },
      now,
      'UTC',
    );
    expect(r.ok && r.value).toMatchObject({
      formatted: 'Thursday 2027-01-14',
      weekday: 'Thursday',
      weekday_number: 4,
    });
    const iso = timeTool({ operation: 'format', timestamp: '2027-01-17T00:00:00Z' }, now, 'UTC');
    expect(iso.ok && iso.value).toMatchObject({ weekday: 'Sunday', weekday_number: 7 });
  });

  /**
   * The ISO weekday (1 = Monday) of a proleptic Gregorian date by Zeller's congruence, a
   * different arithmetic from the tool's; years are astronomical (0 = 1 BCE).
   */
  function zellerWeekday(year: number, month: number, day: number): number {
    const mod = (a: number, n: number) => ((a % n) + n) % n;
    const y = month < 3 ? year - 1 : year;
    const m = month < 3 ? month + 12 : month;
    const k = mod(y, 100);
    const j = Math.floor(y / 100);
    const h = mod(
      day + Math.floor((13 * (m + 1)) / 5) + k + Math.floor(k / 4) + Math.floor(j / 4) + 5 * j,
      7,
    );
    return mod(h + 5, 7) + 1; // h: 0 = Saturday
  }

  it('gets the weekday and offset right in years 1–99 and before the common era', () => {
    const cases: [iso: string, weekday: string][] = [
      ['0001-01-01T00:00:00Z', 'Monday'],
      ['0005-03-01T12:00:00Z', ''],
      ['0099-12-31T23:59:59Z', ''],
      ['0000-01-01T00:00:00Z', 'Saturday'],
      ['0000-02-29T06:00:00Z', ''],
      ['-000001-01-01T00:00:00Z', 'Friday'],
      ['-000043-03-15T12:00:00Z', ''],
      ['1582-10-15T00:00:00Z', 'Friday'],
    ];
    for (const [iso, known] of cases) {
      const r = timeTool(
        { operation: 'format', timestamp: iso, pattern: 'YYYY-MM-DD' },
        now,
        'UTC',
      );
      if (!r.ok) throw new Error(r.error);
      const [, sign, y, m, d] = /^([+-]?)(\d+)-(\d\d)-(\d\d)T/.exec(iso)!;
      const year = Number(sign + y);
      const number = zellerWeekday(year, Number(m), Number(d));
      expect(r.value, iso).toMatchObject({
        iso: iso.replace('Z', '+00:00'),
        utc_offset: '+00:00',
        weekday_number: number,
        epoch_seconds: Date.parse(iso) / 1000,
        formatted: iso.slice(0, iso.indexOf('T')),
      });
      if (known) expect(r.value.weekday, iso).toBe(known);
    }
  });

  it("gives a zone's local mean time before standard time, to the second, and the right local date", () => {
    // Tokyo kept local mean time +09:18:59 until 1888; 23:00 UTC is already the next day there.
    const r = timeTool(
      { operation: 'format', timestamp: '0050-06-30T23:00:00Z', timezone: 'Asia/Tokyo' },
      now,
      'UTC',
    );
    expect(r.ok && r.value).toMatchObject({
      iso: '0050-07-01T08:18:59+09:18:59',
      utc_offset: '+09:18:59',
      weekday_number: zellerWeekday(50, 7, 1),
    });
  });

  it('answers at both ends of what a Date holds, and refuses beyond them by name', () => {
    const first = timeTool({ operation: 'format', timestamp: -8.64e12 }, now, 'UTC');
    expect(first.ok && first.value).toMatchObject({
      iso: '-271821-04-20T00:00:00+00:00',
      weekday_number: zellerWeekday(-271821, 4, 20),
    });
    const last = timeTool(
      { operation: 'format', timestamp: '+275760-09-13T00:00:00Z' },
      now,
      'UTC',
    );
    expect(last.ok && last.value).toMatchObject({ iso: '+275760-09-13T00:00:00+00:00' });
    for (const timestamp of [8.64e12 + 1, '-8640000000001', '+275760-09-14T00:00:00Z'])
      expect(timeTool({ operation: 'format', timestamp }, now, 'UTC')).toMatchObject({
        ok: false,
        error: expect.stringMatching(/outside the range the time tool handles/),
      });
  });

  it('refuses what it cannot do, saying how to fix it', () => {
    expect(timeTool({ operation: 'add' }, now, 'UTC')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/"now" or "format"/),
    });
    expect(timeTool({ operation: 'format' }, now, 'UTC')).toMatchObject({ ok: false });
    expect(timeTool({ operation: 'now', timezone: 'Mars/Base' }, now, 'UTC')).toMatchObject({
      ok: false,
    });
  });
});

describe('user turn', () => {
  it('a lone question, prompt, input or task goes in as written', () => {
    for (const key of ['question', 'prompt', 'input', 'task'])
      expect(userTurn({ [key]: 'Hi there' }, 'hint')).toBe('Hi there');
  });
  it('anything else goes in as JSON with the argument hint', () => {
    const t = userTurn({ question: 'q', days: 2 }, 'Give days');
    expect(t).toContain('"days": 2');
    expect(t).toContain('What the arguments mean: Give days');
    expect(userTurn({}, null)).toMatch(/no arguments/);
  });
});
