import { describe, expect, it } from 'vitest';
import { createIpcBackend } from './ipc-backend';
import { makeCallRequest, makeDiscoverRequest } from '../../../shared/protocol/messages';
import { StudioError } from './studio-error';
import type { StudioBridge, StudioEvent } from '../../../shared/api/studio-api';

/** A bridge with the preload's shape, answering from plain functions (the real one needs Electron). */
function bridge(overrides: Partial<StudioBridge> = {}) {
  const eventListeners = new Set<(e: StudioEvent) => void>();
  const a2eListeners = new Set<(id: string, frame: string) => void>();
  const sent: [string, string][] = [];
  const closed: string[] = [];
  let resolveOpen: (id: string) => void = () => undefined;
  const b: StudioBridge = {
    call: async (method) =>
      method === 'workspace.info'
        ? { ok: true, result: { root: null, recent: [], agents: [], configDiagnostics: [] } }
        : {
            ok: false,
            error: { code: 'forbidden_path', message: 'the path "../x" leaves the skill folder' },
          },
    onEvent: (l) => {
      eventListeners.add(l);
      return () => eventListeners.delete(l);
    },
    a2eOpen: () => new Promise<string>((r) => (resolveOpen = r)),
    a2eSend: (id, frame) => sent.push([id, frame]),
    a2eClose: (id) => closed.push(id),
    onA2E: (l) => {
      a2eListeners.add(l);
      return () => a2eListeners.delete(l);
    },
    pickFolder: async () => null,
    pickSavePath: async () => null,
    callAndSave: async () => ({ ok: false, error: { code: 'internal', message: 'unused' } }),
    onMenu: () => () => undefined,
    ...overrides,
  };
  return { b, eventListeners, a2eListeners, sent, closed, open: (id: string) => resolveOpen(id) };
}

describe('ipc backend', () => {
  it('returns results and throws the host error with its code', async () => {
    const { b } = bridge();
    const backend = createIpcBackend(b);
    expect((await backend.call('workspace.info', {})).root).toBeNull();
    const err = (await backend
      .call('files.delete', { skill: 'a', path: '../x' })
      .catch((e: unknown) => e)) as StudioError;
    expect(err).toBeInstanceOf(StudioError);
    expect(err.code).toBe('forbidden_path');
    expect(err.message).toContain('leaves the skill folder');
  });

  it('turns a rejected or malformed reply into an internal error', async () => {
    const rejecting = createIpcBackend(
      bridge({ call: () => Promise.reject(new Error('ipc gone')) }).b,
    );
    expect(
      ((await rejecting.call('workspace.info', {}).catch((e: unknown) => e)) as StudioError)
        .message,
    ).toBe('ipc gone');
    const odd = createIpcBackend(
      bridge({ call: async () => ({ ok: false, error: { code: 'nope', message: 1 } }) as never }).b,
    );
    expect(
      ((await odd.call('workspace.info', {}).catch((e: unknown) => e)) as StudioError).code,
    ).toBe('internal');
  });

  it('passes only well-formed events on', () => {
    const { b, eventListeners } = bridge();
    const got: StudioEvent[] = [];
    const off = createIpcBackend(b).onEvent((e) => got.push(e));
    for (const l of eventListeners) {
      l({ type: 'file.changed', dir: '/ws/a', skill: 'a', path: 'SKILL.md', version: null });
      l({ type: 'bogus' } as unknown as StudioEvent);
    }
    expect(got).toEqual([
      { type: 'file.changed', dir: '/ws/a', skill: 'a', path: 'SKILL.md', version: null },
    ]);
    off();
    expect(eventListeners.size).toBe(0);
  });

  it('queues A2E frames until the connection id arrives and routes replies by id', async () => {
    const h = bridge();
    const received: unknown[] = [];
    const conn = createIpcBackend(h.b).a2e('agent-1', (m) => received.push(m));
    conn.send({
      type: 'skill/discover/req',
      id: 'q',
      version: '1.0',
      ts: 1,
      filter_tags: [],
      filter_categories: [],
    });
    expect(h.sent).toEqual([]);
    h.open('c1');
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent.map(([id]) => id)).toEqual(['c1']);
    for (const l of h.a2eListeners) {
      l('other', '{"type":"skill/discover/resp"}');
      l('c1', '{"type":"skill/discover/resp","req_id":"q"}');
      l('c1', 'not json');
    }
    expect(received).toEqual([{ type: 'skill/discover/resp', req_id: 'q' }]);
    conn.close();
    expect(h.closed).toEqual(['c1']);
  });

  it('streams a call as batches of one message each', async () => {
    const h = bridge();
    const batches: unknown[][] = [];
    const conn = createIpcBackend(h.b).a2eStream(null, (msgs) => batches.push(msgs));
    h.open('c7');
    await new Promise((r) => setTimeout(r, 0));
    for (const l of h.a2eListeners) {
      l('c7', '{"type":"skill/event","req_id":"r","seq":0}');
      l('c7', '{"type":"skill/call/resp","req_id":"r"}');
    }
    expect(batches).toEqual([
      [{ type: 'skill/event', req_id: 'r', seq: 0 }],
      [{ type: 'skill/call/resp', req_id: 'r' }],
    ]);
    conn.close();
    expect(h.closed).toEqual(['c7']);
  });

  it('answers every request with a refusal when the host refuses the connection', async () => {
    const { b } = bridge({ a2eOpen: () => Promise.reject(new Error('no agent "ghost"')) });
    const got: {
      type: string;
      req_id: string;
      error?: { code: string; message: string } | null;
    }[] = [];
    const conn = createIpcBackend(b).a2e('ghost', (m) => got.push(m as (typeof got)[number]));
    conn.send(makeCallRequest({ id: 'c1', name: 'alpha' }));
    conn.send(makeDiscoverRequest({ id: 'd1' }));
    await expect.poll(() => got.length).toBe(2);
    expect(got[0]).toMatchObject({
      type: 'skill/call/resp',
      req_id: 'c1',
      error: { code: 'unauthorized' },
    });
    expect(got[1]).toMatchObject({
      type: 'skill/discover/resp',
      req_id: 'd1',
      error: { code: 'unauthorized' },
    });
    expect(got[0].error?.message).toContain('ghost');
    conn.send(makeCallRequest({ id: 'c2', name: 'alpha' }));
    expect(got[2]).toMatchObject({ req_id: 'c2', error: { code: 'unauthorized' } });
  });
});
