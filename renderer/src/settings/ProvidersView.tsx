/**
 * Settings → Model providers: the providers instruction skills run on. Lists each one
 * with where it comes from (the workspace's skill-studio.json, or the user's own file),
 * whether its key is there (never the key) and what to do when it is not; says where
 * keys can live in this mode, and in the desktop app stores a typed key encrypted by
 * the OS (it never comes back); shows what a workspace provider waits for before its secret
 * is sent and approves it; adds, edits and removes workspace providers; "Test connection"
 * asks the server for its models and says what to fix. Opened from the title bar, Ctrl+, and the playground.
 */
import { useEffect, useState } from 'react';
import type { ProviderView } from '../../../shared/api/studio-api';
import { Modal } from '../ui/Modal';
import { DialogFooter } from '../ui/DialogFooter';
import { askConfirm, notify } from '../stores/ui-store';
import { useProviders } from './providers-store';
import {
  PRESETS,
  blocking,
  draftFrom,
  draftProblems,
  inputFrom,
  keyInstructions,
  type ProviderDraft,
} from './provider-form';
import { RunnerSettings } from './RunnerSettings';
import './settings.css';

/** The Base URL field's placeholder and help, per kind. */
const BASE_URL_HINTS: Record<ProviderView['kind'], { placeholder: string; help: string }> = {
  anthropic: {
    placeholder: 'https://api.anthropic.com',
    help: 'The API root; leave empty for api.anthropic.com.',
  },
  'openai-compatible': {
    placeholder: 'https://api.openai.com/v1',
    help: 'Ends in /v1; leave empty for api.openai.com.',
  },
  gemini: {
    placeholder: 'https://generativelanguage.googleapis.com',
    help: 'The API root; leave empty for generativelanguage.googleapis.com.',
  },
};

const KEY_FROM: Record<'keychain' | 'user-file', string> = {
  keychain: 'the app (stored encrypted)',
  'user-file': 'your providers file',
};

/** What the key line says when no key is available (the check must not say it again). */
function missingKeyText(p: ProviderView, userFile: string | null): string {
  return (
    p.key_problem ??
    (p.api_key_env ? keyInstructions(p.api_key_env, userFile) : 'no key is available')
  );
}

function KeyLine({ p, userFile }: { p: ProviderView; userFile: string | null }) {
  if (p.key === 'present')
    return (
      <span className="st-ok" data-testid="provider-key" data-from={p.key_from ?? ''}>
        key found in{' '}
        {p.key_from === 'env' || p.key_from === null ? `$${p.api_key_env}` : KEY_FROM[p.key_from]}
        {p.key_stored && p.key_from === 'env' && ' (a key stored in the app is shadowed by it)'}
      </span>
    );
  if (p.key === 'not_needed')
    return (
      <span className="pg-muted" data-testid="provider-key">
        no key (local server)
      </span>
    );
  return (
    <span className="st-bad" data-testid="provider-key">
      {missingKeyText(p, userFile)}
    </span>
  );
}

/**
 * A workspace provider (often a cloned repository's) that would send a secret the user
 * has not approved for this workspace and host:port: nothing is sent until Approve.
 */
