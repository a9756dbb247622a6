/**
 * The params schema of every Studio API method (shared/api/studio-api.ts), which the
 * router (electron/host/router.ts) checks at the boundary. Built with the typed builder
 * (./typed-schema.ts) and checked by `schemaTable` against `ParamsOf<M>`, so a schema
 * that drifts from its API type fails `tsc`. Every params object is closed, so a key
 * the API does not name never reaches a handler; the eval methods' schemas are in
 * ./eval-params.ts.
 */
import type { ParamsOf, StudioMethod } from '../../../shared/api/studio-api';
import type { HistoryAgentClient, HistoryInput } from '../../../shared/playground/history';
import type {
  LLMConfig,
  SkillEvent,
  SkillResult,
  TransportError,
} from '../../../shared/protocol/a2e';
import { HISTORY_ID } from '../history/history-store';
import { PROVIDER_KINDS, PROVIDERS_SCHEMA } from '../workspace/provider-config';
import { MAX_KEY_CHARS } from '../providers/key-store';
import { EVAL_PARAM_SCHEMAS } from './eval-params';
import { AGENT_CLIENT_IDS, type ModelRequestRecord } from '../../../shared/api/agent-clients';
import * as s from './typed-schema';
import { installClient, installScope, skillRef } from './fragments';
import { REMOTE_HOST_PARAM_SCHEMAS } from './remote-host-params';
import { RUNNER_PARAM_SCHEMAS } from './runner-params';
import { SEARCH_PARAM_SCHEMAS } from './search-params';
import { SKILL_READ_PARAM_SCHEMAS } from './skill-read-params';
import { BUNDLE_FILE_PARAM_SCHEMAS, bundleSource, localFolder } from './bundle-file-params';
import { CLIENT_IDS } from '../../../shared/skill/client-ids';
import { INSTALL_FROM, INSTALL_SOURCE_PARAM_SCHEMAS } from './install-source-params';
import { LOCAL_TOOL_PARAM_SCHEMAS } from './local-tool-params';

export type StudioParamTypes = { [M in StudioMethod]: ParamsOf<M> };

const text = (maxLength = 4096) => s.string({ maxLength });
const relPath = s.string({ minLength: 1, maxLength: 1024 });
const skill = skillRef;

// Skill management and bundle import (shared/api/skill-admin.ts).
const bundleBytes = s.string({ minLength: 1, maxLength: 48 * 1024 * 1024 });
const conflictChoice = s.oneOfValues(['replace', 'keep-both', 'skip']);
/** How a bundle is imported, whichever way its bytes come. */
const importOptions = {
  fileName: text(1024),
  onConflict: conflictChoice,
  choices: s.record(conflictChoice, {
    maxProperties: 10000,
    propertyNames: { maxLength: 1024 },
  }),
  into: localFolder,
};
/** A new skill name; the host checks the naming rules and says what is wrong. */
const skillName = s.string({ minLength: 1, maxLength: 256 });

