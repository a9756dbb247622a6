/**
 * The provider and model an instruction skill's run uses, picked per run and remembered
 * per skill. Without any provider it is a call to action that opens Settings, never a
 * dead end. The list is the host's (providers.list) and follows skill-studio.json.
 */
import { useEffect } from 'react';
import { backend } from '../backend/current';
import { showProviderSettings, useProviders } from '../settings/providers-store';
import { pickableModels } from '../settings/provider-form';
import { usePlayground } from './playground-store';

/** Keeps the providers list fresh while the playground shows (settings change it). */
function useProvidersList(): void {
  useEffect(() => {
    void useProviders.getState().load();
    return backend().onEvent((e) => {
      if (e.type === 'workspace.changed') void useProviders.getState().load();
    });
  }, []);
}

/** The call to action shown when an instruction skill has no provider to run on. */
export function NoProviderAction({ compact = false }: { compact?: boolean }) {
  return (
    <div className="pg-cta" data-testid="no-provider-cta">
      {!compact && (
        <span>
          This skill runs on a model, and no model provider is configured yet. Add one: a local
          server (Ollama, LM Studio) needs no key; Anthropic and OpenAI read theirs from an
          environment variable.
        </span>
      )}
      <button
        type="button"
        className="button small"
        onClick={() => showProviderSettings('new')}
        data-testid="no-provider-settings"
      >
        Set up a model provider
      </button>
    </div>
  );
}

export function ModelPicker({ skill }: { skill: string }) {
  useProvidersList();
  const info = useProviders((s) => s.info);
  const checks = useProviders((s) => s.checks);
  // Re-render when this skill's choice changes.
  usePlayground((s) => s.modelChoices);
  const pg = usePlayground.getState();
  if (!info) return null;
  if (info.providers.length === 0) return <NoProviderAction />;
  const choice = pg.modelChoiceFor(skill);
  const provider = info.providers.find((p) => p.id === choice?.provider) ?? info.providers[0];
  const check = checks[provider.id];
  // Models the server listed (after a test) join the configured ones when any model is allowed.
  const listed = check && check !== 'checking' && provider.models.length === 0 ? check.models : [];
  const models = [...new Set([...pickableModels(provider), ...listed])];
  const model = choice?.model ?? provider.model;
  return (
    <div className="pg-model-picker" data-testid="model-picker">
      <label className="pg-inline">
        Provider
        <select
          className="pg-input"
          value={provider.id}
          onChange={(e) => {
            const next = info.providers.find((p) => p.id === e.target.value);
            if (next) pg.setModelChoice(skill, { provider: next.id, model: next.model });
          }}
          data-testid="run-provider"
        >
          {info.providers.map((p) => (
            <option key={p.id} value={p.id}>
              {p.id}
              {p.key === 'missing' ? (p.approval ? ' (not approved)' : ' (no key)') : ''}
            </option>
          ))}
        </select>
      </label>
      <label className="pg-inline">
        Model
        <select
          className="pg-input"
          value={model}
          onChange={(e) =>
            pg.setModelChoice(skill, { provider: provider.id, model: e.target.value })
          }
          data-testid="run-model"
        >
          {(models.includes(model) ? models : [model, ...models]).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
      </label>
      {provider.models.length === 0 && (
        <button
          type="button"
          className="link-button"
          title="Ask the server which models it has"
          onClick={() => void useProviders.getState().check(provider.id)}
          data-testid="run-list-models"
        >
          {check === 'checking' ? 'listing…' : 'list models'}
        </button>
      )}
      <button
        type="button"
        className="link-button"
        onClick={() => showProviderSettings()}
        data-testid="run-provider-settings"
      >
        Settings
      </button>
      {provider.key === 'missing' && (
        <span className="pg-field-error" data-testid="run-provider-key">
          {provider.key_problem ?? `no key for ${provider.id}`}
        </span>
      )}
    </div>
  );
}

/**
 * "Rerun with another model": one pick reruns the finished run's arguments on another
 * provider or model (and remembers it for the skill), so the two can be compared.
 */
export function RerunWithModel({
  skill,
  args,
  current,
}: {
  skill: string;
  args: Record<string, unknown>;
  current: { provider: string; model: string } | null;
}) {
  const info = useProviders((s) => s.info);
  const options = (info?.providers ?? []).flatMap((p) =>
    pickableModels(p).map((m) => ({ provider: p.id, model: m })),
  );
  const others = options.filter(
    (o) => !(current && o.provider === current.provider && o.model === current.model),
  );
  if (others.length === 0) return null;
  return (
    <select
      className="pg-input pg-rerun-model"
      value=""
      aria-label="Rerun with another model"
      onChange={(e) => {
        const picked = others[Number(e.target.value)];
        if (!picked) return;
        const pg = usePlayground.getState();
        pg.setModelChoice(skill, picked);
        pg.setArgs(skill, args);
        void pg.run(skill);
      }}
      data-testid="rerun-model"
    >
      <option value="">Rerun with another model…</option>
      {others.map((o, i) => (
        <option key={`${o.provider}\0${o.model}`} value={i}>
          {o.provider} · {o.model}
        </option>
      ))}
    </select>
  );
}
