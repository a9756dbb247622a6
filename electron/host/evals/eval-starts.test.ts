/**
 * What a run is started with: which cases and trigger queries run (and what is refused
 * before any folder is made), and the pass rates eval_run.json keeps.
 */
import { describe, expect, it } from 'vitest';
import type { EvalCase, SkippedCase, TriggerQuery } from '../../../shared/api/evals';
import { casesToRun, passRates, queriesToRun, runConcurrency } from './eval-starts';

const evalCase = (key: string): EvalCase => ({
  id: Number(key.split('#')[1]),
  key,
  name: key,
  prompt: `do ${key}`,
  expected_output: null,
  files: [],
  checks: [],
  source: key.startsWith('inline') ? 'inline' : 'evals-json',
  line: 1,
});

const broken: SkippedCase = {
  source: 'evals-json',
  file: 'evals/evals.json',
  position: 3,
  key: 'evals-json#3',
  name: 'moons',
  line: 12,
  reason: 'prompt is a non-empty string',
};

const query = (text: string, should: boolean): TriggerQuery => ({
  query: text,
  should_trigger: should,
  line: 1,
});

describe('casesToRun', () => {
  const sources = {
    cases: [evalCase('inline#1'), evalCase('evals-json#1')],
    skipped_cases: [broken],
  };

  it('runs every case that can run, naming the ones left out', () => {
    expect(casesToRun('research', sources, undefined)).toEqual({
      cases: sources.cases,
      skipped: [broken],
    });
  });

  it('runs only the named cases, and names none as left out', () => {
    expect(casesToRun('research', sources, ['evals-json#1'])).toEqual({
      cases: [sources.cases[1]],
      skipped: [],
    });
  });

  it('refuses an unknown case by its key, and a broken one with why', () => {
    expect(() => casesToRun('research', sources, ['evals-json#9'])).toThrow(
      expect.objectContaining({ code: 'invalid_params', message: 'no eval case "evals-json#9"' }),
    );
    expect(() => casesToRun('research', sources, ['evals-json#3'])).toThrow(
      'evals/evals.json:12: case 3 "moons" (evals-json#3) cannot run: prompt is a non-empty string',
    );
  });

  it('refuses a skill with nothing to run, saying where to add cases or what is broken', () => {
    expect(() => casesToRun('research', { cases: [], skipped_cases: [] }, undefined)).toThrow(
      '"research" has no eval cases that can run: add eval: to its frontmatter or evals/evals.json',
    );
    expect(() => casesToRun('research', { cases: [], skipped_cases: [broken] }, undefined)).toThrow(
      /^"research" has no eval case that can run: evals\/evals.json:12/,
    );
  });
});

describe('queriesToRun', () => {
  const sources = {
    triggers: [query('research tea', true), query('bake a cake', false), query('find bees', true)],
    skipped_queries: [{ ...broken, source: 'triggers-json' as const, key: null }],
  };

  it('numbers the queries by their place in the set and keeps the named ones', () => {
    const all = queriesToRun('research', sources, undefined, 'triggers');
    expect(all.queries.map((q) => q.index)).toEqual([0, 1, 2]);
    expect(all.skipped).toEqual(sources.skipped_queries);
    const named = queriesToRun('research', sources, [2], 'triggers');
    expect(named).toEqual({ queries: [{ ...sources.triggers[2], index: 2 }], skipped: [] });
  });

  it('refuses an empty set, and an improvement without both kinds of query', () => {
    expect(() =>
      queriesToRun('research', { triggers: [], skipped_queries: [] }, undefined, 'triggers'),
    ).toThrow('"research" has no trigger queries: add evals/triggers.json');
    expect(queriesToRun('research', sources, [0], 'triggers').queries).toHaveLength(1);
    expect(() => queriesToRun('research', sources, [0, 2], 'improve')).toThrow(
      'improving the description needs queries that should trigger and queries that should not',
    );
  });
});

describe('passRates', () => {
  it('keeps the mean of each configuration asked for that ran', () => {
    const summary = {
      with_skill: { pass_rate: { mean: 0.75 } },
      without_skill: { pass_rate: { mean: 0.25 } },
    };
    expect(passRates(summary, ['with_skill', 'without_skill', 'old_skill'])).toEqual({
      with_skill: 0.75,
      without_skill: 0.25,
    });
    expect(passRates(summary, ['with_skill'])).toEqual({ with_skill: 0.75 });
  });
});

describe('runConcurrency', () => {
  it('runs two at once inside an agent client and four on a provider, unless the run says', () => {
    expect(runConcurrency({})).toBe(4);
    expect(runConcurrency({ client: 'claude-code' })).toBe(2);
    expect(runConcurrency({ client: 'codex', concurrency: 3 })).toBe(3);
    expect(runConcurrency({ concurrency: 1 })).toBe(1);
  });
});
