import { describe, expect, it } from 'vitest';
import { graderChoices, rateIn } from './run-options';

describe('run options', () => {
  it('takes a fraction only when it is one within the range', () => {
    expect(rateIn('0.75', 0.05, 1)).toBe(0.75);
    expect(rateIn('1', 0.05, 1)).toBe(1);
    // On the way to a number, or out of range: not taken.
    expect(rateIn('', 0.05, 1)).toBeNull();
    expect(rateIn('0', 0.05, 1)).toBeNull();
    expect(rateIn('1.5', 0.05, 1)).toBeNull();
    expect(rateIn('abc', 0.1, 0.9)).toBeNull();
  });

  it('offers every model of every provider as the grader, the default model first', () => {
    expect(
      graderChoices([
        { id: 'anthropic', model: 'big', models: ['small', 'big'] },
        { id: 'local', model: 'llama', models: [] },
      ]),
    ).toEqual([
      { provider: 'anthropic', model: 'big' },
      { provider: 'anthropic', model: 'small' },
      { provider: 'local', model: 'llama' },
    ]);
  });
});
