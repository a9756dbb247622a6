/**
 * The playground: run the bundled text-stats skill and watch it stream; a missing
 * required argument stops the run at the form; Cancel stops a long run; acting as
 * an agent, a skill outside its allowlist is refused; a saved case re-runs from
 * the history, from the Cases tab and from `skill-studio test`.
 */
import { spawnSync } from 'node:child_process';
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, REPO_ROOT } from './support/fixtures';
import { MOD, skillItem, discoveredSkill, showPlayground } from './support/editor';

const TEXT = 'One fish. Two fish. Red fish, blue fish.';

async function openPlayground(page: Page, skill: string): Promise<void> {
  await skillItem(page, skill).first().click();
  await showPlayground(page);
  await page.getByTestId('pg-tab-run').click();
  await expect(page.getByTestId('pg-skill')).toContainText(skill);
}

function field(page: Page, pointer: string) {
  return page.locator(`[data-testid="arg-field"][data-pointer="${pointer}"]`);
}

async function fillTextStats(page: Page, text: string, delay: number): Promise<void> {
  await field(page, '/text').locator('textarea, input').first().fill(text);
  await field(page, '/delay_ms').locator('input').fill(String(delay));
}

/** A copy of the bundled text-stats skill in the workspace (bundled skills are read-only). */
async function workspaceCopyOfTextStats(skillsDir: string, name: string): Promise<string> {
  const dir = path.join(skillsDir, name);
  await rm(dir, { recursive: true, force: true });
  await cp(path.join(REPO_ROOT, 'resources', 'skills', 'text-stats'), dir, { recursive: true });
  const md = path.join(dir, 'SKILL.md');
  await writeFile(
    md,
    (await readFile(md, 'utf8'))
      .replace('name: text-stats', `name: ${name}`)
      .replace('tags: [example, text, streaming]', 'tags: [e2e-cases]'),
  );
  return dir;
}

