import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProviderView, ProvidersInfo } from '../../../shared/api/studio-api';
import { providerView } from '../../../shared/test-support/provider-view';
import type { SkillCallRequest } from '../../../shared/protocol/a2e';
import { makeCallResponse, makeEvent } from '../../../shared/protocol/messages';
import { skillListItem } from '../../../shared/test-support/skill-list-item';
import { setBackend } from '../backend/current';
import { useSkills } from '../stores/skills-store';
import { useProviders } from '../settings/providers-store';
import { NO_PROVIDER_BLOCK, usePlayground } from './playground-store';
import { FakeBackend } from './test-support/run-fakes';

const SKILL = 'text-stats';
const DIR = '/ws/skills/text-stats';

const provider = providerView;

function providersInfo(providers: ProviderView[]): ProvidersInfo {
  return {
    providers,
    default_id: providers[0]?.id ?? null,
    workspace_file: null,
    user_file: null,
    user_file_refused: null,
    problems: [],
    approvals_file: null,
    key_storage: { available: false, where: 'environment variables', problem: null },
  };
}

/** Promise callbacks and the frames (queued as microtasks here) have all run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

let backend: FakeBackend;

function listSkill(kind: 'script' | 'llm'): void {
  useSkills.setState({
    listing: { skills: [skillListItem(SKILL, { dir: DIR, kind })], conflicts: [] },
    selected: { name: SKILL, dir: DIR },
  });
}

function sentRequest(index = 0): SkillCallRequest {
  const req = backend.streams[index].sent[0];
  if (req?.type !== 'skill/call/req') throw new Error('no call was sent');
  return req;
}

beforeEach(() => {
  // Node has no animation frames: the next frame is the next microtask.
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    queueMicrotask(() => cb(0));
    return 0;
  });
  backend = new FakeBackend();
  backend.answers['playground.validate'] = () => ({ ok: true, errors: [], message: null });
  backend.answers['providers.list'] = () => providersInfo([]);
  setBackend(backend);
  usePlayground.setState({
    tab: 'history',
    actAs: null,
    args: {},
    checks: {},
    timeout: 60,
    streaming: true,
    runs: {},
    runBlocked: {},
    modelChoices: {},
  });
  useProviders.setState({ info: null });
  listSkill('script');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the playground store', () => {
  it('runs the skill on screen with the call options and the agent it acts as', async () => {
    const pg = usePlayground.getState();
    pg.setArgs(SKILL, { text: 'hello' });
    pg.setTimeoutSeconds(300);
    pg.setStreaming(false);
    pg.setActAs('writer');
    await expect(pg.run(SKILL)).resolves.toBe(true);

    expect(backend.streams).toHaveLength(1);
    expect(backend.streams[0].agent).toBe('writer');
    const req = sentRequest();
    expect(req).toMatchObject({
      name: SKILL,
      arguments: { text: 'hello' },
      timeout: 300,
      streaming: false,
      llm_override: null,
      // The folder pins the call to this skill, not another of its name.
      metadata: { client: 'skill-studio playground', skill_dir: DIR },
    });
    // The host checked the arguments of that folder before the run.
    expect(backend.calls.find((c) => c.method === 'playground.validate')?.params).toEqual({
      skill: DIR,
      arguments: { text: 'hello' },
    });
    const state = usePlayground.getState();
    expect(state.tab).toBe('run');
    expect(state.runs[SKILL].model.request).toBe(req);
    expect(state.runs[SKILL].agent).toBe('writer');
  });

  it('keeps a 60 s timeout for a value that is no timeout', () => {
    const pg = usePlayground.getState();
    pg.setTimeoutSeconds(120);
    expect(usePlayground.getState().timeout).toBe(120);
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      pg.setTimeoutSeconds(bad);
      expect(usePlayground.getState().timeout).toBe(60);
    }
  });

  it('shows streamed events and keeps the finished call in the history', async () => {
    const before = usePlayground.getState().historyNonce;
    await usePlayground.getState().run(SKILL);
    const req = sentRequest();
    const run = usePlayground.getState().runs[SKILL];
    const ticks = usePlayground.getState().tick;
    backend.streams[0].emit(makeEvent(req.id, 0, 'log', { level: 'info', message: 'counting' }));
    backend.streams[0].emit(
      makeCallResponse(req.id, SKILL, { data: { success: true, duration_ms: 2 } }),
    );
    expect(run.model.events).toBe(0);
    await settle();
    // Both batches came before the frame: one update shows them.
    expect(usePlayground.getState().tick).toBe(ticks + 1);
    expect(run.model.logs.map((l) => l.message)).toEqual(['counting']);
    expect(run.model.phase).toBe('done');
    expect(backend.history.map((h) => h.outcome)).toEqual(['success']);
    expect(usePlayground.getState().historyNonce).toBe(before + 1);
  });

  it('refuses to run arguments that are not JSON or that the host rejects', async () => {
    const pg = usePlayground.getState();
    pg.editJson(SKILL, '{"text": ');
    await expect(pg.run(SKILL)).resolves.toBe(false);
    expect(usePlayground.getState().runBlocked[SKILL]).toMatch(/^The JSON is not valid: /);

    backend.answers['playground.validate'] = () => ({
      ok: false,
      errors: [
        { path: '', keyword: 'required', message: 'x', params: { missingProperty: 'text' } },
      ],
      message: 'missing text',
    });
    pg.setArgs(SKILL, {});
    await expect(pg.run(SKILL)).resolves.toBe(false);
    expect(usePlayground.getState().runBlocked[SKILL]).toMatch(/^an argument does not match/);
    expect(backend.streams).toHaveLength(0);
  });

  it('refuses a model skill when no provider is configured, saying where to add one', async () => {
    listSkill('llm');
    await expect(usePlayground.getState().run(SKILL)).resolves.toBe(false);
    expect(usePlayground.getState().runBlocked[SKILL]).toBe(NO_PROVIDER_BLOCK);
    expect(backend.streams).toHaveLength(0);
  });

  it('runs a model skill on the provider and model picked for it (a rerun keeps them)', async () => {
    listSkill('llm');
    backend.answers['providers.list'] = () =>
      providersInfo([provider('cloud', 'big'), provider('local', 'llama3', ['llama3', 'qwen'])]);
    const pg = usePlayground.getState();
    // What a rerun of a kept call (or a saved case) sets before it runs.
    pg.setTimeoutSeconds(45);
    pg.setArgs(SKILL, { text: 'again' });
    pg.setModelChoice(SKILL, { provider: 'local', model: 'qwen' });
    await expect(pg.run(SKILL)).resolves.toBe(true);
    expect(sentRequest()).toMatchObject({
      timeout: 45,
      arguments: { text: 'again' },
      llm_override: {
        provider_name: 'local',
        provider_credentials: {},
        provider_config: { model: 'qwen' },
      },
    });
  });

  it('refuses a second Run while one is going; after a cancel the next run starts afresh', async () => {
    const pg = usePlayground.getState();
    await expect(pg.run(SKILL)).resolves.toBe(true);
    await expect(pg.run(SKILL)).resolves.toBe(false);
    expect(backend.streams).toHaveLength(1);
    const first = usePlayground.getState().runs[SKILL];

    pg.cancel(SKILL);
    expect(first.model.phase).toBe('cancelled');
    expect(backend.streams[0].closes).toBe(1);
    await settle();
    expect(backend.history.map((h) => h.outcome)).toEqual(['cancelled']);

    await expect(pg.run(SKILL)).resolves.toBe(true);
    const second = usePlayground.getState().runs[SKILL];
    expect(second.key).not.toBe(first.key);
    // The first call's connection still delivers what was in flight: it goes nowhere.
    const firstReq = sentRequest(0);
    backend.streams[0].emit(makeEvent(firstReq.id, 0, 'log', { level: 'info', message: 'late' }));
    await settle();
    expect(second.model.events).toBe(0);
    expect(second.model.phase).toBe('running');
    // Cancel acts on the current run only.
    pg.cancel(SKILL);
    expect(second.model.phase).toBe('cancelled');
    expect(backend.streams[1].closes).toBe(1);
  });
});
