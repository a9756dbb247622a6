/**
 * The one router behind every transport (IPC, HTTP): validates the params of each
 * Studio API method at the boundary, calls the host service, and turns every
 * failure into a `StudioErrorPayload` with a stable code. It never throws.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import type {
  ParamsOf,
  ResultOf,
  StudioErrorPayload,
  StudioMethod,
} from '../../shared/api/studio-api';
import { isFileServiceError } from './fs/errors';
import { HISTORY_ID } from './history/history-store';
import { INSTALLABLE_CLIENTS } from './install/clients';
import { PROVIDERS_SCHEMA } from './providers/provider-config';
import { MAX_KEY_CHARS } from './providers/key-store';
import { EVAL_PARAM_SCHEMAS } from './evals/param-schemas';
import { errorMessage } from '../../shared/errors';

export type RouterResult = { ok: true; result: unknown } | { ok: false; error: StudioErrorPayload };

export type Handlers = { [M in StudioMethod]: (params: ParamsOf<M>) => Promise<ResultOf<M>> };

/** An error the host raises on purpose, with the code the UI reacts to. */
export { FileServiceError as StudioError } from './fs/errors';

const text = (max = 4096) => ({ type: 'string', maxLength: max });
const relPath = { type: 'string', minLength: 1, maxLength: 1024 };
/** A skill's folder (absolute), or a name only one skill has (studio-api.ts). */
const skill = { type: 'string', minLength: 1, maxLength: 4096 };
const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const empty = obj({});

// Skill management and bundle import (shared/api/skill-admin.ts).
const bundleBytes = { type: 'string', minLength: 1, maxLength: 48 * 1024 * 1024 };
const conflictChoice = { enum: ['replace', 'keep-both', 'skip'] };
/** A new skill name; the host checks the naming rules and says what is wrong. */
const skillName = { type: 'string', minLength: 1, maxLength: 256 };

// The playground's call history and saved cases (electron/host/history).
const historyId = { type: 'string', pattern: HISTORY_ID.source };
const jsonObject = { type: 'object' };
const SAVED_CASE = obj(
  {
    name: { type: 'string', minLength: 1, maxLength: 80 },
    arguments: jsonObject,
    timeout: { type: 'number', exclusiveMinimum: 0, maximum: 86400 },
    // A model run's provider and model; closed, so no credentials can ride along.
    llm_override: obj(
      {
        provider_name: { type: 'string', minLength: 1, maxLength: 200 },
        provider_config: obj({ model: { type: 'string', minLength: 1, maxLength: 200 } }, [
          'model',
        ]),
      },
      ['provider_name'],
    ),
    expect: obj({ success: { type: 'boolean' }, data: {}, summary_contains: text(4096) }, [
      'success',
    ]),
  },
  ['name', 'arguments', 'expect'],
);
const HISTORY_ENTRY = obj(
  {
    skill,
    agent: { type: ['string', 'null'], maxLength: 200 },
    started_at: { type: 'number' },
    finished_at: { type: 'number' },
    arguments: jsonObject,
    timeout: { type: 'number' },
    streaming: { type: 'boolean' },
    llm_override: { type: ['object', 'null'] },
    outcome: { enum: ['success', 'failed', 'refused', 'cancelled'] },
    result: { type: ['object', 'null'] },
    error: { type: ['object', 'null'] },
    summary: {
      type: 'object',
      required: ['total', 'by_kind', 'log_levels', 'artifacts', 'statuses', 'last_progress'],
      properties: {
        statuses: { type: 'array', maxItems: 100, items: { type: 'string' } },
        artifacts: { type: 'array', maxItems: 10000 },
      },
    },
    events: { type: 'array', maxItems: 100000, items: jsonObject },
    events_truncated: { type: 'boolean' },
  },
  [
    'skill',
    'agent',
    'started_at',
    'finished_at',
    'arguments',
    'timeout',
    'streaming',
    'outcome',
    'result',
    'error',
    'summary',
    'events',
    'events_truncated',
  ],
);

// Installing into agent clients (electron/host/install).
const installClient = { enum: [...INSTALLABLE_CLIENTS] };
const installScope = { enum: ['user', 'project'] };

// LLM providers (electron/host/providers/handlers.ts): the skill-studio.json entry's own
// schema, closed, so a key (`api_key`, headers…) cannot even be sent.
const providerId = PROVIDERS_SCHEMA.items.properties.id;
const PROVIDER_INPUT = {
  ...PROVIDERS_SCHEMA.items,
  required: [...PROVIDERS_SCHEMA.items.required],
  additionalProperties: false,
};

