/**
 * Every call kept (workspace-local): re-run one with the same arguments (and the
 * same agent), load its arguments, compare two side by side, save one as a
 * reusable case next to the skill, or delete it.
 */
import { useEffect, useState } from 'react';
import type { HistoryEntry, HistorySummary } from '../../../shared/playground/history';
import { LOCAL_HOST_ID } from '../../../shared/api/remote-hosts';
import { caseFromCall, slugCaseName, isValidCaseName } from '../../../shared/playground/cases';
import { diffRuns } from '../../../shared/playground/run-diff';
import { AGENT_CLIENT_NAMES } from '../../../shared/api/agent-clients';
import { backend } from '../backend/current';
import { errorMessage, toStudioError } from '../backend/studio-error';
import { useSkills } from '../stores/skills-store';
import { askConfirm, askText, notify } from '../stores/ui-store';
import { useWorkspace } from '../stores/workspace-store';
import { skillParam, usePlayground } from './playground-store';
import { formatDuration } from '../util/browser-utils';
import { JsonTree } from './JsonTree';

const OUTCOME_LABEL: Record<string, string> = {
  success: 'success',
  failed: 'failed',
  refused: 'refused',
  cancelled: 'cancelled',
};

function when(ms: number): string {
  const d = new Date(ms);
  return d.toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export async function rerun(
  entry: HistoryEntry,
  showSkill?: (name: string) => void,
): Promise<void> {
  const pg = usePlayground.getState();
  const agents = useWorkspace.getState().info?.agents ?? [];
  if (entry.agent !== null && !agents.some((a) => a.id === entry.agent)) {
    notify('error', `The agent "${entry.agent}" this call acted as no longer exists.`);
    return;
  }
  if (entry.redacted.some((p) => p.startsWith('/arguments'))) {
    notify(
      'info',
      'Some arguments were redacted when the call was kept; they are re-sent as "[redacted]".',
    );
  }
  pg.setActAs(entry.agent);
  pg.setTimeoutSeconds(entry.timeout);
  pg.setStreaming(entry.streaming);
  pg.setArgs(entry.skill, entry.arguments);
  // A model run reruns on the provider and model it used.
  const override = entry.llm_override;
  const model = override?.provider_config?.model;
  if (override?.provider_name && typeof model === 'string')
    pg.setModelChoice(entry.skill, { provider: override.provider_name, model });
  // A call of another skill (the "All skills" list): show that skill's playground.
  showSkill?.(entry.skill);
  await pg.run(entry.skill);
}

export async function saveAsCase(
  skill: string,
  entry: {
    arguments: Record<string, unknown>;
    timeout: number;
    result: HistoryEntry['result'];
    /** A model run's provider and model: the case reruns on them. */
    llm_override?: HistoryEntry['llm_override'];
  },
): Promise<void> {
  const target = useSkills.getState().winner(skill);
  // The host's `writable` decides what is read-only (bundled, or a source the studio does not own).
  if (target && !target.writable) {
    notify(
      'error',
      `${skill} is read-only (${target.readOnlyReason ?? 'the studio may not change it'}): copy it into your workspace to keep cases with it.`,
    );
    return;
  }
  const typed = await askText({
    title: 'Save as a case',
    label: `Case name (saved as tests/cases/<name>.json in ${skill})`,
    confirmLabel: 'Save case',
  });
  if (typed === null) return;
  const name = slugCaseName(typed);
  if (!isValidCaseName(name)) {
    notify('error', 'A case name needs at least one letter or digit.');
    return;
  }
  const c = caseFromCall(name, entry.arguments, entry.timeout, entry.result, entry.llm_override);
  try {
    let res;
    try {
      res = await backend().call('cases.save', { skill: skillParam(skill), case: c });
    } catch (err) {
      if (toStudioError(err).code !== 'exists') throw err;
      if (
        !(await askConfirm({
          title: 'Replace the case?',
          message: `A case named "${name}" already exists in ${skill}.`,
          confirmLabel: 'Replace',
          danger: true,
        }))
      )
        return;
      res = await backend().call('cases.save', {
        skill: skillParam(skill),
        case: c,
        overwrite: true,
      });
    }
    notify('success', `Saved ${res.file} in ${skill}.`);
    usePlayground.getState().bumpHistory();
  } catch (err) {
    notify('error', `The case was not saved: ${errorMessage(err)}`);
  }
}

function CompareView({ a, b, onClose }: { a: HistoryEntry; b: HistoryEntry; onClose(): void }) {
  const d = diffRuns(a, b);
  return (
    <div className="pg-compare" data-testid="run-compare">
      <div className="pg-toolbar">
        <strong>Compare</strong>
        <span className="pg-muted">
          A: {when(a.started_at)} · B: {when(b.started_at)}
        </span>
        <span className="pg-spacer" />
        <button type="button" className="button secondary small" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="pg-compare-grid">
        <section>
          <div className="pg-section-title">Arguments</div>
          {d.arguments.length === 0 ? (
            <div className="pg-muted" data-testid="compare-args-same">
              Same arguments.
            </div>
          ) : (
            <table className="pg-table">
              <thead>
                <tr>
                  <th>path</th>
                  <th>A</th>
                  <th>B</th>
                </tr>
              </thead>
              <tbody>
                {d.arguments.map((c) => (
                  <tr key={c.pointer} className={`change-${c.change}`} data-testid="compare-arg">
                    <td>
                      <code>{c.pointer || '(root)'}</code>
                    </td>
                    <td>{c.change === 'added' ? '—' : JSON.stringify(c.a)}</td>
                    <td>{c.change === 'removed' ? '—' : JSON.stringify(c.b)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
        {(
          [
            ['Ran in', d.client],
            ['Events', d.events],
            ['Result', d.result],
          ] as const
        ).map(([title, rows]) => (
          <section key={title} className={title === 'Ran in' ? 'pg-compare-client' : undefined}>
            <div className="pg-section-title">{title}</div>
            <table className="pg-table">
              <thead>
                <tr>
                  <th />
                  <th>A</th>
                  <th>B</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr
                    key={r.label}
                    className={r.same ? '' : 'differs'}
                    data-testid="compare-row"
                    data-label={r.label}
                  >
                    <th>{r.label}</th>
                    <td title={r.a}>{r.a}</td>
                    <td title={r.b}>{r.b}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))}
        {(d.answers.a !== null || d.answers.b !== null) && (
          <section className="pg-compare-answers" data-testid="compare-answers">
            <div className="pg-section-title">Final text</div>
            <div className="pg-compare-pair">
              {(['a', 'b'] as const).map((k) => (
                <div key={k} className="pg-compare-answer" data-testid={`compare-answer-${k}`}>
                  <span className="ev-role">{k.toUpperCase()}</span>
                  <pre className="pg-pre">{d.answers[k] ?? '—'}</pre>
                </div>
              ))}
            </div>
          </section>
        )}
      </div>
    </div>
  );
}

export function HistoryPanel({
  skill,
  onSelectSkill,
}: {
  skill: string;
  onSelectSkill(name: string): void;
}) {
  const nonce = usePlayground((s) => s.historyNonce);
  const [allSkills, setAllSkills] = useState(false);
  const [entries, setEntries] = useState<HistorySummary[] | null>(null);
  const [persisted, setPersisted] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [picked, setPicked] = useState<string[]>([]);
  const [open, setOpen] = useState<HistoryEntry | null>(null);
  const [compare, setCompare] = useState<[HistoryEntry, HistoryEntry] | null>(null);

  useEffect(() => {
    let live = true;
    backend()
      .call('history.list', allSkills ? { limit: 500 } : { skill, limit: 500 })
      .then((r) => {
        if (!live) return;
        setEntries(r.entries);
        setPersisted(r.persisted);
        setError(null);
      })
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [skill, allSkills, nonce]);

  const get = (id: string) => backend().call('history.get', { id });

  const act = async (fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (err) {
      notify('error', errorMessage(err));
    }
  };

  const togglePick = (id: string) =>
    setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p.slice(-1), id]));

  if (compare)
    return <CompareView a={compare[0]} b={compare[1]} onClose={() => setCompare(null)} />;

  return (
    <div className="pg-history" data-testid="history-panel">
      <div className="pg-toolbar">
        <label className="pg-inline">
          <input
            type="checkbox"
            checked={allSkills}
            onChange={(e) => setAllSkills(e.target.checked)}
          />
          All skills
        </label>
        <button
          type="button"
          className="button secondary small"
          disabled={picked.length !== 2}
          title="Tick two calls to compare them"
          onClick={() =>
            void act(async () => {
              const [a, b] = await Promise.all(picked.map(get));
              setCompare([a, b]);
            })
          }
          data-testid="history-compare"
        >
          Compare {picked.length}/2
        </button>
        {!persisted && (
          <span className="pg-muted">
            No workspace is open: the history is kept for this session only.
          </span>
        )}
      </div>
      {error && <div className="pg-field-error block">{error}</div>}
      {entries?.length === 0 && (
        <div className="pg-empty-line">No calls yet{allSkills ? '' : ` of ${skill}`}.</div>
      )}
      <ul className="pg-history-list">
        {entries?.map((e) => (
          <li
            key={e.id}
            className={`pg-history-row outcome-${e.outcome}`}
            data-testid="history-row"
            data-outcome={e.outcome}
            data-id={e.id}
          >
            <input
              type="checkbox"
              aria-label="Pick for comparison"
              checked={picked.includes(e.id)}
              onChange={() => togglePick(e.id)}
              data-testid="history-pick"
            />
            <span
              className={`pg-badge ${e.outcome === 'success' ? 'ok' : e.outcome === 'cancelled' ? 'warn' : 'error'}`}
            >
              {OUTCOME_LABEL[e.outcome]}
            </span>
            <span className="pg-muted pg-nowrap">{when(e.started_at)}</span>
            {allSkills && <strong>{e.skill}</strong>}
            <span className="pg-muted pg-nowrap">{e.agent ? `as ${e.agent}` : ''}</span>
            {e.host && e.host !== LOCAL_HOST_ID && (
              <span
                className="pg-badge"
                data-testid="history-host"
                title="The A2E host that ran it"
              >
                on {e.host}
              </span>
            )}
            {e.agent_client && (
              <span className="pg-badge" data-testid="history-client">
                in {AGENT_CLIENT_NAMES[e.agent_client]}
              </span>
            )}
            <span className="pg-history-text" title={e.text}>
              {e.text}
            </span>
            <span className="pg-muted pg-nowrap">
              {e.duration_ms !== null ? formatDuration(e.duration_ms) : ''} · {e.events} ev
            </span>
            <span className="pg-row-actions">
              <button
                type="button"
                className="button small"
                onClick={() =>
                  void act(async () => {
                    const full = await get(e.id);
                    await rerun(full, full.skill === skill ? undefined : onSelectSkill);
                  })
                }
                data-testid="history-rerun"
              >
                Re-run
              </button>
              <button
                type="button"
                className="button secondary small"
                onClick={() =>
                  void act(async () => {
                    const full = await get(e.id);
                    usePlayground.getState().setArgs(full.skill, full.arguments);
                    if (full.skill !== skill) onSelectSkill(full.skill);
                    usePlayground.getState().setTab('run');
                  })
                }
              >
                Load args
              </button>
              <button
                type="button"
                className="button secondary small"
                onClick={() => void act(async () => setOpen(await get(e.id)))}
              >
                Details
              </button>
              <button
                type="button"
                className="button secondary small"
                onClick={() => void act(async () => saveAsCase(e.skill, await get(e.id)))}
                data-testid="history-save-case"
              >
                Save as case
              </button>
              <button
                type="button"
                className="pg-icon-button"
                aria-label="Delete this call from the history"
                title="Delete"
                onClick={() =>
                  void act(async () => {
                    await backend().call('history.delete', { id: e.id });
                    setPicked((p) => p.filter((x) => x !== e.id));
                    usePlayground.getState().bumpHistory();
                  })
                }
                data-testid="history-delete"
              >
                ✕
              </button>
            </span>
          </li>
        ))}
      </ul>
      {open && (
        <div className="pg-history-detail" data-testid="history-detail">
          <div className="pg-toolbar">
            <strong>
              {open.skill} · {when(open.started_at)}
            </strong>
            <span className="pg-spacer" />
            <button type="button" className="button secondary small" onClick={() => setOpen(null)}>
              Close
            </button>
          </div>
          {open.redacted.length > 0 && (
            <div className="pg-muted">Redacted before it was kept: {open.redacted.join(', ')}</div>
          )}
          <JsonTree
            value={{
              arguments: open.arguments,
              result: open.result,
              error: open.error,
              events: open.summary,
            }}
            openDepth={1}
          />
        </div>
      )}
    </div>
  );
}
