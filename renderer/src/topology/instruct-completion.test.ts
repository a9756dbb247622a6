import { describe, expect, it } from 'vitest';
import { applyCompletion, completionAt } from './instruct-completion';

const KEYS = ['topic', 'findings', 'checked_findings', 'outline'];

describe('completionAt', () => {
  it('offers every key right after {', () => {
    expect(completionAt('Check {', 7, KEYS)).toEqual({ from: 6, prefix: '', options: KEYS });
  });

  it('offers keys starting with the prefix first, then those containing it', () => {
    expect(completionAt('Check {fi', 9, KEYS)?.options).toEqual(['findings', 'checked_findings']);
  });

  it('offers nothing outside a placeholder or when no key matches', () => {
    expect(completionAt('Check fi', 8, KEYS)).toBeNull();
    expect(completionAt('Check {zzz', 10, KEYS)).toBeNull();
    expect(completionAt('{topic} and', 11, KEYS)).toBeNull();
  });
});

describe('applyCompletion', () => {
  it('inserts {key} and puts the caret after it', () => {
    const c = completionAt('Check {fi now', 9, KEYS);
    if (!c) throw new Error('no completion');
    expect(applyCompletion('Check {fi now', 9, c, 'findings')).toEqual({
      text: 'Check {findings} now',
      caret: 16,
    });
  });

  it('reuses a closing brace that is already there', () => {
    const c = completionAt('Use {to}.', 6, KEYS);
    if (!c) throw new Error('no completion');
    expect(applyCompletion('Use {to}.', 6, c, 'topic')).toEqual({
      text: 'Use {topic}.',
      caret: 11,
    });
  });
});
