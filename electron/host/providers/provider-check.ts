/**
 * Models of a provider (for the picker) and the "test connection" check (settings,
 * `skill-studio providers`). Listing asks `GET /v1/models` (Anthropic through its SDK;
 * OpenAI-compatible with fetch) and, when a server has no such route, Ollama's
 * `/api/tags`. The check says for each provider: is the key there, is the server
 * reachable, which models it offers, and when something fails, what to fix. A list is
 * read to 4 MiB at most and an error body to 64 KiB (output-limits.ts): the server may be
 * anyone's.
 */
// Named imports only: the CLI loads the SDK on first use (scripts/cli-lazy-modules.mjs).
import { APIConnectionError, APIError } from '@anthropic-ai/sdk';
import type { ProviderConfig, ProviderSet } from '../workspace/provider-config';
import type { ProviderCheck } from '../../../shared/api/local-tools';
import { resolveApiKey } from './api-keys';
import { anthropicSdk } from './anthropic-api';
import {
  abortedError,
  httpError,
  networkError,
  ProviderError,
  providerMessage,
  retryAfterMs,
  type ErrorContext,
} from './provider-errors';
import {
  capCause,
  cappedFetch,
  MAX_MODEL_LIST_BYTES,
  readCappedText,
  readErrorBody,
} from './output-limits';

export const CHECK_TIMEOUT_MS = 10_000;

export interface CheckOptions {
  env: NodeJS.ProcessEnv;
  userFile: string | null;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** Checks one provider; never throws. */
export async function checkProvider(
  provider: ProviderConfig,
  set: ProviderSet,
  opts: CheckOptions,
): Promise<ProviderCheck> {
  const base: ProviderCheck = {
    id: provider.id,
    kind: provider.kind,
    base_url: provider.base_url,
    model: provider.model,
    source: provider.source,
    default: provider.default,
    key: provider.api_key_env ? 'missing' : 'not_needed',
    api_key_env: provider.api_key_env,
    reachable: false,
    models: [],
    model_listed: null,
    ok: false,
    problem: null,
    approval: null,
  };
  const key = resolveApiKey(provider, set, opts.env, opts.userFile);
  // Refused before any request: an unapproved secret never leaves.
  if (!key.ok)
    return {
      ...base,
      key: key.code === 'approval_required' ? 'present' : base.key,
      problem: key.message,
      approval: key.approval,
    };
  if (key.key !== null) base.key = 'present';
  try {
    const models = await listModels(provider, key.key, opts);
    const listed = models.length > 0 ? models.includes(provider.model) : null;
    return {
      ...base,
      reachable: true,
      models,
      model_listed: listed,
      ok: listed !== false,
      problem:
        listed === false
          ? `the model "${provider.model}" is not among the ${models.length} models ${provider.id} lists; fix "model" (e.g. ${models.slice(0, 3).join(', ')})`
          : null,
    };
  } catch (err) {
    const e = err instanceof ProviderError ? err : new ProviderError('unreachable', String(err));
    // A server that answered (even 401) is reachable.
    const reachable = e.status !== null;
    return { ...base, reachable, problem: e.message };
  }
}

/** The models a provider lists. Rejects with a ProviderError. */
export async function listModels(
  provider: ProviderConfig,
  apiKey: string | null,
  opts: Pick<CheckOptions, 'signal' | 'timeoutMs'> = {},
): Promise<string[]> {
  const signal = withTimeout(opts.signal, opts.timeoutMs ?? CHECK_TIMEOUT_MS);
  const ctx: ErrorContext = {
    providerId: provider.id,
    baseUrl: provider.base_url,
    model: provider.model,
    secrets: [apiKey],
  };
  if (provider.kind === 'anthropic') return listAnthropic(provider, apiKey, ctx, signal);
  if (provider.kind === 'gemini') return listGemini(provider, apiKey, ctx, signal);
  try {
    return await listOpenAi(provider, apiKey, ctx, signal);
  } catch (err) {
    // Ollama's own listing, for servers without /v1/models (older Ollama) or a base_url
    // that names the server root.
    if (err instanceof ProviderError && err.kind === 'not_found') {
      const tags = await listOllamaTags(provider, ctx, signal).catch(() => null);
      if (tags) return tags;
    }
    throw err;
  }
}

async function listAnthropic(
  provider: ProviderConfig,
  apiKey: string | null,
  ctx: ErrorContext,
  signal: AbortSignal,
): Promise<string[]> {
  const sdk = anthropicSdk(
    apiKey,
    provider.base_url,
    cappedFetch(`provider "${provider.id}": ${provider.base_url}/v1/models`, MAX_MODEL_LIST_BYTES),
  );
  try {
    const page = await sdk.models.list({ limit: 100 }, { signal });
    return page.data.map((m) => m.id);
  } catch (err) {
    if (signal.aborted) throw timeoutOrAbort(ctx, signal);
    const cap = capCause(err);
    if (cap) throw cap;
    if (err instanceof APIConnectionError) throw networkError(ctx, err.cause ?? err);
    if (err instanceof APIError && typeof err.status === 'number')
      throw httpError(
        ctx,
        err.status,
        err.apiMessage ?? providerMessage(err.error, err.message),
        retryAfterMs(err.headers),
      );
    throw networkError(ctx, err);
  }
}

async function getJson(
  url: string,
  headers: Record<string, string>,
  ctx: ErrorContext,
  signal: AbortSignal,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { headers, signal });
  } catch (err) {
    if (signal.aborted) throw timeoutOrAbort(ctx, signal);
    throw networkError(ctx, err);
  }
  if (!response.ok)
    throw httpError(
      ctx,
      response.status,
      providerMessage(await readErrorBody(response), response.statusText),
      retryAfterMs(response.headers),
    );
  let text: string;
  try {
    const read = await readCappedText(response, MAX_MODEL_LIST_BYTES);
    if (read.over)
      throw new ProviderError(
        'protocol',
        `provider "${ctx.providerId}": ${url} answered with a list over ${MAX_MODEL_LIST_BYTES / (1024 * 1024)} MiB; check base_url`,
        response.status,
      );
    text = read.text;
  } catch (err) {
    if (err instanceof ProviderError) throw err;
    if (signal.aborted) throw timeoutOrAbort(ctx, signal);
    throw networkError(ctx, err);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ProviderError(
      'protocol',
      `provider "${ctx.providerId}": ${url} did not answer JSON; check base_url`,
      response.status,
    );
  }
}

