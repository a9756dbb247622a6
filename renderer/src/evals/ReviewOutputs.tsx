/**
 * The human half of skill-creator's review loop: one case's outputs side by side (with and
 * without the skill in the benchmark shown, and with the skill in the benchmark before it),
 * each with a feedback box. Notes go to the eval run's feedback.json through the host
 * (`evals.feedback.save`), in skill-creator's viewer's format, so its own workflow reads them:
 * saved 800 ms after typing stops, as the viewer does, and when the box loses focus.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import type {
  BenchmarkRun,
  CaseRunRef,
  ConfigurationName,
  EvalRunListItem,
} from '../../../shared/api/evals';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import type { SkillRef } from '../stores/skills-store';
import { useEvals } from './evals-store';
import { CONFIG_LABEL } from './RunControls';

const CONFIG_ORDER: ConfigurationName[] = ['with_skill', 'without_skill', 'old_skill'];
const SAVE_AFTER_MS = 800;

/** One output in the comparison: which eval run, which run of the case. */
interface Column {
  runId: string;
  run: BenchmarkRun;
  /** "This benchmark" or "Previous benchmark". */
  iteration: string;
}

/** skill-creator's viewer id of a run: its folder inside the eval run, `/` as `-`. */
export function viewerRunId(runDir: string): string {
  return runDir.split('/').join('-');
}

function refOf(run: BenchmarkRun): CaseRunRef {
  return {
    kind: 'case',
    eval_id: run.eval_id,
    case_key: run.case_key,
    configuration: run.configuration,
    run_number: run.run_number,
  };
}

/** The benchmark listed just before `runId` (the list is newest first). */
export function previousBenchmark(
  history: EvalRunListItem[],
  runId: string,
): EvalRunListItem | null {
  const benchmarks = history.filter((r) => r.kind === 'benchmark');
  const at = benchmarks.findIndex((r) => r.runId === runId);
  if (at === -1) return benchmarks.find((r) => r.runId < runId) ?? null;
  return benchmarks[at + 1] ?? null;
}

function FeedbackBox({
  skill,
  column,
  initial,
  ready,
}: {
  skill: SkillRef;
  column: Column;
  initial: string;
  /** The saved notes are read: until then a typed note would be overwritten by them. */
  ready: boolean;
}) {
  const [text, setText] = useState(initial);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | string>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastSaved = useRef(initial);
  useEffect(() => {
    setText(initial);
    lastSaved.current = initial;
  }, [initial]);

  const save = async (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value === lastSaved.current) return;
    setStatus('saving');
    try {
      await backend().call('evals.feedback.save', {
        skill: skill.dir,
        runId: column.runId,
        ref: refOf(column.run),
        feedback: value,
      });
      lastSaved.current = value;
      setStatus('saved');
    } catch (err) {
      setStatus(`Not saved: ${errorMessage(err)}`);
    }
  };
  // A note typed and left (another case picked) before the timer fires is still saved.
  const pending = useRef<(() => void) | null>(null);
  pending.current = timer.current ? () => void save(text) : null;
  useEffect(() => () => pending.current?.(), []);

  return (
    <label className="ev-feedback">
      <span className="ev-feedback-label">Your feedback</span>
      <textarea
        className="pg-input"
        value={text}
        rows={4}
        placeholder="What do you think of this output? Issues, suggestions, what looks great?"
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          setStatus('idle');
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(value), SAVE_AFTER_MS);
        }}
        onBlur={() => void save(text)}
        disabled={!ready}
        data-testid="review-feedback"
      />
      <span
        className={`ev-feedback-status${status.startsWith('Not saved') ? ' error-text' : ''}`}
        role="status"
        data-testid="review-feedback-status"
      >
        {status === 'saving'
          ? 'Saving…'
          : status === 'saved'
            ? 'Saved'
            : status === 'idle'
              ? ''
              : status}
      </span>
    </label>
  );
}

function OutputColumn({
  skill,
  column,
  feedback,
  ready,
}: {
  skill: SkillRef;
  column: Column;
  feedback: string;
  ready: boolean;
}) {
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setAnswer(null);
    backend()
      .call('evals.transcript', { skill: skill.dir, runId: column.runId, ref: refOf(column.run) })
      .then((files) => live && setAnswer(files.transcript?.answer ?? ''))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [skill.dir, column.runId, column.run]);
  const r = column.run.result;
  return (
    <div
      className="ev-review-col"
      data-testid="review-output"
      data-config={column.run.configuration}
      data-run-id={column.runId}
    >
      <div className="ev-review-head">
        <strong>{CONFIG_LABEL[column.run.configuration]}</strong>
        <span className="pg-muted">
          {column.iteration} · run {column.run.run_number} · {Math.round(r.pass_rate * 100)}% (
          {r.passed}/{r.total})
        </span>
      </div>
      <pre className="ev-review-answer" data-testid="review-answer">
        {error ? `The output could not be read: ${error}` : (answer ?? '…')}
      </pre>
      <FeedbackBox skill={skill} column={column} initial={feedback} ready={ready} />
    </div>
  );
}

