/**
 * A kept call names the agent client that ran it, through the Studio API as the playground
 * writes it: the router takes `agent_client`, the store keeps a known client and version and
 * turns anything else into none, and the listing says which client each call ran in.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { StudioHost } from '../studio-host';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { summarizeEvents, type HistoryInput } from '../../../shared/playground/history';
import type { RouterResult } from '../router';
import { isolatedHost } from '../../test-support/isolated-host';

const FIXTURE = fileURLToPath(new URL('./fixtures/fx-count', import.meta.url));

function ok(r: RouterResult): unknown {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.result;
}

describe('history: which agent client ran a call', () => {
  let ws: TempWorkspace;
  let host: StudioHost;

  beforeEach(async () => {
    ws = tempWorkspace('skill-studio-history-client-');
    await cp(FIXTURE, path.join(ws.root, 'skills', 'fx-count'), { recursive: true });
    host = await isolatedHost(ws.root);
  });
  afterEach(async () => {
    await host.close();
    ws.cleanup();
  });

  const entry = (over: Partial<HistoryInput>): HistoryInput => ({
    skill: 'fx-count',
    agent: null,
    started_at: 1,
    finished_at: 2,
    arguments: {},
    timeout: 30,
    streaming: true,
    outcome: 'success',
    result: { success: true, summary: 'Hi', duration_ms: 5 },
    error: null,
    summary: summarizeEvents([]),
    events: [],
    events_truncated: false,
    ...over,
  });

  it('keeps the client and version, lists them, and keeps a made-up client as none', async () => {
    const a = ok(
      await host.call('history.add', {
        entry: entry({ agent_client: { id: 'claude-code', version: '2.1.332' } }),
      }),
    ) as { id: string };
    const b = ok(
      await host.call('history.add', {
        entry: entry({ agent_client: { id: '../../etc', version: '1' } as never }),
      }),
    ) as { id: string };
    const c = ok(await host.call('history.add', { entry: entry({}) })) as { id: string };
    const got = ok(await host.call('history.get', { id: a.id })) as HistoryInput;
    expect(got.agent_client).toEqual({ id: 'claude-code', version: '2.1.332' });
    expect((ok(await host.call('history.get', { id: b.id })) as HistoryInput).agent_client).toBe(
      null,
    );
    const listed = ok(await host.call('history.list', { skill: 'fx-count' })) as {
      entries: { id: string; agent_client?: string | null }[];
    };
    const byId = Object.fromEntries(listed.entries.map((e) => [e.id, e.agent_client]));
    expect(byId).toEqual({ [a.id]: 'claude-code', [b.id]: null, [c.id]: null });
    // Not an object: refused at the boundary, nothing kept.
    expect(
      (await host.call('history.add', { entry: { ...entry({}), agent_client: 'codex' } as never }))
        .ok,
    ).toBe(false);
  });
});
