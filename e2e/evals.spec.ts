/**
 * Evals in the studio, against a local server that speaks the Anthropic Messages wire
 * format with scripted answers, so every pass rate is known in advance: the model
 * ends its answer with the skill's code only when the skill's instructions are in its
 * prompt (with the skill), never without; the grader passes an expectation only when
 * the code is in the answer; and in the trigger eval the model loads the skill for any
 * query about an invoice. A person writes cases in the Evals panel, runs a small
 * benchmark and watches the table fill in while it runs, reads a cell's transcripts
 * with the grader's evidence, then writes a trigger set, reads its confusion summary,
 * and accepts an improved description into the editor as one undoable edit. On the
 * way it picks the grader model, the trigger threshold and the held-out share in their
 * labelled fields, and finds them in the files the runs wrote.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { rewriteWatched } from './support/workspace';
import { editor, fileText, MOD, openSkill, skillItem } from './support/editor';
import { anthropicTurn } from '../electron/host/providers/test-support/provider-wire';
import { approveWire } from './support/wire-provider';
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../electron/host/providers/test-support/wire-server';

const KEY_ENV = 'E2E_EVALS_KEY';
process.env[KEY_ENV] = 'e2e-evals-key-0123456789abcdef';

const MODEL = 'claude-e2e-evals';
const SKILL = 'invoice-helper';
/** In the skill's instructions only: an answer that has it was written with the skill. */
const CODE = 'INV-OK-7';
const OLD_DESCRIPTION = 'Helps with invoices.';
const NEW_DESCRIPTION =
  'Checks invoice totals and receipts; use for any invoice or receipt question.';

const SKILL_MD = `---
name: ${SKILL}
description: ${OLD_DESCRIPTION}
---
# Invoice helper

Add up the invoice lines. Always end the answer with the code ${CODE}.
`;

function text(reply: string, gapMs = 0): Reply {
  return {
    kind: 'sse',
    chunks: anthropicTurn({ model: MODEL, text: [reply], inputTokens: 120, outputTokens: 30 }),
    gapMs,
  };
}

/** The last user turn of a Messages request, as text. */
function userTurn(req: RecordedRequest): string {
  const messages = (req.json as { messages?: { role: string; content: unknown }[] } | null)
    ?.messages;
  const last = messages?.filter((m) => m.role === 'user').pop()?.content;
  if (typeof last === 'string') return last;
  return JSON.stringify(last ?? '');
}

/** The system prompt, whether sent as a string or as text blocks. */
function systemOf(req: RecordedRequest): string {
  const system = (req.json as { system?: unknown } | null)?.system;
  if (typeof system === 'string') return system;
  if (Array.isArray(system))
    return system
      .map((b) => (b as { text?: unknown }).text)
      .filter((t) => typeof t === 'string')
      .join('\n');
  return '';
}

/** The scripted model: executor, grader, trigger asks and description writer. */
function script(req: RecordedRequest): Reply {
  if (req.method === 'GET')
    return {
      kind: 'json',
      status: 200,
      body: { data: [{ type: 'model', id: MODEL }], has_more: false },
    };
  const system = systemOf(req);
  const user = userTurn(req);
  if (system.startsWith('You grade the output')) {
    // One verdict per numbered expectation; passed only when the answer carries the code.
    const output = user.split("## The assistant's output")[1] ?? '';
    const passed = output.includes(CODE);
    const listed = user.split('## Expectations')[1] ?? '';
    const expectations = [...listed.matchAll(/^\d+\. (.*)$/gm)].map((m) => ({
      text: m[1],
      passed,
      evidence: passed ? `The answer ends with ${CODE}.` : `No ${CODE} anywhere in the answer.`,
    }));
    return text(JSON.stringify({ expectations }));
  }
  if (system.startsWith('You write the description'))
    return text(JSON.stringify({ description: NEW_DESCRIPTION, rationale: 'Names receipts too.' }));
  if (system.startsWith('You are an assistant that can use skills')) {
    // Loads the skill for anything about an invoice, and for receipts once the description says so.
    const wanted =
      /invoice/i.test(user) || (/receipt/i.test(user) && system.includes('receipt question'));
    if (!wanted) return text('No skill needed for that.');
    return {
      kind: 'sse',
      chunks: anthropicTurn({
        model: MODEL,
        tools: [{ id: 'toolu_1', name: 'skill', fragments: [JSON.stringify({ name: SKILL })] }],
        stopReason: 'tool_use',
      }),
    };
  }
  // A benchmark run, slowed down enough to watch the table fill in.
  const withSkill = system.includes(CODE);
  return text(withSkill ? `The total is 42 EUR. ${CODE}` : 'The total is 42 EUR.', 60);
}

