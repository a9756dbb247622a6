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
