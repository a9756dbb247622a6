/**
 * The Studio API's JSON-Schema methods, merged into StudioMethods (studio-api.ts). The
 * host owns the one JSON-Schema compiler (shared/json/json-schema.ts); the renderer,
 * whose CSP forbids the code generation ajv needs, asks it here.
 */
import type { ArgumentCheckReply } from '../playground/argument-check';

export interface SchemaMethods {
  /**
   * Checks `value` against `schema` exactly as a call's arguments are checked against
   * its input_schema (dialect, formats, defaults, RE2 patterns), in the host's worker
   * pool with its deadline. The schema builder judges defaults with it.
   */
  'schema.check': [{ schema: Record<string, unknown>; value: unknown }, ArgumentCheckReply];
}