let server: WireServer;
let configFile: string;
let original: string;
let skillDir: string;

test.beforeEach(async ({ studio }) => {
  server = await startWireServer(script);
  configFile = path.join(studio.ws.root, 'skill-studio.json');
  original = await readFile(configFile, 'utf8');
  const config = JSON.parse(original) as Record<string, unknown>;
  config.providers = [
    { id: 'wire', kind: 'anthropic', base_url: server.url, model: MODEL, api_key_env: KEY_ENV },
  ];
  await rewriteWatched(configFile, JSON.stringify(config, null, 2));
  await approveWire(studio.ws.root, studio.ws.home, KEY_ENV, server.url);
  skillDir = path.join(studio.ws.skillsDir, SKILL);
  await rm(skillDir, { recursive: true, force: true });
  await rm(path.join(studio.ws.root, '.skill-studio', 'evals'), { recursive: true, force: true });
  await mkdir(skillDir, { recursive: true });
  await writeFile(path.join(skillDir, 'SKILL.md'), SKILL_MD);
});

test.afterEach(async ({ appErrors }) => {
  await rewriteWatched(configFile, original);
  await appErrors.removeOpenSkills(skillDir);
  await server.close();
});

/** A file of the newest eval run (of any kind) that has one, parsed. */
async function evalRunFile(root: string, name: string): Promise<Record<string, unknown>> {
  const base = path.join(root, '.skill-studio', 'evals', SKILL);
  for (const runId of (await readdir(base)).sort().reverse()) {
    const text = await fileText(path.join(base, runId, name));
    if (text) return JSON.parse(text) as Record<string, unknown>;
  }
  throw new Error(`no eval run has ${name}`);
}

/** At the smallest window the studio supports, opens the skill's Evals tab; returns the panel. */
async function openEvals(page: Page): Promise<Locator> {
  await page.setViewportSize({ width: 1024, height: 700 });
  await expect(skillItem(page, SKILL)).toBeVisible({ timeout: 15_000 });
  await openSkill(page, SKILL);
  await page.getByTestId('right-tab-evals').click();
  const panel = page.getByTestId('evals-panel');
  await expect(panel).toHaveAttribute('data-skill', SKILL);
  await expect(panel.getByTestId('model-picker')).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByTestId('run-provider')).toHaveValue('wire');
  return panel;
}

async function writeCase(page: Page, index: number, prompt: string): Promise<void> {
  const panel = page.getByTestId('evals-panel');
  await panel.getByTestId('eval-add-case').click();
  const form = panel.locator(`[data-testid="eval-case"][data-index="${index}"]`);
  await form.getByLabel('Prompt').fill(prompt);
  // The first check of a new case is a judged expectation.
  await form.getByTestId('eval-check-text').first().fill('The answer ends with the invoice code');
  await form.getByTestId('eval-add-check').click();
  const check = form.getByTestId('eval-check').nth(1);
  await expect(check.getByTestId('eval-check-kind')).toHaveValue('contains');
  await check.getByTestId('eval-check-text').fill(CODE);
}

