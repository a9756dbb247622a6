/**
 * What the Evals panel asks the host to run (`evals.start`, `evals.startTriggers`,
 * `evals.improveDescription`): the panel's run settings, the model picked for the
 * skill, and the agent client it may run in, as the options of each method.
 */
import type {
  BenchmarkOptions,
  ClientTriggerOptions,
  ConfigurationName,
  ImproveOptions,
} from '../../../shared/api/evals';
import type { RunInChoice } from '../playground/run-in';

/** The provider and model to run on (the playground's pick for the skill). */
export interface RunModel {
  provider: string;
  model: string;
}

export interface RunSettings {
  runs: number;
  concurrency: number;
  configurations: ConfigurationName[];
  /** The model that judges free-text expectations; null: the run's own model. */
  grader: RunModel | null;
  /** A query triggers when its trigger rate is at least this (trigger eval, improve). */
  threshold: number;
  /** Share of each class of queries kept from the description writer (improve). */
  holdout: number;
}

export const DEFAULT_SETTINGS: RunSettings = {
  runs: 3,
  concurrency: 4,
  configurations: ['with_skill', 'without_skill'],
  grader: null,
  threshold: 0.5,
  holdout: 0.4,
};

const modelOptions = (model: RunModel | null) =>
  model ? { provider: model.provider, model: model.model } : {};

// Run in an agent client (the playground's Run in): its id, and whether scripts are offered.
const clientOptions = (runIn: RunInChoice | null) =>
  runIn ? { client: runIn.client, allow_scripts: runIn.allowScripts } : {};

/** The configurations a benchmark compares: `old_skill` only when a previous version exists. */
export function benchmarkConfigurations(
  settings: Pick<RunSettings, 'configurations'>,
  previousVersionAvailable: boolean,
): ConfigurationName[] {
  return settings.configurations.filter((c) => c !== 'old_skill' || previousVersionAvailable);
}

/** `evals.start`'s options: every case, or only `cases` (keys). */
export function benchmarkOptions(
  settings: RunSettings,
  model: RunModel | null,
  configurations: ConfigurationName[],
  cases: string[] | undefined,
  runIn: RunInChoice | null,
): BenchmarkOptions {
  const { runs, concurrency, grader } = settings;
  return {
    ...modelOptions(model),
    runs,
    concurrency,
    configurations,
    ...(cases ? { cases } : {}),
    ...(grader ? { grader: modelOptions(grader) } : {}),
    ...clientOptions(runIn),
  };
}

/** `evals.startTriggers`'s options, as `agent` (null: every listed skill). */
export function triggerOptions(
  settings: RunSettings,
  model: RunModel | null,
  agent: string | null,
  runIn: RunInChoice | null,
): ClientTriggerOptions {
  const { runs, concurrency, threshold } = settings;
  return { ...modelOptions(model), runs, concurrency, agent, threshold, ...clientOptions(runIn) };
}

/** `evals.improveDescription`'s options. */
export function improveOptions(
  settings: RunSettings,
  model: RunModel | null,
  agent: string | null,
): ImproveOptions {
  const { runs, concurrency, threshold, holdout } = settings;
  return { ...modelOptions(model), runs, concurrency, agent, threshold, holdout };
}
