/**
 * The skill's saved cases (tests/cases/*.json): run them all through the host
 * (the same check `skill-studio test` makes), load one's arguments into the
 * form, or run one in the playground to watch it. A model run's case names its
 * provider and model; loading it picks them.
 */
import { useEffect, useState } from 'react';
import type { CaseFileInfo, CaseRunReport } from '../../../shared/playground/cases';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { skillParam, usePlayground } from './playground-store';

export function CasesPanel({ skill }: { skill: string }) {
  const nonce = usePlayground((s) => s.historyNonce);
  const actAs = usePlayground((s) => s.actAs);
  const [cases, setCases] = useState<CaseFileInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [report, setReport] = useState<CaseRunReport | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setReport(null);
    backend()
      .call('cases.list', { skill: skillParam(skill) })
      .then((c) => live && (setCases(c), setError(null)))
      .catch((err: unknown) => live && setError(errorMessage(err)));
    return () => {
      live = false;
    };
  }, [skill, nonce]);

  const runAll = async () => {
    setBusy(true);
    try {
      setReport(await backend().call('cases.run', { skill: skillParam(skill), agent: actAs }));
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  const load = (c: CaseFileInfo, run: boolean) => {
    if (!c.case) return;
    const pg = usePlayground.getState();
    pg.setArgs(skill, c.case.arguments);
    if (c.case.timeout !== undefined) pg.setTimeoutSeconds(c.case.timeout);
    // A model run's case runs on the provider and model it names.
    const llm = c.case.llm_override;
    if (llm?.provider_config)
      pg.setModelChoice(skill, { provider: llm.provider_name, model: llm.provider_config.model });
    pg.setTab('run');
    if (run) void pg.run(skill);
  };

  const byName = new Map(report?.cases.map((r) => [r.file, r]));
  return (
    <div className="pg-cases" data-testid="cases-panel">
      <div className="pg-toolbar">
        <button
          type="button"
          className="button"
          disabled={busy || !cases || cases.length === 0}
          onClick={() => void runAll()}
          data-testid="cases-run-all"
        >
          {busy ? 'Running…' : 'Run all cases'}
        </button>
        <span className="pg-muted">
          as {actAs ?? 'the studio'} · also <code>skill-studio test {skill}</code>
        </span>
        {report && (
          <span
            className={report.failed > 0 ? 'pg-error-text' : 'pg-ok'}
            data-testid="cases-summary"
          >
            {report.passed} passed, {report.failed} failed
          </span>
        )}
      </div>
      {error && <div className="pg-field-error block">{error}</div>}
      {cases?.length === 0 && (
        <div className="pg-empty-line">
          No saved cases. Run the skill, then “Save as case” from the History tab.
        </div>
      )}
      <ul className="pg-history-list">
        {cases?.map((c) => {
          const r = byName.get(c.file);
          return (
            <li key={c.file} className="pg-history-row" data-testid="case-row" data-name={c.name}>
              {r ? (
                <span className={`pg-badge ${r.pass ? 'ok' : 'error'}`} data-testid="case-result">
                  {r.pass ? 'pass' : 'fail'}
                </span>
              ) : (
                <span className="pg-badge">—</span>
              )}
              <strong>{c.name}</strong>
              <code className="pg-muted">{c.file}</code>
              <span className="pg-history-text">
                {c.error ? (
                  <span className="pg-error-text">{c.error}</span>
                ) : r && !r.pass ? (
                  <span className="pg-error-text">{r.failures.join(' · ')}</span>
                ) : (
                  <span className="pg-muted">
                    expects {c.case?.expect.success ? 'success' : 'failure'}
                    {c.case?.llm_override && (
                      <span data-testid="case-model">
                        {' '}
                        on {c.case.llm_override.provider_name}
                        {c.case.llm_override.provider_config
                          ? ` · ${c.case.llm_override.provider_config.model}`
                          : ''}
                      </span>
                    )}
                  </span>
                )}
              </span>
              <span className="pg-row-actions">
                <button
                  type="button"
                  className="button small"
                  disabled={!c.case}
                  onClick={() => load(c, true)}
                  data-testid="case-run"
                >
                  Run
                </button>
                <button
                  type="button"
                  className="button secondary small"
                  disabled={!c.case}
                  onClick={() => load(c, false)}
                >
                  Load args
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
