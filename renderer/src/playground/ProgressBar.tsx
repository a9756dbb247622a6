import type { RunModel } from '../../../shared/playground/run-model';
import { formatDuration, useNow } from '../util/browser-utils';

/** Percent, message and elapsed time of a run; an accessible progressbar. */
export function ProgressBar({ model }: { model: RunModel }) {
  const running = model.phase === 'running';
  const now = useNow(running);
  const pct = model.shownPct;
  const elapsed = (model.finishedAt ?? now) - model.startedAt;
  const message = model.progress?.message ?? (running ? 'Waiting for the skill…' : '');
  return (
    <div className={`pg-progress phase-${model.phase}`} data-testid="run-progress">
      <div
        className="pg-progress-track"
        role="progressbar"
        aria-label="Skill progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(pct)}
        aria-valuetext={`${Math.round(pct)}% ${message}`}
      >
        <div className="pg-progress-fill" style={{ width: `${pct}%` }} />
      </div>
      <span className="pg-progress-pct" data-testid="progress-pct">
        {Math.round(pct)}%
      </span>
      <span className="pg-progress-message" title={message}>
        {message}
      </span>
      <span className="pg-progress-elapsed" data-testid="run-elapsed">
        {formatDuration(Math.max(0, elapsed))}
      </span>
    </div>
  );
}
