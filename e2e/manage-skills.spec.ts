/**
 * Managing whole skills from the sidebar's menu (duplicate, rename, delete to the trash)
 * and importing a bundle of several skills through the preview, with a conflict.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { skillItem, tab } from './support/editor';
import { makeZip } from './support/zip';
import { skillMd } from './support/workspace';

async function menuFor(page: Page, name: string) {
  await skillItem(page, name).click({ button: 'right' });
  const menu = page.getByTestId('skill-menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('managing skills', () => {
  test('duplicate a bundled skill, rename the copy, delete it to the trash', async ({ studio }) => {
    const { page, ws } = studio;
    const copyDir = path.join(ws.skillsDir, 'text-stats-copy');
    const renamedDir = path.join(ws.skillsDir, 'my-stats');
    try {
      // A bundled skill can only be duplicated: into the workspace, ready to edit.
      let menu = await menuFor(page, 'text-stats');
      await expect(menu.getByTestId('skill-menu-rename')).toBeDisabled();
      await expect(menu.getByTestId('skill-menu-delete')).toBeDisabled();
      await menu.getByTestId('skill-menu-duplicate').click();
      await expect(skillItem(page, 'text-stats-copy')).toHaveAttribute('data-source', 'project');
      await expect(tab(page, 'text-stats-copy')).toHaveAttribute('aria-selected', 'true');
      expect(await readFile(path.join(copyDir, 'SKILL.md'), 'utf8')).toContain(
        'name: text-stats-copy',
      );
      await expect(skillItem(page, 'text-stats')).toHaveAttribute('data-source', 'framework');

      // Rename: folder and name together; the open tab follows the skill.
      menu = await menuFor(page, 'text-stats-copy');
      await menu.getByTestId('skill-menu-rename').click();
      await page.getByTestId('prompt-input').fill('my-stats');
      await page.getByTestId('prompt-ok').click();
      await expect(skillItem(page, 'my-stats')).toBeVisible();
      await expect(skillItem(page, 'text-stats-copy')).toHaveCount(0);
      await expect(tab(page, 'my-stats')).toHaveAttribute('aria-selected', 'true');
      await expect(tab(page, 'text-stats-copy')).toHaveCount(0);
      expect(existsSync(copyDir)).toBe(false);
      expect(await readFile(path.join(renamedDir, 'SKILL.md'), 'utf8')).toContain('name: my-stats');

      // Delete: the confirm names the trash; the folder lands there, the tab closes.
      menu = await menuFor(page, 'my-stats');
      await menu.getByTestId('skill-menu-delete').click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText('Trash');
      await confirm.getByTestId('confirm-ok').click();
      await expect(skillItem(page, 'my-stats')).toHaveCount(0);
      await expect(tab(page, 'my-stats')).toHaveCount(0);
      expect(existsSync(renamedDir)).toBe(false);
      if (studio.mode === 'browser') {
        const trashed = path.join(ws.home, '.local', 'share', 'Trash');
        expect(existsSync(path.join(trashed, 'files', 'my-stats', 'SKILL.md'))).toBe(true);
        expect(await readFile(path.join(trashed, 'info', 'my-stats.trashinfo'), 'utf8')).toContain(
          `Path=${renamedDir}`,
        );
      }
    } finally {
      await rm(copyDir, { recursive: true, force: true });
      await rm(renamedDir, { recursive: true, force: true });
    }
  });

  test('imports a two-skill zip after the preview, keeping both on a conflict', async ({
    studio,
  }, testInfo) => {
    const { page, ws } = studio;
    const dirs = ['dup-skill', 'dup-skill-2', 'second-skill'].map((n) =>
      path.join(ws.skillsDir, n),
    );
    try {
      await mkdir(dirs[0], { recursive: true });
      await writeFile(
        path.join(dirs[0], 'SKILL.md'),
        skillMd('dup-skill', 'The one already here.'),
      );
      await expect(skillItem(page, 'dup-skill')).toBeVisible();

      const file = testInfo.outputPath('two-skills.zip');
      await writeFile(
        file,
        await makeZip({
          'dup-skill/SKILL.md': skillMd('dup-skill', 'Came in the bundle.', 'colour: red\n'),
          'second-skill/SKILL.md': skillMd('second-skill', 'Also in the bundle.'),
          'second-skill/references/a.md': '# A\n',
        }),
      );
      await page.getByTestId('import-input').setInputFiles(file);
      const dialog = page.getByTestId('import-dialog');
      const items = dialog.getByTestId('import-skill');
      await expect(items).toHaveCount(2);
      await expect(items.nth(0)).toHaveAttribute('data-folder', 'dup-skill');
      await expect(items.nth(1)).toHaveAttribute('data-folder', 'second-skill');
      await expect(items.nth(1).getByTestId('import-validation')).toContainText('Valid');
      // Each skill with its files.
      await items.nth(1).getByTestId('import-files').locator('summary').click();
      await expect(items.nth(1).getByTestId('import-file')).toHaveText([
        'SKILL.md',
        'references/a.md',
      ]);
      await expect(items.nth(1).getByTestId('import-conflict')).toHaveCount(0);
      // A warning reads as a line of text, not a column of single words.
      await expect(items.nth(0).getByTestId('import-validation')).toContainText('1 warning');
      const warning = items.nth(0).locator('.diag-list li > span').first();
      await expect(warning).toContainText('colour');
      expect((await warning.boundingBox())?.width ?? 0).toBeGreaterThan(200);
      const conflict = items.nth(0).getByTestId('import-conflict');
      await expect(conflict).toContainText('already exists');
      await conflict.getByTestId('import-choice-replace').check();
      await conflict.getByTestId('import-choice-keep-both').check();
      await expect(conflict).toContainText('import as dup-skill-2');
      // Nothing is written before Import.
      expect(existsSync(dirs[1]) || existsSync(dirs[2])).toBe(false);

      await dialog.getByTestId('import-run').click();
      await expect(dialog).toBeHidden();
      await expect(skillItem(page, 'dup-skill-2')).toBeVisible();
      await expect(skillItem(page, 'second-skill')).toBeVisible();
      await expect(tab(page, 'dup-skill-2')).toHaveAttribute('aria-selected', 'true');
      expect(await readFile(path.join(dirs[0], 'SKILL.md'), 'utf8')).toContain(
        'The one already here.',
      );
      const kept = await readFile(path.join(dirs[1], 'SKILL.md'), 'utf8');
      expect(kept).toContain('name: dup-skill-2');
      expect(kept).toContain('Came in the bundle.');
      expect(existsSync(path.join(dirs[2], 'references', 'a.md'))).toBe(true);
      await expect(skillItem(page, 'dup-skill-2').getByTestId('badge-errors')).toHaveCount(0);
    } finally {
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });
});
