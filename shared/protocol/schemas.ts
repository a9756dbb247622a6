/**
 * JSON Schemas (draft-07, ajv's default dialect) of the five A2E skill messages and
 * their data models, following the A2E skills specification field by field
 * (docs/contracts.md, A2E). Unknown extra properties are allowed everywhere so that newer
 * peers can add fields without breaking older ones.
 *
 * "Required with a default" fields of the specification (id, version, ts on every
 * message; arguments on a call) are listed as required here: the schemas describe a
 * complete message on the wire. The decoder (codec.ts) fills those defaults into an
 * incoming request before it validates it.
 */
import { A2E_ERROR_CODES, SKILL_EVENT_KINDS, SKILL_STATUSES } from './a2e';

export type JsonSchema = Record<string, unknown>;

const stringArray: JsonSchema = { type: 'array', items: { type: 'string' } };
const objectOf: JsonSchema = { type: 'object' };
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] });

const envelope = (type: string): Record<string, JsonSchema> => ({
  type: { const: type },
  id: { type: 'string' },
  version: { type: 'string', minLength: 1 },
  ts: { type: 'number' },
});
const ENVELOPE_REQUIRED = ['type', 'id', 'version', 'ts'];

export const LLM_CONFIG_SCHEMA: JsonSchema = {
  title: 'LLMConfig',
  type: 'object',
  required: ['provider_name', 'provider_credentials'],
  properties: {
    provider_name: { type: 'string', minLength: 1 },
    provider_credentials: objectOf,
    provider_config: nullable(objectOf),
    is_default: { type: 'boolean' },
  },
};

export const SKILL_DEFINITION_SCHEMA: JsonSchema = {
  title: 'SkillDefinition',
  type: 'object',
  required: [
    'name',
    'version',
    'description',
    'triggers',
    'status',
    'when_to_use',
    'argument_hint',
    'source',
  ],
  properties: {
    name: { type: 'string', minLength: 1 },
    version: { type: 'string' },
    description: { type: 'string' },
    triggers: stringArray,
    tools: nullable({ type: 'array' }),
    toolkits: nullable({ type: 'array' }),
    status: { enum: [...SKILL_STATUSES] },
    input_schema: objectOf,
    output_schema: objectOf,
    instructions: nullable({ type: 'string' }),
    file_path: nullable({ type: 'string' }),
    llm_config: nullable(LLM_CONFIG_SCHEMA),
    // The specification's table says list[str] with default {}; both shapes are accepted.
    arguments: { anyOf: [objectOf, stringArray] },
    when_to_use: { type: 'string' },
    argument_hint: { type: 'string' },
    source: { type: 'string' },
    category: nullable({ type: 'string' }),
    tags: nullable(stringArray),
    max_turns: nullable({ type: 'integer', minimum: 0 }),
    timeout_seconds: nullable({ type: 'integer', minimum: 0 }),
    icon: nullable({ type: 'string' }),
    metadata: nullable(objectOf),
  },
};

/** Payload shapes per event kind (the specification's "Event kinds" table). */
const EVENT_DATA_BY_KIND: Record<(typeof SKILL_EVENT_KINDS)[number], JsonSchema> = {
  progress: {
    type: 'object',
    required: ['pct', 'message'],
    properties: { pct: { type: 'integer' }, message: { type: 'string' } },
  },
  artifact: {
    type: 'object',
    required: ['name', 'mime', 'chunk', 'final'],
    properties: {
      name: { type: 'string' },
      mime: { type: 'string' },
      chunk: { type: 'string' },
      final: { type: 'boolean' },
    },
  },
  log: {
    type: 'object',
    required: ['level', 'message'],
    properties: { level: { type: 'string' }, message: { type: 'string' } },
  },
  status: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string' } },
  },
};

export const SKILL_EVENT_SCHEMA: JsonSchema = {
  title: 'SkillEvent',
  type: 'object',
  required: [...ENVELOPE_REQUIRED, 'kind', 'req_id', 'data', 'seq'],
  properties: {
    ...envelope('skill/event'),
    kind: { enum: [...SKILL_EVENT_KINDS] },
    req_id: { type: 'string' },
    data: objectOf,
    seq: { type: 'integer', minimum: 0 },
  },
  allOf: SKILL_EVENT_KINDS.map((kind) => ({
    if: { properties: { kind: { const: kind } }, required: ['kind'] },
    then: { properties: { data: EVENT_DATA_BY_KIND[kind] } },
  })),
};

