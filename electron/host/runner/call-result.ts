/**
 * What a call answers with: the events its executor emitted, numbered from 0 and each
 * echoing the request id, and the SkillResult made of its outcome and why the host
 * stopped it.
 */
import type { SkillCallRequest, SkillEvent, SkillResult } from '../../../shared/protocol/a2e';
import { makeEvent } from '../../../shared/protocol/messages';
import type { AbortCause, ExecContext, ExecOutcome } from './core/types';

/** The events of one call, in order; once the call has answered, nothing more is taken. */
export class CallEvents {
  readonly events: SkillEvent[] = [];
  private seq = 0;
  private closed = false;

  constructor(
    private readonly req: Pick<SkillCallRequest, 'id' | 'streaming'>,
    /** Each event as it happens (streaming calls only). */
    private readonly onEvent: ((event: SkillEvent) => void) | undefined,
  ) {}

  readonly emit: ExecContext['emit'] = (kind, data) => {
    // Nothing may follow the response.
    if (this.closed) return;
    const event = makeEvent(this.req.id, this.seq++, kind, data);
    this.events.push(event);
    if (this.req.streaming && this.onEvent) {
      try {
        this.onEvent(event);
      } catch {
        // A failing listener must not break the run.
      }
    }
  };

  /** The response is being made: later events are dropped. */
  close(): void {
    this.closed = true;
  }
}

/** The call's result: the outcome, with the host's own cause when it stopped the run. */
export function callResult(
  outcome: ExecOutcome,
  cause: AbortCause | null,
  durationMs: number,
  events: SkillEvent[],
): SkillResult {
  const result: SkillResult = {
    success: outcome.success,
    duration_ms: Math.max(0, durationMs),
    truncated: outcome.truncated ?? false,
    events,
  };
  if (outcome.success) {
    result.data = outcome.data ?? null;
    result.summary = outcome.summary ?? null;
  } else {
    result.error = outcome.error ?? 'the skill failed';
    result.error_code = outcome.error_code ?? 'skill_error';
    // The host knows best why it stopped a run that then failed.
    if (cause === 'timeout') result.error_code = 'timeout';
    if (cause === 'cancelled') {
      result.error_code = 'cancelled';
      result.cancelled = true;
    }
    if (outcome.data !== undefined) result.data = outcome.data;
  }
  if (outcome.sandbox) result.sandbox = outcome.sandbox;
  if (outcome.metadata) result.metadata = outcome.metadata;
  if (outcome.sandbox_limits) result.sandbox_limits = outcome.sandbox_limits;
  return result;
}

/** A call cancelled before it ran (while queued). */
export function cancelledResult(durationMs: number, events: SkillEvent[]): SkillResult {
  return {
    success: false,
    duration_ms: durationMs,
    truncated: false,
    error: 'the call was cancelled',
    error_code: 'cancelled',
    cancelled: true,
    events,
  };
}
