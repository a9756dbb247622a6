/**
 * The Portability tab: the open skill against every agent client, live as the
 * SKILL.md is typed (no save): adding a studio-only key fails claude.ai at once.
 */
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { editor, goToLine, skillItem, tab } from './support/editor';
import { skillMd } from './support/workspace';

test('the portability panel follows the buffer as it is typed', async ({ studio }) => {
  const { page, ws } = studio;
  const dir = path.join(ws.skillsDir, 'porta-skill');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), skillMd('porta-skill', 'Portable everywhere.'));
  try {
    await expect(skillItem(page, 'porta-skill')).toBeVisible({ timeout: 15_000 });
    await skillItem(page, 'porta-skill').click();
    await expect(tab(page, 'porta-skill')).toHaveAttribute('aria-selected', 'true');
    await expect(editor(page)).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('right-tab-portability').click();
    const upload = page.getByTestId('portability-claude-upload');
    await expect(upload).toHaveAttribute('data-status', 'ok', { timeout: 15_000 });
    await expect(page.getByTestId('portability-claude-code')).toHaveAttribute('data-status', 'ok');

    // A studio-only key on line 2, not saved: claude.ai refuses it, Claude Code ignores it.
    await goToLine(page, 2);
    await page.keyboard.press('Home');
    await page.keyboard.type('tags: [pdf]\n');
    await expect(upload).toHaveAttribute('data-status', 'fail', { timeout: 15_000 });
    await expect(upload).toContainText('line 2');
    await expect(upload).toContainText('--fix-for claude-upload');
    await expect(page.getByTestId('portability-claude-code')).toHaveAttribute('data-status', 'ok');
    await expect(tab(page, 'porta-skill')).toHaveAttribute('data-dirty', 'true');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
