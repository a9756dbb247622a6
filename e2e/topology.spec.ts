/**
 * Topology skills in the studio: the Graph tab draws the bundled research-brief, exports it
 * as Mermaid, follows the text of a topology being edited (a syntax error is marked at its
 * column over the last graph that parsed), and its agents editor writes into the same
 * buffer (one undo step per edit, {key} completion). Two skills composing each other are a
 * problem on both, kept while one is open, gone once the cycle is saved away. A run of
 * research-brief against a local server speaking the Anthropic wire format lights each
 * step as it streams, the state inspector shows every write, and picking a node narrows
 * the transcript to it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import {
  editor,
  MOD,
  openRunTab,
  openSkill,
  replaceLine,
  showPlayground,
  skillItem,
} from './support/editor';
import { anthropicTurn } from '../electron/host/providers/test-support/provider-wire';
import type { RecordedRequest, Reply } from '../electron/host/providers/test-support/wire-server';
import { modelListReply, wireProviderPerTest } from './support/wire-provider';

const KEY_ENV = 'E2E_TOPOLOGY_KEY';
process.env[KEY_ENV] = 'e2e-topology-key-0123456789abcdef';
const MODEL = 'claude-e2e-topology';

const TOPO_EDIT = [
  '---',
  'name: topo-edit',
  'description: A topology the end-to-end test edits.',
  'agents:',
  '  drafter:',
  '    instruct: Draft a note about {topic}.',
  '    writes: draft',
  '  reviewer:',
  '    instruct: Review {draft}.',
  '    reads: [draft]',
  '    writes: review',
  'topology: drafter >> reviewer',
  'input:',
  '  topic: str',
  '---',
  '',
  '# Topo edit',
  '',
].join('\n');
const TOPOLOGY_LINE = 12;

/** A topology skill whose helper step calls `other`. */
const composing = (name: string, other: string): string =>
  [
    '---',
    `name: ${name}`,
    `description: Writes a draft, then calls ${other} on it.`,
    'agents:',
    '  writer:',
    '    instruct: Write about {topic}.',
    '    writes: draft',
    'skills:',
    `  helper: ${other}`,
    'topology: writer >> helper',
    '---',
    '',
    `# ${name}`,
    '',
  ].join('\n');
const SKILLS_LINE = 8;

const node = (page: Page, id: string) =>
  page.locator(`[data-testid="topo-panel"] [data-testid="topo-node"][data-node="${id}"]`);

async function openGraph(page: Page, skill: string): Promise<void> {
  await showPlayground(page);
  await expect(page.getByTestId('pg-skill')).toContainText(skill);
  await page.getByTestId('pg-tab-graph').click();
  await expect(page.getByTestId('topo-panel')).toBeVisible();
}

// Typing in Monaco and streaming runs take their time on a loaded machine.
test.slow();

