/**
 * The params schemas of the eval methods (shared/api/evals.ts), spread into the router's
 * table (./studio-params.ts) so every eval request is checked at the
 * same boundary as the rest of the Studio API. Built with the typed builder and checked
 * against `EvalMethods` by `schemaTable`, so drift fails `tsc`; every object is closed
 * (additionalProperties false).
 */
import { AGENT_CLIENT_IDS, CLIENT_CATALOGS } from '../../../shared/api/agent-clients';
import { MAX_FEEDBACK_CHARS, type EvalMethods } from '../../../shared/api/evals';
import * as s from './typed-schema';
import { skillRef } from './fragments';

type EvalParamTypes = { [M in keyof EvalMethods]: EvalMethods[M][0] };

const skill = skillRef;
const text = (maxLength: number) => s.string({ maxLength });
/** A runId is an eval run's folder name: no separators, no dots first. */
const runId = s.string({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$' });
const configuration = s.oneOfValues(['with_skill', 'without_skill', 'old_skill']);
const providerId = s.stringOrNull({ minLength: 1, maxLength: 200 });
const modelName = s.stringOrNull({ minLength: 1, maxLength: 400 });
const model = { provider: providerId, model: modelName };
const runs = s.integer({ minimum: 1, maximum: 20 });
const concurrency = s.integer({ minimum: 1, maximum: 32 });
const version = s.stringOrNull({ maxLength: 200 });

const CHECK = s.oneOf(
  s.object({ kind: s.literal('contains'), value: text(10000) }, ['kind', 'value']),
  s.object({ kind: s.literal('not_contains'), value: text(10000) }, ['kind', 'value']),
  s.object(
    {
      kind: s.literal('regex'),
      pattern: text(10000),
      flags: s.string({ pattern: '^[ims]{0,3}$' }),
    },
    ['kind', 'pattern', 'flags'],
  ),
  s.object({ kind: s.literal('json_schema'), schema: s.anyObject() }, ['kind', 'schema']),
  s.object({ kind: s.literal('file_exists'), path: s.string({ minLength: 1, maxLength: 1024 }) }, [
    'kind',
    'path',
  ]),
  s.object({ kind: s.literal('tool_called'), tool: s.string({ minLength: 1, maxLength: 200 }) }, [
    'kind',
    'tool',
  ]),
  s.object({ kind: s.literal('expectation'), text: text(10000) }, ['kind', 'text']),
  s.object({ kind: s.literal('rubric'), text: text(10000) }, ['kind', 'text']),
);

const CASE_INPUT = s.object(
  {
    id: s.integer({ minimum: 0, maximum: 1e9 }),
    name: text(400),
    prompt: s.string({ minLength: 1, maxLength: 100000 }),
    expected_output: s.stringOrNull({ maxLength: 100000 }),
    files: s.array(s.string({ minLength: 1, maxLength: 1024 }), { maxItems: 1000 }),
    checks: s.array(CHECK, { maxItems: 1000 }),
  },
  ['prompt', 'checks'],
);

const TRIGGER_PROPS = {
  ...model,
  runs,
  concurrency,
  agent: s.stringOrNull({ maxLength: 200 }),
  threshold: s.number({ exclusiveMinimum: 0, maximum: 1 }),
  queries: s.array(s.integer({ minimum: 0 }), { maxItems: 10000 }),
};

/** Names one case run of an eval run (`EvalRunRef` of kind `case`). */
const CASE_REF = s.object(
  {
    kind: s.literal('case'),
    eval_id: s.integer({ minimum: 0 }),
    case_key: s.string({ pattern: '^(inline|evals-json)#[0-9]{1,10}$' }),
    configuration,
    run_number: s.integer({ minimum: 1 }),
  },
  ['kind', 'eval_id', 'configuration', 'run_number'],
);

export const EVAL_PARAM_SCHEMAS = s.schemaTable<EvalParamTypes>()({
  'evals.sources': s.object({ skill }, ['skill']),
  'evals.saveCases': s.object(
    {
      skill,
      source: s.oneOfValues(['inline', 'evals-json']),
      cases: s.array(CASE_INPUT, { maxItems: 10000 }),
      expectedVersion: version,
    },
    ['skill', 'source', 'cases'],
  ),
  'evals.saveTriggers': s.object(
    {
      skill,
      queries: s.array(
        s.object(
          {
            query: s.string({ minLength: 1, maxLength: 100000 }),
            should_trigger: s.boolean(),
          },
          ['query', 'should_trigger'],
        ),
        { maxItems: 10000 },
      ),
      expectedVersion: version,
    },
    ['skill', 'queries'],
  ),
  'evals.start': s.object(
    {
      skill,
      options: s.object({
        ...model,
        runs,
        concurrency,
        configurations: s.array(configuration, { minItems: 1, maxItems: 3, uniqueItems: true }),
        cases: s.array(text(200), { maxItems: 10000 }),
        grader: s.object(model),
        timeout_seconds: s.number({ exclusiveMinimum: 0, maximum: 3600 }),
        client: s.oneOfValues(AGENT_CLIENT_IDS),
        allow_scripts: s.boolean(),
        catalog: s.oneOfValues(CLIENT_CATALOGS),
      }),
    },
    ['skill'],
  ),
  'evals.startTriggers': s.object(
    {
      skill,
      options: s.object({
        ...TRIGGER_PROPS,
        client: s.oneOfValues(AGENT_CLIENT_IDS),
        allow_scripts: s.boolean(),
        catalog: s.oneOfValues(CLIENT_CATALOGS),
      }),
    },
    ['skill'],
  ),
  'evals.improveDescription': s.object(
    {
      skill,
      options: s.object({
        ...TRIGGER_PROPS,
        holdout: s.number({ exclusiveMinimum: 0, exclusiveMaximum: 1 }),
      }),
    },
    ['skill'],
  ),
  'evals.cancel': s.object({ skill, runId }, ['skill', 'runId']),
  'evals.list': s.object({ skill, limit: s.integer({ minimum: 1, maximum: 10000 }) }, ['skill']),
  'evals.get': s.object({ skill, runId }, ['skill', 'runId']),
  'evals.transcript': s.object(
    {
      skill,
      runId,
      ref: s.oneOf(
        CASE_REF,
        s.object(
          {
            kind: s.literal('trigger'),
            query_index: s.integer({ minimum: 0 }),
            run_number: s.integer({ minimum: 1 }),
            phase: s.oneOfValues(['old', 'new']),
          },
          ['kind', 'query_index', 'run_number'],
        ),
      ),
    },
    ['skill', 'runId', 'ref'],
  ),
  'evals.feedback.get': s.object({ skill, runId }, ['skill', 'runId']),
  'evals.feedback.save': s.object(
    {
      skill,
      runId,
      ref: CASE_REF,
      feedback: text(MAX_FEEDBACK_CHARS),
      status: s.oneOfValues(['in_progress', 'complete']),
    },
    ['skill', 'runId', 'ref', 'feedback'],
  ),
});
