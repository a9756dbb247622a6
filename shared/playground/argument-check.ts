/**
 * The check of a call's arguments against the skill's input_schema, by the host's ajv
 * (electron/host/runner/argument-validator.ts), in its two forms: the verdict the host
 * acts on (`ArgumentCheck`: run the call, or refuse it and why), and that verdict as the
 * Studio API sends it to the playground (`ArgumentCheckReply`, `playground.validate`).
 */
import type { SchemaErrorDetail } from '../protocol/codec';

/** The verdict: the arguments as checked (defaults filled), or why they or the schema fail. */
export type ArgumentCheck =
  | { ok: true; arguments: Record<string, unknown> }
  | { ok: false; kind: 'schema_violation'; message: string; details: SchemaErrorDetail[] }
  | { ok: false; kind: 'bad_schema'; message: string };

/** The verdict as the Studio API replies with it: ajv's errors for the form, or a message. */
export interface ArgumentCheckReply {
  ok: boolean;
  errors: SchemaErrorDetail[];
  /** A one-line summary, or why the schema itself cannot be used. */
  message: string | null;
}
