import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  realpath,
  rm,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { makeEvent } from '../../../shared/protocol/messages';
import { summarizeEvents, type HistoryInput } from '../../../shared/playground/history';
import { HistoryStore, historyDirFor, historyStoreFor } from './history-store';

function input(n: number, over: Partial<HistoryInput> = {}): HistoryInput {
  const events = [makeEvent('r', 0, 'log', { level: 'info', message: `call ${n}` })];
  return {
    skill: n % 2 === 0 ? 'even' : 'odd',
    agent: null,
    started_at: 1_700_000_000_000 + n,
    finished_at: 1_700_000_000_100 + n,
    arguments: { n },
    timeout: 60,
    streaming: true,
    outcome: 'success',
    result: { success: true, summary: `call ${n}`, duration_ms: 100 },
    error: null,
    summary: summarizeEvents(events),
    events,
    events_truncated: false,
    ...over,
  };
}

describe('the history store', () => {
  let ws: string;
  let dir: string;
  beforeEach(async () => {
    ws = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-history-'));
    dir = historyDirFor(ws);
  });
  afterEach(() => rm(ws, { recursive: true, force: true }));

  it('keeps calls in the workspace, lists them newest first, gets and deletes them', async () => {
    const store = new HistoryStore({ dir, root: ws });
    const a = await store.add(input(1));
    const b = await store.add(input(2));
    expect(a.id).not.toBe(b.id);
    expect((await store.list()).map((s) => s.text)).toEqual(['call 2', 'call 1']);
    expect((await store.list({ skill: 'odd' })).map((s) => s.id)).toEqual([a.id]);
    expect((await store.list({ limit: 1 })).map((s) => s.id)).toEqual([b.id]);
    const files = (await readdir(dir)).sort();
    expect(files).toEqual(['.gitignore', 'index.json', `${a.id}.json`, `${b.id}.json`].sort());
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe('*\n');
    const got = await store.get(a.id);
    expect(got).toMatchObject({ id: a.id, skill: 'odd', arguments: { n: 1 }, outcome: 'success' });
    await store.delete(a.id);
    expect((await store.list()).map((s) => s.id)).toEqual([b.id]);
    await expect(store.get(a.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(store.delete(a.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(store.get('../../etc/passwd')).rejects.toMatchObject({ code: 'invalid_params' });
    // A second store on the same folder (a restart) sees the same history.
    expect((await new HistoryStore({ dir, root: ws }).list()).map((s) => s.id)).toEqual([b.id]);
  });

  it('never writes a secret to disk', async () => {
    const store = new HistoryStore({ dir, root: ws });
    const s = await store.add(
      input(1, {
        arguments: { text: 'hi', api_key: 'hunter2-secret' },
        llm_override: {
          provider_name: 'openai',
          provider_credentials: { api_key: 'sk-live-credential-value' },
        },
      }),
    );
    const text = await readFile(path.join(dir, `${s.id}.json`), 'utf8');
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('sk-live-credential-value');
    expect(JSON.parse(text).redacted).toEqual([
      '/arguments/api_key',
      '/llm_override/provider_credentials',
    ]);
  });

  it('drops the oldest calls beyond the count and byte caps', async () => {
    const store = new HistoryStore({ dir, root: ws, maxEntries: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await store.add(input(i))).id);
    expect((await store.list()).map((s) => s.id)).toEqual(ids.slice(2).reverse());
    const files = await readdir(dir);
    expect(files.filter((f) => f.endsWith('.json') && f !== 'index.json').sort()).toEqual(
      ids
        .slice(2)
        .map((id) => `${id}.json`)
        .sort(),
    );

    const big = 'x'.repeat(1200);
    const one = (
      await new HistoryStore({ dir: path.join(ws, 'probe'), root: ws }).add(
        input(0, { arguments: { big } }),
      )
    ).bytes;
    const cap = Math.floor(one * 2.5);
    const small = new HistoryStore({ dir: path.join(ws, 'small'), root: ws, maxBytes: cap });
    const last = [];
    for (let i = 0; i < 4; i++) last.push((await small.add(input(i, { arguments: { big } }))).id);
    const kept = await small.list();
    expect(kept.reduce((n, s) => n + s.bytes, 0)).toBeLessThanOrEqual(cap);
    expect(kept.map((s) => s.id)).toEqual([last[3], last[2]]);
  });

  it('keeps a huge call without its events, and refuses one that is still too big', async () => {
    const store = new HistoryStore({ dir, root: ws, maxEntryBytes: 20_000 });
    const events = Array.from({ length: 400 }, (_, i) =>
      makeEvent('r', i, 'log', { level: 'info', message: 'y'.repeat(100) }),
    );
    const s = await store.add(input(1, { events, summary: summarizeEvents(events) }));
    const e = await store.get(s.id);
    expect(e.events).toEqual([]);
    expect(e.events_truncated).toBe(true);
    expect(e.summary.total).toBe(400);
    await expect(
      store.add(input(2, { arguments: { huge: 'z'.repeat(30_000) } })),
    ).rejects.toMatchObject({ code: 'too_large' });
  });

  it('rebuilds a lost or damaged index from the call files, skipping damaged calls', async () => {
    const store = new HistoryStore({ dir, root: ws });
    const a = await store.add(input(1));
    const b = await store.add(input(2));
    await writeFile(path.join(dir, 'index.json'), '{not json');
    await writeFile(path.join(dir, 'abc-broken.json'), '{"id": ');
    const fresh = new HistoryStore({ dir, root: ws });
    expect((await fresh.list()).map((s) => s.id)).toEqual([b.id, a.id]);
    await rm(path.join(dir, 'index.json'));
    expect((await new HistoryStore({ dir, root: ws }).list()).length).toBe(2);
  });

  it('serialises concurrent adds so none is lost', async () => {
    const store = new HistoryStore({ dir, root: ws });
    await Promise.all(Array.from({ length: 12 }, (_, i) => store.add(input(i))));
    expect(await new HistoryStore({ dir, root: ws }).list()).toHaveLength(12);
  });

  it('writes and deletes nothing through a `.skill-studio` committed as a link out of the workspace', async () => {
    const outside = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-outside-'));
    try {
      // What a cloned repository can carry: the state folder as a link, with an index
      // naming a call whose file sits in the folder the link points to.
      await mkdir(path.join(outside, 'history'));
      const victim = path.join(outside, 'history', 'abc-1.json');
      await writeFile(victim, 'the user file');
      await symlink(outside, path.join(ws, '.skill-studio'));
      const store = historyStoreFor(ws);
      const refused = await store.add(input(1)).catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'forbidden_path' });
      expect((refused as Error).message).toContain(path.join(await realpath(outside), 'history'));
      await writeFile(
        path.join(outside, 'history', 'index.json'),
        JSON.stringify([{ id: 'abc-1' }]),
      );
      await expect(historyStoreFor(ws).delete('abc-1')).rejects.toMatchObject({
        code: 'forbidden_path',
      });
      expect(await readFile(victim, 'utf8')).toBe('the user file');
      expect((await readdir(path.join(outside, 'history'))).sort()).toEqual([
        'abc-1.json',
        'index.json',
      ]);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('lives in memory when no workspace is open', async () => {
    const store = new HistoryStore({ dir: null });
    const s = await store.add(input(3));
    expect((await store.list()).map((x) => x.id)).toEqual([s.id]);
    expect((await store.get(s.id)).arguments).toEqual({ n: 3 });
    await store.delete(s.id);
    expect(await store.list()).toEqual([]);
  });
});
