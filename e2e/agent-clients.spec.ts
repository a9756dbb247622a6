/**
 * A skill run inside the real Claude Code from the playground: the studio server finds the
 * pinned client on PATH, the Run in picker offers it with its version, and a run goes to
 * it as the call's `metadata.run_in`. Claude Code talks, through the run's relay, to a fake
 * model server speaking Anthropic Messages, which has it activate the skill through its own
 * Skill tool. The transcript shows the client's events, and the Sent to the model view
 * shows what Claude Code sent: its system prompt, its skill listing with this skill marked,
 * the tools offered (Skill and Read only: scripts were not allowed) and the messages. The
 * provider's key reaches the fake server and never the page.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from './support/fixtures';
import { openRunTab } from './support/editor';
import { approveWire } from './support/wire-provider';
import { rewriteWatched, skillMd } from './support/workspace';
import {
  agentClientBinDir,
  agentClientMissing,
  agentClientPin,
} from '../electron/test-support/agent-clients';
import {
  startFakeModelServer,
  type FakeModelServer,
  type FakeTurn,
} from '../electron/host/agent-clients/test-support/fake-model-server';
import type { RecordedRequest } from '../electron/host/providers/test-support/wire-server';

// The studio server is started (once per worker) with this test process's environment:
// the pinned Claude Code on its PATH, the provider's key in a variable.
const KEY_ENV = 'E2E_AGENT_CLIENT_KEY';
const KEY = 'sk-ant-e2e-agent-client-0123456789abcdef';
process.env[KEY_ENV] = KEY;
process.env.PATH = [
  agentClientBinDir('claude-code'),
  agentClientBinDir('codex'),
  process.env.PATH ?? '',
].join(path.delimiter);

const SKILL = 'client-greeter';
const DESCRIPTION = 'Greets the user warmly when asked for a greeting.';
const ANSWER = 'Hello there, friend, from Claude Code.';
const MODEL = 'claude-sonnet-4-5';

const missing = agentClientMissing('claude-code');
const inCi = process.env.CI === 'true' || process.env.CI === '1';

test.describe('a skill run in an agent client', () => {
  // Outside CI a missing client skips, naming it; in CI it fails (the fixture would not find it).
  test.skip(missing !== null && !inCi, missing ?? '');

  let fake: FakeModelServer;
  let original = '';
  let configFile = '';
  let skillDir = '';
  let turn: (prompt: string, req: RecordedRequest) => FakeTurn = () => ({
    do: 'answer',
    answer: 'unscripted',
  });

  test.beforeEach(async ({ studio }) => {
    fake = await startFakeModelServer((prompt, req) => turn(prompt, req));
    configFile = path.join(studio.ws.root, 'skill-studio.json');
    original = await readFile(configFile, 'utf8');
    const config = JSON.parse(original) as Record<string, unknown>;
    // Claude Code speaks Anthropic Messages; Codex the Responses API of an OpenAI-compatible one.
    config.providers = [
      { id: 'wire', kind: 'anthropic', base_url: fake.url, model: MODEL, api_key_env: KEY_ENV },
      {
        id: 'wire-openai',
        kind: 'openai-compatible',
        base_url: `${fake.url}/v1`,
        model: 'gpt-5-codex',
        api_key_env: KEY_ENV,
      },
    ];
    await rewriteWatched(configFile, JSON.stringify(config, null, 2));
    await approveWire(studio.ws.root, studio.ws.home, KEY_ENV, fake.url);
    skillDir = path.join(studio.ws.skillsDir, SKILL);
    await mkdir(skillDir, { recursive: true });
    await writeFile(
      path.join(skillDir, 'SKILL.md'),
      skillMd(SKILL, DESCRIPTION, '', `# ${SKILL}\n\nGreet the user by name, warmly.\n`),
    );
  });
  test.afterEach(async ({ appErrors }) => {
    await rewriteWatched(configFile, original);
    await appErrors.removeOpenSkills(skillDir);
    await fake.close();
  });

  test('Claude Code runs the skill: the transcript, then what it sent the model', async ({
    studio,
  }) => {
    const { page } = studio;
    turn = () => ({ do: 'activate', skill: SKILL, answer: ANSWER });
    await openRunTab(page, SKILL, {});

    // The picker lists every client; Claude Code with its pinned version, the others as found.
    const picker = page.getByTestId('run-in');
    const version = agentClientPin('claude-code').version;
    await expect(picker.locator('option[value="claude-code"]')).toHaveText(
      `Claude Code ${version}`,
      { timeout: 30_000 },
    );
    await expect(picker.locator('option')).toHaveCount(5);
    await picker.selectOption('claude-code');
    // Scripts are off by default; ticking them warns, and they go off again for this run.
    const scripts = page.getByTestId('run-in-allow-scripts');
    await expect(scripts).not.toBeChecked();
    await scripts.check();
    await expect(page.getByTestId('run-in-scripts-warning')).toContainText('Claude Code may run');
    await scripts.uncheck();
    await expect(page.getByTestId('run-in-scripts-warning')).toHaveCount(0);
    // A client needs a model, whatever the skill's kind: the provider picker shows.
    await expect(page.getByTestId('run-provider')).toHaveValue('wire', { timeout: 15_000 });
    // The workspace's other skills are installed beside it, so it picks among them as it would.
    await page.getByTestId('run-in-catalog').selectOption('workspace');

    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 90_000 });
    const transcript = page.getByTestId('transcript');
    await expect(transcript.getByTestId('transcript-text').first()).toContainText(ANSWER);
    await expect(page.getByTestId('run-view')).toContainText(`${SKILL} in claude-code`);
    // The client's tool call with its result, and its activation of the skill.
    const skillCall = transcript.locator('[data-testid="transcript-tool"][data-tool="Skill"]');
    await expect(skillCall).toBeVisible();
    await skillCall.locator('summary').click();
    await expect(skillCall.getByTestId('transcript-tool-args')).toContainText(
      `"skill": "${SKILL}"`,
    );
    await expect(skillCall.getByTestId('transcript-tool-result')).toContainText('Launching skill');
    await expect(transcript).toContainText(`Claude Code activated the skill "${SKILL}"`);

    // The activation is a status line, the tool calls log lines.
    await page.getByTestId('run-tab-status').click();
    await expect(page.getByTestId('run-view')).toContainText(
      `Claude Code activated the skill "${SKILL}"`,
    );
    await page.getByTestId('run-tab-logs').click();
    await expect(page.getByTestId('run-view')).toContainText('Claude Code calls Skill');

    // What Claude Code sent the model, request by request.
    await page.getByTestId('run-tab-sent').click();
    const sent = page.getByTestId('sent-to-model');
    await expect(sent).toBeVisible();
    const posts = fake.requests.filter((r) => r.method === 'POST');
    await expect(sent.getByTestId('sent-request')).toHaveCount(posts.length);
    const first = sent.getByTestId('sent-request').first();
    await expect(first.getByTestId('sent-skill-state')).toHaveText(`${SKILL}: listed whole`);
    await expect(first.getByTestId('sent-listing-skill')).toHaveText(`- ${SKILL}: ${DESCRIPTION}`);
    await expect(first.getByTestId('sent-listing')).toContainText('- alpha-skill: ');
    await expect(first.getByTestId('sent-listing')).toContainText(
      'The following skills are available for use with the Skill tool:',
    );
    // Least privilege: only Skill and Read are offered without "allow scripts".
    await expect(first.getByTestId('sent-tools')).toHaveText(/^(Read|Skill){2}$/);
    await expect(first.getByTestId('sent-messages')).toContainText('Use the client-greeter skill');
    // The second request carries the activation and its result.
    const second = sent.getByTestId('sent-request').nth(1);
    await second.locator('summary').first().click();
    await expect(second.getByTestId('sent-messages')).toContainText('Launching skill');

    // The key went to the model server, through the relay; the page never shows it.
    expect(posts.some((r) => JSON.stringify(r.headers).includes(KEY))).toBe(true);
    await expect(page.locator('body')).not.toContainText(KEY);

    // Look at it as a user would, in both themes, with the listing in view.
    await first.getByTestId('sent-listing-skill').scrollIntoViewIfNeeded();
    await expect(first.getByTestId('sent-listing-skill')).toBeInViewport();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`sent-to-model-${scheme}.png`) });
    }
    await page.getByTestId('run-tab-transcript').click();
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`client-transcript-${scheme}.png`) });
    }

    // The Evals panel runs in the same place: its Run in picker holds the playground's pick.
    await page.getByTestId('right-tab-evals').click();
    const evals = page.getByTestId('evals-panel');
    await expect(evals.getByTestId('run-in')).toHaveValue('claude-code', { timeout: 15_000 });
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`evals-run-in-${scheme}.png`) });
    }
  });

  test('the same call in Claude Code and in Codex, compared side by side', async ({ studio }) => {
    test.skip(agentClientMissing('codex') !== null && !inCi, agentClientMissing('codex') ?? '');
    const { page } = studio;
    turn = (_prompt, req) => ({
      do: 'activate',
      skill: SKILL,
      answer: req.url.startsWith('/v1/responses') ? 'Hi, from Codex.' : ANSWER,
    });
    await openRunTab(page, SKILL, {});
    const picker = page.getByTestId('run-in');
    await expect(picker.locator('option[value="codex"]')).toBeEnabled({ timeout: 30_000 });

    await picker.selectOption('claude-code');
    await page.getByTestId('run-provider').selectOption('wire');
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 90_000 });
    await expect(page.getByTestId('transcript')).toContainText(ANSWER);

    await picker.selectOption('codex');
    await page.getByTestId('run-provider').selectOption('wire-openai');
    await expect(page.getByTestId('run-model')).toHaveValue('gpt-5-codex');
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-view')).toContainText(`${SKILL} in codex`);
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 90_000 });
    await expect(page.getByTestId('transcript')).toContainText('Hi, from Codex.');
    // Codex activates a skill by reading its SKILL.md: the listing it sent names the skill.
    await page.getByTestId('run-tab-sent').click();
    await expect(
      page.getByTestId('sent-request').first().getByTestId('sent-skill-state'),
    ).toHaveText(`${SKILL}: listed whole`);

    await page.getByTestId('pg-tab-history').click();
    const clients = page.getByTestId('history-client');
    await expect(clients.nth(1)).toBeVisible({ timeout: 10_000 });
    await expect(clients.nth(0)).toHaveText('in Codex');
    await expect(clients.nth(1)).toHaveText('in Claude Code');
    const picks = page.getByTestId('history-pick');
    await picks.nth(0).check();
    await picks.nth(1).check();
    await page.getByTestId('history-compare').click();
    const compare = page.getByTestId('run-compare');
    const ranIn = compare.locator('[data-testid="compare-row"][data-label="ran in"]');
    await expect(ranIn).toContainText(`Codex ${agentClientPin('codex').version}`);
    await expect(ranIn).toContainText(`Claude Code ${agentClientPin('claude-code').version}`);
    const activated = compare.locator('[data-testid="compare-row"][data-label="activated skills"]');
    await expect(activated.locator('td')).toHaveText([SKILL, SKILL]);
    await expect(compare.getByTestId('compare-answers')).toContainText('Hi, from Codex.');
    await expect(compare.getByTestId('compare-answers')).toContainText(ANSWER);
    await expect(page.locator('body')).not.toContainText(KEY);
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`compare-${scheme}.png`) });
    }
  });
});
