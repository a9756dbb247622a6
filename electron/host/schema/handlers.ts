/**
 * The JSON-Schema methods of the Studio API (shared/api/schema.ts). They need nothing of
 * the host but its schema checks, which run in the worker pool (workers/schema-jobs.ts),
 * so a hostile schema can stall neither the host nor other clients.
 */
import type { Handlers } from '../handler-table';
import { toCheckReply } from '../runner/core/argument-validator';
import { checkValueOffThread } from '../workers/schema-jobs';

export function schemaHandlers(): Pick<Handlers, 'schema.check'> {
  return {
    'schema.check': async ({ schema, value }) =>
      toCheckReply(await checkValueOffThread(schema, value)),
  };
}
