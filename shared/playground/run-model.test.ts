import { describe, expect, it } from 'vitest';
import {
  makeCallRequest,
  makeCallResponse,
  makeEvent,
  makeProtocolError,
  transportError,
} from '../protocol/messages';
import { LogIndex, RunModel, normaliseLevel } from './run-model';

function run() {
  const req = makeCallRequest({ name: 'text-stats', arguments: { text: 'x' } });
  return { req, model: new RunModel(req, 1000) };
}

describe('the run model', () => {
  it('folds progress, logs, statuses and artifacts, and finishes on the response', () => {
    const { req, model } = run();
    model.apply(makeEvent(req.id, 0, 'status', { message: 'Analysing' }), 1001);
    model.apply(makeEvent(req.id, 1, 'progress', { pct: 30, message: 'Counting' }), 1002);
    model.apply(makeEvent(req.id, 2, 'log', { level: 'WARNING', message: 'careful' }), 1003);
    model.apply(
      makeEvent(req.id, 3, 'artifact', {
        name: 'r.md',
        mime: 'text/markdown',
        chunk: '# R',
        final: true,
      }),
      1004,
    );
    model.apply(makeEvent('other-call', 0, 'log', { level: 'info', message: 'not mine' }), 1004);
    model.apply(makeEvent(req.id, 4, 'progress', { pct: 140, message: 'Done' }), 1005);
    expect(model.progress).toEqual({ pct: 100, message: 'Done' });
    expect(model.logs).toEqual([
      { seq: 2, ts: expect.any(Number), level: 'warn', message: 'careful' },
    ]);
    expect(model.statuses[0].message).toBe('Analysing');
    expect(model.artifacts.text('r.md')).toBe('# R');
    expect(model.events).toBe(5);
    expect(model.seqGaps).toBe(0);
    expect(model.phase).toBe('running');
    model.apply(
      makeCallResponse(req.id, req.name, {
        data: { success: true, summary: 'ok', duration_ms: 5, data: { n: 1 } },
      }),
      1010,
    );
    expect(model.phase).toBe('done');
    expect(model.outcome()).toBe('success');
    expect(model.result()?.summary).toBe('ok');
    // The request, five events of this call and the response.
    expect(model.raw.map((r) => r.dir)).toEqual(['out', 'in', 'in', 'in', 'in', 'in', 'in']);
    // Nothing changes after the end.
    model.apply(makeEvent(req.id, 5, 'log', { message: 'late' }), 1011);
    expect(model.logs).toHaveLength(1);
  });

  it('shows a finished run whole, and a failed one where it stopped', () => {
    const done = run();
    done.model.apply(
      makeEvent(done.req.id, 0, 'progress', { pct: 30, message: 'turn 3/10' }),
      1001,
    );
    expect(done.model.shownPct).toBe(30);
    done.model.apply(
      makeCallResponse(done.req.id, done.req.name, { data: { success: true, duration_ms: 5 } }),
      1002,
    );
    expect(done.model.shownPct).toBe(100);

    const failed = run();
    failed.model.apply(makeEvent(failed.req.id, 0, 'progress', { pct: 30 }), 1001);
    failed.model.apply(
      makeCallResponse(failed.req.id, failed.req.name, {
        data: { success: false, error: 'no', duration_ms: 5 },
      }),
      1002,
    );
    expect(failed.model.shownPct).toBe(30);
  });

  it('takes the events from the result when the call did not stream', () => {
    const { req, model } = run();
    const events = [
      makeEvent(req.id, 0, 'log', { level: 'info', message: 'a' }),
      makeEvent(req.id, 1, 'progress', { pct: 100, message: '' }),
    ];
    model.apply(
      makeCallResponse(req.id, req.name, { data: { success: true, duration_ms: 1, events } }),
      1002,
    );
    expect(model.logs).toHaveLength(1);
    expect(model.progress?.pct).toBe(100);
    expect(model.allEvents()).toHaveLength(2);
  });

  it('says refused for transport errors, failed for skill failures, cancelled for cancels', () => {
    const a = run();
    a.model.apply(
      makeCallResponse(a.req.id, a.req.name, {
        error: transportError('unauthorized', 'agent "w" is not allowed'),
      }),
      1001,
    );
    expect(a.model.outcome()).toBe('refused');
    expect(a.model.transportError()?.code).toBe('unauthorized');

    const b = run();
    b.model.apply(
      makeCallResponse(b.req.id, b.req.name, {
        data: { success: false, error: 'boom', error_code: 'skill_error', duration_ms: 1 },
      }),
      1001,
    );
    expect(b.model.outcome()).toBe('failed');

    const c = run();
    c.model.apply(makeEvent(c.req.id, 0, 'progress', { pct: 10, message: '' }), 1001);
    c.model.cancel(1500);
    expect(c.model.phase).toBe('cancelled');
    expect(c.model.result()).toMatchObject({
      success: false,
      cancelled: true,
      error_code: 'cancelled',
      duration_ms: 500,
    });
    c.model.apply(
      makeCallResponse(c.req.id, c.req.name, { data: { success: true, duration_ms: 1 } }),
      1600,
    );
    expect(c.model.outcome()).toBe('cancelled');

    const d = run();
    d.model.apply(makeProtocolError('invalid_message', 'bad', d.req.id), 1001);
    expect(d.model.outcome()).toBe('refused');
  });

  it('counts seq gaps', () => {
    const { req, model } = run();
    model.apply(makeEvent(req.id, 0, 'log', {}), 1);
    model.apply(makeEvent(req.id, 2, 'log', {}), 2);
    expect(model.seqGaps).toBe(1);
    expect(normaliseLevel('ERR')).toBe('error');
    expect(normaliseLevel(undefined)).toBe('info');
  });
});

describe('the log filter', () => {
  it('filters by level and text, scanning only new lines on each update', () => {
    const source = [
      { seq: 0, ts: 0, level: 'info', message: 'Found 3 words' },
      { seq: 1, ts: 0, level: 'debug', message: 'details' },
      { seq: 2, ts: 0, level: 'warn', message: 'No WORDS here' },
    ];
    // Counts which lines the index reads.
    const reads: number[] = [];
    const lines = new Proxy(source, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads.push(Number(key));
        return Reflect.get(target, key, receiver);
      },
    });
    const idx = new LogIndex(lines);
    const all = new Set(['debug', 'info', 'warn', 'error']);
    expect([...idx.update(lines, all, '')]).toEqual([0, 1, 2]);
    expect([...idx.update(lines, all, 'words')]).toEqual([0, 2]);
    lines.push({ seq: 3, ts: 0, level: 'error', message: 'words failed' });
    reads.length = 0;
    expect([...idx.update(lines, all, 'words')]).toEqual([0, 2, 3]);
    expect(reads).toEqual([3]);
    expect([...idx.update(lines, new Set(['warn', 'error']), '')]).toEqual([2, 3]);
  });
});
