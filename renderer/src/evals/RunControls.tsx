/**
 * Starting an eval run: the provider and model (the playground's pick for this
 * skill, so both run on the same model), repeats, how many model calls may be in
 * flight at once, and for a benchmark the configurations to compare (with the
 * skill, without it, the previous version at git HEAD) with the grader model, or for
 * a trigger eval its threshold (RunOptions.tsx). While it runs: a progress
 * bar (runs done of total, failures, the time left) and Cancel, which keeps what
 * finished. A trigger eval shows the model the index of the agent the playground acts
 * as (every listed skill for the studio itself), with this skill in it.
 */
import type { ConfigurationName, EvalJobKind } from '../../../shared/api/evals';
import { ModelPicker } from '../playground/ModelPicker';
import { ActAsSelect } from '../playground/ActAsSelect';
import { RunInPicker } from '../playground/RunInPicker';
import { AGENT_CLIENT_NAMES, isAgentClientId } from '../../../shared/api/agent-clients';
import { usePlayground } from '../playground/playground-store';
import { useNow } from '../util/browser-utils';
import type { SkillRef } from '../stores/skills-store';
import { useEvals, type Job, type RunModel } from './evals-store';
import { formatSeconds } from './format';
import { CountField, GraderPicker, ThresholdInput } from './RunOptions';

export const CONFIG_LABEL: Record<ConfigurationName, string> = {
  with_skill: 'With skill',
  without_skill: 'Without skill',
  old_skill: 'Previous version',
};

const START_LABEL: Record<EvalJobKind, string> = {
  benchmark: 'Run benchmark',
  triggers: 'Run trigger eval',
  improve: 'Improve description',
};

/** The provider and model the playground would use for this skill (null: the host's default). */
export function currentModel(skill: SkillRef): RunModel | null {
  return usePlayground.getState().modelChoiceFor(skill.name);
}

/** Runs done of total, failures, the time left (counting down between the host's reports). */
export function EvalProgress({ job, label }: { job: Job; label: string }) {
  const running = job.status === 'running';
  const now = useNow(running, 500);
  const pct = job.total > 0 ? Math.min(100, (job.done / job.total) * 100) : running ? 0 : 100;
  const eta =
    running && job.etaSeconds !== null
      ? Math.max(0, job.etaSeconds - (now - job.etaAt) / 1000)
      : null;
  const text = `${job.done} of ${job.total} runs${job.failed ? `, ${job.failed} failed` : ''}`;
  return (
    <div className={`ev-progress status-${job.status}`} data-testid="eval-progress">
      <div
        className="pg-progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={job.total}
        aria-valuenow={job.done}
        aria-valuetext={text}
      >
        <div className="pg-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <div className="ev-progress-text">
        <span data-testid="eval-progress-count">{text}</span>
        {running && (
          <span className="pg-muted" data-testid="eval-eta">
            {eta === null ? 'estimating time left…' : `about ${formatSeconds(eta)} left`}
            {job.concurrency > 0 && ` · ${job.concurrency} at once`}
          </span>
        )}
        {!running && (
          <span className={`pg-badge status-${job.status}`} data-testid="eval-status">
            {job.status}
          </span>
        )}
      </div>
      {job.error && (
        <div className="pg-field-error" data-testid="eval-job-error">
          {job.error}
        </div>
      )}
    </div>
  );
}

