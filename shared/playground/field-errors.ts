/**
 * ajv's errors (as the host sends them: SchemaErrorDetail) placed on the form's
 * fields: a missing required property belongs to that property's field, an
 * unexpected one to its own key, everything else to the value it is about.
 */
import type { SchemaErrorDetail } from '../protocol/codec';
import { escapeSegment } from './json-path';

export type FieldErrors = Record<string, string[]>;

function normalise(path: string): string {
  return path === '/' ? '' : path;
}

function sentence(message: string): string {
  return message.length > 0 ? message[0].toUpperCase() + message.slice(1) : message;
}

/** Messages keyed by JSON Pointer ('' is the whole arguments object). */
export function errorsByPointer(details: readonly SchemaErrorDetail[]): FieldErrors {
  const out: FieldErrors = {};
  const add = (pointer: string, message: string) => {
    const list = (out[pointer] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  for (const d of details) {
    const at = normalise(d.path);
    const params = d.params ?? {};
    if (d.keyword === 'required' && typeof params.missingProperty === 'string') {
      add(`${at}/${escapeSegment(params.missingProperty)}`, 'Required');
    } else if (
      d.keyword === 'additionalProperties' &&
      typeof params.additionalProperty === 'string'
    ) {
      add(`${at}/${escapeSegment(params.additionalProperty)}`, 'Not allowed by the schema');
    } else if (d.keyword === 'dependentRequired' || d.keyword === 'dependencies') {
      const missing = typeof params.missingProperty === 'string' ? params.missingProperty : null;
      if (missing) add(`${at}/${escapeSegment(missing)}`, sentence(d.message));
      else add(at, sentence(d.message));
    } else {
      add(at, sentence(d.message));
    }
  }
  return out;
}

/** Errors whose pointer is not one of `shown` (no field displays them): listed above the form. */
export function unplacedErrors(
  errors: FieldErrors,
  shown: ReadonlySet<string>,
): { pointer: string; message: string }[] {
  const out: { pointer: string; message: string }[] = [];
  for (const [pointer, messages] of Object.entries(errors)) {
    if (shown.has(pointer)) continue;
    for (const message of messages) out.push({ pointer, message });
  }
  return out;
}
