/**
 * Wire codec of the A2E skill protocol (docs/contracts.md, A2E): one JSON message per frame.
 *
 * decodeFrame never throws: every frame turns into either a typed request or the
 * one reply the host must send back (parse_error, invalid_message, or the request's
 * own response type carrying version_mismatch). Validators are compiled lazily on
 * the first decode so that importing this module costs nothing where code
 * generation is not allowed (a renderer under a strict CSP only encodes).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import {
  A2E_PROTOCOL_VERSION,
  type A2EOutbound,
  type A2ERequest,
  type LLMConfig,
  type ProtocolErrorMessage,
  type SkillCallResponse,
  type SkillDiscoverResponse,
} from './a2e';
import {
  makeCallResponse,
  makeDiscoverResponse,
  makeProtocolError,
  newId,
  nowTs,
  transportError,
} from './messages';
import { SKILL_CALL_REQUEST_SCHEMA, SKILL_DISCOVER_REQUEST_SCHEMA } from './schemas';
import { errorMessage } from '../errors';
import { createInternalAjv } from '../json/internal-schemas';

export type DecodeResult =
  | { ok: true; msg: A2ERequest }
  | { ok: false; reply: ProtocolErrorMessage | SkillDiscoverResponse | SkillCallResponse };

export interface DecodeOptions {
  /** Frames over this many bytes (UTF-8, as sent) are refused unread. Default 8 MiB. */
  maxFrameBytes?: number;
}

export const DEFAULT_MAX_FRAME_BYTES = 8 * 1024 * 1024;

/** The slimmed ajv error we put in `error.details`. */
export interface SchemaErrorDetail {
  path: string;
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

/** Message types an agent may send. The host-to-agent types are refused by name. */
const REQUEST_TYPES = ['skill/discover/req', 'skill/call/req'] as const;
type RequestType = (typeof REQUEST_TYPES)[number];
const HOST_TYPES = ['skill/discover/resp', 'skill/call/resp', 'skill/event', 'error'];

let validators: Record<RequestType, ValidateFunction> | null = null;

function requestValidators(): Record<RequestType, ValidateFunction> {
  if (!validators) {
    // useDefaults fills the specification's defaults for absent optional fields.
    const ajv = createInternalAjv({ allErrors: true, useDefaults: true });
    validators = {
      'skill/discover/req': ajv.compile(SKILL_DISCOVER_REQUEST_SCHEMA),
      'skill/call/req': ajv.compile(SKILL_CALL_REQUEST_SCHEMA),
    };
  }
  return validators;
}

/** ajv's errors in a compact, JSON-safe form; capped so a reply stays small. */
export function schemaErrorDetails(errors: ErrorObject[] | null | undefined): SchemaErrorDetail[] {
  return (errors ?? []).slice(0, 20).map((e) => ({
    path: e.instancePath || '/',
    keyword: e.keyword,
    message: e.message ?? 'is invalid',
    params: e.params as Record<string, unknown>,
  }));
}

/** One line summary of schema errors for a human-readable message. */
export function describeSchemaErrors(details: SchemaErrorDetail[]): string {
  return details
    .slice(0, 3)
    .map((d) => `${d.path} ${d.message}`)
    .join('; ');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Major number of a version string, or null when it has none. */
export function versionMajor(version: string): number | null {
  const m = /^\s*(\d+)(?:\.|\s*$)/.exec(version);
  return m ? Number(m[1]) : null;
}

export function decodeFrame(frame: string, options: DecodeOptions = {}): DecodeResult {
  try {
    return decodeUnsafe(frame, options);
  } catch (err) {
    // Defensive: nothing above should throw, but a frame must never take the host down.
    const message = errorMessage(err);
    return {
      ok: false,
      reply: makeProtocolError('invalid_message', `unreadable message: ${message}`),
    };
  }
}

/**
 * The UTF-8 size of `text` when it is over `max` bytes, else null. A UTF-16 unit is 1 to
 * 3 bytes (a surrogate pair 4 for two), so most frames are decided by their length alone.
 */
function utf8BytesOver(text: string, max: number): number | null {
  if (text.length * 3 <= max) return null;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next < 0xe000) i++;
      bytes += next >= 0xdc00 && next < 0xe000 ? 4 : 3;
    } else bytes += 3;
  }
  return bytes > max ? bytes : null;
}

