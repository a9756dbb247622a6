/**
 * Constructors for A2E messages with the specification's defaults: a fresh UUID
 * id, version "1.0", ts = now in Unix seconds. Uses the Web Crypto global, which
 * browsers and Node 20 both provide, so this stays free of Node APIs.
 */
import {
  A2E_PROTOCOL_VERSION,
  RETRYABLE,
  type A2EErrorCode,
  type LLMConfig,
  type ProtocolErrorMessage,
  type SkillCallRequest,
  type SkillCallResponse,
  type SkillDefinition,
  type SkillDiscoverRequest,
  type SkillDiscoverResponse,
  type SkillEvent,
  type SkillEventKind,
  type SkillResult,
  type TransportError,
} from './a2e';
import { randomUuid } from './uuid';

export function newId(): string {
  return randomUuid();
}

/** Unix epoch seconds, as the specification's `ts` fields carry them. */
export function nowTs(): number {
  return Date.now() / 1000;
}

export function transportError(
  code: A2EErrorCode,
  message: string,
  details?: unknown,
): TransportError {
  const error: TransportError = { code, message, retryable: RETRYABLE[code] };
  if (details !== undefined) error.details = details;
  return error;
}

export function makeDiscoverRequest(
  fields: Partial<Omit<SkillDiscoverRequest, 'type'>> = {},
): SkillDiscoverRequest {
  return {
    type: 'skill/discover/req',
    id: fields.id ?? newId(),
    version: fields.version ?? A2E_PROTOCOL_VERSION,
    ts: fields.ts ?? nowTs(),
    filter_tags: fields.filter_tags ?? [],
    filter_categories: fields.filter_categories ?? [],
  };
}

export function makeDiscoverResponse(
  reqId: string,
  skills: SkillDefinition[],
  error: TransportError | null = null,
): SkillDiscoverResponse {
  const msg: SkillDiscoverResponse = {
    type: 'skill/discover/resp',
    id: newId(),
    version: A2E_PROTOCOL_VERSION,
    ts: nowTs(),
    req_id: reqId,
    skills,
  };
  if (error) msg.error = error;
  return msg;
}

export interface CallRequestFields {
  name: string;
  arguments?: Record<string, unknown>;
  id?: string;
  version?: string;
  ts?: number;
  correlation_id?: string;
  timeout?: number;
  streaming?: boolean;
  llm_override?: LLMConfig | null;
  metadata?: Record<string, unknown>;
}

export function makeCallRequest(fields: CallRequestFields): SkillCallRequest {
  return {
    type: 'skill/call/req',
    id: fields.id ?? newId(),
    version: fields.version ?? A2E_PROTOCOL_VERSION,
    ts: fields.ts ?? nowTs(),
    name: fields.name,
    arguments: fields.arguments ?? {},
    correlation_id: fields.correlation_id ?? '',
    timeout: fields.timeout ?? 60,
    streaming: fields.streaming ?? true,
    llm_override: fields.llm_override ?? null,
    metadata: fields.metadata ?? {},
  };
}

export function makeCallResponse(
  reqId: string,
  name: string,
  outcome: { data: SkillResult; error?: null } | { data?: null; error: TransportError },
): SkillCallResponse {
  const ts = nowTs();
  return {
    type: 'skill/call/resp',
    id: newId(),
    version: A2E_PROTOCOL_VERSION,
    ts,
    req_id: reqId,
    name,
    data: outcome.data ?? null,
    error: outcome.error ?? null,
    created_at: ts,
  };
}

export function makeEvent(
  reqId: string,
  seq: number,
  kind: SkillEventKind,
  data: Record<string, unknown>,
): SkillEvent {
  return {
    type: 'skill/event',
    id: newId(),
    version: A2E_PROTOCOL_VERSION,
    ts: nowTs(),
    kind,
    req_id: reqId,
    data,
    seq,
  };
}

export function makeProtocolError(
  code: A2EErrorCode,
  message: string,
  reqId = '',
  details?: unknown,
): ProtocolErrorMessage {
  return {
    type: 'error',
    id: newId(),
    version: A2E_PROTOCOL_VERSION,
    ts: nowTs(),
    req_id: reqId,
    error: transportError(code, message, details),
  };
}