// The playground's call history and saved cases (electron/host/history).
const historyId = s.string({ pattern: HISTORY_ID.source });
const SAVED_CASE = s.object(
  {
    name: s.string({ minLength: 1, maxLength: 80 }),
    arguments: s.anyObject(),
    timeout: s.number({ exclusiveMinimum: 0, maximum: 86400 }),
    // A model run's provider and model; closed, so no credentials can ride along.
    llm_override: s.object(
      {
        provider_name: s.string({ minLength: 1, maxLength: 200 }),
        provider_config: s.object({ model: s.string({ minLength: 1, maxLength: 200 }) }, ['model']),
      },
      ['provider_name'],
    ),
    expect: s.object({ success: s.boolean(), data: s.anyValue(), summary_contains: text(4096) }, [
      'success',
    ]),
  },
  ['name', 'arguments', 'expect'],
);
/** A call to keep: its outer shape is checked here; the history store redacts and caps it. */
const HISTORY_ENTRY = s.object(
  {
    skill,
    agent: s.stringOrNull({ maxLength: 200 }),
    started_at: s.number(),
    finished_at: s.number(),
    arguments: s.anyObject(),
    timeout: s.number(),
    streaming: s.boolean(),
    llm_override: s.shallowObjectOrNull<LLMConfig>(),
    // Which A2E host ran the call: "local", or a remote host's id.
    host: s.string({ maxLength: 64 }),
    // Read by historyAgentClient: anything but a known client id is kept as no client.
    agent_client: s.shallowObjectOrNull<HistoryAgentClient>(),
    outcome: s.oneOfValues(['success', 'failed', 'refused', 'cancelled']),
    result: s.shallowObjectOrNull<Omit<SkillResult, 'events'>>(),
    error: s.shallowObjectOrNull<TransportError>(),
    summary: s.sampledObject<HistoryInput['summary']>()(
      {
        statuses: s.array(s.string(), { maxItems: 100 }),
        artifacts: s.shallowArray({ maxItems: 10000 }),
      },
      ['total', 'by_kind', 'log_levels', 'artifacts', 'statuses', 'last_progress'],
    ),
    events: s.array(s.shallowObject<SkillEvent>(), { maxItems: 100000 }),
    events_truncated: s.boolean(),
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

// LLM providers (electron/host/providers/handlers.ts): the skill-studio.json entry's own
// limits, closed, so a key (`api_key`, headers…) cannot even be sent.
const entry = PROVIDERS_SCHEMA.items.properties;
const providerId = s.string(entry.id);
const PROVIDER_INPUT = s.object(
  {
    id: providerId,
    kind: s.oneOfValues(PROVIDER_KINDS),
    base_url: s.string(entry.base_url),
    model: s.string(entry.model),
    models: s.array(s.string(entry.models.items)),
    api_key_env: s.string(entry.api_key_env),
    default: s.boolean(),
  },
  PROVIDERS_SCHEMA.items.required,
);

export const PARAM_SCHEMAS = s.schemaTable<StudioParamTypes>()({
  'workspace.info': s.empty(),
  'workspace.open': s.object({ root: s.string({ minLength: 1, maxLength: 4096 }) }, ['root']),
  'folders.browse': s.object({ path: s.string({ minLength: 1, maxLength: 4096 }) }),
  'skills.list': s.empty(),
  'skills.get': s.object({ skill }, ['skill']),
  'skills.resolve': s.object({ skill }, ['skill']),
  'skills.promptIndex': s.object({ agent: s.stringOrNull({ maxLength: 200 }) }, ['agent']),
  'skills.served': s.object({ agent: s.stringOrNull({ maxLength: 200 }) }, ['agent']),
  'skills.new': s.object(
    {
      // Any length: the naming rules refuse a long name saying how long it is and the
      // limit, which says more than a cap here could.
      name: s.string({ minLength: 1 }),
      template: s.oneOfValues(['basic', 'script', 'topology']),
      skillMd: s.string({ maxLength: 1024 * 1024 }),
      into: localFolder,
    },
    ['name', 'template'],
  ),
  'skills.templates': s.empty(),
  'files.read': s.object({ skill, path: relPath }, ['skill', 'path']),
  'files.write': s.object(
    {
      skill,
      path: relPath,
      text: s.string({ maxLength: 32 * 1024 * 1024 }),
      expectedVersion: s.stringOrNull({ maxLength: 200 }),
    },
    ['skill', 'path', 'text'],
  ),
  'files.createFile': s.object(
    {
      skill,
      path: relPath,
      text: s.string({ maxLength: 32 * 1024 * 1024 }),
      base64: s.string({ maxLength: 48 * 1024 * 1024 }),
    },
    ['skill', 'path'],
  ),
  'files.createFolder': s.object({ skill, path: relPath }, ['skill', 'path']),
  'files.rename': s.object({ skill, from: relPath, to: relPath }, ['skill', 'from', 'to']),
  'files.delete': s.object({ skill, path: relPath }, ['skill', 'path']),
  'bundles.export': bundleSource(
    {
      format: s.oneOfValues(['skill', 'zip']),
      force: s.boolean(),
      fixFor: s.oneOfValues(CLIENT_IDS),
    },
    ['format'],
  ),
  'bundles.inspect': s.object({ base64: bundleBytes, fileName: text(1024) }, [
    'base64',
    'fileName',
  ]),
  'bundles.import': s.oneOf(
    s.object({ base64: bundleBytes, ...importOptions }, ['base64', 'fileName']),
    s.object({ bytes: s.shallowBytes(), ...importOptions }, ['bytes', 'fileName']),
  ),
  'skills.trash': s.empty(),
  'skills.delete': s.object({ skill, permanent: s.boolean() }, ['skill']),
  'skills.rename': s.object({ skill, to: skillName }, ['skill', 'to']),
  'skills.duplicate': s.object({ skill, to: skillName }, ['skill']),
  'agents.save': s.object(
    {
      agents: s.array(
        s.object(
          {
            id: s.string({ minLength: 1, maxLength: 200 }),
            name: text(200),
            allowed_skills: s.array(text(256), { maxItems: 10000 }),
          },
          ['id', 'name', 'allowed_skills'],
        ),
        { maxItems: 1000 },
      ),
    },
    ['agents'],
  ),
  'playground.validate': s.object({ skill, arguments: s.anyObject() }, ['skill', 'arguments']),
  'schema.check': s.object({ schema: s.anyObject(), value: s.anyValue() }, ['schema', 'value']),
  'history.list': s.object({ skill, limit: s.integer({ minimum: 1, maximum: 10000 }) }),
  'history.get': s.object({ id: historyId }, ['id']),
  'history.add': s.object({ entry: HISTORY_ENTRY }, ['entry']),
  'history.delete': s.object({ id: historyId }, ['id']),
  'cases.list': s.object({ skill }, ['skill']),
  'cases.save': s.object({ skill, case: SAVED_CASE, overwrite: s.boolean() }, ['skill', 'case']),
  'cases.run': s.object(
    {
      skill,
      names: s.array(text(256), { maxItems: 10000 }),
      agent: s.stringOrNull({ maxLength: 200 }),
    },
    ['skill'],
  ),
  'providers.list': s.empty(),
  // Agent clients (electron/host/agent-clients).
  'agentClients.list': s.empty(),
  // Records the host itself made in a run and redacted: their shape is not checked again.
  'agentClients.writeRecords': s.object(
    {
      dir: s.string({ minLength: 1, maxLength: 4096 }),
      records: s.shallowArray<ModelRequestRecord>(),
    },
    ['dir', 'records'],
  ),
  'catalog.get': s.object({ client: s.oneOfValues(AGENT_CLIENT_IDS) }),
  'providers.save': s.object({ provider: PROVIDER_INPUT, previousId: providerId }, ['provider']),
  'providers.remove': s.object({ id: providerId }, ['id']),
  'providers.check': s.object({ id: providerId }, ['id']),
  'providers.approve': s.object({ id: providerId }, ['id']),
  'providers.storeKey': s.object(
    { id: providerId, key: s.string({ maxLength: MAX_KEY_CHARS, minLength: 1 }) },
    ['id', 'key'],
  ),
  'providers.forgetKey': s.object({ id: providerId }, ['id']),
  'install.clients': s.empty(),
  'install.preview': s.object({ skill, client: installClient, scope: installScope }, [
    'skill',
    'client',
    'scope',
  ]),
  'install.skill': s.objectWithOneOf(
    {
      client: installClient,
      scope: installScope,
      mode: s.oneOfValues(['copy', 'link']),
      onConflict: s.oneOfValues(['replace', 'keep', 'rename']),
      force: s.boolean(),
    },
    ['client', 'scope', 'mode'],
    // A skill of the workspace, or a source the command line names (a local process's only).
    { skill, from: INSTALL_FROM },
  ),
  // Evals (shared/api/evals.ts): their own table, checked the same way.
  ...EVAL_PARAM_SCHEMAS,
  // A2E hosts elsewhere (shared/api/remote-hosts.ts).
  ...REMOTE_HOST_PARAM_SCHEMAS,
  ...RUNNER_PARAM_SCHEMAS,
  // Find in files and git HEAD (shared/api/search.ts).
  ...SEARCH_PARAM_SCHEMAS,
  // The local-process methods (shared/api/local-process.ts): skills read from folders.
  ...SKILL_READ_PARAM_SCHEMAS,
  // Bundles written to and read from paths the command line names.
  ...BUNDLE_FILE_PARAM_SCHEMAS,
  // Installs from a source the command line names.
  ...INSTALL_SOURCE_PARAM_SCHEMAS,
  // The providers, MCP clients and local server as the command line sets them up.
  ...LOCAL_TOOL_PARAM_SCHEMAS,
});
