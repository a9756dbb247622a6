/**
 * `catalog: installed` in a real client: a trigger eval (`eval --triggers --client
 * claude-code --catalog installed`) and a call (`run_in.catalog`) install the skills the
 * user installed for Claude Code beside the skill under test, so a skill of the user's can
 * win; the workspace's other skills are not installed then, and the user's folder (with a
 * link out of it that must not be followed) is byte-identical afterwards.
 */
import { createHash } from 'node:crypto';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { agentClientBinDir, skipAgentClient } from '../../test-support/agent-clients';
import { StudioHost } from '../studio-host';
import { startFakeModelServer, type FakeModelServer } from './test-support/fake-model-server';

const KEY = 'sk-ant-api03-INSTALLED-CATALOG-SECRET-0123456789';

function hashes(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else
        out[path.relative(dir, p)] = e.isFile()
          ? createHash('sha256').update(readFileSync(p)).digest('hex')
          : 'link';
    }
  };
  walk(dir);
  return out;
}

describe.skipIf(skipAgentClient('claude-code'))(
  "the user's installed skills as the catalog",
  () => {
    let ws: TempWorkspace;
    let fake: FakeModelServer;
    let host: StudioHost;
    let dir: string;
    let home: string;
    let before: Record<string, string>;
    const saved = { ...process.env };

    beforeAll(async () => {
      fake = await startFakeModelServer((prompt) =>
        /rival/.test(prompt)
          ? { do: 'activate', skill: 'user-rival', answer: 'Rival here.' }
          : { do: 'activate', skill: 'greeter', answer: 'Hi!' },
      );
      dir = mkdtempSync(path.join(os.tmpdir(), 'installed-catalog-'));
      home = path.join(dir, 'home');
      const skills = path.join(home, '.claude', 'skills');
      mkdirSync(path.join(skills, 'user-rival'), { recursive: true });
      writeFileSync(
        path.join(skills, 'user-rival', 'SKILL.md'),
        '---\nname: user-rival\ndescription: Greets the user loudly.\n---\n\nShout.\n',
      );
      // A skill linked in from elsewhere: not followed, not installed.
      const outside = path.join(dir, 'outside', 'far-skill');
      mkdirSync(outside, { recursive: true });
      writeFileSync(
        path.join(outside, 'SKILL.md'),
        '---\nname: far-skill\ndescription: Lives outside the folder.\n---\n',
      );
      symlinkSync(outside, path.join(skills, 'far-skill'));
      before = hashes(home);
      const providers = path.join(dir, 'providers.json');
      writeFileSync(
        providers,
        JSON.stringify({
          providers: [
            {
              id: 'fake-claude',
              kind: 'anthropic',
              base_url: fake.url,
              model: 'claude-sonnet-4-5',
              api_key_env: 'INSTALLED_CATALOG_KEY',
            },
          ],
        }),
      );
      chmodSync(providers, 0o600);
      process.env.SKILL_STUDIO_PROVIDERS = providers;
      process.env.INSTALLED_CATALOG_KEY = KEY;
      process.env.PATH = [agentClientBinDir('claude-code'), saved.PATH].join(path.delimiter);
      ws = tempWorkspace();
      ws.addSkill('greeter', 'name: greeter\ndescription: Greets the user.', '# Greet\n', {
        'evals/triggers.json': JSON.stringify([{ query: 'a rival greets', should_trigger: true }]),
      });
      ws.addSkill('workspace-mate', 'name: workspace-mate\ndescription: Another workspace skill.');
      host = await StudioHost.create({
        workspace: ws.root,
        home,
        stateDir: null,
        frameworkDir: null,
      });
    });
    afterAll(async () => {
      await host.close();
      await fake.close();
      process.env = saved;
      ws.cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a trigger eval with catalog installed: the user skill wins, the user folder unchanged', async () => {
      const finished = new Promise<StudioEvent>((resolve) => {
        const off = host.onEvent((e) => {
          if (e.type === 'eval.finished') {
            off();
            resolve(e);
          }
        });
      });
      const started = await host.invoke('evals.startTriggers', {
        skill: 'greeter',
        options: { client: 'claude-code', runs: 1, catalog: 'installed' },
      });
      expect(await finished).toMatchObject({ status: 'completed' });
      const t = (await host.invoke('evals.get', { skill: 'greeter', runId: started.runId }))
        .triggers!;
      expect(t.results[0]).toMatchObject({ triggers: 0, runs: 1, won_by: { 'user-rival': 1 } });
      expect(hashes(home)).toEqual(before);
    }, 120_000);

    it('a call with run_in.catalog installed lists the user skill, not the workspace or a link', async () => {
      const resp = await host.callSkill(
        makeCallRequest({
          name: 'greeter',
          timeout: 90,
          metadata: { run_in: { client: 'claude-code', catalog: 'installed' } },
        }),
        null,
      );
      expect(resp.data?.success).toBe(true);
      const sent = JSON.stringify(
        (resp.data?.metadata?.model_requests as Array<{ request: { body: unknown } }>).map(
          (r) => r.request.body,
        ),
      );
      expect(sent).toContain('user-rival: Greets the user loudly.');
      expect(sent).toContain('greeter: Greets the user.');
      expect(sent).not.toContain('workspace-mate');
      expect(sent).not.toContain('far-skill');
      // The default catalog stays the skill alone.
      const alone = await host.callSkill(
        makeCallRequest({
          name: 'greeter',
          timeout: 90,
          metadata: { run_in: { client: 'claude-code' } },
        }),
        null,
      );
      expect(JSON.stringify(alone.data?.metadata?.model_requests)).not.toContain('user-rival');
      expect(hashes(home)).toEqual(before);
      expect(JSON.stringify(resp)).not.toContain(KEY);
    }, 120_000);
  },
);
