/**
 * Settings → Where script skills run: the sandbox, the container engine's address and the
 * image per interpreter, kept in the user's settings (runner.settings / runner.saveSettings).
 * Shows what runs use now, after the workspace's skill-studio.json, and what could not be used.
 */
import { useEffect, useState } from 'react';
import {
  RUNNER_IMAGE_KINDS,
  RUNNER_SANDBOXES,
  type RunnerImageKind,
  type RunnerSandbox,
  type RunnerSettingsInfo,
} from '../../../shared/api/runner-settings';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { notify } from '../stores/ui-store';

const SANDBOX_HELP: Record<RunnerSandbox, string> = {
  auto: 'bwrap on Linux; on macOS and Windows a container engine when one answers, else a plain process',
  bwrap: 'Linux namespaces (bubblewrap); fails where bwrap cannot run',
  container: 'a fresh container per call on the engine below (Docker, Podman, Colima, OrbStack)',
  process: 'a plain process: no isolation, only for skills you trust',
};

export function RunnerSettings() {
  const [info, setInfo] = useState<RunnerSettingsInfo | null>(null);
  const [sandbox, setSandbox] = useState<RunnerSandbox>('auto');
  const [host, setHost] = useState('');
  const [images, setImages] = useState<Partial<Record<RunnerImageKind, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const show = (next: RunnerSettingsInfo): void => {
    setInfo(next);
    setSandbox(next.user.sandbox ?? 'auto');
    setHost(next.user.host ?? '');
    setImages(next.user.images);
  };

  useEffect(() => {
    backend()
      .call('runner.settings', {})
      .then(show, (err: unknown) => setError(errorMessage(err)));
  }, []);

  const save = async (): Promise<void> => {
    setSaving(true);
    setError(null);
    try {
      const settings = { sandbox, host: host.trim() === '' ? null : host.trim(), images };
      show(await backend().call('runner.saveSettings', { settings }));
      notify('success', 'Runner settings saved');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="st-runner" data-testid="runner-settings">
      <h3>Where script skills run</h3>
      <p className="pg-muted st-intro">
        Kept in {info?.file ?? 'your settings'}; a workspace may make it stricter, never looser.
        {info && (
          <>
            {' '}
            Now: <strong data-testid="runner-effective">{info.effective.sandbox}</strong>
            {info.effective.host ? ` on ${info.effective.host}` : ''}.
          </>
        )}
      </p>
      {info?.problems.map((p) => (
        <div key={p} className="pg-warning">
          {p}
        </div>
      ))}
      <label className="field">
        <span>Sandbox</span>
        <select
          value={sandbox}
          onChange={(e) => setSandbox(e.target.value as RunnerSandbox)}
          data-testid="runner-sandbox"
        >
          {RUNNER_SANDBOXES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
        <span className="field-help">{SANDBOX_HELP[sandbox]}</span>
      </label>
      <label className="field">
        <span>Container engine</span>
        <input
          value={host}
          placeholder="unix:///var/run/docker.sock"
          spellCheck={false}
          onChange={(e) => setHost(e.target.value)}
          data-testid="runner-host"
        />
        <span className="field-help">
          unix://, npipe:// or tcp://; empty: DOCKER_HOST, then the usual Docker and Podman sockets.
        </span>
      </label>
      {RUNNER_IMAGE_KINDS.map((kind) => (
        <label className="field" key={kind}>
          <span>{kind} image</span>
          <input
            value={images[kind] ?? ''}
            placeholder={info?.effective.images[kind] ?? ''}
            spellCheck={false}
            onChange={(e) => setImages({ ...images, [kind]: e.target.value })}
            data-testid={`runner-image-${kind}`}
          />
        </label>
      ))}
      <p className="field-help">
        The studio never pulls an image: get it first with docker pull or podman pull.
      </p>
      {error && <div className="error-text">{error}</div>}
      <button
        type="button"
        disabled={saving || !info?.file}
        onClick={() => void save()}
        data-testid="runner-save"
      >
        Save runner settings
      </button>
    </section>
  );
}
