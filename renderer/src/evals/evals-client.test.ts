/**
 * Evals through an agent client (the panel's Run in): a benchmark or trigger eval started
 * with a client asks the host for exactly that client and the scripts choice, the job on
 * screen names the client at once, and a run read back from disk names the version that ran.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Backend, EvalRunDetail, StudioEvent } from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { DEFAULT_SETTINGS, jobFromDetail, stopListening, useEvals } from './evals-store';

const DIR = '/ws/skills/greeter';
const calls: { method: string; params: unknown }[] = [];

beforeEach(() => {
  stopListening();
  calls.length = 0;
  useEvals.setState({ skills: {}, openCell: null, settings: { ...DEFAULT_SETTINGS } });
  const b = {
    kind: 'http',
    async call(method: string, params: unknown) {
      calls.push({ method, params });
      return { runId: 'r1', kind: method === 'evals.start' ? 'benchmark' : 'triggers', total: 2 };
    },
    onEvent: (_l: (e: StudioEvent) => void) => () => {},
  };
  setBackend(b as unknown as Backend);
});
afterEach(() => stopListening());

describe('evals run in an agent client', () => {
  it('a benchmark asks for the client, and the job names it', async () => {
    const ok = await useEvals
      .getState()
      .startBenchmark(DIR, { provider: 'p', model: 'm' }, undefined, {
        client: 'claude-code',
        allowScripts: false,
      });
    expect(ok).toBe(true);
    expect(calls[0].method).toBe('evals.start');
    expect((calls[0].params as { options: Record<string, unknown> }).options).toMatchObject({
      provider: 'p',
      model: 'm',
      client: 'claude-code',
      allow_scripts: false,
    });
    expect(useEvals.getState().of(DIR).benchmark?.client).toEqual({
      id: 'claude-code',
      version: null,
    });
  });

  it('a trigger eval with scripts allowed says so; without a client, none is sent', async () => {
    await useEvals
      .getState()
      .startTriggers(DIR, null, null, { client: 'codex', allowScripts: true });
    expect((calls[0].params as { options: Record<string, unknown> }).options).toMatchObject({
      client: 'codex',
      allow_scripts: true,
    });
    useEvals.setState({ skills: {} });
    await useEvals.getState().startTriggers(DIR, null, 'writer');
    const plain = (calls[1].params as { options: Record<string, unknown> }).options;
    expect(plain).not.toHaveProperty('client');
    expect(plain.agent).toBe('writer');
    expect(useEvals.getState().of(DIR).triggerRun?.client).toBeNull();
  });

  it('a run read back names the client and version its results recorded', () => {
    const detail = {
      runId: 'r1',
      kind: 'triggers',
      status: 'completed',
      folder: '/r1',
      benchmark: null,
      triggers: {
        results: [],
        studio: { error: null, client: { id: 'codex', version: '0.171.0' } },
      },
      improve: null,
    } as unknown as EvalRunDetail;
    expect(jobFromDetail(detail).client).toEqual({ id: 'codex', version: '0.171.0' });
  });
});
