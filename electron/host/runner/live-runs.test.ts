/**
 * stopAllRuns: every call of every host in the process is cancelled and its run
 * stopped, and no new call starts afterwards (its own file: the flag is process-wide).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { A2EHost } from './a2e-host';
import { agentPolicy, copyFixtures, type FixtureCatalog } from './fixtures/fixture-catalog';
import { liveRunCount, runsAreStopping, stopAllRuns } from './live-runs';

let root: string;
let catalog: FixtureCatalog;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'live-runs-test-'));
  catalog = await copyFixtures(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('stopAllRuns', () => {
  it('cancels the calls of every host, resolves once their runs stopped, then refuses new calls', async () => {
    const agents = agentPolicy({});
    const a = new A2EHost({ catalog, agents, concurrency: 1 });
    const b = new A2EHost({ catalog, agents });
    const started: string[] = [];
    const first = a.call(makeCallRequest({ name: 'fx-sleep', timeout: 60 }), null, () =>
      started.push('a'),
    );
    const queued = a.call(makeCallRequest({ name: 'fx-quick' }), null);
    const other = b.call(makeCallRequest({ name: 'fx-sleep', timeout: 60 }), null, () =>
      started.push('b'),
    );
    while (started.length < 2) await new Promise((r) => setTimeout(r, 10));
    expect(liveRunCount()).toBe(3);

    await stopAllRuns();
    expect(liveRunCount()).toBe(0);
    expect(a.activeCalls + b.activeCalls + a.queuedCalls).toBe(0);
    for (const resp of await Promise.all([first, queued, other]))
      expect(resp.data).toMatchObject({ success: false, cancelled: true });

    expect(runsAreStopping()).toBe(true);
    const late = await b.call(makeCallRequest({ name: 'fx-quick' }), null);
    expect(late.error).toMatchObject({
      code: 'runtime_error',
      message: expect.stringMatching(/shutting down/),
    });
  });
});
