/**
 * The options the Evals panel sends with each start, from its settings, the model
 * picked and the agent client chosen.
 */
import { describe, expect, it } from 'vitest';
import {
  benchmarkConfigurations,
  benchmarkOptions,
  DEFAULT_SETTINGS,
  improveOptions,
  triggerOptions,
} from './start-options';

const model = { provider: 'local', model: 'm' };
const runIn = { client: 'codex' as const, allowScripts: true };

describe('start options', () => {
  it('offers old_skill only when a previous version exists', () => {
    const settings = { configurations: ['with_skill', 'old_skill'] as const };
    expect(
      benchmarkConfigurations({ configurations: [...settings.configurations] }, false),
    ).toEqual(['with_skill']);
    expect(benchmarkConfigurations({ configurations: [...settings.configurations] }, true)).toEqual(
      ['with_skill', 'old_skill'],
    );
  });

  it('asks a benchmark with the model, the cases, the grader and the client when given', () => {
    expect(benchmarkOptions(DEFAULT_SETTINGS, null, ['with_skill'], undefined, null)).toEqual({
      runs: 3,
      concurrency: 4,
      configurations: ['with_skill'],
    });
    expect(
      benchmarkOptions(
        { ...DEFAULT_SETTINGS, grader: { provider: 'judge', model: 'j' } },
        model,
        ['with_skill'],
        ['inline#1'],
        runIn,
      ),
    ).toEqual({
      provider: 'local',
      model: 'm',
      runs: 3,
      concurrency: 4,
      configurations: ['with_skill'],
      cases: ['inline#1'],
      grader: { provider: 'judge', model: 'j' },
      client: 'codex',
      allow_scripts: true,
    });
  });

  it('asks trigger runs as the agent, with the threshold, and improvements with the held-out share', () => {
    expect(triggerOptions(DEFAULT_SETTINGS, model, 'writer', runIn)).toEqual({
      provider: 'local',
      model: 'm',
      runs: 3,
      concurrency: 4,
      agent: 'writer',
      threshold: 0.5,
      client: 'codex',
      allow_scripts: true,
    });
    expect(improveOptions({ ...DEFAULT_SETTINGS, holdout: 0.3 }, null, null)).toEqual({
      runs: 3,
      concurrency: 4,
      agent: null,
      threshold: 0.5,
      holdout: 0.3,
    });
  });
});
