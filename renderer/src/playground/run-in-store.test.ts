/**
 * A playground run in an agent client: the call carries `metadata.run_in` with the picked
 * provider and model (and no llm_override: the client asks the model, not the studio), a
 * script skill needs a provider too, acting as an agent refuses the run before anything is
 * sent, and the history keeps the client and version the result names.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProvidersInfo } from '../../../shared/api/studio-api';
import { providerView } from '../../../shared/test-support/provider-view';
import { makeCallResponse } from '../../../shared/protocol/messages';
import { skillListItem } from '../../../shared/test-support/skill-list-item';
import { setBackend } from '../backend/current';
import { useSkills } from '../stores/skills-store';
import { useProviders } from '../settings/providers-store';
import { NO_PROVIDER_BLOCK, usePlayground } from './playground-store';
import { FakeBackend } from './test-support/run-fakes';

const SKILL = 'greeter';
const DIR = '/ws/skills/greeter';
let backend: FakeBackend;

function info(ids: string[]): ProvidersInfo {
  return {
    providers: ids.map((id) => providerView(id, 'm1')),
    default_id: ids[0] ?? null,
    workspace_file: null,
    user_file: null,
    user_file_refused: null,
    problems: [],
    approvals_file: null,
    key_storage: { available: false, where: 'environment variables', problem: null },
  };
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    queueMicrotask(() => cb(0));
    return 0;
  });
  backend = new FakeBackend();
  backend.answers['playground.validate'] = () => ({ ok: true, errors: [], message: null });
  backend.answers['providers.list'] = () => info(['wire']);
  setBackend(backend);
  usePlayground.setState({
    actAs: null,
    args: {},
    checks: {},
    runs: {},
    runBlocked: {},
    modelChoices: {},
    runIn: null,
  });
  useProviders.setState({ info: null });
  // A script skill: on its own it needs no model; in a client it does.
  useSkills.setState({
    listing: { skills: [skillListItem(SKILL, { dir: DIR, kind: 'script' })], conflicts: [] },
    selected: { name: SKILL, dir: DIR },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('a run in an agent client', () => {
  it('sends run_in with the provider and model, and keeps the client in the history', async () => {
    usePlayground.getState().setRunIn({ client: 'claude-code', allowScripts: false });
    await expect(usePlayground.getState().run(SKILL)).resolves.toBe(true);
    const req = backend.streams[0].sent[0];
    if (req?.type !== 'skill/call/req') throw new Error('no call was sent');
    expect(backend.streams[0].agent).toBeNull();
    expect(req.llm_override).toBeNull();
    expect(req.metadata.run_in).toEqual({
      client: 'claude-code',
      allow_scripts: false,
      provider: 'wire',
      model: 'm1',
    });
    backend.streams[0].emit(
      makeCallResponse(req.id, SKILL, {
        data: {
          success: true,
          duration_ms: 2,
          metadata: {
            client: { id: 'claude-code', version: '2.1.332' },
            activated_skills: [SKILL],
          },
        },
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(backend.history[0].agent_client).toEqual({ id: 'claude-code', version: '2.1.332' });
  });

  it('needs a provider even for a script skill', async () => {
    backend.answers['providers.list'] = () => info([]);
    usePlayground.getState().setRunIn({ client: 'codex', allowScripts: true });
    await expect(usePlayground.getState().run(SKILL)).resolves.toBe(false);
    expect(usePlayground.getState().runBlocked[SKILL]).toBe(NO_PROVIDER_BLOCK);
    expect(backend.streams).toHaveLength(0);
  });

  it('is refused while acting as an agent, before anything is sent', async () => {
    usePlayground.setState({ actAs: 'writer' });
    usePlayground.getState().setRunIn({ client: 'codex', allowScripts: false });
    await expect(usePlayground.getState().run(SKILL)).resolves.toBe(false);
    expect(usePlayground.getState().runBlocked[SKILL]).toContain('Act as');
    expect(backend.streams).toHaveLength(0);
  });

  it('a studio run sends no run_in and keeps no client', async () => {
    await usePlayground.getState().run(SKILL);
    const req = backend.streams[0].sent[0];
    if (req?.type !== 'skill/call/req') throw new Error('no call was sent');
    expect(req.metadata).not.toHaveProperty('run_in');
    backend.streams[0].emit(
      makeCallResponse(req.id, SKILL, { data: { success: true, duration_ms: 2 } }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(backend.history[0]).not.toHaveProperty('agent_client');
  });
});
