/**
 * "Install to…": the selected skill goes into Claude Code's project folder
 * (`.claude/skills` of the workspace), shows up in the sidebar as a project skill
 * there, and a second install stops at the existing copy until the user chooses.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { skillItem } from './support/editor';

test.describe('install to an agent client', () => {
  test('Install to Claude Code (project): the copy is in .claude/skills and in the sidebar', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    const claudeDir = path.join(ws.root, '.claude');
    const installed = path.join(claudeDir, 'skills', 'beta-tools');
    try {
      await skillItem(page, 'beta-tools').click();
      await page.getByTestId('install-button').click();
      const dialog = page.getByTestId('install-dialog');
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('install-client').selectOption('claude-code');
      await dialog.getByTestId('install-scope-project').check();
      await expect(dialog.getByTestId('install-mode-copy')).toBeChecked();
      await expect(dialog.getByTestId('install-verdict')).toContainText('Claude Code');
      await expect(dialog.getByTestId('install-run')).toHaveText(
        'Install to Claude Code (project)',
      );
      await dialog.getByTestId('install-run').click();
      await expect(dialog.getByTestId('install-done')).toContainText(installed);

      expect(await readFile(path.join(installed, 'SKILL.md'), 'utf8')).toBe(
        await readFile(path.join(ws.skillDir('beta-tools'), 'SKILL.md'), 'utf8'),
      );
      const lock = JSON.parse(
        await readFile(path.join(claudeDir, 'skills', 'skills-lock.json'), 'utf8'),
      ) as { skills: Record<string, { mode: string; source: { kind: string } }> };
      expect(lock.skills['beta-tools']).toMatchObject({ mode: 'copy', source: { kind: 'folder' } });
      await expect(
        page.locator(`[data-testid="skill-item"][data-dir="${installed}"]`),
      ).toHaveAttribute('data-source', 'project');
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Installing again meets the copy: nothing is written until the user chooses.
      await page
        .locator(`[data-testid="skill-item"][data-dir="${ws.skillDir('beta-tools')}"]`)
        .click();
      await page.getByTestId('install-button').click();
      await dialog.getByTestId('install-client').selectOption('claude-code');
      await dialog.getByTestId('install-scope-project').check();
      await dialog.getByTestId('install-run').click();
      await expect(dialog.getByTestId('install-conflict')).toContainText('already there');
      await expect(dialog.getByTestId('install-run')).toBeDisabled();
      await dialog.getByTestId('install-choice-rename').check();
      await dialog.getByTestId('install-run').click();
      await expect(dialog.getByTestId('install-done')).toContainText('beta-tools-2');
      expect(existsSync(path.join(claudeDir, 'skills', 'beta-tools-2', 'SKILL.md'))).toBe(true);
    } finally {
      await appErrors.removeOpenSkills(claudeDir);
    }
  });
});
