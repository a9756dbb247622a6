/**
 * The Trigger tab: does the model reach for this skill when it should, and leave it
 * alone when it should not? The trigger set (evals/triggers.json: queries, each
 * marked should / should not trigger, near-misses included), a trigger eval with
 * each query's trigger rate against its mark, the confusion summary (TP, FP, FN, TN,
 * precision, recall), and "improve description".
 */
import type { ReactNode } from 'react';
import type { TriggerQueryResult } from '../../../shared/api/evals';
import { DiagnosticList } from '../ui/DiagnosticList';
import type { SkillRef } from '../stores/skills-store';
import { useEvals, type TriggerRow } from './evals-store';
import { RanIn, RunControls } from './RunControls';
import { ImproveDescription } from './ImproveDescription';
import { triggerSummaryOf } from './trigger-summary';
import { formatRate } from './format';
import { PassRateChart } from './PassRateChart';
import { EvalTable } from './EvalTable';

function QueriesEditor({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const draft = useEvals((s) => s.of(dir).triggerDraft);
  const sources = useEvals((s) => s.of(dir).sources);
  const busy = useEvals((s) => s.of(dir).busy);
  const st = useEvals.getState();
  if (!draft || !sources) return null;
  const diagnostics = sources.sources.find((s) => s.kind === 'triggers-json')?.diagnostics ?? [];
  const set = (queries: TriggerRow[]) => st.editTriggers(dir, queries);
  const positives = draft.queries.filter((q) => q.should_trigger).length;
  return (
    <section className="ev-section" aria-labelledby="ev-queries-title" data-testid="eval-queries">
      <div className="ev-section-head">
        <h3 id="ev-queries-title">Queries</h3>
        <span className="pg-muted">
          {positives} should, {draft.queries.length - positives} should not trigger
        </span>
      </div>
      {diagnostics.length > 0 && (
        <DiagnosticList items={diagnostics} testId="eval-trigger-diagnostics" />
      )}
      {draft.queries.length === 0 && (
        <div className="pg-empty-line">
          No queries yet. About 20 make a good set: half that should use this skill, half that
          should not — near misses that share words with it are the useful ones.
        </div>
      )}
      <ol className="ev-queries">
        {draft.queries.map((q, i) => (
          <li key={i} className="ev-query" data-testid="eval-query">
            <input
              className="pg-input"
              value={q.query}
              placeholder="What a user might ask"
              aria-label={`Query ${i + 1}`}
              onChange={(e) =>
                set(draft.queries.map((x, j) => (j === i ? { ...x, query: e.target.value } : x)))
              }
              data-testid="eval-query-text"
            />
            <label className="pg-checkbox" title="Should this query make the model use the skill?">
              <input
                type="checkbox"
                checked={q.should_trigger}
                onChange={(e) =>
                  set(
                    draft.queries.map((x, j) =>
                      j === i ? { ...x, should_trigger: e.target.checked } : x,
                    ),
                  )
                }
                data-testid="eval-query-should"
              />
              should trigger
            </label>
            <button
              type="button"
              className="pg-icon-button"
              aria-label={`Remove query ${i + 1}`}
              onClick={() => set(draft.queries.filter((_, j) => j !== i))}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
      <div className="ev-actions">
        <button
          type="button"
          className="button secondary small"
          onClick={() => set([...draft.queries, { query: '', should_trigger: true }])}
          data-testid="eval-add-query"
        >
          Add query
        </button>
        <span className="pg-spacer" />
        <button
          type="button"
          className="button small"
          disabled={!draft.dirty || busy}
          onClick={() => void st.saveTriggers(dir)}
          data-testid="eval-save-queries"
        >
          Save queries
        </button>
      </div>
    </section>
  );
}

function rate(n: number | null): string {
  return n === null ? '—' : formatRate(n);
}

/** One figure of the confusion summary; its test id is the term's (eval-tp, eval-precision…). */
function Figure(props: { term: string; title: string; value: ReactNode; ratio?: boolean }) {
  return (
    <div className={props.ratio ? 'ev-ratio' : undefined} title={props.title}>
      <dt>{props.term}</dt>
      <dd data-testid={`eval-${props.term.toLowerCase()}`}>{props.value}</dd>
    </div>
  );
}

function TriggerResults({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const job = useEvals((s) => s.of(dir).triggerRun);
  const history = useEvals((s) => s.of(dir).history);
  const st = useEvals.getState();
  const past = history.filter((r) => r.kind === 'triggers' && r.trigger_pass_rate !== null);
  const chartRuns = [...past]
    .reverse()
    .map((r) => ({ id: r.runId, rates: { triggers: r.trigger_pass_rate ?? 0 } }));
  if (!job)
    return chartRuns.length > 0 ? (
      <section className="ev-section" aria-label="Past trigger evals">
        <PassRateChart
          runs={chartRuns}
          configs={[{ id: 'triggers', label: 'Queries passed' }]}
          onPick={(id) => void st.showRun(dir, id)}
        />
      </section>
    ) : null;
  const summary = triggerSummaryOf(job.triggerFile, job.triggers);
  const c = summary.confusion;
  const results: TriggerQueryResult[] = job.triggerFile?.results ?? job.triggers;
  return (
    <section
      className="ev-section"
      aria-labelledby="ev-trig-title"
      data-testid="eval-trigger-results"
    >
      <div className="ev-section-head">
        <h3 id="ev-trig-title">Trigger results</h3>
        <RanIn job={job} />
        <span className="pg-muted" data-testid="eval-trigger-passed">
          {summary.passed} of {summary.total} queries right
        </span>
      </div>
      <dl className="ev-confusion" data-testid="eval-confusion" aria-label="Confusion summary">
        <Figure term="TP" title="Should trigger, and did" value={c.true_positive} />
        <Figure term="FP" title="Should not trigger, but did" value={c.false_positive} />
        <Figure term="FN" title="Should trigger, but did not" value={c.false_negative} />
        <Figure term="TN" title="Should not trigger, and did not" value={c.true_negative} />
        <Figure
          term="Precision"
          title="Of the queries that triggered, how many should have"
          value={rate(summary.precision)}
          ratio
        />
        <Figure
          term="Recall"
          title="Of the queries that should trigger, how many did"
          value={rate(summary.recall)}
          ratio
        />
      </dl>
      <EvalTable
        testId="eval-trigger-table"
        label="Trigger rate per query"
        head={
          <>
            <th scope="col">Query</th>
            <th scope="col">Should</th>
            <th scope="col">Rate</th>
          </>
        }
      >
        <tbody>
          {results.map((r) => (
            <tr
              key={r.index}
              className={r.pass ? 'pass' : 'fail'}
              data-testid="eval-trigger-row"
              data-pass={r.pass}
            >
              <th scope="row" className="ev-case-name" title={r.query}>
                {r.query}
              </th>
              <td>{r.should_trigger ? 'yes' : 'no'}</td>
              <td>
                <span className={r.pass ? 'pg-ok' : 'pg-error-text'}>
                  {r.triggers}/{r.runs}
                </span>{' '}
                <span className="pg-muted">{r.pass ? '✓' : '✗'}</span>
                {r.errors > 0 && <span className="pg-error-text"> · {r.errors} failed</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </EvalTable>
      {chartRuns.length > 0 && (
        <PassRateChart
          runs={chartRuns}
          configs={[{ id: 'triggers', label: 'Queries passed' }]}
          currentId={job.runId}
          onPick={(id) => void st.showRun(dir, id)}
        />
      )}
    </section>
  );
}

export function TriggersTab({ skill }: { skill: SkillRef }) {
  return (
    <>
      <QueriesEditor skill={skill} />
      <RunControls skill={skill} kind="triggers" />
      <TriggerResults skill={skill} />
      <ImproveDescription skill={skill} />
    </>
  );
}
