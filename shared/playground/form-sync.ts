/**
 * The arguments of a call, held as one value shown two ways: the generated form
 * and the raw JSON text. A form edit rewrites the text; a text edit that parses
 * to an object replaces the value (and the form follows), while text that does
 * not parse keeps the last good value and carries the parse error, so neither
 * side ever loses what the user typed.
 */
import { isPlainObject, removeAt, setAt, type PathSegment } from './json-path';
import { parseJsonText } from '../json/json-position';

export interface ArgsState {
  /** The last valid arguments object (what Run sends). */
  value: Record<string, unknown>;
  /** The JSON editor's text, exactly as typed when it came from the editor. */
  text: string;
  /** Set while `text` is not a JSON object; the form shows `value` meanwhile. */
  jsonError: JsonTextError | null;
}

export interface JsonTextError {
  message: string;
  /** 1-based position of the syntax error, when the parser said where. */
  line: number | null;
  column: number | null;
}

export function formatArgs(value: Record<string, unknown>): string {
  return JSON.stringify(value, null, 2);
}

export function argsFromValue(value: Record<string, unknown>): ArgsState {
  return { value, text: formatArgs(value), jsonError: null };
}

/** A form edit at `path` (undefined clears the field). */
export function editField(
  state: ArgsState,
  path: readonly PathSegment[],
  next: unknown,
): ArgsState {
  const value = setAt(state.value, path, next);
  return argsFromValue(isPlainObject(value) ? value : {});
}

/** Removes an array item or key (the form's ✕ on an item). */
export function removeField(state: ArgsState, path: readonly PathSegment[]): ArgsState {
  const value = removeAt(state.value, path);
  return argsFromValue(isPlainObject(value) ? value : {});
}

/** Parses JSON text into an arguments object, or says what is wrong and where. */
export function parseArgsText(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: JsonTextError } {
  if (text.trim() === '') return { ok: true, value: {} };
  const result = parseJsonText(text);
  if (!result.ok) {
    const { message, line, column } = result;
    return { ok: false, error: { message, line, column } };
  }
  const parsed = result.value;
  if (!isPlainObject(parsed)) {
    return {
      ok: false,
      error: {
        message: 'The arguments must be a JSON object, e.g. {"text": "…"}',
        line: 1,
        column: 1,
      },
    };
  }
  return { ok: true, value: parsed };
}

/** A JSON editor edit: the text is kept verbatim; the value follows when it parses. */
export function editJson(state: ArgsState, text: string): ArgsState {
  const parsed = parseArgsText(text);
  if (!parsed.ok) return { value: state.value, text, jsonError: parsed.error };
  return { value: parsed.value, text, jsonError: null };
}

/**
 * The same arguments with their top-level keys in the schema's order (then any
 * others as they were), so the JSON view reads like the form whatever order the
 * fields were filled in.
 */
export function orderArgs(
  value: Record<string, unknown>,
  order: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of order) if (Object.prototype.hasOwnProperty.call(value, k)) out[k] = value[k];
  for (const [k, v] of Object.entries(value)) if (!(k in out)) out[k] = v;
  return out;
}
