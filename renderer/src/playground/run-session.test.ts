import { describe, expect, it } from 'vitest';
import type { SkillCallRequest } from '../../../shared/protocol/a2e';
import {
  makeCallRequest,
  makeCallResponse,
  makeDiscoverResponse,
  makeEvent,
  makeProtocolError,
} from '../../../shared/protocol/messages';
import {
  ANSWER_GRACE_MS,
  FLUSH_MS,
  HIDDEN_FLUSH_MS,
  NO_ANSWER_MESSAGE,
  RunSession,
} from './run-session';
import { FakeBackend, ManualClock } from './test-support/run-fakes';

function setup(
  over: { timeout?: number; agent?: string | null; key?: number; request?: SkillCallRequest } = {},
  shared?: { clock: ManualClock; backend: FakeBackend },
) {
  const clock = shared?.clock ?? new ManualClock();
  const backend = shared?.backend ?? new FakeBackend();
  const req =
    over.request ??
    makeCallRequest({ name: 'text-stats', arguments: { text: 'hi' }, timeout: over.timeout ?? 30 });
  const counts = { changes: 0, kept: 0 };
  const session = new RunSession({
    key: over.key ?? 1,
    skill: 'text-stats',
    agent: over.agent ?? null,
    request: req,
    backend,
    clock,
    onChange: () => counts.changes++,
    onKept: () => counts.kept++,
  });
  session.start();
  const stream = backend.streams[backend.streams.length - 1];
  return { clock, backend, req, session, stream, counts };
}

const log = (reqId: string, seq: number, message: string) =>
  makeEvent(reqId, seq, 'log', { level: 'info', message });

const success = (req: SkillCallRequest) =>
  makeCallResponse(req.id, req.name, { data: { success: true, summary: 'ok', duration_ms: 3 } });

