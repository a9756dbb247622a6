/**
 * "Improve description": the host scores the current description, asks the model
 * for a better one from the failures of a train split, and scores both on a
 * held-out split the model never saw (its share set beside the button; the trigger
 * threshold is the Trigger tab's). Shown old against new with their scores; the
 * author accepts (the new text goes into the SKILL.md editor as one undoable edit,
 * unsaved) or dismisses it.
 */
import { useState } from 'react';
import type { DescriptionScore } from '../../../shared/api/evals';
import type { SkillRef } from '../stores/skills-store';
import { notify } from '../stores/ui-store';
import { useEvals } from './evals-store';
import { currentModel, EvalProgress } from './RunControls';
import { acceptDescription } from './description-edit';
import { HoldoutInput } from './RunOptions';
import { usePlayground } from '../playground/playground-store';
import { DialogFooter } from '../ui/DialogFooter';

function Score({ label, s }: { label: string; s: { passed: number; total: number } }) {
  return (
    <span className="ev-score">
      {label} {s.passed}/{s.total}
    </span>
  );
}

function Candidate({
  title,
  score,
  testId,
  better,
}: {
  title: string;
  score: DescriptionScore;
  testId: string;
  better?: boolean;
}) {
  return (
    <div className={`ev-candidate${better ? ' better' : ''}`} data-testid={testId}>
      <div className="ev-candidate-head">
        <strong>{title}</strong>
        <Score label="held-out" s={score.held_out} />
        <span className="pg-muted">
          <Score label="train" s={score.train} />
        </span>
      </div>
      <p className="ev-description" data-testid={`${testId}-text`}>
        {score.description}
      </p>
    </div>
  );
}

export function ImproveDescription({ skill }: { skill: SkillRef }) {
  const dir = skill.dir;
  const job = useEvals((s) => s.of(dir).improveRun);
  const queries = useEvals((s) => s.of(dir).sources?.triggers.length ?? 0);
  const busy = useEvals((s) => s.of(dir).busy);
  const [accepting, setAccepting] = useState(false);
  const st = useEvals.getState();
  const running = job?.status === 'running';
  const result = job?.improve ?? null;
  const suggestion = result?.new ?? null;
  const rateOf = (s: DescriptionScore) =>
    s.held_out.total ? s.held_out.passed / s.held_out.total : 0;

  const accept = async (description: string) => {
    setAccepting(true);
    const error = await acceptDescription(skill, description);
    setAccepting(false);
    if (error) notify('error', error);
    else {
      notify('success', 'The new description is in the editor: save to keep it, or undo.');
      st.dismissImprove(dir);
    }
  };

  return (
    <section className="ev-section" aria-labelledby="ev-improve-title" data-testid="eval-improve">
      <div className="ev-section-head">
        <h3 id="ev-improve-title">Description</h3>
        <span className="pg-spacer" />
        {!running && <HoldoutInput />}
        {running ? (
          <button
            type="button"
            className="button danger small"
            onClick={() => void st.cancel(dir, 'improve')}
            data-testid="eval-improve-cancel"
          >
            Cancel
          </button>
        ) : (
          <button
            type="button"
            className="button secondary small"
            disabled={busy || queries < 2}
            title={
              queries < 2
                ? 'Needs a saved trigger set (some queries are held out)'
                : 'Ask the model for a better description, scored on queries it never sees'
            }
            onClick={() =>
              void st.improveDescription(dir, currentModel(skill), usePlayground.getState().actAs)
            }
            data-testid="eval-improve-start"
          >
            Improve description
          </button>
        )}
      </div>
      {job && running && <EvalProgress job={job} label="Improve description progress" />}
      {job && !running && !result && job.error && <div className="pg-field-error">{job.error}</div>}
      {result && (
        <div className="ev-compare" data-testid="eval-improve-result">
          <Candidate title="Current" score={result.old} testId="eval-desc-old" />
          {suggestion ? (
            <>
              <Candidate
                title="Suggested"
                score={suggestion}
                testId="eval-desc-new"
                better={rateOf(suggestion) > rateOf(result.old)}
              />
              {result.rationale && (
                <details>
                  <summary>Why</summary>
                  <p className="ev-description">{result.rationale}</p>
                </details>
              )}
              <DialogFooter
                className="ev-actions"
                small
                secondary={{
                  label: 'Dismiss',
                  onClick: () => st.dismissImprove(dir),
                  testId: 'eval-desc-dismiss',
                }}
                primary={{
                  label: 'Accept into editor',
                  disabled: accepting,
                  onClick: () => void accept(suggestion.description),
                  testId: 'eval-desc-accept',
                }}
              >
                <span className="pg-muted">
                  Held-out: {result.held_out_queries.length} queries the writer never saw
                </span>
                <span className="pg-spacer" />
              </DialogFooter>
            </>
          ) : (
            <div className="pg-field-error">
              The model gave no usable description
              {result.studio.error ? `: ${result.studio.error}` : '.'}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
