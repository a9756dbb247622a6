/**
 * Changes on disk reach every open file, not only SKILL.md: a clean tab reloads
 * and keeps its cursor, a dirty one offers keep mine / take theirs, a renamed file
 * keeps its tab, and a tab whose skill folder was deleted says so.
 */
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { appendAtEnd, editor, goToLine, skillItem, tab } from './support/editor';
import { skillMd } from './support/workspace';

const SCRIPT = 'line one\nline two\nline three\n';

async function writeSkill(dir: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

/** Lists the skill, selects it and opens one of its files from the Files panel. */
async function openFile(page: Page, skill: string, file: string): Promise<void> {
  await expect(skillItem(page, skill)).toBeVisible({ timeout: 15_000 });
  await skillItem(page, skill).click();
  await expect(tab(page, skill)).toHaveAttribute('aria-selected', 'true');
  await page.getByTestId('right-tab-files').click();
  await page
    .getByTestId('files-panel')
    .locator(`[data-testid="file-row"][data-path="${file}"] .file-main`)
    .click();
  await expect(tab(page, skill, file)).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
}

test.describe('changes on disk reach every open file', () => {
  test('a sidecar rewritten on disk reloads in its clean tab and keeps the cursor', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'disk-clean');
    await writeSkill(dir, {
      'SKILL.md': skillMd('disk-clean', 'Its sidecar is rewritten on disk.'),
      'scripts/run.mjs': SCRIPT,
    });
    try {
      await openFile(page, 'disk-clean', 'scripts/run.mjs');
      await expect(editor(page).locator('.view-lines')).toContainText('line three');
      await goToLine(page, 2);
      for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('status-cursor')).toHaveText('Ln 2, Col 5');

      await writeFile(path.join(dir, 'scripts/run.mjs'), `${SCRIPT}line four from disk\n`);
      await expect(editor(page).locator('.view-lines')).toContainText('line four from disk');
      await expect(tab(page, 'disk-clean', 'scripts/run.mjs')).toHaveAttribute(
        'data-dirty',
        'false',
      );
      await expect(page.getByTestId('status-cursor')).toHaveText('Ln 2, Col 5');
    } finally {
      await appErrors.removeOpenSkills(dir);
    }
  });

  test('a dirty sidecar changed on disk offers keep mine / take theirs', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'disk-dirty');
    await writeSkill(dir, {
      'SKILL.md': skillMd('disk-dirty', 'Its sidecar changes on disk while edited.'),
      'scripts/run.mjs': SCRIPT,
    });
    try {
      await openFile(page, 'disk-dirty', 'scripts/run.mjs');
      await appendAtEnd(page, 'my line\n');
      await expect(tab(page, 'disk-dirty', 'scripts/run.mjs')).toHaveAttribute(
        'data-dirty',
        'true',
      );
      await writeFile(path.join(dir, 'scripts/run.mjs'), 'their text\n');
      await expect(page.getByTestId('conflict-bar')).toContainText('scripts/run.mjs');
      // Nothing changed under the user's hands.
      await expect(editor(page).locator('.view-lines')).toContainText('my line');

      await page.getByTestId('conflict-take-theirs').click();
      await expect(editor(page).locator('.view-lines')).toContainText('their text');
      await expect(editor(page).locator('.view-lines')).not.toContainText('my line');
      await expect(tab(page, 'disk-dirty', 'scripts/run.mjs')).toHaveAttribute(
        'data-dirty',
        'false',
      );
    } finally {
      await appErrors.removeOpenSkills(dir);
    }
  });

  test('renaming an open file in the Files panel keeps its tab and its edits', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'rename-open');
    await writeSkill(dir, {
      'SKILL.md': skillMd('rename-open', 'Its open reference file is renamed.'),
      'references/notes.md': '# Notes\n',
    });
    try {
      await openFile(page, 'rename-open', 'references/notes.md');
      await appendAtEnd(page, 'unsaved words\n');
      const row = page.getByTestId('files-panel').locator('[data-path="references/notes.md"]');
      await row.hover();
      await row.getByTestId('file-rename').click();
      await page.getByTestId('prompt-input').fill('guide.md');
      await page.getByTestId('prompt-ok').click();

      const renamed = tab(page, 'rename-open', 'references/guide.md');
      await expect(renamed).toHaveAttribute('aria-selected', 'true');
      await expect(renamed).toHaveAttribute('data-dirty', 'true');
      await expect(tab(page, 'rename-open', 'references/notes.md')).toHaveCount(0);
      await expect(editor(page).locator('.view-lines')).toContainText('unsaved words');
    } finally {
      await appErrors.removeOpenSkills(dir);
    }
  });

  test('an open skill whose folder was deleted says so', async ({ studio }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'doomed-skill');
    await writeSkill(dir, { 'SKILL.md': skillMd('doomed-skill', 'Its folder is deleted.') });
    await openFile(page, 'doomed-skill', 'SKILL.md');
    await rm(dir, { recursive: true, force: true });
    await expect(page.getByTestId('skill-gone-bar')).toContainText('doomed-skill', {
      timeout: 15_000,
    });
    await expect(tab(page, 'doomed-skill')).toBeVisible();
  });
});