export function RunControls({ skill, kind }: { skill: SkillRef; kind: EvalJobKind }) {
  const dir = skill.dir;
  const settings = useEvals((s) => s.settings);
  const sources = useEvals((s) => s.of(dir).sources);
  const draftDirty = useEvals((s) => s.of(dir).draft?.dirty ?? false);
  const busy = useEvals((s) => s.of(dir).busy);
  const job = useEvals((s) =>
    kind === 'benchmark' ? s.of(dir).benchmark : kind === 'triggers' ? s.of(dir).triggerRun : null,
  );
  const st = useEvals.getState();
  const inClient = usePlayground((s) => s.runIn !== null);
  const running = job?.status === 'running';
  const prevAvailable = sources?.previous_version_available ?? false;
  const configs = settings.configurations.filter((c) => c !== 'old_skill' || prevAvailable);
  const items =
    kind === 'benchmark' ? (sources?.cases.length ?? 0) : (sources?.triggers.length ?? 0);
  const planned = items * settings.runs * (kind === 'benchmark' ? configs.length : 1);
  const why =
    items === 0
      ? kind === 'benchmark'
        ? 'Save at least one case first'
        : 'Save at least one query first'
      : kind === 'benchmark' && configs.length === 0
        ? 'Pick at least one configuration'
        : null;

  const toggleConfig = (c: ConfigurationName, on: boolean) =>
    st.setSettings({
      configurations: (['with_skill', 'without_skill', 'old_skill'] as const).filter((x) =>
        x === c ? on : settings.configurations.includes(x),
      ),
    });

  const start = () => {
    const model = currentModel(skill);
    const { runIn, actAs } = usePlayground.getState();
    if (kind === 'benchmark') void st.startBenchmark(dir, model, undefined, runIn);
    // A client reads its own listing: "Act as" has no say there.
    else void st.startTriggers(dir, model, runIn ? null : actAs, runIn);
  };

  return (
    <section
      className="ev-section"
      aria-label={kind === 'benchmark' ? 'Run the benchmark' : 'Run the trigger eval'}
      data-testid={`eval-run-${kind}`}
    >
      {/* Where each run goes: the studio's loop or an agent client (the playground's pick). */}
      <RunInPicker />
      <ModelPicker skill={skill.name} />
      {/* Whose <available_skills> the model sees: the playground's "Act as" agent. */}
      {kind === 'triggers' && !inClient && <ActAsSelect />}
      <div className="ev-toolbar">
        <CountField
          label="Runs"
          value={settings.runs}
          min={1}
          max={20}
          fallback={3}
          onChange={(runs) => st.setSettings({ runs })}
          testId="eval-runs"
        />
        <CountField
          label="At once"
          title="Model calls in flight at once; a 429 slows it down"
          value={settings.concurrency}
          min={1}
          max={32}
          fallback={4}
          onChange={(concurrency) => st.setSettings({ concurrency })}
          testId="eval-concurrency"
        />
        {kind === 'benchmark' ? <GraderPicker /> : <ThresholdInput />}
      </div>
      {kind === 'benchmark' && (
        <fieldset className="ev-configs">
          <legend>Compare</legend>
          {(['with_skill', 'without_skill', 'old_skill'] as const).map((c) => {
            const unavailable = c === 'old_skill' && !prevAvailable;
            return (
              <label
                key={c}
                className="pg-checkbox"
                title={
                  unavailable
                    ? 'Needs the skill folder in a git repository with SKILL.md committed'
                    : c === 'without_skill'
                      ? 'The same model with no skill loaded: the baseline'
                      : undefined
                }
              >
                <input
                  type="checkbox"
                  checked={!unavailable && settings.configurations.includes(c)}
                  disabled={unavailable}
                  onChange={(e) => toggleConfig(c, e.target.checked)}
                  data-testid={`eval-config-${c}`}
                />
                {CONFIG_LABEL[c]}
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="ev-actions">
        {running ? (
          <button
            type="button"
            className="button danger small"
            onClick={() => void st.cancel(dir, kind)}
            data-testid="eval-cancel"
          >
            Cancel
          </button>
        ) : (
          <button
            type="button"
            className="button small"
            disabled={busy || why !== null}
            title={why ?? `${planned} model runs, then grading`}
            onClick={start}
            data-testid={`eval-start-${kind}`}
          >
            {START_LABEL[kind]}
          </button>
        )}
        <span className="pg-muted" data-testid="eval-planned">
          {why ?? `${planned} runs`}
          {kind === 'benchmark' && draftDirty && !why && ' · unsaved case edits are not run'}
        </span>
      </div>
      {job && (
        <EvalProgress
          job={job}
          label={kind === 'benchmark' ? 'Benchmark progress' : 'Trigger eval progress'}
        />
      )}
    </section>
  );
}

/** "Ran in Claude Code 2.1.332" for a run in an agent client; nothing for the studio's own. */
export function RanIn({ job }: { job: Job | null }) {
  const c = job?.client;
  if (!c) return null;
  const name = isAgentClientId(c.id) ? AGENT_CLIENT_NAMES[c.id] : c.id;
  return (
    <span className="pg-badge" data-testid="eval-client">
      in {name}
      {c.version ? ` ${c.version}` : ''}
    </span>
  );
}
