/**
 * The listing the catalog predicts is the one the relay recorded in a studio run: `call NAME
 * --client claude-code --record DIR` runs the real Claude Code through the run's relay to a
 * fake model, and the recorded request must hold the predicted listing whole. The run
 * installs the skill alone in a throwaway project, so the prediction is the catalog of a
 * project holding that one skill, for the provider's model (200k tokens: 8,000 characters).
 */
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../../test-support/temp-workspace';
import { runCliIn } from '../../../test-support/run-cli';
import { agentClientBinDir, skipAgentClient } from '../../../test-support/agent-clients';
import { startFakeModelServer, type FakeModelServer } from '../test-support/fake-model-server';
import { buildCatalog } from '../catalog';
import { stringsIn } from './test-support/record-client';

const DESCRIPTION = `Greets the user by name, in <their> language & style. ${'Polite. '.repeat(110).trim()}`;
/** With the description, past Claude Code's 1,536 characters: the entry is cut. */
const WHEN = `When someone says hello. ${'Kindly. '.repeat(80).trim()}`;

describe.skipIf(skipAgentClient('claude-code'))('the listing a studio run sends', () => {
  let ws: TempWorkspace;
  let predictWs: TempWorkspace;
  let fake: FakeModelServer;
  let dir: string;
  const saved = { ...process.env };

  beforeAll(async () => {
    fake = await startFakeModelServer(() => ({ do: 'answer', answer: 'Hello.' }));
    dir = mkdtempSync(path.join(os.tmpdir(), 'listing-relay-'));
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
            api_key_env: 'LISTING_RELAY_TEST_KEY',
          },
        ],
      }),
    );
    chmodSync(providers, 0o600);
    process.env.SKILL_STUDIO_PROVIDERS = providers;
    process.env.LISTING_RELAY_TEST_KEY = 'sk-ant-api03-LISTING-RELAY-0123456789';
    process.env.PATH = [agentClientBinDir('claude-code'), saved.PATH].join(path.delimiter);
    ws = tempWorkspace();
    ws.addSkill(
      'hello-skill',
      `name: hello-skill\ndescription: ${DESCRIPTION}\nwhen_to_use: ${WHEN}`,
    );
    predictWs = tempWorkspace();
    predictWs.write(
      '.claude/skills/hello-skill/SKILL.md',
      readFileSync(path.join(ws.root, 'skills/hello-skill/SKILL.md'), 'utf8'),
    );
  });
  afterAll(async () => {
    await fake.close();
    process.env = saved;
    ws.cleanup();
    predictWs.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the catalog prediction, the long description cut as predicted', async () => {
    const rec = path.join(dir, 'rec');
    const r = await runCliIn(ws.root, [
      'call',
      'hello-skill',
      '--client',
      'claude-code',
      '--json',
      '--record',
      rec,
    ]);
    expect(r.code, `${r.stderr}\n${r.stdout.slice(-2000)}`).toBe(0);
    const sent = readdirSync(rec).flatMap((f) => {
      const record = JSON.parse(readFileSync(path.join(rec, f), 'utf8')) as {
        request: { body: unknown };
      };
      return stringsIn(record.request.body);
    });
    const [claude] = (
      await buildCatalog({
        home: null,
        workspace: predictWs.root,
        client: 'claude-code',
        claudeCode: { budgetChars: 8000 },
      })
    ).clients;
    const holder = sent.find((s) => s.includes(claude.listing));
    expect(
      holder,
      `the predicted listing is not in the recorded requests:\n${claude.listing.slice(0, 400)}`,
    ).toBeDefined();
    expect(claude.entries.find((e) => e.name === 'hello-skill')).toMatchObject({
      shown: 'cut',
      shown_chars: 1535,
    });
  }, 180_000);
});