async function listOpenAi(
  provider: ProviderConfig,
  apiKey: string | null,
  ctx: ErrorContext,
  signal: AbortSignal,
): Promise<string[]> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const body = (await getJson(`${provider.base_url}/models`, headers, ctx, signal)) as {
    data?: unknown;
  };
  if (!Array.isArray(body.data)) return [];
  return body.data
    .map((m) => (typeof m === 'object' && m !== null ? (m as { id?: unknown }).id : null))
    .filter((id): id is string => typeof id === 'string');
}

/** Gemini's `models.list`: names come as `models/ID`; the model a call names is the ID. */
async function listGemini(
  provider: ProviderConfig,
  apiKey: string | null,
  ctx: ErrorContext,
  signal: AbortSignal,
): Promise<string[]> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (apiKey) headers['x-goog-api-key'] = apiKey;
  const url = `${provider.base_url}/v1beta/models?pageSize=1000`;
  const body = (await getJson(url, headers, ctx, signal)) as { models?: unknown };
  if (!Array.isArray(body.models)) return [];
  return body.models
    .map((m) => (typeof m === 'object' && m !== null ? (m as { name?: unknown }).name : null))
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^models\//, ''));
}

async function listOllamaTags(
  provider: ProviderConfig,
  ctx: ErrorContext,
  signal: AbortSignal,
): Promise<string[]> {
  const root = provider.base_url.replace(/\/v1$/, '');
  const body = (await getJson(`${root}/api/tags`, { accept: 'application/json' }, ctx, signal)) as {
    models?: unknown;
  };
  if (!Array.isArray(body.models)) return [];
  return body.models
    .map((m) => (typeof m === 'object' && m !== null ? (m as { name?: unknown }).name : null))
    .filter((n): n is string => typeof n === 'string');
}

function withTimeout(signal: AbortSignal | undefined, ms: number): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

function timeoutOrAbort(ctx: ErrorContext, signal: AbortSignal): ProviderError {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError')
    return new ProviderError(
      'unreachable',
      `provider "${ctx.providerId}": ${ctx.baseUrl} did not answer in time; check that the server runs and base_url is right`,
    );
  return abortedError();
}