test.describe('topology graph', () => {
  test('research-brief: its graph, and the Mermaid text it exports', async ({ studio }) => {
    const { page } = studio;
    await skillItem(page, 'research-brief').first().click();
    await openGraph(page, 'research-brief');
    const nodes = page.locator('[data-testid="topo-panel"] [data-testid="topo-node"]');
    await expect(nodes).toHaveCount(4);
    for (const id of ['researcher@1', 'fact_checker@16', 'style_checker@31', 'writer@49'])
      await expect(node(page, id)).toBeVisible();
    // The | fans out from researcher and back in to writer.
    const edges = page.locator('[data-testid="topo-panel"] [data-testid="topo-edge"]');
    await expect(edges).toHaveCount(6);
    await expect(
      page.locator(
        '[data-testid="topo-edge"][data-from="researcher@1"][data-to="style_checker@31"]',
      ),
    ).toHaveCount(1);
    // Branches are stacked as written: fact_checker above style_checker.
    const top = async (id: string) => (await node(page, id).boundingBox())?.y ?? 0;
    expect(await top('fact_checker@16')).toBeLessThan(await top('style_checker@31'));
    // A bundled skill is read-only: the agents editor says so and offers no edit.
    await expect(page.getByTestId('topo-readonly')).toBeVisible();
    await expect(page.getByTestId('topo-add-agent')).toHaveCount(0);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('topo-save-mermaid').click(),
    ]);
    expect(download.suggestedFilename()).toBe('research-brief.mmd');
    // The desktop app saves through its own download handling: the text is read in browser mode.
    if (studio.mode === 'browser') {
      const mermaid = await readFile(await download.path(), 'utf8');
      expect(mermaid.split('\n')[0]).toBe('flowchart LR');
      expect(mermaid).toContain('n1["researcher<br/>→ findings"]');
      expect(mermaid).toContain('n1 --> n16');
      expect(mermaid).toContain('n31 --> n49');
    }

    // Keyboard: a node is a button; Enter picks it and its agent's card opens.
    await node(page, 'writer@49').focus();
    await page.keyboard.press('Enter');
    await expect(node(page, 'writer@49')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-testid="topo-agent"][data-agent="writer"]')).toHaveAttribute(
      'open',
      '',
    );
    await page.screenshot({ path: test.info().outputPath('graph.png') });
  });

  test('follows the text as it is typed, and the agents editor writes into it', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'topo-edit');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'SKILL.md'), TOPO_EDIT);
    await expect(skillItem(page, 'topo-edit')).toBeVisible({ timeout: 15_000 });
    await openSkill(page, 'topo-edit');
    await openGraph(page, 'topo-edit');
    await expect(node(page, 'drafter@1')).toBeVisible();
    await expect(node(page, 'reviewer@12')).toBeVisible();

    // A syntax error: marked at its column, over the last graph that parsed.
    await replaceLine(page, TOPOLOGY_LINE, 'topology: drafter >> >> reviewer');
    const error = page.getByTestId('topo-syntax-error');
    await expect(error).toBeVisible();
    await expect(error).toHaveAttribute('data-column', '12');
    await expect(error).toContainText('expected an agent name');
    await expect(error).toContainText('The graph shows the last expression that parsed.');
    await expect(
      page.locator('[data-testid="topo-panel"] [data-testid="topo-graph"]'),
    ).toHaveAttribute('data-stale', 'true');
    await expect(page.getByTestId('topo-expression-error')).toContainText('Column 12');

    // Fixed, with a new branch: the graph is redrawn from the text.
    await replaceLine(page, TOPOLOGY_LINE, 'topology: drafter >> (reviewer | critic)');
    await expect(error).toHaveCount(0);
    await expect(node(page, 'critic@24')).toBeVisible();
    await expect(node(page, 'reviewer@13')).toBeVisible();
    // critic is not declared yet: its box says so (a typo would look the same).
    await expect(node(page, 'critic@24')).toHaveAttribute(
      'aria-label',
      'critic (not defined in agents)',
    );
    await expect(node(page, 'reviewer@13')).toHaveAttribute('aria-label', 'reviewer');

    // The agents editor declares critic (already wired: the expression stays).
    await page.getByTestId('topo-new-agent').fill('critic');
    await page.getByTestId('topo-add-agent').click();
    const critic = page.locator('[data-testid="topo-agent"][data-agent="critic"]');
    await expect(critic).toBeVisible();
    await expect(editor(page).locator('.view-lines')).toContainText('critic:');
    await expect(page.getByTestId('topo-expression')).toHaveValue('drafter >> (reviewer | critic)');
    await expect(node(page, 'critic@24')).toHaveAttribute('aria-label', 'critic');

    // {key} completion from the state keys (the input and every writes).
    await critic.locator('summary').click();
    const instruct = critic.getByTestId('topo-instruct');
    await instruct.fill('');
    await instruct.pressSequentially('Critique {dr');
    await expect(page.getByTestId('topo-complete-option')).toHaveText(['{draft}']);
    await page.keyboard.press('Enter');
    await expect(instruct).toHaveValue('Critique {draft}');
    // (Quoted or not, as the one-key edit finds safest.)
    await expect(editor(page).locator('.view-lines')).toContainText(
      /instruct:\s"?Critique\s\{draft\}"?/,
    );

    // The expression, edited in the agents editor: the graph and the text follow.
    await page.getByTestId('topo-expression').fill('drafter >> reviewer >> critic');
    await expect(node(page, 'reviewer@13')).toHaveCount(0);
    await expect(node(page, 'reviewer@12')).toBeVisible();
    await expect(
      page.locator('[data-testid="topo-edge"][data-from="reviewer@12"][data-to="critic@24"]'),
    ).toHaveCount(1);
    await expect(editor(page).locator('.view-lines')).toContainText(
      'topology: drafter >> reviewer >> critic',
    );
    // That edit is one undo step of the text editor.
    await editor(page).locator('.view-lines').click();
    await page.keyboard.press(`${MOD}+z`);
    await expect(editor(page).locator('.view-lines')).toContainText(
      'topology: drafter >> (reviewer | critic)',
    );
    await expect(node(page, 'reviewer@13')).toBeVisible();
  });

  test('two skills composing each other: the cycle is a problem on both until it is broken', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    for (const [name, other] of [
      ['loop-a', 'loop-b'],
      ['loop-b', 'loop-a'],
    ]) {
      await mkdir(path.join(ws.skillsDir, name), { recursive: true });
      await writeFile(path.join(ws.skillsDir, name, 'SKILL.md'), composing(name, other));
    }
    await expect(skillItem(page, 'loop-b')).toBeVisible({ timeout: 15_000 });
    await openSkill(page, 'loop-a');
    await page.keyboard.press(`${MOD}+Shift+M`);
    const cycle = (skill: string) =>
      page.locator(
        `[data-testid="problem-item"][data-code="TOPOLOGY_SKILL_CYCLE"][data-skill="${skill}"]`,
      );
    // Open in the editor, loop-a still shows it: the text alone cannot (the live check runs
    // on the buffer), so it is kept from the listing.
    await expect(cycle('loop-a')).toContainText('(loop-a → loop-b → loop-a)');
    await expect(cycle('loop-b')).toContainText('(loop-b → loop-a → loop-b)');
    await cycle('loop-a').click();
    await expect(page.getByTestId('status-cursor')).toHaveText(`Ln ${SKILLS_LINE}, Col 1`);

    // loop-a calls text-stats instead: once saved, neither skill is on a cycle.
    await replaceLine(page, SKILLS_LINE + 1, '  helper: text-stats');
    await page.keyboard.press(`${MOD}+s`);
    await expect(cycle('loop-a')).toHaveCount(0, { timeout: 15_000 });
    await expect(cycle('loop-b')).toHaveCount(0);
  });
});