function decodeUnsafe(frame: string, options: DecodeOptions): DecodeResult {
  if (typeof frame !== 'string') {
    return fail(makeProtocolError('parse_error', 'a frame must be text holding one JSON message'));
  }
  const max = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  const bytes = utf8BytesOver(frame, max);
  if (bytes !== null) {
    return fail(
      makeProtocolError('parse_error', `message of ${bytes} bytes is over the ${max}-byte limit`),
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(frame);
  } catch (err) {
    const why = errorMessage(err);
    return fail(makeProtocolError('parse_error', `message is not valid JSON: ${why}`));
  }
  if (!isPlainObject(parsed)) {
    const what = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : typeof parsed;
    return fail(
      makeProtocolError('invalid_message', `a message must be a JSON object, got ${what}`),
    );
  }
  const reqId = typeof parsed.id === 'string' ? parsed.id : '';
  const type = parsed.type;
  if (typeof type !== 'string') {
    return fail(makeProtocolError('invalid_message', 'message has no string "type"', reqId));
  }
  if (!(REQUEST_TYPES as readonly string[]).includes(type)) {
    const why = HOST_TYPES.includes(type)
      ? `"${type}" is sent by the host, not accepted from an agent`
      : `unknown message type "${type.slice(0, 100)}"`;
    return fail(makeProtocolError('invalid_message', why, reqId));
  }
  const requestType = type as RequestType;

  if (typeof parsed.version === 'string') {
    const major = versionMajor(parsed.version);
    if (major !== 1) {
      const error = transportError(
        'version_mismatch',
        `protocol version "${parsed.version.slice(0, 50)}" is not supported; this host speaks ${A2E_PROTOCOL_VERSION}`,
      );
      if (requestType === 'skill/discover/req') return fail(makeDiscoverResponse(reqId, [], error));
      const name = typeof parsed.name === 'string' ? parsed.name : '';
      return fail(makeCallResponse(reqId, name, { error }));
    }
  }

  // The specification gives id, version and ts defaults (auto UUID, "1.0", now).
  if (!('id' in parsed)) parsed.id = newId();
  if (!('version' in parsed)) parsed.version = A2E_PROTOCOL_VERSION;
  if (!('ts' in parsed)) parsed.ts = nowTs();

  const validate = requestValidators()[requestType];
  if (!validate(parsed)) {
    const details = schemaErrorDetails(validate.errors);
    return fail(
      makeProtocolError(
        'invalid_message',
        `invalid ${requestType}: ${describeSchemaErrors(details)}`,
        reqId,
        details,
      ),
    );
  }
  const p = parsed as Record<string, unknown>;
  const envelope = { id: p.id as string, version: p.version as string, ts: p.ts as number };
  if (requestType === 'skill/discover/req') {
    return {
      ok: true,
      msg: {
        type: requestType,
        ...envelope,
        filter_tags: p.filter_tags as string[],
        filter_categories: p.filter_categories as string[],
      },
    };
  }
  return {
    ok: true,
    msg: {
      type: requestType,
      ...envelope,
      name: p.name as string,
      arguments: p.arguments as Record<string, unknown>,
      correlation_id: p.correlation_id as string,
      timeout: p.timeout as number,
      streaming: p.streaming as boolean,
      llm_override: p.llm_override as LLMConfig | null,
      metadata: p.metadata as Record<string, unknown>,
    },
  };
}

function fail(
  reply: ProtocolErrorMessage | SkillDiscoverResponse | SkillCallResponse,
): DecodeResult {
  return { ok: false, reply };
}

/**
 * One message as one line of JSON (no newline inside: JSON.stringify escapes them).
 * Streamed events are not kept in their encoded form for the final response (which
 * repeats them): holding a second copy of every event made the garbage collector,
 * not the encoding, the cost of streaming; the response encodes them once more.
 */
export function encodeMessage(msg: A2EOutbound | A2ERequest): string {
  return JSON.stringify(msg);
}
