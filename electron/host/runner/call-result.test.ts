/**
 * A call's events (numbered from 0, streamed only when asked, none after the answer)
 * and its result (the host's own cause wins over what a stopped executor said).
 */
import { describe, expect, it } from 'vitest';
import type { SkillEvent } from '../../../shared/protocol/a2e';
import { callResult, cancelledResult, CallEvents } from './call-result';

describe('CallEvents', () => {
  it('numbers events from 0 with the request id, streams them when asked, and stops at close', () => {
    const streamed: SkillEvent[] = [];
    const events = new CallEvents({ id: 'r1', streaming: true }, (e) => streamed.push(e));
    events.emit('log', { message: 'one' });
    events.emit('progress', { percent: 50 });
    events.close();
    events.emit('log', { message: 'too late' });
    expect(events.events.map((e) => [e.req_id, e.seq, e.kind])).toEqual([
      ['r1', 0, 'log'],
      ['r1', 1, 'progress'],
    ]);
    expect(streamed).toEqual(events.events);
  });

  it('keeps events of a call that does not stream, and survives a listener that throws', () => {
    const quiet = new CallEvents({ id: 'r2', streaming: false }, () => {
      throw new Error('never called');
    });
    quiet.emit('log', { message: 'kept' });
    expect(quiet.events).toHaveLength(1);
    const failing = new CallEvents({ id: 'r3', streaming: true }, () => {
      throw new Error('listener broke');
    });
    failing.emit('log', { message: 'a' });
    failing.emit('log', { message: 'b' });
    expect(failing.events.map((e) => e.seq)).toEqual([0, 1]);
  });
});

describe('callResult', () => {
  it('carries a success with its data and summary', () => {
    expect(callResult({ success: true, data: { n: 1 }, summary: 'one' }, null, 12, [])).toEqual({
      success: true,
      duration_ms: 12,
      truncated: false,
      events: [],
      data: { n: 1 },
      summary: 'one',
    });
  });

  it('says timeout or cancelled when the host stopped the run, whatever the executor said', () => {
    const failed = { success: false, error: 'killed', error_code: 'runtime_error' as const };
    expect(callResult(failed, null, 5, [])).toMatchObject({ error_code: 'runtime_error' });
    expect(callResult(failed, 'timeout', 5, [])).toMatchObject({
      error: 'killed',
      error_code: 'timeout',
    });
    const cancelled = callResult(failed, 'cancelled', -3, []);
    expect(cancelled).toMatchObject({ error_code: 'cancelled', cancelled: true, duration_ms: 0 });
    expect(callResult({ success: false }, null, 1, [])).toMatchObject({
      error: 'the skill failed',
      error_code: 'skill_error',
    });
  });

  it('names a call cancelled while it waited', () => {
    expect(cancelledResult(0, [])).toEqual({
      success: false,
      duration_ms: 0,
      truncated: false,
      error: 'the call was cancelled',
      error_code: 'cancelled',
      cancelled: true,
      events: [],
    });
  });
});
