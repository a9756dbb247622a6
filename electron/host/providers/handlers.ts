/**
 * The providers' Studio API methods (the settings view, the playground's picker): list
 * the providers in force with whether each key is there and what waits for the user's
 * approval, approve it, add, edit and remove a workspace provider, and "test connection". Kept apart from studio-host.ts, which
 * spreads them into its handler table; they reach the host through the narrow context
 * below.
 *
 * Keys never come out of here: the list says `present`/`missing` and where a key comes
 * from, never the key; a saved entry names the environment variable that holds its key
 * (`api_key_env`), and anything that looks like a key is refused before it reaches
 * skill-studio.json, which is shared (git). The one way in for a key is
 * `providers.storeKey`, in the desktop app only: the key goes to the encrypted store
 * (key-store.ts) and the answer says only that one is stored; an error never quotes it.
 */
import type { Handlers } from '../handler-table';
import { StudioError } from '../../../shared/errors';
import type {
  KeyStorageView,
  ProviderCheckView,
  ProviderInput,
  ProvidersInfo,
  ProviderView,
} from '../../../shared/api/providers';
import type { WorkspaceConfigPatch } from '../workspace/workspace-config';
import { WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import {
  checkProvider,
  defaultProvider,
  findProvider,
  looksLikeApiKey,
  resolveApiKey,
  keyProblem,
  type LoadedProviderSet,
  type ProviderConfig,
  type ProviderKeyStore,
} from './index';
import path from 'node:path';
import { redactSecrets } from './api-keys';
import { approveProvider, approveStoredKey } from './approve';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';

export interface ProvidersContext {
  workspace(): string | null;
  /** The workspace's `providers` as written in skill-studio.json (raw JSON). */
  workspaceProviders(): unknown;
  /** The providers in force now (workspace + the user's file). */
  providerSet(): Promise<LoadedProviderSet>;
  /** Writes skill-studio.json through the workspace config path (and reloads it). */
  saveConfig(patch: WorkspaceConfigPatch): Promise<void>;
  env(): NodeJS.ProcessEnv;
  /** The desktop app's encrypted key store; null in browser mode and the CLI. */
  keyStore?: ProviderKeyStore | null;
}

type ProviderMethods =
  | 'providers.list'
  | 'providers.save'
  | 'providers.remove'
  | 'providers.check'
  | 'providers.approve'
  | 'providers.storeKey'
  | 'providers.forgetKey';

/** Where keys can live in this mode, for the settings view. */
export function keyStorageView(set: LoadedProviderSet): KeyStorageView {
  const files = set.userFile
    ? `the environment variable a provider names (api_key_env), or your providers file ${set.userFile} (chmod 600)`
    : 'the environment variable a provider names (api_key_env)';
  if (!set.keyStore)
    return {
      available: false,
      where: `Browser mode and the CLI read keys from ${files}. Keys can be stored encrypted only in the desktop app.`,
      problem: null,
    };
  return {
    available: set.keyStore.available,
    where:
      `The desktop app keeps keys you enter here encrypted by ${set.keyStore.where}, ` +
      `in its own folder; they never go back to this window. It also reads ${files}, which win over a stored key.`,
    problem: set.keyStore.problem,
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What the UI may see of one provider: everything but the key. */
export function providerView(
  p: ProviderConfig,
  set: LoadedProviderSet,
  env: NodeJS.ProcessEnv,
  rawWorkspace: unknown,
): ProviderView {
  const key = resolveApiKey(p, set, env, set.userFile);
  const raw =
    p.source === 'workspace' && Array.isArray(rawWorkspace)
      ? rawWorkspace.find((e) => isRecord(e) && e.id === p.id)
      : undefined;
  const present = key.ok && key.key !== null;
  return {
    id: p.id,
    kind: p.kind,
    base_url: p.base_url,
    // User entries are not edited here; for them the resolved URL is what matters.
    base_url_set: p.source === 'user' || (isRecord(raw) && typeof raw.base_url === 'string'),
    model: p.model,
    models: p.models,
    api_key_env: p.api_key_env,
    default: p.default,
    source: p.source,
    key: present ? 'present' : p.api_key_env || !key.ok ? 'missing' : 'not_needed',
    key_from: key.ok && key.key !== null ? (key.from === 'none' ? null : key.from) : null,
    key_stored: set.storedKeys?.has(p.id) ?? false,
    key_problem: key.ok ? null : key.message,
    approval: key.ok ? null : key.approval,
  };
}

export async function providersInfo(ctx: ProvidersContext): Promise<ProvidersInfo> {
  const set = await ctx.providerSet();
  const env = ctx.env();
  const ws = ctx.workspace();
  const raw = ctx.workspaceProviders();
  return {
    providers: set.providers.map((p) => providerView(p, set, env, raw)),
    default_id: defaultProvider(set)?.id ?? null,
    workspace_file: ws ? path.join(ws, WORKSPACE_CONFIG_FILE) : null,
    user_file: set.userFile,
    user_file_refused: set.userFileRefused,
    problems: [
      ...set.problems.map((p) => p.message),
      ...(set.approvalsRefused ? [set.approvalsRefused] : []),
    ],
    approvals_file: set.approvalsFile,
    key_storage: keyStorageView(set),
  };
}

/**
 * The skill-studio.json entry for `input`: only the keys docs/contracts.md (Providers) names, in
 * its order, with the keys of an existing entry this form does not edit kept (other tools, later
 * versions). Refuses anything that looks like a key.
 */
export function entryFor(input: ProviderInput, previous: unknown): Record<string, unknown> {
  for (const [field, value] of Object.entries(input)) {
    const values = Array.isArray(value) ? value : [value];
    if (values.some((v) => typeof v === 'string' && looksLikeApiKey(v)))
      throw new StudioError(
        'invalid_params',
        `${field} holds what looks like an API key; skill-studio.json is shared (git), so keys never live in it: ` +
          'put the key in an environment variable and name the variable in "api_key_env"',
      );
  }
  const known = ['id', 'kind', 'base_url', 'model', 'models', 'api_key_env', 'default'];
  const kept = isRecord(previous)
    ? Object.fromEntries(Object.entries(previous).filter(([k]) => !known.includes(k)))
    : {};
  const base_url = input.base_url?.trim().replace(/\/+$/, '');
  const models = (input.models ?? []).map((m) => m.trim()).filter((m) => m !== '');
  const entry: Record<string, unknown> = { id: input.id, kind: input.kind };
  if (base_url) entry.base_url = base_url;
  entry.model = input.model.trim();
  if (models.length > 0) entry.models = [...new Set(models)];
  if (input.api_key_env) entry.api_key_env = input.api_key_env;
  if (input.default) entry.default = true;
  return { ...entry, ...kept };
}

/** The workspace's providers list with `input` added or put in place of `previousId`. */
export function withProvider(
  raw: unknown,
  input: ProviderInput,
  previousId: string | undefined,
): unknown[] {
  const list: unknown[] = Array.isArray(raw) ? [...raw] : [];
  const idOf = (e: unknown) => (isRecord(e) && typeof e.id === 'string' ? e.id : null);
  const at = list.findIndex((e) => idOf(e) === (previousId ?? input.id));
  const clash = list.findIndex((e, i) => i !== at && idOf(e) === input.id);
  if (clash !== -1)
    throw new StudioError('exists', `a provider with the id "${input.id}" is already configured`);
  if (previousId !== undefined && at === -1)
    throw new StudioError(
      'not_found',
      `no workspace provider "${previousId}" in skill-studio.json`,
    );
  const entry = entryFor(input, at === -1 ? undefined : list[at]);
  if (at === -1) list.push(entry);
  else list[at] = entry;
  // One default: choosing this one unsets the others.
  if (input.default)
    return list.map((e) =>
      e === entry || !isRecord(e) || e.default === undefined ? e : omitDefault(e),
    );
  return list;
}

function omitDefault(e: Record<string, unknown>): Record<string, unknown> {
  const { default: _default, ...rest } = e;
  return rest;
}

function requireWorkspace(ctx: ProvidersContext): void {
  if (!ctx.workspace())
    throw new StudioError(
      'precondition',
      'open a workspace first: its providers live in its skill-studio.json (or put them in your own providers file)',
    );
}

function requireKeyStore(ctx: ProvidersContext): ProviderKeyStore {
  if (!ctx.keyStore)
    throw new StudioError(
      'precondition',
      'keys can be stored only in the desktop app; here, set the environment variable the provider names (api_key_env) or put "api_key" in your providers file (chmod 600)',
    );
  return ctx.keyStore;
}

export function providerHandlers(ctx: ProvidersContext): Pick<Handlers, ProviderMethods> {
  return {
    'providers.list': () => providersInfo(ctx),
    'providers.save': async ({ provider, previousId }) => {
      requireWorkspace(ctx);
      await ctx.saveConfig({
        providers: withProvider(ctx.workspaceProviders(), provider, previousId),
      });
      return providersInfo(ctx);
    },
    'providers.remove': async ({ id }) => {
      requireWorkspace(ctx);
      const raw = ctx.workspaceProviders();
      const list = Array.isArray(raw) ? raw : [];
      const kept = list.filter((e) => !(isRecord(e) && e.id === id));
      if (kept.length === list.length)
        throw new StudioError(
          'not_found',
          `no workspace provider "${id}" in skill-studio.json (a provider of your own file is removed there)`,
        );
      await ctx.saveConfig({ providers: kept.length > 0 ? kept : null });
      return providersInfo(ctx);
    },
    'providers.storeKey': async ({ id, key }) => {
      const store = requireKeyStore(ctx);
      const provider = findProvider(await ctx.providerSet(), id);
      if (!provider) throw new StudioError('not_found', `no provider "${id}" is configured`);
      const bad = keyProblem(key);
      if (bad) throw new StudioError('invalid_params', `not stored: ${bad}`);
      try {
        await store.store(id, provider.base_url, key);
      } catch (err) {
        // The store's own words name no key; still, never let one through.
        throw new StudioError(
          'internal',
          `the key was not stored: ${redactSecrets(errorMessage(err), [key])}`,
        );
      }
      // Typing a key for this provider approves it: this workspace, this stored key, this host:port.
      // When it cannot be kept (no settings folder), the list shows what still waits.
      if (provider.source === 'workspace')
        await approveStoredKey(await ctx.providerSet(), provider).catch(
          logSwallowed(`approve the stored key of provider "${id}"`),
        );
      return providersInfo(ctx);
    },
    'providers.forgetKey': async ({ id }) => {
      const store = requireKeyStore(ctx);
      if (!(await store.forget(id)))
        throw new StudioError('not_found', `no key is stored for provider "${id}"`);
      return providersInfo(ctx);
    },
    'providers.approve': async ({ id }) => {
      await approveProvider(await ctx.providerSet(), id, ctx.env());
      return providersInfo(ctx);
    },
    'providers.check': async ({ id }): Promise<ProviderCheckView> => {
      const set = await ctx.providerSet();
      const provider = findProvider(set, id);
      if (!provider) throw new StudioError('not_found', `no provider "${id}" is configured`);
      const c = await checkProvider(provider, set, { env: ctx.env(), userFile: set.userFile });
      return {
        id: c.id,
        key: c.key,
        api_key_env: c.api_key_env,
        reachable: c.reachable,
        models: c.models,
        model_listed: c.model_listed,
        ok: c.ok,
        problem: c.problem,
      };
    },
  };
}