/** Each agent of research-brief answers with its own text, streamed slowly enough to watch. */
function researchBriefServer(): (req: RecordedRequest) => Reply {
  return (req) => {
    const list = modelListReply(req, MODEL);
    if (list) return list;
    const body = req.body;
    const answer = body.includes('Research tides')
      ? ['Tides follow ', 'the moon ', '(NOAA, checked today).']
      : body.includes('Check every claim')
        ? ['The moon claim ', 'is supported.']
        : body.includes('Propose a plain')
          ? ['Intro, causes, ', 'sources.']
          : ['**Tides** follow the moon ', '[NOAA].'];
    // The first and the last step stream slowly enough for the test to see them running.
    const slow = body.includes('Research tides') || body.includes('Write a brief');
    return {
      kind: 'sse',
      chunks: anthropicTurn({ model: MODEL, text: answer, inputTokens: 100, outputTokens: 20 }),
      gapMs: slow ? 400 : 150,
    };
  };
}

test.describe('topology run', () => {
  const wire = wireProviderPerTest(researchBriefServer);

  test('research-brief lights each step as it streams; the state inspector shows every write', async ({
    studio,
  }) => {
    const { page } = studio;
    await wire.configure({ model: MODEL, api_key_env: KEY_ENV });

    await openRunTab(page, 'research-brief', { '/topic': 'tides' });
    await expect(page.getByTestId('run-provider')).toHaveValue('wire', { timeout: 15_000 });
    await page.getByTestId('run-button').click();

    const strip = page.getByTestId('topo-run-strip');
    await expect(strip).toBeVisible();
    const step = (id: string) => strip.locator(`[data-testid="topo-node"][data-node="${id}"]`);
    // Each step lights up while it runs, then shows how it ended.
    await expect(step('researcher@1')).toHaveAttribute('data-status', 'running');
    await expect(step('researcher@1')).toHaveAttribute('data-status', 'succeeded', {
      timeout: 20_000,
    });
    await expect(step('writer@49')).toHaveAttribute('data-status', 'running', { timeout: 20_000 });
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 30_000 });
    for (const id of ['researcher@1', 'fact_checker@16', 'style_checker@31', 'writer@49'])
      await expect(step(id)).toHaveAttribute('data-status', 'succeeded');
    // One model call per agent.
    const posts = wire.server.requests.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(4);
    await page.screenshot({ path: test.info().outputPath('run.png') });

    // The state after each step, and what each step wrote.
    await strip.getByTestId('topo-strip-state').click();
    const points = strip.getByTestId('topo-state-point');
    await expect(points.first()).toHaveAttribute('data-label', 'input');
    await expect(points.last()).toHaveAttribute('data-label', 'final');
    await expect(points).toHaveCount(6);
    await strip.locator('[data-testid="topo-state-point"][data-label="researcher"]').click();
    const findings = strip.locator('[data-testid="topo-state-key"][data-key="findings"]');
    await expect(findings).toHaveAttribute('data-changed', 'true');
    await expect(findings).toContainText('Tides follow the moon');
    await expect(strip.locator('[data-testid="topo-state-key"][data-key="brief"]')).toHaveCount(0);
    await points.last().click();
    await expect(strip.locator('[data-testid="topo-state-key"][data-key="brief"]')).toContainText(
      'Tides',
    );
    for (const key of ['topic', 'findings', 'checked_findings', 'outline', 'brief'])
      await expect(
        strip.locator(`[data-testid="topo-state-key"][data-key="${key}"]`),
      ).toBeVisible();

    // Picking a step narrows the transcript to it.
    await strip.getByTestId('topo-strip-graph').click();
    await step('style_checker@31').click();
    const transcript = page.getByTestId('transcript');
    await expect(transcript.getByTestId('transcript-step-filter')).toContainText('style_checker');
    await expect(transcript).toContainText('Intro, causes, sources.');
    await expect(transcript).not.toContainText('The moon claim');
    await transcript.getByTestId('transcript-step-filter').getByRole('button').click();
    await expect(transcript).toContainText('The moon claim');

    // The Graph tab shows the same run.
    await page.getByTestId('pg-tab-graph').click();
    await expect(node(page, 'writer@49')).toHaveAttribute('data-status', 'succeeded');
    await page.getByTestId('topo-side-state').click();
    await expect(
      page.locator('[data-testid="topo-panel"] [data-testid="topo-state-point"]'),
    ).toHaveCount(6);
  });
});
