/**
 * A results cell opened: the runs of one case in one configuration, one at a time.
 * For each run, every expectation with passed / failed and the grader's evidence,
 * the transcript (prompt, tool calls and their results, the answer), and the
 * grader's prompt, so a surprising grade can be traced to its cause. A run that
 * produced no answer says why.
 */
import { useEffect, useState } from 'react';
import type {
  BenchmarkRun,
  EvalRunFiles,
  FailedRun,
  GradedExpectation,
} from '../../../shared/api/evals';
import { TranscriptStepView } from '../playground/TranscriptStep';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { Modal } from '../ui/Modal';
import { DialogFooter } from '../ui/DialogFooter';
import { TabBar } from '../ui/TabBar';
import type { SkillRef } from '../stores/skills-store';
import { useEvals } from './evals-store';
import { runsOfCell } from './results-table';
import { formatRate, formatSeconds, formatTokens } from './format';
import { CONFIG_LABEL, currentModel } from './RunControls';

type AnyRun = { graded: BenchmarkRun; failed: null } | { graded: null; failed: FailedRun };

function Expectations({ items }: { items: readonly GradedExpectation[] }) {
  if (items.length === 0) return <div className="pg-muted">No expectations graded.</div>;
  return (
    <ul className="ev-expectations" data-testid="eval-expectations">
      {items.map((x, i) => (
        <li
          key={i}
          className={x.passed ? 'passed' : 'failed'}
          data-testid="eval-expectation"
          data-passed={x.passed}
        >
          <span className={`pg-badge ${x.passed ? 'ok' : 'error'}`}>
            {x.ungraded ? 'ungraded' : x.passed ? 'pass' : 'fail'}
          </span>
          <span className="ev-exp-text">
            {x.text}
            <span className="pg-muted"> · {x.kind}</span>
          </span>
          <div className="ev-evidence" data-testid="eval-evidence">
            {x.evidence || <span className="pg-muted">no evidence given</span>}
          </div>
          {x.ungraded && x.raw && <pre className="pg-pre ev-raw">{x.raw}</pre>}
        </li>
      ))}
    </ul>
  );
}