export function ReviewOutputs({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const job = useEvals((s) => s.of(dir).benchmark);
  const history = useEvals((s) => s.of(dir).history);
  const [caseKey, setCaseKey] = useState<string | null>(null);
  const [runNumber, setRunNumber] = useState(1);
  const [previousRuns, setPreviousRuns] = useState<BenchmarkRun[]>([]);
  const [notes, setNotes] = useState<Record<string, Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  /** Which iterations' notes are loaded (`runId|previousId`). */
  const [loaded, setLoaded] = useState<string | null>(null);

  const runId = job?.kind === 'benchmark' && job.status !== 'running' ? job.runId : null;
  const previous = runId ? previousBenchmark(history, runId) : null;

  // The previous benchmark's runs, to put its output beside this one's.
  useEffect(() => {
    setPreviousRuns([]);
    if (!previous) return;
    let live = true;
    backend()
      .call('evals.get', { skill: dir, runId: previous.runId })
      .then((d) => live && setPreviousRuns(d.benchmark?.runs ?? []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dir, previous?.runId]);

  // What was written before, in both iterations' feedback.json.
  useEffect(() => {
    if (!runId) return;
    let live = true;
    const ids = [runId, ...(previous ? [previous.runId] : [])];
    void Promise.all(
      ids.map((id) =>
        backend()
          .call('evals.feedback.get', { skill: dir, runId: id })
          .then((v) => [id, v] as const),
      ),
    )
      .then((views) => {
        if (!live) return;
        const next: Record<string, Record<string, string>> = {};
        for (const [id, v] of views)
          next[id] = Object.fromEntries(v.feedback.reviews.map((r) => [r.run_id, r.feedback]));
        setNotes(next);
        setProblem(views.map(([, v]) => v.problem).find((p) => p) ?? null);
        setLoaded(ids.join('|'));
      })
      .catch((err: unknown) => live && setProblem(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [dir, runId, previous?.runId]);

  const runs = useMemo(() => job?.runs ?? [], [job]);
  const cases = useMemo(() => {
    const seen = new Map<string, string>();
    for (const r of runs) if (!seen.has(r.case_key)) seen.set(r.case_key, r.eval_name);
    return [...seen.entries()];
  }, [runs]);
  if (!runId || cases.length === 0) return null;
  const key = caseKey && cases.some(([k]) => k === caseKey) ? caseKey : cases[0]![0];
  const runNumbers = [...new Set(runs.filter((r) => r.case_key === key).map((r) => r.run_number))];
  const n = runNumbers.includes(runNumber) ? runNumber : (runNumbers[0] ?? 1);
  const pick = (list: BenchmarkRun[], c: ConfigurationName) =>
    list.find((r) => r.case_key === key && r.configuration === c && r.run_number === n);

  const columns: Column[] = [];
  for (const c of CONFIG_ORDER) {
    const run = pick(runs, c);
    if (run) columns.push({ runId, run, iteration: 'This benchmark' });
  }
  const before = previous && pick(previousRuns, 'with_skill');
  if (previous && before)
    columns.push({ runId: previous.runId, run: before, iteration: 'Previous benchmark' });

  return (
    <section className="ev-section" aria-labelledby="ev-review-title" data-testid="eval-review">
      <div className="ev-section-head">
        <h3 id="ev-review-title">Review outputs</h3>
        <span className="pg-spacer" />
        <select
          className="pg-input"
          aria-label="Case to review"
          value={key}
          onChange={(e) => setCaseKey(e.target.value)}
          data-testid="review-case"
        >
          {cases.map(([k, name]) => (
            <option key={k} value={k}>
              {name}
            </option>
          ))}
        </select>
        {runNumbers.length > 1 && (
          <select
            className="pg-input"
            aria-label="Run to review"
            value={n}
            onChange={(e) => setRunNumber(Number(e.target.value))}
            data-testid="review-run"
          >
            {runNumbers.map((k) => (
              <option key={k} value={k}>
                Run {k}
              </option>
            ))}
          </select>
        )}
      </div>
      <p className="pg-muted ev-review-hint">
        Notes are saved in each benchmark&apos;s feedback.json, as skill-creator&apos;s viewer saves
        them, for its next iteration to read.
      </p>
      {problem && (
        <div className="pg-field-error block" role="alert" data-testid="review-problem">
          {problem}
        </div>
      )}
      <div className="ev-review-grid" data-testid="review-grid">
        {columns.map((col) => (
          <OutputColumn
            key={`${col.runId}/${col.run.run_dir}`}
            skill={skill}
            column={col}
            feedback={notes[col.runId]?.[viewerRunId(col.run.run_dir)] ?? ''}
            ready={loaded === [runId, ...(previous ? [previous.runId] : [])].join('|')}
          />
        ))}
      </div>
    </section>
  );
}