test.describe('evals', () => {
  // A benchmark, a trigger eval and an improvement each take a few seconds of scripted model calls.
  test.setTimeout(150_000);

  test('writes cases, runs a benchmark and sees the table fill in live, then reads a cell’s transcripts', async ({
    studio,
  }) => {
    const { page } = studio;
    const panel = await openEvals(page);

    await writeCase(page, 0, 'What is the total of this invoice: 40 EUR + 2 EUR?');
    await writeCase(page, 1, 'Add up the invoice: 21 EUR twice.');
    await panel.getByTestId('eval-save-cases').click();
    // Written through the host, in skill-creator's evals.json format.
    const evalsJson = path.join(skillDir, 'evals', 'evals.json');
    await expect
      .poll(async () => {
        const text = await fileText(evalsJson);
        return text
          ? (JSON.parse(text) as { evals: { prompt: string }[] }).evals.map((e) => e.prompt)
          : [];
      })
      .toEqual([
        'What is the total of this invoice: 40 EUR + 2 EUR?',
        'Add up the invoice: 21 EUR twice.',
      ]);
    await expect(panel.getByTestId('eval-save-cases')).toBeDisabled();

    // The same cases as JSON: what the form wrote.
    await panel.getByTestId('eval-view-json').click();
    await expect(panel.getByTestId('eval-cases-json')).toHaveValue(
      /"kind": "contains",\s+"value": "INV-OK-7"/,
    );
    await panel.getByTestId('eval-view-form').click();

    // 2 cases × 2 configurations × 2 runs, two model calls at a time.
    await panel.getByTestId('eval-runs').fill('2');
    await panel.getByTestId('eval-concurrency').fill('2');
    await expect(panel.getByTestId('eval-planned')).toHaveText('8 runs');
    // The grader: the run's model unless picked; a labelled field, next in the tab order.
    const grader = panel.getByRole('combobox', { name: /^Grader\b/ });
    await expect(grader).toHaveValue('');
    await panel.getByTestId('eval-concurrency').focus();
    await page.keyboard.press('Tab');
    await expect(grader).toBeFocused();
    await grader.selectOption({ label: `wire / ${MODEL}` });
    // Live: a cell has graded runs while the benchmark still runs. Every change of the page
    // is looked at as it happens, so a loaded machine that polls seldom cannot miss it.
    await page.evaluate(() => {
      const w = window as unknown as { sawLive?: boolean };
      w.sawLive = false;
      const live = () =>
        document.querySelector('[data-testid="eval-cancel"]') !== null &&
        [...document.querySelectorAll('[data-testid="eval-cell"]')].some(
          (c) => Number(c.getAttribute('data-runs')) > 0,
        );
      const seen = new MutationObserver(() => {
        if (!live()) return;
        w.sawLive = true;
        seen.disconnect();
      });
      seen.observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await panel.getByTestId('eval-start-benchmark').click();
    await page.waitForFunction(
      () => (window as unknown as { sawLive?: boolean }).sawLive,
      undefined,
      {
        timeout: 30_000,
      },
    );
    await expect(panel.getByTestId('eval-progress-count')).toContainText('of 8 runs');
    await page.screenshot({ path: test.info().outputPath('benchmark-live.png') });

    await expect(panel.getByTestId('eval-status')).toHaveText('completed', { timeout: 60_000 });
    await expect(panel.getByTestId('eval-progress-count')).toHaveText('8 of 8 runs');
    expect((await evalRunFile(studio.ws.root, 'eval_run.json')).options).toMatchObject({
      grader: { provider: 'wire', model: MODEL },
    });
    const rows = panel.getByTestId('eval-row');
    await expect(rows).toHaveCount(2);
    for (const row of await rows.all()) {
      await expect(
        row.locator('[data-testid="eval-cell"][data-config="with_skill"]'),
      ).toContainText('100%');
      await expect(
        row.locator('[data-testid="eval-cell"][data-config="without_skill"]'),
      ).toContainText('0%');
      await expect(row.getByTestId('eval-row-delta')).toHaveText('+100 pts');
    }
    await expect(panel.getByTestId('eval-total-delta')).toHaveAttribute('data-tone', 'better');
    await expect(panel.getByTestId('eval-chart')).toBeVisible();

    // A cell opens its runs: each expectation with the grader's evidence, the answer, the grader's prompt.
    await rows.first().locator('[data-testid="eval-cell"][data-config="with_skill"]').click();
    const dialog = page.getByTestId('eval-transcripts');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('eval-run-tab')).toHaveCount(2);
    const expectations = dialog.getByTestId('eval-expectation');
    await expect(expectations).toHaveCount(2);
    await expect(expectations.and(page.locator('[data-passed="true"]'))).toHaveCount(2);
    await expect(dialog.getByTestId('eval-expectations')).toContainText(
      `The answer ends with ${CODE}.`,
    );
    await expect(dialog.getByTestId('eval-answer')).toContainText(CODE);
    await dialog.getByText('The grader’s prompt').click();
    await expect(dialog.getByTestId('eval-grader-prompt')).toContainText('You grade the output');
    await page.screenshot({ path: test.info().outputPath('transcripts.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // The same run, without the skill: the evidence says why it failed.
    await rows.first().locator('[data-testid="eval-cell"][data-config="without_skill"]').focus();
    await page.keyboard.press('Enter');
    await expect(
      dialog.getByTestId('eval-expectation').and(page.locator('[data-passed="false"]')),
    ).toHaveCount(2);
    await expect(dialog.getByTestId('eval-expectations')).toContainText(`No ${CODE} anywhere`);
    await dialog.getByTestId('eval-transcripts-close').click();

    // After a reload the benchmark is read back from disk, and the saved cases fold to a list.
    await page.reload();
    await openSkill(page, SKILL);
    await page.getByTestId('right-tab-evals').click();
    await expect(panel.getByTestId('eval-row')).toHaveCount(2, { timeout: 15_000 });
    await expect(panel.getByTestId('eval-total-delta')).toHaveText('+100 pts');
    await expect(panel.getByTestId('eval-case-list')).toContainText('Add up the invoice');
    await panel.getByTestId('eval-cases-toggle').click();
    await expect(panel.getByTestId('eval-case')).toHaveCount(2);

    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.screenshot({ path: test.info().outputPath(`evals-${scheme}.png`) });
    }
  });

  test('a trigger eval scores the queries, and an improved description goes into the editor as one edit', async ({
    studio,
  }) => {
    const { page } = studio;
    const panel = await openEvals(page);
    await panel.getByTestId('evals-tab-triggers').click();

    const queries: [string, boolean][] = [
      ['What is the total of this invoice?', true],
      ['Is the VAT on my invoice right?', true],
      ['Add up this receipt for me', true],
      ['Explain the history of the invoice as a document', false],
      ['Write a poem about cats', false],
      ['What time is it in Tokyo?', false],
    ];
    for (const [i, [query, should]] of queries.entries()) {
      await panel.getByTestId('eval-add-query').click();
      const row = panel.getByTestId('eval-query').nth(i);
      await row.getByTestId('eval-query-text').fill(query);
      if (!should) await row.getByTestId('eval-query-should').uncheck();
    }
    await panel.getByTestId('eval-save-queries').click();
    const triggersJson = path.join(skillDir, 'evals', 'triggers.json');
    await expect
      .poll(async () => {
        const text = await fileText(triggersJson);
        return text ? (JSON.parse(text) as unknown[]).length : 0;
      })
      .toBe(6);
    await expect(panel.getByTestId('eval-save-queries')).toBeDisabled();

    await panel.getByTestId('eval-runs').fill('2');
    // The trigger threshold (default 0.5): typed into its labelled field.
    const threshold = panel.getByLabel('Trigger threshold');
    await expect(threshold).toHaveValue('0.5');
    await threshold.fill('0.75');
    await panel.getByTestId('eval-start-triggers').click();
    await expect(panel.getByTestId('eval-status')).toHaveText('completed', { timeout: 60_000 });
    expect((await evalRunFile(studio.ws.root, 'trigger_results.json')).summary).toMatchObject({
      threshold: 0.75,
    });
    // Invoice queries trigger (one of them a near miss); the receipt one does not, yet.
    await expect(panel.getByTestId('eval-tp')).toHaveText('2');
    await expect(panel.getByTestId('eval-fn')).toHaveText('1');
    await expect(panel.getByTestId('eval-fp')).toHaveText('1');
    await expect(panel.getByTestId('eval-tn')).toHaveText('2');
    await expect(panel.getByTestId('eval-precision')).toHaveText('67%');
    await expect(panel.getByTestId('eval-recall')).toHaveText('67%');
    await expect(panel.getByTestId('eval-trigger-row')).toHaveCount(6);
    await page.screenshot({ path: test.info().outputPath('triggers.png') });

    // The held-out share (default 0.4), beside the button.
    const holdout = panel.getByLabel('Held out');
    await expect(holdout).toHaveValue('0.4');
    await holdout.fill('0.5');
    await panel.getByTestId('eval-improve-start').click();
    const result = panel.getByTestId('eval-improve-result');
    await expect(result).toBeVisible({ timeout: 60_000 });
    expect(await evalRunFile(studio.ws.root, 'improve_description.json')).toMatchObject({
      holdout: 0.5,
    });
    await expect(result.getByTestId('eval-desc-old-text')).toHaveText(OLD_DESCRIPTION);
    await expect(result.getByTestId('eval-desc-new-text')).toHaveText(NEW_DESCRIPTION);
    await result.getByTestId('eval-desc-accept').click();

    // In the editor, unsaved; the file on disk is as it was; one undo brings the old text back.
    const lines = editor(page).locator('.view-lines');
    await expect(lines).toContainText('receipt question');
    expect(await fileText(path.join(skillDir, 'SKILL.md'))).toContain(OLD_DESCRIPTION);
    await lines.click();
    await page.keyboard.press(`${MOD}+z`);
    await expect(lines).toContainText(OLD_DESCRIPTION);
    await expect(lines).not.toContainText('receipt question');
  });
});