export const SKILL_RESULT_SCHEMA: JsonSchema = {
  title: 'SkillResult',
  type: 'object',
  required: ['success', 'duration_ms'],
  properties: {
    success: { type: 'boolean' },
    data: {},
    summary: {},
    truncated: { type: 'boolean', default: false },
    error: nullable({ type: 'string' }),
    error_code: nullable({ type: 'string' }),
    duration_ms: { type: 'integer', minimum: 0 },
    events: { type: 'array', items: SKILL_EVENT_SCHEMA },
    sandbox: { type: 'string' },
    sandbox_limits: { type: 'object' },
    cancelled: { type: 'boolean' },
    metadata: { type: 'object' },
  },
};

export const TRANSPORT_ERROR_SCHEMA: JsonSchema = {
  title: 'TransportError',
  type: 'object',
  required: ['code', 'message', 'retryable'],
  properties: {
    code: { enum: [...A2E_ERROR_CODES] },
    message: { type: 'string' },
    retryable: { type: 'boolean' },
    details: {},
  },
};

export const SKILL_DISCOVER_REQUEST_SCHEMA: JsonSchema = {
  title: 'SkillDiscoverRequest',
  type: 'object',
  required: ENVELOPE_REQUIRED,
  properties: {
    ...envelope('skill/discover/req'),
    filter_tags: { ...stringArray, default: [] },
    filter_categories: { ...stringArray, default: [] },
  },
};

export const SKILL_DISCOVER_RESPONSE_SCHEMA: JsonSchema = {
  title: 'SkillDiscoverResponse',
  type: 'object',
  required: [...ENVELOPE_REQUIRED, 'req_id', 'skills'],
  properties: {
    ...envelope('skill/discover/resp'),
    req_id: { type: 'string' },
    skills: { type: 'array', items: SKILL_DEFINITION_SCHEMA },
    error: nullable(TRANSPORT_ERROR_SCHEMA),
  },
};

export const SKILL_CALL_REQUEST_SCHEMA: JsonSchema = {
  title: 'SkillCallRequest',
  type: 'object',
  required: [...ENVELOPE_REQUIRED, 'name', 'arguments'],
  properties: {
    ...envelope('skill/call/req'),
    name: { type: 'string' },
    arguments: { type: 'object', default: {} },
    correlation_id: { type: 'string', default: '' },
    // Seconds of wall clock; a call needs at least one.
    timeout: { type: 'integer', minimum: 1, default: 60 },
    streaming: { type: 'boolean', default: true },
    llm_override: { ...nullable(LLM_CONFIG_SCHEMA), default: null },
    metadata: { type: 'object', default: {} },
  },
};

export const SKILL_CALL_RESPONSE_SCHEMA: JsonSchema = {
  title: 'SkillCallResponse',
  type: 'object',
  required: [...ENVELOPE_REQUIRED, 'req_id', 'name'],
  properties: {
    ...envelope('skill/call/resp'),
    req_id: { type: 'string' },
    name: { type: 'string' },
    data: nullable(SKILL_RESULT_SCHEMA),
    error: nullable(TRANSPORT_ERROR_SCHEMA),
    created_at: { type: 'number' },
  },
};

export const PROTOCOL_ERROR_SCHEMA: JsonSchema = {
  title: 'ProtocolErrorMessage',
  type: 'object',
  required: [...ENVELOPE_REQUIRED, 'req_id', 'error'],
  properties: {
    ...envelope('error'),
    req_id: { type: 'string' },
    error: TRANSPORT_ERROR_SCHEMA,
  },
};

/** Every message schema by its `type`. */
export const MESSAGE_SCHEMAS = {
  'skill/discover/req': SKILL_DISCOVER_REQUEST_SCHEMA,
  'skill/discover/resp': SKILL_DISCOVER_RESPONSE_SCHEMA,
  'skill/call/req': SKILL_CALL_REQUEST_SCHEMA,
  'skill/call/resp': SKILL_CALL_RESPONSE_SCHEMA,
  'skill/event': SKILL_EVENT_SCHEMA,
  error: PROTOCOL_ERROR_SCHEMA,
} as const satisfies Record<string, JsonSchema>;

export type A2EMessageType = keyof typeof MESSAGE_SCHEMAS;