test.describe('the playground', () => {
  test('runs text-stats: progress reaches 100%, artifacts are assembled, the summary shows', async ({
    studio,
  }) => {
    const { page } = studio;
    await openPlayground(page, 'text-stats');
    // Defaults come from the skill: its arguments map and the schema's defaults.
    await expect(field(page, '/top').locator('input')).toHaveValue('5');
    await expect(field(page, '/text')).toContainText('Text');
    await expect(field(page, '/text').locator('.pg-required')).toBeVisible();
    await fillTextStats(page, TEXT, 20);

    // Form ⇄ JSON: the JSON view shows what the form holds, and an edit there comes back.
    await page.getByTestId('args-view-json').click();
    const editor = page.locator('[data-testid="args-json"] .monaco-editor').first();
    await expect(editor).toBeVisible({ timeout: 20_000 });
    await expect(editor.locator('.view-lines')).toContainText('One fish');
    await editor.locator('.view-lines').click();
    await page.keyboard.press(`${MOD}+a`);
    await page.keyboard.press('Delete');
    // Typed key by key, as a person would (Monaco closes brackets and quotes as they are typed).
    await page.keyboard.type(JSON.stringify({ text: TEXT, top: 3, delay_ms: 20 }));
    await page.getByTestId('args-view-form').click();
    await expect(field(page, '/top').locator('input')).toHaveValue('3');

    await page.getByTestId('run-button').click();
    const bar = page.getByRole('progressbar', { name: 'Skill progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 20_000 });
    await expect(page.getByTestId('run-phase')).toHaveText('Done');
    await expect(page.getByTestId('result-summary')).toHaveText(
      '8 words, 3 sentences; top term: fish',
    );
    await expect(page.getByTestId('result-data')).toContainText('top_terms');

    await page.getByTestId('run-tab-artifacts').click();
    const report = page.locator('[data-testid="artifact-item"][data-name="report.md"]');
    await expect(report).toHaveAttribute('data-complete', 'true');
    await report.click();
    await expect(page.getByTestId('artifact-markdown').locator('h1')).toHaveText('Text stats');
    await expect(page.getByTestId('artifact-markdown').locator('table')).toContainText('fish');
    await page.locator('[data-testid="artifact-item"][data-name="terms.csv"]').click();
    await expect(page.getByTestId('artifact-csv').locator('tbody tr').first()).toContainText(
      'fish',
    );
    const download = page.waitForEvent('download');
    await page
      .locator(
        '[data-testid="artifact-item"][data-name="terms.csv"] [data-testid="artifact-download"]',
      )
      .click();
    expect((await download).suggestedFilename()).toBe('terms.csv');

    await page.getByTestId('run-tab-logs').click();
    await expect(page.getByTestId('log-row').first()).toContainText('words found');
    await page.getByTestId('log-level-info').uncheck();
    await expect(page.getByTestId('log-row')).toHaveCount(1);
    await expect(page.getByTestId('log-row').first()).toContainText('sentences found');

    await page.getByTestId('run-tab-raw').click();
    // The request, every event and the response.
    await expect(page.getByTestId('raw-count')).toHaveText(/^\d{2,} messages$/);
    await expect(page.getByTestId('raw-row').first()).toContainText('skill/call/req');

    // Every call is kept in the history.
    await page.getByTestId('pg-tab-history').click();
    await expect(
      page.locator('[data-testid="history-row"][data-outcome="success"]').first(),
    ).toBeVisible();
  });

  test('a missing required argument is shown on its field and nothing runs', async ({ studio }) => {
    const { page } = studio;
    await openPlayground(page, 'text-stats');
    await page.getByTestId('args-reset').click();
    await field(page, '/text').locator('textarea, input').first().fill('');
    await page.getByTestId('run-button').click();
    await expect(field(page, '/text').getByTestId('field-error')).toHaveText('Required');
    await expect(page.getByTestId('run-blocked')).toBeVisible();
    await expect(page.getByTestId('run-view')).toHaveCount(0);
    // Out of range is caught the same way, on its own field.
    await field(page, '/text').locator('textarea, input').first().fill('hello');
    await field(page, '/top').locator('input').fill('99');
    await page.keyboard.press(`${MOD}+Enter`);
    await expect(field(page, '/top').getByTestId('field-error')).toContainText('50');
    await expect(field(page, '/text').getByTestId('field-error')).toHaveCount(0);
    await expect(page.getByTestId('run-view')).toHaveCount(0);
  });

  test('Cancel stops a long run and says so', async ({ studio }) => {
    const { page } = studio;
    await openPlayground(page, 'text-stats');
    await fillTextStats(page, TEXT, 5000);
    await page.keyboard.press(`${MOD}+Enter`);
    await expect(page.getByTestId('run-phase')).toHaveText('Running');
    await expect(page.getByTestId('status-latest')).toContainText('Analysing');
    await page.getByTestId('cancel-button').click();
    await expect(page.getByTestId('run-phase')).toHaveText('Cancelled');
    await expect(page.getByTestId('result-badge')).toHaveText('Cancelled');
    await expect(page.getByTestId('result-error-code')).toHaveText('cancelled');
    await expect(page.getByTestId('run-button')).toBeEnabled();
    await page.getByTestId('pg-tab-history').click();
    await expect(
      page.locator('[data-testid="history-row"][data-outcome="cancelled"]').first(),
    ).toBeVisible();
  });

  test('acting as an agent, a skill outside its allowlist is refused as unauthorized and not listed', async ({
    studio,
  }) => {
    const { page } = studio;
    await openPlayground(page, 'text-stats');
    await page.getByTestId('act-as').selectOption('writer');
    await fillTextStats(page, TEXT, 0);
    await page.getByTestId('run-button').click();
    await expect(page.getByTestId('run-view')).toHaveAttribute('data-outcome', 'refused');
    await expect(page.getByTestId('run-phase')).toHaveText('Unauthorized');
    await expect(page.getByTestId('result-error-code')).toHaveText('unauthorized');
    await expect(page.getByTestId('result-error-message')).toContainText('writer');
    // Discovery as the same agent does not list it either.
    await page.getByTestId('pg-tab-discover').click();
    await expect(discoveredSkill(page, 'alpha-skill')).toBeVisible();
    await expect(discoveredSkill(page, 'text-stats')).toHaveCount(0);
    // As the studio it is there, and filters narrow the list.
    await page.getByTestId('act-as').selectOption('');
    await expect(discoveredSkill(page, 'text-stats')).toBeVisible();
    await page.getByTestId('discover-tags').fill('streaming');
    await page.getByTestId('discover-button').click();
    await expect(page.getByTestId('discovered-skill')).toHaveCount(1);
    await expect(discoveredSkill(page, 'text-stats')).toContainText('When to use');
  });

  test('a saved case re-runs from the history, the Cases tab and skill-studio test', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    // A fresh name per attempt: the history of the workspace outlives a retried test.
    const name = `case-stats-${Date.now().toString(36)}`;
    const dir = await workspaceCopyOfTextStats(ws.skillsDir, name);
    try {
      await expect(skillItem(page, name)).toBeVisible({ timeout: 15_000 });
      await openPlayground(page, name);
      await fillTextStats(page, 'a b c. d', 0);
      await page.getByTestId('run-button').click();
      await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 20_000 });

      await page.getByTestId('pg-tab-history').click();
      const first = page.getByTestId('history-row').first();
      await expect(first).toHaveAttribute('data-outcome', 'success');
      await first.getByTestId('history-save-case').click();
      await page.getByTestId('prompt-input').fill('Four Words');
      await page.getByTestId('prompt-ok').click();
      const file = path.join(dir, 'tests', 'cases', 'four-words.json');
      await expect.poll(() => existsSync(file)).toBe(true);
      const saved = JSON.parse(await readFile(file, 'utf8'));
      expect(saved).toMatchObject({
        name: 'four-words',
        arguments: { text: 'a b c. d' },
        expect: { success: true, data: { words: 4, sentences: 2 } },
      });

      // Re-run from the history: same arguments, a second kept call; then compare the two.
      await page.getByTestId('history-row').first().getByTestId('history-rerun').click();
      await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 20_000 });
      await expect(page.getByTestId('result-summary')).toContainText('4 words');
      await page.getByTestId('pg-tab-history').click();
      await expect(page.getByTestId('history-row')).toHaveCount(2);
      await page.getByTestId('history-pick').nth(0).check();
      await page.getByTestId('history-pick').nth(1).check();
      await page.getByTestId('history-compare').click();
      await expect(page.getByTestId('run-compare')).toBeVisible();
      await expect(page.getByTestId('compare-args-same')).toBeVisible();

      // The Cases tab runs the saved case through the host.
      await page.getByTestId('pg-tab-cases').click();
      await expect(page.locator('[data-testid="case-row"][data-name="four-words"]')).toBeVisible();
      await page.getByTestId('cases-run-all').click();
      await expect(page.getByTestId('cases-summary')).toHaveText('1 passed, 0 failed', {
        timeout: 20_000,
      });

      // And so does the CLI, from the workspace.
      const cli = spawnSync(
        process.execPath,
        [path.join(REPO_ROOT, 'bin', 'skill-studio.cjs'), 'test', name, '--no-user'],
        {
          cwd: ws.root,
          env: { ...process.env, HOME: ws.home, NO_COLOR: '1' },
          encoding: 'utf8',
          timeout: 60_000,
        },
      );
      expect(cli.stderr).toBe('');
      expect(cli.status).toBe(0);
      expect(cli.stdout).toMatch(/✓ four-words/);
      expect(cli.stdout).toContain('1 passed, 0 failed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

test.describe('pictures for the docs', () => {
  test.skip(
    !process.env.STUDIO_SCREENSHOTS,
    'set STUDIO_SCREENSHOTS=1 to refresh docs/playground*.png and docs/agents.png',
  );

  async function tallPanel(page: Page): Promise<void> {
    const splitter = page.getByRole('separator', { name: 'Resize the playground panel' });
    const box = await splitter.boundingBox();
    if (!box) return;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y - 260, { steps: 6 });
    await page.mouse.up();
  }

  test('the playground running and finished, and the allowlist manager', async ({ studio }) => {
    const { page } = studio;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPlayground(page, 'text-stats');
    await tallPanel(page);
    await fillTextStats(
      page,
      'One fish. Two fish. Red fish, blue fish. The quick brown fox jumps over the lazy dog; the dog sleeps.',
      900,
    );
    await page.getByTestId('run-button').click();
    await expect(page.getByRole('progressbar', { name: 'Skill progress' })).toHaveAttribute(
      'aria-valuenow',
      '30',
      { timeout: 10_000 },
    );
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'playground-running.png') });
    await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 30_000 });
    await page.getByTestId('run-tab-artifacts').click();
    await page.locator('[data-testid="artifact-item"][data-name="report.md"]').click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'playground.png') });

    await page.locator('[data-testid="agent-row"][data-agent="writer"]').click();
    await expect(page.getByTestId('agents-view')).toBeVisible();
    await page.getByTestId('playground-hide').click();
    await page.locator('[data-testid="agent-skill"][data-skill="export-target"]').check();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', 'agents.png') });
    await page.getByTestId('agents-revert').click();
  });
});