describe('a playground run session', () => {
  it('sends the request on a connection bound to the agent', () => {
    const { backend, req, stream } = setup({ agent: 'writer' });
    expect(backend.streams).toHaveLength(1);
    expect(stream.agent).toBe('writer');
    expect(stream.sent).toEqual([req]);
  });

  it('folds streamed events into the model in order, one update per frame', async () => {
    const { clock, backend, req, session, stream, counts } = setup();
    stream.emit(log(req.id, 0, 'a'), log(req.id, 1, 'b'), log(req.id, 2, 'c'));
    stream.emit(log(req.id, 3, 'd'));
    // Nothing reaches the model before the frame.
    expect(session.model.events).toBe(0);
    expect(counts.changes).toBe(0);
    clock.paint();
    expect(session.model.logs.map((l) => l.message)).toEqual(['a', 'b', 'c', 'd']);
    expect(session.model.seqGaps).toBe(0);
    expect(counts.changes).toBe(1);

    // A batch right after an update waits FLUSH_MS before it asks for a frame.
    stream.emit(log(req.id, 4, 'e'));
    clock.paint();
    expect(session.model.events).toBe(4);
    clock.advance(FLUSH_MS);
    clock.paint();
    expect(session.model.logs.map((l) => l.message)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(counts.changes).toBe(2);

    stream.emit(success(req));
    clock.advance(FLUSH_MS);
    clock.paint();
    expect(session.model.phase).toBe('done');
    await expect(session.ended).resolves.toBe('success');
    expect(stream.closes).toBe(1);
    expect(backend.history).toHaveLength(1);
    expect(backend.history[0]).toMatchObject({
      skill: 'text-stats',
      agent: null,
      outcome: 'success',
      arguments: { text: 'hi' },
      timeout: 30,
      error: null,
    });
    expect(backend.history[0].events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(counts.kept).toBe(1);

    // The watchdog was disarmed: no timer is left, and time passing changes nothing.
    expect(clock.armed).toBe(0);
    clock.advance(10 * 60_000);
    expect(session.model.phase).toBe('done');
    expect(backend.history).toHaveLength(1);
  });

  it('folds a batch in even when no frame comes (a hidden window)', () => {
    const { clock, req, session, stream } = setup();
    stream.emit(log(req.id, 0, 'a'));
    clock.advance(HIDDEN_FLUSH_MS - 1);
    expect(session.model.events).toBe(0);
    clock.advance(1);
    expect(session.model.logs.map((l) => l.message)).toEqual(['a']);
  });

  it('ends the run as refused on a protocol error, kept with that error', async () => {
    const { clock, backend, req, session, stream } = setup();
    stream.emit(
      log(req.id, 0, 'a'),
      makeProtocolError('invalid_message', 'the request was malformed', req.id),
    );
    clock.paint();
    expect(session.model.phase).toBe('failed');
    await expect(session.ended).resolves.toBe('refused');
    expect(stream.closes).toBe(1);
    expect(backend.history).toHaveLength(1);
    expect(backend.history[0].error).toMatchObject({
      code: 'invalid_message',
      message: 'the request was malformed',
    });
  });

  it('ends a run whose connection was lost, with what arrived before and why', async () => {
    const { backend, req, session, stream } = setup();
    stream.emit(log(req.id, 0, 'a'));
    stream.lose('the connection closed (code 1006)');
    expect(session.model.logs.map((l) => l.message)).toEqual(['a']);
    expect(session.model.transportError()?.message).toBe(
      'No answer from the studio host: the connection closed (code 1006).',
    );
    await expect(session.ended).resolves.toBe('refused');
    expect(backend.history).toHaveLength(1);
  });

  it('ends a silent run with a clear error once its timeout and the grace are over', async () => {
    const { clock, backend, req, session, stream, counts } = setup({ timeout: 2 });
    stream.emit(log(req.id, 0, 'started'));
    clock.paint();
    clock.advance(2_000 + ANSWER_GRACE_MS - 1);
    expect(session.model.phase).toBe('running');
    expect(stream.closes).toBe(0);
    clock.advance(1);
    expect(session.model.phase).toBe('failed');
    expect(session.model.transportError()?.message).toBe(NO_ANSWER_MESSAGE);
    expect(counts.changes).toBe(2);
    expect(stream.closes).toBe(1);
    await expect(session.ended).resolves.toBe('refused');
    expect(backend.history).toHaveLength(1);
    expect(backend.history[0].error?.message).toBe(NO_ANSWER_MESSAGE);
    expect(backend.history[0].summary.total).toBe(1);
  });

  it('cancels by closing the connection, keeps what arrived, and ends as cancelled', async () => {
    const { clock, backend, req, session, stream, counts } = setup();
    stream.emit(log(req.id, 0, 'a'), log(req.id, 1, 'b'));
    clock.paint();
    // Arrived but not yet shown when Cancel is pressed.
    stream.emit(log(req.id, 2, 'c'));
    session.cancel();
    expect(stream.closes).toBe(1);
    expect(session.model.phase).toBe('cancelled');
    expect(session.model.logs.map((l) => l.message)).toEqual(['a', 'b', 'c']);
    expect(session.model.result()).toMatchObject({ cancelled: true, error_code: 'cancelled' });
    expect(counts.changes).toBeGreaterThanOrEqual(2);
    await expect(session.ended).resolves.toBe('cancelled');
    expect(backend.history).toHaveLength(1);
    expect(backend.history[0].outcome).toBe('cancelled');
    expect(backend.history[0].events).toHaveLength(3);

    // What the host still had in flight changes nothing, and a second cancel does nothing.
    stream.emit(log(req.id, 3, 'late'), success(req));
    clock.advance(HIDDEN_FLUSH_MS);
    clock.paint();
    session.cancel();
    expect(session.model.phase).toBe('cancelled');
    expect(session.model.events).toBe(3);
    expect(stream.closes).toBe(1);
    expect(backend.history).toHaveLength(1);
    expect(counts.kept).toBe(1);
  });

  it('writes the history once, even when the answer is repeated or cancel comes late', async () => {
    const { clock, backend, req, session, stream } = setup();
    stream.emit(success(req));
    clock.paint();
    stream.emit(success(req));
    stream.lose('the connection closed (code 1000)');
    session.cancel();
    clock.advance(10 * 60_000);
    clock.paint();
    await session.ended;
    expect(session.model.phase).toBe('done');
    expect(backend.history).toHaveLength(1);
  });

  it('ends the run even when the history cannot be written', async () => {
    const { clock, backend, req, session, stream, counts } = setup();
    backend.historyFails = true;
    stream.emit(success(req));
    clock.paint();
    await expect(session.ended).resolves.toBe('success');
    expect(counts.kept).toBe(0);
  });

  it("does not give a second run the first run's late events", async () => {
    const first = setup({ key: 1 });
    first.stream.emit(log(first.req.id, 0, 'first'));
    first.clock.paint();
    first.session.cancel();
    await first.session.ended;

    const second = setup({ key: 2 }, first);
    expect(second.stream).not.toBe(first.stream);
    // The first call's connection still delivers what was in flight.
    first.stream.emit(log(first.req.id, 1, 'late'), success(first.req));
    second.clock.advance(HIDDEN_FLUSH_MS);
    second.clock.paint();
    expect(second.session.model.events).toBe(0);
    expect(second.session.model.phase).toBe('running');
    expect(second.counts.changes).toBe(0);
    expect(first.session.model.logs.map((l) => l.message)).toEqual(['first']);

    second.stream.emit(log(second.req.id, 0, 'second'));
    second.clock.advance(HIDDEN_FLUSH_MS);
    expect(second.session.model.logs.map((l) => l.message)).toEqual(['second']);
    expect(first.backend.history).toHaveLength(1);
  });

  it('drops garbled and foreign messages and goes on with the run', () => {
    const { clock, req, session, stream } = setup();
    expect(() =>
      stream.emit(
        null,
        'not json',
        42,
        { type: 'nonsense' },
        log('another-call', 0, 'not mine'),
        makeDiscoverResponse('another-request', []),
        log(req.id, 0, 'mine'),
      ),
    ).not.toThrow();
    expect(() => clock.paint()).not.toThrow();
    expect(session.model.logs.map((l) => l.message)).toEqual(['mine']);
    expect(session.model.raw.map((r) => r.dir)).toEqual(['out', 'in']);
    expect(session.model.phase).toBe('running');
    stream.emit(success(req));
    clock.advance(FLUSH_MS + HIDDEN_FLUSH_MS);
    expect(session.model.phase).toBe('done');
  });
});
