/**
 * The end of a call: the SkillResult (success, summary, data as a foldable tree,
 * error code and message, duration, truncated, sandbox), or the transport error
 * that refused it — `unauthorized` is shown as the allowlist refusing the call.
 */
import type { RunModel } from '../../../shared/playground/run-model';
import { usePlayground } from './playground-store';
import { JsonTree } from './JsonTree';
import { formatDuration } from '../util/browser-utils';
import type { SandboxLimits } from '../../../shared/protocol/a2e';

const ERROR_HINTS: Record<string, string> = {
  unauthorized:
    'The agent this call acted as may not use this skill: its allowlist in skill-studio.json does not list it.',
  schema_violation: 'The arguments do not match the skill’s input_schema.',
  unknown_skill: 'No skill of that name is discovered in this workspace.',
  timeout:
    'The skill ran past its time limit (the call’s timeout, capped by the skill’s timeout_seconds).',
  cancelled: 'The call was cancelled: the connection was closed and the host stopped the skill.',
  out_of_memory: 'The skill went over the sandbox’s memory limit.',
  sandbox_crash: 'The skill’s process was killed by a signal.',
};

export function ResultView({ model }: { model: RunModel }) {
  usePlayground((s) => s.tick);
  if (model.phase === 'running')
    return <div className="pg-empty-line">The result shows when the call ends.</div>;
  const terr = model.transportError();
  if (terr) {
    return (
      <div
        className={`pg-result refused code-${terr.code}`}
        data-testid="run-result"
        data-outcome="refused"
        data-code={terr.code}
      >
        <div className="pg-result-head">
          <span className="pg-badge error">
            {terr.code === 'unauthorized' ? 'Unauthorized' : 'Refused'}
          </span>
          <code data-testid="result-error-code">{terr.code}</code>
          {terr.retryable && <span className="pg-muted">retryable</span>}
        </div>
        <p data-testid="result-error-message">{terr.message}</p>
        {ERROR_HINTS[terr.code] && <p className="pg-muted">{ERROR_HINTS[terr.code]}</p>}
        {terr.details !== undefined && (
          <>
            <div className="pg-section-title">Details</div>
            <JsonTree value={terr.details} />
          </>
        )}
      </div>
    );
  }
  const r = model.result();
  if (!r) return <div className="pg-empty-line">No result.</div>;
  const outcome = model.outcome();
  return (
    <div
      className={`pg-result ${outcome}`}
      data-testid="run-result"
      data-outcome={outcome ?? ''}
      data-code={r.error_code ?? ''}
    >
      <div className="pg-result-head">
        <span
          className={`pg-badge ${r.success ? 'ok' : r.cancelled ? 'warn' : 'error'}`}
          data-testid="result-badge"
        >
          {r.success ? 'Success' : r.cancelled ? 'Cancelled' : 'Failed'}
        </span>
        <span className="pg-muted">{formatDuration(r.duration_ms)}</span>
        {r.sandbox && (
          <span className="pg-muted" data-testid="result-sandbox" title={r.sandbox_limits?.reason}>
            sandbox: {r.sandbox}
          </span>
        )}
        {r.truncated && <span className="pg-badge warn">output truncated</span>}
      </div>
      {r.sandbox_limits?.reason && <SandboxWhy limits={r.sandbox_limits} />}
      {r.summary !== undefined && r.summary !== null && (
        <p className="pg-summary" data-testid="result-summary">
          {typeof r.summary === 'string' ? r.summary : JSON.stringify(r.summary)}
        </p>
      )}
      {!r.success && (
        <>
          <p>
            <code data-testid="result-error-code">{r.error_code ?? 'error'}</code>{' '}
            <span data-testid="result-error-message">{r.error}</span>
          </p>
          {r.error_code && ERROR_HINTS[r.error_code] && (
            <p className="pg-muted">{ERROR_HINTS[r.error_code]}</p>
          )}
        </>
      )}
      {r.data !== undefined && r.data !== null && (
        <>
          <div className="pg-section-title">Data</div>
          <JsonTree value={r.data} testId="result-data" />
        </>
      )}
      {model.seqGaps > 0 && (
        <p className="pg-warning">{model.seqGaps} event(s) arrived out of sequence.</p>
      )}
    </div>
  );
}

/** Why the run took its sandbox, and what held (a plain process is said plainly). */
function SandboxWhy({ limits }: { limits: SandboxLimits }) {
  const held = [
    limits.image && `image ${limits.image}`,
    limits.memory_bytes !== null && `memory ${Math.round(limits.memory_bytes / 1048576)} MB`,
    limits.pids_max !== null && `${limits.pids_max} processes`,
    limits.uid !== null && `uid ${limits.uid}`,
  ].filter(Boolean);
  return (
    <p className={limits.isolated ? 'pg-muted' : 'pg-warning'} data-testid="result-sandbox-reason">
      {limits.isolated ? '' : 'Not isolated: '}
      {limits.reason}
      {held.length > 0 ? ` (${held.join(', ')})` : ''}
    </p>
  );
}

export function StatusLines({ model }: { model: RunModel }) {
  usePlayground((s) => s.tick);
  const lines = model.statuses.slice(-200);
  if (lines.length === 0)
    return (
      <div className="pg-empty-line">No status lines{model.phase === 'running' ? ' yet' : ''}.</div>
    );
  return (
    <ol className="pg-status-lines" data-testid="status-lines">
      {model.statuses.length > lines.length && (
        <li className="pg-muted">… {model.statuses.length - lines.length} earlier lines</li>
      )}
      {lines.map((s) => (
        <li key={s.seq}>
          <span className="pg-log-seq">#{s.seq}</span> {s.message}
        </li>
      ))}
    </ol>
  );
}