function RunDetail({
  skill,
  runId,
  run,
  graderPrompt,
}: {
  skill: SkillRef;
  runId: string;
  run: AnyRun;
  graderPrompt: string | null;
}) {
  const [files, setFiles] = useState<EvalRunFiles | null>(null);
  const [error, setError] = useState<string | null>(null);
  const r = run.graded ?? run.failed;
  useEffect(() => {
    let live = true;
    setFiles(null);
    setError(null);
    backend()
      .call('evals.transcript', {
        skill: skill.dir,
        runId,
        ref: {
          kind: 'case',
          eval_id: r.eval_id,
          // The key tells an inline case from an evals.json case with the same id.
          case_key: r.case_key,
          configuration: r.configuration,
          run_number: r.run_number,
        },
      })
      .then((f) => live && setFiles(f))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [skill.dir, runId, r.eval_id, r.case_key, r.configuration, r.run_number]);

  const expectations = files?.grading?.expectations ?? run.graded?.expectations ?? [];
  const t = files?.transcript;
  return (
    <div className="ev-run-detail" data-testid="eval-run-detail">
      {run.graded ? (
        <div className="ev-run-figures">
          <strong>{formatRate(run.graded.result.pass_rate)}</strong> passed ·{' '}
          {run.graded.result.passed}/{run.graded.result.total} expectations ·{' '}
          {formatTokens(run.graded.result.tokens)} tokens ·{' '}
          {formatSeconds(run.graded.result.time_seconds)}
        </div>
      ) : (
        <div className="pg-field-error block" data-testid="eval-run-failed">
          {run.failed.status === 'cancelled' ? 'Cancelled' : 'Failed'}: {run.failed.error}
        </div>
      )}
      <h4 className="pg-section-title">Expectations</h4>
      <Expectations items={expectations} />
      <h4 className="pg-section-title">Transcript</h4>
      {error && <div className="pg-field-error">{error}</div>}
      {!t && !error && <div className="pg-muted">Reading the transcript…</div>}
      {t && (
        <div className="ev-transcript" data-testid="eval-transcript">
          <div className="pg-muted">
            {t.provider} · {t.model} · {formatTokens(t.usage.input_tokens)} in,{' '}
            {formatTokens(t.usage.output_tokens)} out
          </div>
          {t.steps.map((s, i) => (
            <TranscriptStepView key={i} step={s} />
          ))}
          {t.error && <div className="pg-field-error">{t.error}</div>}
          <div className="ev-step answer" data-role="answer">
            <span className="ev-role">answer</span>
            <div className="ev-step-text" data-testid="eval-answer">
              {t.answer || <span className="pg-muted">(empty)</span>}
            </div>
          </div>
          {files && files.outputs.length > 0 && (
            <div className="pg-muted">Outputs: {files.outputs.join(', ')}</div>
          )}
        </div>
      )}
      {graderPrompt && (
        <details className="ev-grader">
          <summary>The grader’s prompt</summary>
          <pre className="pg-pre" data-testid="eval-grader-prompt">
            {graderPrompt}
          </pre>
        </details>
      )}
    </div>
  );
}

export function TranscriptDialog({ skill }: { skill: SkillRef }) {
  const cell = useEvals((s) => s.openCell);
  const job = useEvals((s) => s.of(skill.dir).benchmark);
  const sourcesPrompt = useEvals((s) => s.of(skill.dir).sources?.grader_prompt ?? null);
  const [index, setIndex] = useState(0);
  useEffect(() => setIndex(0), [cell]);
  if (!cell || cell.dir !== skill.dir || !job || job.runId !== cell.runId) return null;
  const { graded, failed } = runsOfCell(
    { runs: job.runs, failed: job.failedRuns },
    cell.key,
    cell.config,
  );
  const runs: AnyRun[] = [
    ...graded.map((g) => ({ graded: g, failed: null })),
    ...failed.map((f) => ({ graded: null, failed: f })),
  ].sort((a, b) => (a.graded ?? a.failed).run_number - (b.graded ?? b.failed).run_number);
  const name = (graded[0] ?? failed[0])?.eval_name ?? cell.key;
  const close = () => useEvals.getState().setOpenCell(null);
  const current = runs[Math.min(index, runs.length - 1)];
  return (
    <Modal
      title={`${name} · ${CONFIG_LABEL[cell.config]}`}
      onClose={close}
      wide
      testId="eval-transcripts"
    >
      <TabBar
        items={runs.map((r, i) => ({
          id: String(i),
          label: (
            <>
              Run {(r.graded ?? r.failed).run_number}{' '}
              {r.graded ? (
                <span className="pg-muted">{formatRate(r.graded.result.pass_rate)}</span>
              ) : (
                <span className="pg-error-text">failed</span>
              )}
            </>
          ),
        }))}
        selected={String(index)}
        onSelect={(i) => setIndex(Number(i))}
        className="ev-run-tabs"
        label="Runs"
        itemTestId={() => 'eval-run-tab'}
      />
      {current ? (
        <RunDetail
          key={`${cell.key}:${cell.config}:${index}`}
          skill={skill}
          runId={cell.runId}
          run={current}
          graderPrompt={job.graderPrompt ?? sourcesPrompt}
        />
      ) : (
        <div className="pg-muted">No runs yet.</div>
      )}
      <DialogFooter
        secondary={{
          label: 'Rerun this case',
          disabled: job.status === 'running',
          title: 'Run this case again (every configuration), as a new eval run',
          onClick: () => {
            close();
            void useEvals.getState().startBenchmark(skill.dir, currentModel(skill), [cell.key]);
          },
          testId: 'eval-rerun-case',
        }}
        primary={{ label: 'Close', onClick: close, testId: 'eval-transcripts-close' }}
      />
    </Modal>
  );
}
