/**
 * The playground's "Run in" picker, beside Provider and Model: the studio, or each agent
 * client found here with its version (a client that is not found is listed, disabled, with
 * why). A client run offers only skill activation and reading by default; "allow scripts"
 * offers the client's shell tools too, under its own sandbox where it has one, and says so.
 */
import { useEffect } from 'react';
import { isAgentClientId } from '../../../shared/api/agent-clients';
import { usePlayground } from './playground-store';
import { clientLabel, clientMissingWhy, useAgentClients, type RunInChoice } from './run-in';

export function RunInPicker() {
  const clients = useAgentClients((s) => s.clients);
  const problem = useAgentClients((s) => s.problem);
  const runIn = usePlayground((s) => s.runIn);
  const setRunIn = usePlayground((s) => s.setRunIn);
  useEffect(() => {
    if (useAgentClients.getState().clients === null) void useAgentClients.getState().load();
  }, []);
  const picked = runIn ? clients?.find((c) => c.id === runIn.client) : undefined;
  const missing = (clients ?? []).filter((c) => !c.found);
  return (
    <div className="pg-run-in" data-testid="run-in-picker">
      <label
        className="pg-inline"
        title="Run the skill in the studio's own agent loop, or inside an agent client installed here, exactly as that client would run it"
      >
        Run in
        <select
          className="pg-input"
          value={runIn?.client ?? ''}
          onChange={(e) => {
            const id = e.target.value;
            setRunIn(isAgentClientId(id) ? { client: id, allowScripts: false } : null);
          }}
          data-testid="run-in"
        >
          <option value="">Studio</option>
          {(clients ?? []).map((c) => (
            <option
              key={c.id}
              value={c.id}
              disabled={!c.found}
              title={clientMissingWhy(c) ?? c.path ?? undefined}
              data-found={c.found}
            >
              {clientLabel(c)}
            </option>
          ))}
        </select>
      </label>
      {clients === null && <span className="pg-muted">looking for agent clients…</span>}
      <button
        type="button"
        className="link-button"
        title="Look for agent clients again (after installing one)"
        onClick={() => void useAgentClients.getState().load()}
        data-testid="run-in-refresh"
      >
        refresh
      </button>
      {missing.length > 0 && (
        <span
          className="pg-muted"
          title={missing.map((c) => clientMissingWhy(c)).join('\n')}
          data-testid="run-in-missing"
        >
          {missing.map((c) => c.name).join(', ')} not found
        </span>
      )}
      {runIn && (
        <label
          className="pg-inline"
          title="Offer the client's shell and script tools for this run (under its own sandbox where it has one)"
        >
          <input
            type="checkbox"
            checked={runIn.allowScripts}
            onChange={(e) => setRunIn({ ...runIn, allowScripts: e.target.checked })}
            data-testid="run-in-allow-scripts"
          />
          Allow scripts
        </label>
      )}
      {runIn && (
        <label
          className="pg-inline"
          title="Install beside the skill: nothing else, the workspace's other skills, or the skills you installed for this client, so that it picks among them as it would"
        >
          Beside it
          <select
            className="pg-input"
            value={runIn.catalog ?? 'skill'}
            onChange={(e) =>
              setRunIn({ ...runIn, catalog: e.target.value as RunInChoice['catalog'] })
            }
            data-testid="run-in-catalog"
          >
            <option value="skill">nothing else</option>
            <option value="workspace">the workspace&apos;s skills</option>
            <option value="installed">your installed skills</option>
          </select>
        </label>
      )}
      {runIn && (
        <label
          className="pg-inline"
          title="Use the key or sign-in this client already has (passed through read-only) instead of a provider of the studio's"
        >
          <input
            type="checkbox"
            checked={runIn.ownLogin === true}
            onChange={(e) => setRunIn({ ...runIn, ownLogin: e.target.checked })}
            data-testid="run-in-own-login"
          />
          Its own login
        </label>
      )}
      {runIn?.allowScripts && (
        <div className="pg-warning pg-run-in-note" role="note" data-testid="run-in-scripts-warning">
          {picked?.name ?? 'The client'} may run commands and the skill&apos;s scripts on this
          machine, under its own sandbox where it has one. Tick this only for a skill you trust.
        </div>
      )}
      {problem && (
        <div className="pg-field-error block pg-run-in-note" data-testid="run-in-problem">
          {problem}
        </div>
      )}
    </div>
  );
}
