import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { appendAtEnd, openSkill, skillItem, MOD } from './support/editor';
import { skillMd } from './support/workspace';

test('look', async ({ studio }) => {
  const { page, ws } = studio;
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.keyboard.press(`${MOD}+n`);
  await page.getByTestId('new-skill-name').fill('Bad Name');
  await page.screenshot({ path: '/tmp/look-new.png' });
  await page.keyboard.press('Escape');
  await skillItem(page, 'export-target').click();
  await page.getByTestId('export-button').click();
  await page.screenshot({ path: '/tmp/look-export.png' });
  await page.keyboard.press('Escape');
  await openSkill(page, 'conflict-target');
  await appendAtEnd(page, 'Mine.');
  await writeFile(path.join(ws.skillDir('conflict-target'), 'SKILL.md'), skillMd('conflict-target', 'Changed.', '', '# Theirs\n'));
  await expect(page.getByTestId('conflict-bar')).toBeVisible();
  await page.screenshot({ path: '/tmp/look-conflict.png' });
  await page.getByTestId('conflict-compare').click();
  await expect(page.locator('.monaco-diff-editor')).toBeVisible();
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/look-diff.png' });
});
