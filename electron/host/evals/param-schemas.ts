/**
 * The params schemas of the eval methods (shared/api/evals.ts), spread into the router's
 * table (electron/host/router.ts) so every eval request is checked at the same boundary
 * as the rest of the Studio API. Every object is closed (additionalProperties false).
 */
import type { EvalMethods } from '../../../shared/api/evals';

const obj = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false,
});
const skill = { type: 'string', minLength: 1, maxLength: 4096 };
const text = (max: number) => ({ type: 'string', maxLength: max });
/** A runId is an eval run's folder name: no separators, no dots first. */
const runId = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' };
const configuration = { enum: ['with_skill', 'without_skill', 'old_skill'] };
const providerId = { type: ['string', 'null'], minLength: 1, maxLength: 200 };
const modelName = { type: ['string', 'null'], minLength: 1, maxLength: 400 };
const model = { provider: providerId, model: modelName };
const runs = { type: 'integer', minimum: 1, maximum: 20 };
const concurrency = { type: 'integer', minimum: 1, maximum: 32 };
const version = { type: ['string', 'null'], maxLength: 200 };

const CHECK = {
  oneOf: [
    obj({ kind: { const: 'contains' }, value: text(10000) }, ['kind', 'value']),
    obj({ kind: { const: 'not_contains' }, value: text(10000) }, ['kind', 'value']),
    obj(
      {
        kind: { const: 'regex' },
        pattern: text(10000),
        flags: { type: 'string', pattern: '^[ims]{0,3}$' },
      },
      ['kind', 'pattern', 'flags'],
    ),
    obj({ kind: { const: 'json_schema' }, schema: { type: 'object' } }, ['kind', 'schema']),
    obj(
      { kind: { const: 'file_exists' }, path: { type: 'string', minLength: 1, maxLength: 1024 } },
      ['kind', 'path'],
    ),
    obj(
      { kind: { const: 'tool_called' }, tool: { type: 'string', minLength: 1, maxLength: 200 } },
      ['kind', 'tool'],
    ),
    obj({ kind: { const: 'expectation' }, text: text(10000) }, ['kind', 'text']),
    obj({ kind: { const: 'rubric' }, text: text(10000) }, ['kind', 'text']),
  ],
};

const CASE_INPUT = obj(
  {
    id: { type: 'integer', minimum: 0, maximum: 1e9 },
    name: text(400),
    prompt: { type: 'string', minLength: 1, maxLength: 100000 },
    expected_output: { type: ['string', 'null'], maxLength: 100000 },
    files: {
      type: 'array',
      maxItems: 1000,
      items: { type: 'string', minLength: 1, maxLength: 1024 },
    },
    checks: { type: 'array', maxItems: 1000, items: CHECK },
  },
  ['prompt', 'checks'],
);

const TRIGGER_PROPS = {
  ...model,
  runs,
  concurrency,
  agent: { type: ['string', 'null'], maxLength: 200 },
  threshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
  queries: { type: 'array', maxItems: 10000, items: { type: 'integer', minimum: 0 } },
};

export const EVAL_PARAM_SCHEMAS: Record<keyof EvalMethods, object> = {
  'evals.sources': obj({ skill }, ['skill']),
  'evals.saveCases': obj(
    {
      skill,
      source: { enum: ['inline', 'evals-json'] },
      cases: { type: 'array', maxItems: 10000, items: CASE_INPUT },
      expectedVersion: version,
    },
    ['skill', 'source', 'cases'],
  ),
  'evals.saveTriggers': obj(
    {
      skill,
      queries: {
        type: 'array',
        maxItems: 10000,
        items: obj(
          {
            query: { type: 'string', minLength: 1, maxLength: 100000 },
            should_trigger: { type: 'boolean' },
          },
          ['query', 'should_trigger'],
        ),
      },
      expectedVersion: version,
    },
    ['skill', 'queries'],
  ),
  'evals.start': obj(
    {
      skill,
      options: obj({
        ...model,
        runs,
        concurrency,
        configurations: {
          type: 'array',
          minItems: 1,
          maxItems: 3,
          uniqueItems: true,
          items: configuration,
        },
        cases: { type: 'array', maxItems: 10000, items: text(200) },
        grader: obj(model),
        timeout_seconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600 },
      }),
    },
    ['skill'],
  ),
  'evals.startTriggers': obj({ skill, options: obj(TRIGGER_PROPS) }, ['skill']),
  'evals.improveDescription': obj(
    {
      skill,
      options: obj({
        ...TRIGGER_PROPS,
        holdout: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      }),
    },
    ['skill'],
  ),
  'evals.cancel': obj({ skill, runId }, ['skill', 'runId']),
  'evals.list': obj({ skill, limit: { type: 'integer', minimum: 1, maximum: 10000 } }, ['skill']),
  'evals.get': obj({ skill, runId }, ['skill', 'runId']),
  'evals.transcript': obj(
    {
      skill,
      runId,
      ref: {
        oneOf: [
          obj(
            {
              kind: { const: 'case' },
              eval_id: { type: 'integer', minimum: 0 },
              case_key: { type: 'string', pattern: '^(inline|evals-json)#[0-9]{1,10}$' },
              configuration,
              run_number: { type: 'integer', minimum: 1 },
            },
            ['kind', 'eval_id', 'configuration', 'run_number'],
          ),
          obj(
            {
              kind: { const: 'trigger' },
              query_index: { type: 'integer', minimum: 0 },
              run_number: { type: 'integer', minimum: 1 },
              phase: { enum: ['old', 'new'] },
            },
            ['kind', 'query_index', 'run_number'],
          ),
        ],
      },
    },
    ['skill', 'runId', 'ref'],
  ),
};
