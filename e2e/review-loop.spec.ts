/**
 * skill-creator's review loop, human half, and browser sessions that keep their place:
 * - one case's outputs side by side (with and without the skill, and the benchmark before),
 *   a note per output saved to the eval run's feedback.json exactly as skill-creator's
 *   viewer saves it, and read back after a reload;
 * - "Open folder" in browser mode browses the server's folders and opens one;
 * - an edit of the user's providers file shows in the running studio, no restart.
 * Every test fails on any page error (the fixtures' appErrors).
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { openSkill, skillItem } from './support/editor';
import { writeBenchmark, writeEvalSkill, evalsDir } from './support/eval-fixture';

const SKILL = 'review-target';
const PREVIOUS = '2026-11-30T10-00-00-000Z';
const CURRENT = '2026-12-01T10-00-00-000Z';

async function openEvals(page: Page): Promise<void> {
  await expect(skillItem(page, SKILL)).toBeVisible({ timeout: 15_000 });
  await openSkill(page, SKILL);
  await page.getByTestId('right-tab-evals').click();
  await expect(page.getByTestId('evals-panel')).toHaveAttribute('data-skill', SKILL);
}

test.describe('the review loop', () => {
  test('outputs side by side across iterations and configurations, feedback saved as skill-creator saves it', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = ws.skillDir(SKILL);
    await rm(evalsDir(ws.root, SKILL), { recursive: true, force: true });
    await writeEvalSkill(dir, SKILL);
    await writeBenchmark(ws.root, SKILL, PREVIOUS, [
      { configuration: 'with_skill', answer: 'Total 40. (older answer)', passRate: 0 },
      { configuration: 'without_skill', answer: 'About 40.', passRate: 0 },
    ]);
    const current = await writeBenchmark(ws.root, SKILL, CURRENT, [
      { configuration: 'with_skill', answer: 'Total 42. INV-OK-7', passRate: 1 },
      { configuration: 'without_skill', answer: 'Roughly 42.', passRate: 0 },
    ]);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openEvals(page);
    // The large view gives the three outputs room side by side.
    await page.getByTestId('maximize-evals').click();
    const review = page.getByTestId('eval-review');
    await expect(review).toBeVisible({ timeout: 15_000 });
    const outputs = review.getByTestId('review-output');
    await expect(outputs).toHaveCount(3);
    await expect(outputs.nth(0)).toHaveAttribute('data-config', 'with_skill');
    await expect(outputs.nth(0)).toHaveAttribute('data-run-id', CURRENT);
    await expect(outputs.nth(0).getByTestId('review-answer')).toHaveText('Total 42. INV-OK-7');
    await expect(outputs.nth(1)).toHaveAttribute('data-config', 'without_skill');
    await expect(outputs.nth(1).getByTestId('review-answer')).toHaveText('Roughly 42.');
    await expect(outputs.nth(2)).toHaveAttribute('data-run-id', PREVIOUS);
    await expect(outputs.nth(2)).toContainText('Previous benchmark');
    await expect(outputs.nth(2).getByTestId('review-answer')).toHaveText(
      'Total 40. (older answer)',
    );
    // Side by side: one row, three columns.
    const boxes = await Promise.all([0, 1, 2].map((i) => outputs.nth(i).boundingBox()));
    expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => {
        document.documentElement.setAttribute('data-theme', t);
      }, theme);
      await page.screenshot({ path: test.info().outputPath(`review-${theme}.png`) });
    }

    await outputs.nth(0).getByTestId('review-feedback').fill('Right total, and it cites the code.');
    await expect(outputs.nth(0).getByTestId('review-feedback-status')).toHaveText('Saved');
    await outputs.nth(2).getByTestId('review-feedback').fill('Missed the code.');
    await outputs.nth(2).getByTestId('review-feedback').blur();
    await expect(outputs.nth(2).getByTestId('review-feedback-status')).toHaveText('Saved');

    // In each iteration's own folder, with the viewer's field names and run ids.
    const saved = JSON.parse(await readFile(path.join(current, 'feedback.json'), 'utf8'));
    expect(Object.keys(saved).sort()).toEqual(['reviews', 'status']);
    expect(saved.status).toBe('in_progress');
    expect(saved.reviews).toHaveLength(1);
    expect(saved.reviews[0]).toMatchObject({
      run_id: 'eval-1-with_skill-run-1',
      feedback: 'Right total, and it cites the code.',
    });
    expect(Object.keys(saved.reviews[0]).sort()).toEqual(['feedback', 'run_id', 'timestamp']);
    const older = JSON.parse(
      await readFile(path.join(evalsDir(ws.root, SKILL), PREVIOUS, 'feedback.json'), 'utf8'),
    );
    expect(older.reviews.map((r: { feedback: string }) => r.feedback)).toEqual([
      'Missed the code.',
    ]);

    // Read back: a reload shows the notes in their boxes.
    await page.reload();
    await openEvals(page);
    const again = page.getByTestId('eval-review').getByTestId('review-output');
    await expect(again.nth(0).getByTestId('review-feedback')).toHaveValue(
      'Right total, and it cites the code.',
    );
    await expect(again.nth(2).getByTestId('review-feedback')).toHaveValue('Missed the code.');
    await expect(again.nth(1).getByTestId('review-feedback')).toHaveValue('');
    if ((await page.getByTestId('maximize-evals').getAttribute('aria-pressed')) === 'true')
      await page.getByTestId('maximize-evals').click();
  });
});

test.describe('browser sessions that keep their place', () => {
  test('Open folder browses the server’s folders and opens one', async ({ studio }) => {
    const { page, ws } = studio;
    test.skip(studio.mode !== 'browser', 'the desktop app has the native folder picker');
    const other = path.join(ws.base, 'picked-ws');
    await mkdir(path.join(other, 'skills', 'picked-skill'), { recursive: true });
    await writeFile(
      path.join(other, 'skills', 'picked-skill', 'SKILL.md'),
      '---\nname: picked-skill\ndescription: Lives in the folder picked in the browser.\n---\nBody\n',
    );
    await page.getByTestId('workspace-button').click();
    const dialog = page.getByTestId('open-workspace-dialog');
    const picker = dialog.getByTestId('folder-browser');
    // It starts in the workspace's parent: the workspace and its siblings.
    await expect(picker.getByTestId('folder-current')).toHaveText(ws.base);
    await expect(picker.getByTestId('folder-item').filter({ hasText: 'workspace' })).toBeVisible();
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => {
        document.documentElement.setAttribute('data-theme', t);
      }, theme);
      await page.screenshot({ path: test.info().outputPath(`folder-picker-${theme}.png`) });
    }
    await picker.getByTestId('folder-item').filter({ hasText: 'picked-ws' }).click();
    await expect(picker.getByTestId('folder-current')).toHaveText(other);
    await expect(dialog.getByTestId('workspace-path')).toHaveValue(other);
    await expect(picker.getByTestId('folder-item').filter({ hasText: 'skills' })).toBeVisible();
    // Up goes back; the root has nothing above it.
    await picker.getByTestId('folder-up').click();
    await expect(picker.getByTestId('folder-current')).toHaveText(ws.base);
    await expect(picker.getByTestId('folder-up')).toBeDisabled();
    await picker.getByTestId('folder-item').filter({ hasText: 'picked-ws' }).click();
    await dialog.getByTestId('workspace-open').click();
    await expect(skillItem(page, 'picked-skill')).toBeVisible({ timeout: 15_000 });

    // Back to the spec workspace, through the same picker.
    await page.getByTestId('workspace-button').click();
    const back = page.getByTestId('open-workspace-dialog').getByTestId('folder-browser');
    await back
      .getByTestId('folder-item')
      .filter({ hasText: /^workspace$/ })
      .click();
    await page.getByTestId('workspace-open').click();
    await expect(skillItem(page, 'alpha-skill')).toBeVisible({ timeout: 15_000 });
  });

  test('an edit of the user’s providers file shows without restarting the server', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    test.skip(studio.mode !== 'browser', 'serve is the browser mode’s server');
    const file = path.join(ws.home, '.config', 'skill-studio', 'providers.json');
    await mkdir(path.dirname(file), { recursive: true });
    const write = async (text: string) => {
      await writeFile(`${file}.tmp`, text, { mode: 0o600 });
      await chmod(`${file}.tmp`, 0o600);
      await rename(`${file}.tmp`, file);
    };
    const before = await readFile(file, 'utf8').catch(() => null);
    try {
      await page.keyboard.press(`Control+,`);
      const view = page.getByTestId('settings-view');
      await expect(view).toBeVisible();
      const row = view.locator('[data-testid="provider-row"][data-id="hot-reloaded"]');
      await expect(row).toHaveCount(0);
      await write(
        JSON.stringify({
          providers: [
            {
              id: 'hot-reloaded',
              kind: 'openai-compatible',
              base_url: 'http://127.0.0.1:9/v1',
              model: 'hot-model',
            },
          ],
        }),
      );
      // No reload, no restart: the settings follow the file.
      await expect(row).toBeVisible({ timeout: 10_000 });
      await expect(row).toContainText('your providers file');
      // Broken mid-edit: the provider stays, and the problem is named.
      await write('{"providers": [ {"id": "hot-reloaded",');
      await expect(view).toContainText('stay in use until it is fixed', { timeout: 10_000 });
      await expect(row).toBeVisible();
      await page.screenshot({ path: test.info().outputPath('providers-reloaded.png') });
    } finally {
      if (before === null) await rm(file, { force: true });
      else await write(before);
    }
  });
});