function ApprovalLine({ p }: { p: ProviderView }) {
  const [busy, setBusy] = useState(false);
  const a = p.approval;
  if (!a) return null;
  const approve = async () => {
    const ok = await askConfirm({
      title: 'Approve sending this secret?',
      message:
        `“${p.id}” of this workspace (${a.workspace ?? 'no workspace open'}) will send ${a.what} to ${a.origin}. ` +
        'Approve only a server you trust; another variable, host or port asks again.',
      confirmLabel: 'Approve',
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    const err = await useProviders.getState().approve(p.id);
    setBusy(false);
    if (err) notify('error', `Not approved: ${err}`);
    else {
      notify('success', `“${p.id}” may send ${a.what} to ${a.origin}.`);
      // The connection test that failed for want of the approval, again.
      void useProviders.getState().check(p.id);
    }
  };
  return (
    <div className="st-approval" data-testid="provider-approval">
      <span className="pg-muted">
        Waiting for your approval: {a.what} → {a.origin}. CLI: <code>{a.command}</code>
      </span>
      <button
        type="button"
        className="button small"
        disabled={busy || a.workspace === null}
        onClick={() => void approve()}
        data-testid="provider-approve"
      >
        {busy ? 'Approving…' : 'Approve'}
      </button>
    </div>
  );
}

function CheckLine({ p, userFile }: { p: ProviderView; userFile: string | null }) {
  const check = useProviders((s) => s.checks[p.id]);
  const at = useProviders((s) => s.checkedAt[p.id]);
  if (!check) return null;
  if (check === 'checking')
    return (
      <div className="pg-muted" role="status" data-testid="provider-check" data-ok="checking">
        Testing the connection…
      </div>
    );
  // The key line already says what is missing: the check says only that it could not run.
  const problem =
    check.problem !== null && check.problem === missingKeyText(p, userFile)
      ? 'Not tested: the key above is missing.'
      : check.problem;
  return (
    <div
      className={check.ok ? 'st-ok' : 'st-bad'}
      role="status"
      data-testid="provider-check"
      data-ok={check.ok ? 'true' : 'false'}
    >
      {check.ok
        ? `Connected: ${check.models.length} model${check.models.length === 1 ? '' : 's'} listed${
            check.models.length > 0
              ? ` (${check.models.slice(0, 6).join(', ')}${check.models.length > 6 ? ', …' : ''})`
              : ''
          }.`
        : problem}
      {at !== undefined && (
        <span className="pg-muted" data-testid="provider-check-time">
          {' '}
          (tested at {new Date(at).toLocaleTimeString()})
        </span>
      )}
    </div>
  );
}

function ProviderForm({ editing }: { editing: string }) {
  const info = useProviders((s) => s.info);
  const store = useProviders.getState();
  const existing = editing === 'new' ? null : info?.providers.find((p) => p.id === editing);
  const [draft, setDraft] = useState<ProviderDraft>(() =>
    existing ? draftFrom(existing) : { ...PRESETS[0].draft },
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const taken = (info?.providers ?? [])
    .filter((p) => p.source === 'workspace' && p.id !== existing?.id)
    .map((p) => p.id);
  const problems = draftProblems(draft, taken);
  const put = <K extends keyof ProviderDraft>(k: K, v: ProviderDraft[K]) =>
    setDraft((d) => ({ ...d, [k]: v }));

  const submit = async () => {
    if (blocking(problems)) return;
    setBusy(true);
    const err = await store.save(inputFrom(draft), existing ? existing.id : undefined);
    setBusy(false);
    if (err) setError(err);
    else {
      notify('success', `Saved the provider “${draft.id}” in skill-studio.json.`);
      void store.check(draft.id.trim());
    }
  };

  const field = (
    k: 'id' | 'base_url' | 'model' | 'api_key_env',
    label: string,
    placeholder: string,
    help: string,
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        value={draft[k]}
        placeholder={placeholder}
        spellCheck={false}
        onChange={(e) => put(k, e.target.value)}
        aria-invalid={problems[k] ? true : undefined}
        data-testid={`provider-${k}`}
      />
      <span className="field-help">{problems[k] ?? help}</span>
    </label>
  );

  return (
    <form
      className="st-form"
      data-testid="provider-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <div className="st-form-title">
        <strong>{existing ? `Edit “${existing.id}”` : 'Add a provider'}</strong>
        {!existing && (
          <span className="st-presets">
            Start from:
            {PRESETS.map((p) => (
              <button
                key={p.label}
                type="button"
                className="link-button"
                onClick={() => setDraft({ ...p.draft })}
                data-testid="provider-preset"
              >
                {p.label}
              </button>
            ))}
          </span>
        )}
      </div>
      {field('id', 'Id', 'e.g. claude', 'How calls and the playground name this provider.')}
      <label className="field">
        <span>Kind</span>
        <select
          className="pg-input"
          value={draft.kind}
          onChange={(e) => put('kind', e.target.value as ProviderDraft['kind'])}
          data-testid="provider-kind"
        >
          <option value="anthropic">Anthropic Messages API</option>
          <option value="openai-compatible">
            OpenAI-compatible (OpenAI, Ollama, LM Studio, llama.cpp, vLLM, OpenRouter…)
          </option>
          <option value="gemini">Google Gemini API (generateContent)</option>
        </select>
      </label>
      {field(
        'base_url',
        'Base URL',
        BASE_URL_HINTS[draft.kind].placeholder,
        BASE_URL_HINTS[draft.kind].help,
      )}
      {field(
        'model',
        'Model',
        'e.g. claude-sonnet-4-5',
        'The model runs use unless one is picked.',
      )}
      <label className="field">
        <span>Other models (optional)</span>
        <textarea
          className="pg-input st-models"
          value={draft.models}
          rows={2}
          spellCheck={false}
          placeholder="one per line; empty: any model the server has"
          onChange={(e) => put('models', e.target.value)}
          data-testid="provider-models"
        />
      </label>
      {field(
        'api_key_env',
        'API key environment variable',
        'e.g. ANTHROPIC_API_KEY (empty for a local server)',
        'The key is read from this variable; it is never written to skill-studio.json.',
      )}
      {draft.api_key_env && !problems.api_key_env && (
        <div className="st-note" data-testid="provider-env-help">
          {keyInstructions(draft.api_key_env, info?.user_file ?? null)}
        </div>
      )}
      <label className="st-check">
        <input
          type="checkbox"
          checked={draft.default}
          onChange={(e) => put('default', e.target.checked)}
          data-testid="provider-default"
        />
        Use it when a run picks no provider (the default)
      </label>
      {error && (
        <div className="error-text" role="alert" data-testid="provider-error">
          {error}
        </div>
      )}
      <DialogFooter
        secondary={{ label: 'Cancel', onClick: () => store.edit(null) }}
        primary={{
          label: busy ? 'Saving…' : 'Save',
          submit: true,
          disabled: busy || blocking(problems),
          testId: 'provider-save',
        }}
      />
    </form>
  );
}

/**
 * Desktop app: type a key to store it encrypted by the OS. The field is cleared once
 * the key is handed over; the host answers only whether one is stored.
 */
function StoredKey({ p }: { p: ProviderView }) {
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const store = useProviders.getState();
  const submit = async () => {
    setBusy(true);
    const err = await store.storeKey(p.id, key);
    setBusy(false);
    setKey('');
    setError(err);
    if (!err) {
      setOpen(false);
      notify('success', `The key of “${p.id}” is stored, encrypted.`);
    }
  };
  const forget = async () => {
    const err = await store.forgetKey(p.id);
    if (err) notify('error', `Not forgotten: ${err}`);
  };
  if (!open)
    return (
      <>
        <button
          type="button"
          className="button secondary small"
          onClick={() => setOpen(true)}
          data-testid="provider-store-key"
        >
          {p.key_stored ? 'Replace stored key' : 'Store key…'}
        </button>
        {p.key_stored && (
          <button
            type="button"
            className="button secondary small"
            onClick={() => void forget()}
            data-testid="provider-forget-key"
          >
            Forget stored key
          </button>
        )}
      </>
    );
  return (
    <form
      className="st-key-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <input
        type="password"
        className="input"
        autoComplete="off"
        spellCheck={false}
        placeholder={`API key for ${p.id}`}
        aria-label={`API key for ${p.id}`}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        data-testid="provider-key-input"
        autoFocus
      />
      <button type="submit" className="button small" disabled={busy || key.trim() === ''}>
        {busy ? 'Storing…' : 'Store'}
      </button>
      <button
        type="button"
        className="button secondary small"
        onClick={() => {
          setKey('');
          setOpen(false);
        }}
      >
        Cancel
      </button>
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** Test connection: says it is testing, and cannot be pressed twice at once. */
function TestButton({ id }: { id: string }) {
  const testing = useProviders((s) => s.checks[id] === 'checking');
  return (
    <button
      type="button"
      className="button secondary small"
      onClick={() => void useProviders.getState().check(id)}
      disabled={testing}
      data-testid="provider-test"
    >
      {testing ? 'Testing…' : 'Test connection'}
    </button>
  );
}

function ProviderRow({
  p,
  userFile,
  canStoreKeys,
}: {
  p: ProviderView;
  userFile: string | null;
  canStoreKeys: boolean;
}) {
  const store = useProviders.getState();
  const remove = async () => {
    const ok = await askConfirm({
      title: 'Remove the provider?',
      message: `“${p.id}” is removed from skill-studio.json. Runs that pick it will fail.`,
      confirmLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    const err = await store.remove(p.id);
    if (err) notify('error', `Not removed: ${err}`);
  };
  return (
    <li className="st-provider" data-testid="provider-row" data-id={p.id}>
      <div className="st-provider-head">
        <strong>{p.id}</strong>
        {p.default && <span className="pg-badge ok">default</span>}
        <span className="pg-muted">
          {p.kind} · {p.model} · {p.base_url}
        </span>
        <span className="pg-spacer" />
        <span className="pg-muted" title={p.source === 'user' ? (userFile ?? '') : ''}>
          {p.source === 'workspace' ? 'skill-studio.json' : 'your providers file'}
        </span>
      </div>
      <KeyLine p={p} userFile={userFile} />
      <ApprovalLine p={p} />
      <CheckLine p={p} userFile={userFile} />
      <div className="st-provider-actions">
        <TestButton id={p.id} />
        {canStoreKeys && <StoredKey p={p} />}
        {p.source === 'workspace' && (
          <>
            <button
              type="button"
              className="button secondary small"
              onClick={() => store.edit(p.id)}
              data-testid="provider-edit"
            >
              Edit
            </button>
            <button
              type="button"
              className="button secondary small"
              onClick={() => void remove()}
              data-testid="provider-remove"
            >
              Remove
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function ProvidersView() {
  const open = useProviders((s) => s.open);
  const info = useProviders((s) => s.info);
  const loadError = useProviders((s) => s.loadError);
  const editing = useProviders((s) => s.editing);
  const store = useProviders.getState();
  useEffect(() => {
    if (open) void store.load();
  }, [open, store]);
  if (!open) return null;
  const providers = info?.providers ?? [];
  return (
    <Modal title="Settings — Model providers" onClose={store.close} wide testId="settings-view">
      <div className="st-body">
        <p className="pg-muted st-intro">
          Instruction skills run on a model: these are the providers runs may use. Workspace
          providers are saved in {info?.workspace_file ?? 'skill-studio.json (open a workspace)'};
          keys never are.
          {info?.user_file && <> Your own providers (with keys, chmod 600): {info.user_file}.</>}
        </p>
        {info && (
          <p className="pg-muted st-intro" data-testid="key-storage">
            <strong>Where keys live: </strong>
            {info.key_storage.where}
          </p>
        )}
        {info?.key_storage.problem && (
          <div className="pg-warning" data-testid="key-storage-problem">
            Keys cannot be stored in the app here: {info.key_storage.problem}
          </div>
        )}
        {loadError && <div className="error-text">{loadError}</div>}
        {info?.user_file_refused && (
          <div className="pg-warning" data-testid="user-file-refused">
            {info.user_file_refused}
          </div>
        )}
        {info?.problems.map((p) => (
          <div key={p} className="pg-warning">
            {p}
          </div>
        ))}
        {providers.length === 0 ? (
          <div className="st-empty" data-testid="providers-empty">
            No provider is configured yet. Add one: a local server (Ollama, LM Studio) needs no key;
            Anthropic and OpenAI read their key from an environment variable
            {info?.key_storage.available ? ', or from a key you store here' : ''}.
          </div>
        ) : (
          <ul className="st-providers">
            {providers.map((p) => (
              <ProviderRow
                key={`${p.source}:${p.id}`}
                p={p}
                userFile={info?.user_file ?? null}
                canStoreKeys={info?.key_storage.available ?? false}
              />
            ))}
          </ul>
        )}
        <RunnerSettings />
        {editing ? (
          <ProviderForm key={editing} editing={editing} />
        ) : (
          <DialogFooter
            secondary={{ label: 'Close', onClick: store.close, testId: 'settings-close' }}
            primary={{
              label: 'Add a provider',
              disabled: !info?.workspace_file,
              title: info?.workspace_file ? '' : 'Open a workspace first',
              onClick: () => store.edit('new'),
              testId: 'provider-add',
            }}
          />
        )}
      </div>
    </Modal>
  );
}