/** Exported for the router test, which checks every params object is closed. */
export const PARAM_SCHEMAS: Record<StudioMethod, object> = {
  'workspace.info': empty,
  'workspace.open': obj({ root: { type: 'string', minLength: 1, maxLength: 4096 } }, ['root']),
  'skills.list': empty,
  'skills.get': obj({ skill }, ['skill']),
  'skills.new': obj(
    {
      name: { type: 'string', minLength: 1, maxLength: 256 },
      template: { enum: ['basic', 'script', 'topology'] },
      skillMd: { type: 'string', maxLength: 1024 * 1024 },
    },
    ['name', 'template'],
  ),
  'skills.templates': empty,
  'files.read': obj({ skill, path: relPath }, ['skill', 'path']),
  'files.write': obj(
    {
      skill,
      path: relPath,
      text: { type: 'string', maxLength: 32 * 1024 * 1024 },
      expectedVersion: { type: ['string', 'null'], maxLength: 200 },
    },
    ['skill', 'path', 'text'],
  ),
  'files.createFile': obj(
    {
      skill,
      path: relPath,
      text: { type: 'string', maxLength: 32 * 1024 * 1024 },
      base64: { type: 'string', maxLength: 48 * 1024 * 1024 },
    },
    ['skill', 'path'],
  ),
  'files.createFolder': obj({ skill, path: relPath }, ['skill', 'path']),
  'files.rename': obj({ skill, from: relPath, to: relPath }, ['skill', 'from', 'to']),
  'files.delete': obj({ skill, path: relPath }, ['skill', 'path']),
  'bundles.export': obj(
    {
      skill,
      format: { enum: ['skill', 'zip'] },
      force: { type: 'boolean' },
      outPath: { type: ['string', 'null'], maxLength: 4096 },
    },
    ['skill', 'format'],
  ),
  'bundles.inspect': obj({ base64: bundleBytes, fileName: text(1024) }, ['base64', 'fileName']),
  'bundles.import': obj(
    {
      base64: bundleBytes,
      fileName: text(1024),
      onConflict: conflictChoice,
      choices: {
        type: 'object',
        maxProperties: 10000,
        propertyNames: { maxLength: 1024 },
        additionalProperties: conflictChoice,
      },
    },
    ['base64', 'fileName'],
  ),
  'skills.trash': empty,
  'skills.delete': obj({ skill, permanent: { type: 'boolean' } }, ['skill']),
  'skills.rename': obj({ skill, to: skillName }, ['skill', 'to']),
  'skills.duplicate': obj({ skill, to: skillName }, ['skill']),
  'agents.save': obj(
    {
      agents: {
        type: 'array',
        maxItems: 1000,
        items: obj(
          {
            id: { type: 'string', minLength: 1, maxLength: 200 },
            name: text(200),
            allowed_skills: { type: 'array', maxItems: 10000, items: text(256) },
          },
          ['id', 'name', 'allowed_skills'],
        ),
      },
    },
    ['agents'],
  ),
  'playground.validate': obj({ skill, arguments: { type: 'object' } }, ['skill', 'arguments']),
  'history.list': obj({ skill, limit: { type: 'integer', minimum: 1, maximum: 10000 } }),
  'history.get': obj({ id: historyId }, ['id']),
  'history.add': obj({ entry: HISTORY_ENTRY }, ['entry']),
  'history.delete': obj({ id: historyId }, ['id']),
  'cases.list': obj({ skill }, ['skill']),
  'cases.save': obj({ skill, case: SAVED_CASE, overwrite: { type: 'boolean' } }, ['skill', 'case']),
  'cases.run': obj(
    {
      skill,
      names: { type: 'array', maxItems: 10000, items: text(256) },
      agent: { type: ['string', 'null'], maxLength: 200 },
    },
    ['skill'],
  ),
  'providers.list': empty,
  'providers.save': obj({ provider: PROVIDER_INPUT, previousId: providerId }, ['provider']),
  'providers.remove': obj({ id: providerId }, ['id']),
  'providers.check': obj({ id: providerId }, ['id']),
  'providers.storeKey': obj({ id: providerId, key: { ...text(MAX_KEY_CHARS), minLength: 1 } }, [
    'id',
    'key',
  ]),
  'providers.forgetKey': obj({ id: providerId }, ['id']),
  'install.clients': empty,
  'install.preview': obj({ skill, client: installClient, scope: installScope }, [
    'skill',
    'client',
    'scope',
  ]),
  'install.skill': obj(
    {
      skill,
      client: installClient,
      scope: installScope,
      mode: { enum: ['copy', 'link'] },
      onConflict: { enum: ['replace', 'keep', 'rename'] },
      force: { type: 'boolean' },
    },
    ['skill', 'client', 'scope', 'mode'],
  ),
  // Evals (shared/api/evals.ts): their own schemas, closed like these.
  ...EVAL_PARAM_SCHEMAS,
};

const ajv = new Ajv({ allErrors: false, strict: false });
const validators = new Map<string, ValidateFunction>(
  Object.entries(PARAM_SCHEMAS).map(([m, schema]) => [m, ajv.compile(schema)]),
);

function toPayload(err: unknown): StudioErrorPayload {
  if (isFileServiceError(err)) return { code: err.code, message: err.message };
  const message = errorMessage(err);
  return { code: 'internal', message };
}

export function createRouter(
  handlers: Handlers,
): (method: string, params: unknown) => Promise<RouterResult> {
  return async (method, params) => {
    const validate = validators.get(method);
    if (!validate || !Object.prototype.hasOwnProperty.call(handlers, method)) {
      return {
        ok: false,
        error: { code: 'invalid_params', message: `unknown method '${method}'` },
      };
    }
    const input = params ?? {};
    if (!validate(input)) {
      const e = validate.errors?.[0];
      const where = e?.instancePath ? `${e.instancePath} ` : '';
      return {
        ok: false,
        error: {
          code: 'invalid_params',
          message: `${method}: ${where}${e?.message ?? 'invalid parameters'}`,
        },
      };
    }
    try {
      const handler = handlers[method as StudioMethod] as (p: unknown) => Promise<unknown>;
      return { ok: true, result: await handler(input) };
    } catch (err) {
      return { ok: false, error: toPayload(err) };
    }
  };
}
