/**
 * Which A2E host the playground drives: this studio, or a host elsewhere (another
 * `skill-studio serve` behind a proxy with TLS), as MCP Inspector connects to any MCP
 * server. Hosts are kept in the user's settings through `remoteHosts.*`; the token goes
 * in once and never comes back to the page (the studio's host opens the connection).
 */
import { useCallback, useEffect, useState } from 'react';
import type { RemoteHostsInfo } from '../../../shared/api/remote-hosts';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { Modal } from '../ui/Modal';
import { askConfirm } from '../stores/ui-store';
import { usePlayground } from './playground-store';

const ADD = '__add__';

function AddHostDialog({
  onClose,
  onSaved,
}: {
  onClose(): void;
  onSaved(info: RemoteHostsInfo, id: string | null): void;
}) {
  const [name, setName] = useState('');
  const [url, setUrl] = useState('wss://');
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const before = new Set((await backend().call('remoteHosts.list', {})).hosts.map((h) => h.id));
      const info = await backend().call('remoteHosts.save', {
        host: { name, url, ...(token.trim() !== '' ? { token } : {}) },
      });
      onSaved(info, info.hosts.find((h) => !before.has(h.id))?.id ?? null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="Add an A2E host" onClose={onClose} testId="remote-host-dialog">
      <form
        className="pg-host-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label className="pg-inline">
          Name
          <input
            className="pg-input"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="team host"
            data-testid="remote-host-name"
            autoFocus
          />
        </label>
        <label className="pg-inline">
          URL
          <input
            className="pg-input"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="wss://skills.example.com/a2e"
            data-testid="remote-host-url"
          />
        </label>
        <label className="pg-inline">
          Token
          <input
            className="pg-input"
            type="password"
            autoComplete="off"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            placeholder="the host's API token (serve --token-file)"
            data-testid="remote-host-token"
          />
        </label>
        <p className="pg-muted">
          Kept in your user settings, never in the workspace; the token goes to the key store and
          only ever to this URL.
        </p>
        {error && (
          <div className="pg-field-error block" role="alert" data-testid="remote-host-error">
            {error}
          </div>
        )}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            Cancel
          </button>
          <button
            type="submit"
            className="button"
            disabled={busy || name.trim() === ''}
            data-testid="remote-host-save"
          >
            Save
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function HostPicker() {
  const host = usePlayground((s) => s.host);
  const setHost = usePlayground((s) => s.setHost);
  const [info, setInfo] = useState<RemoteHostsInfo | null>(null);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const next = await backend().call('remoteHosts.list', {});
      setInfo(next);
      setProblem(next.problem);
    } catch (err) {
      setProblem(errorMessage(err));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  // A host removed elsewhere: back to this studio.
  useEffect(() => {
    if (host !== null && info && !info.hosts.some((h) => h.id === host)) setHost(null);
  }, [host, info, setHost]);

  const current = info?.hosts.find((h) => h.id === host) ?? null;
  const remove = async () => {
    if (!current) return;
    const ok = await askConfirm({
      title: `Remove ${current.name}?`,
      message: `The playground forgets ${current.url} and its token.`,
      confirmLabel: 'Remove',
    });
    if (!ok) return;
    try {
      setHost(null);
      setInfo(await backend().call('remoteHosts.remove', { id: current.id }));
    } catch (err) {
      setProblem(errorMessage(err));
    }
  };

  return (
    <span className="pg-inline pg-host-picker">
      <label
        className="pg-inline"
        title="The A2E host the playground discovers and runs skills on: this studio, or a host elsewhere."
      >
        Host
        <select
          className="pg-input"
          value={host ?? ''}
          onChange={(e) => {
            if (e.target.value === ADD) setAdding(true);
            else setHost(e.target.value === '' ? null : e.target.value);
          }}
          data-testid="host-picker"
        >
          <option value="">This studio</option>
          {(info?.hosts ?? []).map((h) => (
            <option key={h.id} value={h.id} title={h.url}>
              {h.name}
              {h.has_token ? '' : ' (no token)'}
            </option>
          ))}
          <option value={ADD}>Add a host…</option>
        </select>
      </label>
      {current && (
        <button
          type="button"
          className="button secondary small"
          onClick={() => void remove()}
          title={`Forget ${current.url} and its token`}
          data-testid="host-remove"
        >
          Remove
        </button>
      )}
      {problem && (
        <span
          className="pg-muted pg-nowrap"
          role="status"
          title={problem}
          data-testid="host-problem"
        >
          {problem}
        </span>
      )}
      {adding && (
        <AddHostDialog
          onClose={() => setAdding(false)}
          onSaved={(next, id) => {
            setAdding(false);
            setInfo(next);
            setProblem(next.problem);
            if (id) setHost(id);
          }}
        />
      )}
    </span>
  );
}
