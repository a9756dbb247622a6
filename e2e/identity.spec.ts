/**
 * A skill is its folder: two skills that share a name are two skills to the editor,
 * viewing one skill never changes another's buffer, and the "current skill" is the
 * active tab's — the sidebar, the Files panel and the playground follow it.
 */
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import {
  MOD,
  appendAtEnd,
  editor,
  fileText,
  openSkill,
  showPlayground,
  skillItem,
  tab,
} from './support/editor';
import { skillMd } from './support/workspace';

/** Writes a skill folder while the studio runs (the watcher lists it). */
async function writeSkill(dir: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    const file = path.join(dir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}

function activeTab(page: Page) {
  return page.locator('[data-testid="editor-tab"][aria-selected="true"]');
}

function shown(page: Page) {
  return editor(page).locator('.view-lines');
}

test.describe('a skill is its folder', () => {
  test('two skills with one name open, edit and save as two skills', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    // Both are project skills: same priority, so both are listed with SKILL_NAME_CONFLICT.
    const claude = path.join(ws.root, '.claude', 'skills', 'twin');
    const plain = path.join(ws.skillsDir, 'twin');
    await writeSkill(claude, { 'SKILL.md': skillMd('twin', 'Twin in the claude folder.') });
    await writeSkill(plain, { 'SKILL.md': skillMd('twin', 'Twin in the skills folder.') });
    try {
      const items = skillItem(page, 'twin');
      await expect(items).toHaveCount(2, { timeout: 15_000 });
      // Listed by name, then folder: ".claude/…" sorts before "skills/…".
      await items.nth(0).click();
      await expect(shown(page)).toContainText('Twin in the claude folder.', { timeout: 20_000 });
      await items.nth(1).click();
      await expect(shown(page)).toContainText('Twin in the skills folder.');
      await expect(page.locator('[data-testid="editor-tab"][data-skill="twin"]')).toHaveCount(2);

      await appendAtEnd(page, 'Edited the second twin.\n');
      await page.keyboard.press(`${MOD}+S`);
      await expect
        .poll(() => fileText(path.join(plain, 'SKILL.md')))
        .toContain('Edited the second');
      expect(await fileText(path.join(claude, 'SKILL.md'))).not.toContain('Edited the second');

      // The first twin's tab still holds the first twin.
      await page.locator('[data-testid="editor-tab"][data-skill="twin"]').nth(0).click();
      await expect(shown(page)).toContainText('Twin in the claude folder.');
      await expect(shown(page)).not.toContainText('Edited the second');
    } finally {
      await appErrors.removeOpenSkills(path.join(ws.root, '.claude'), plain);
    }
  });

  test('viewing a bundled skill never changes the buffer of another', async ({
    studio,
    appErrors,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'view-switch');
    await writeSkill(dir, {
      'SKILL.md': skillMd('view-switch', 'The skill edited while another is viewed.'),
      'scripts/run.mjs': 'console.log("original");\n',
    });
    try {
      await expect(skillItem(page, 'view-switch')).toBeVisible({ timeout: 15_000 });
      await openSkill(page, 'view-switch');
      await appendAtEnd(page, 'Mine, not text-stats.\n');

      await skillItem(page, 'text-stats').click();
      await expect(tab(page, 'text-stats')).toHaveAttribute('aria-selected', 'true');
      await expect(shown(page)).toContainText('name: text-stats');

      await tab(page, 'view-switch').click();
      await expect(shown(page)).toContainText('Mine, not text-stats.');
      await page.keyboard.press(`${MOD}+S`);
      await expect(tab(page, 'view-switch')).toHaveAttribute('data-dirty', 'false');
      const saved = await fileText(path.join(dir, 'SKILL.md'));
      expect(saved).toContain('name: view-switch');
      expect(saved).toContain('Mine, not text-stats.');
      expect(saved).not.toContain('text-stats\n');

      // The same with a sidecar.
      await skillItem(page, 'view-switch').click();
      await page.getByTestId('right-tab-files').click();
      await page
        .getByTestId('files-panel')
        .locator('[data-testid="file-row"][data-path="scripts/run.mjs"] .file-main')
        .click();
      await expect(tab(page, 'view-switch', 'scripts/run.mjs')).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(shown(page)).toContainText('original');
      await appendAtEnd(page, '// mine\n');
      await skillItem(page, 'text-stats').click();
      await expect(activeTab(page)).toHaveAttribute('data-skill', 'text-stats');
      await tab(page, 'view-switch', 'scripts/run.mjs').click();
      await expect(shown(page)).toContainText('// mine');
      await page.keyboard.press(`${MOD}+S`);
      await expect(tab(page, 'view-switch', 'scripts/run.mjs')).toHaveAttribute(
        'data-dirty',
        'false',
      );
      expect(await fileText(path.join(dir, 'scripts/run.mjs'))).toBe(
        'console.log("original");\n// mine\n',
      );
    } finally {
      await appErrors.removeOpenSkills(dir);
    }
  });

  test('the active tab is the current skill: sidebar, Files panel and playground follow it', async ({
    studio,
  }) => {
    const { page } = studio;
    await openSkill(page, 'alpha-skill');
    await openSkill(page, 'gamma-warn');
    await tab(page, 'alpha-skill').click();

    await expect(skillItem(page, 'alpha-skill')).toHaveAttribute('aria-selected', 'true');
    await expect(skillItem(page, 'gamma-warn')).toHaveAttribute('aria-selected', 'false');
    await page.getByTestId('right-tab-files').click();
    await expect(page.getByTestId('files-panel').locator('.files-title')).toContainText(
      'alpha-skill',
    );
    await showPlayground(page);
    await expect(page.getByTestId('pg-skill')).toContainText('alpha-skill');

    await tab(page, 'gamma-warn').click();
    await expect(skillItem(page, 'gamma-warn')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('files-panel').locator('.files-title')).toContainText(
      'gamma-warn',
    );
    await expect(page.getByTestId('pg-skill')).toContainText('gamma-warn');
  });

  test('open tabs come back after a reload, and each close button names its skill', async ({
    studio,
  }) => {
    const { page } = studio;
    await openSkill(page, 'alpha-skill');
    await openSkill(page, 'beta-tools');
    await expect(
      tab(page, 'alpha-skill').getByRole('button', { name: 'Close alpha-skill/SKILL.md' }),
    ).toBeVisible();

    await page.reload();
    await expect(tab(page, 'alpha-skill')).toBeVisible({ timeout: 20_000 });
    await expect(tab(page, 'beta-tools')).toHaveAttribute('aria-selected', 'true');
    await expect(shown(page)).toContainText('name: beta-tools', { timeout: 20_000 });
  });

  test('"unsaved" in the Problems panel means unsaved', async ({ studio, appErrors }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'unsaved-label');
    await writeSkill(dir, {
      'SKILL.md': skillMd('unsaved-label', 'Has a key nobody defines.', 'colour: blue\n'),
    });
    try {
      await expect(skillItem(page, 'unsaved-label')).toBeVisible({ timeout: 15_000 });
      await openSkill(page, 'unsaved-label');
      await page.getByTestId('right-tab-problems').click();
      const header = page.locator('.problem-group-header', { hasText: 'unsaved-label' });
      const unsaved = header.locator('.badge', { hasText: 'unsaved' });
      await expect(header).toBeVisible();
      await expect(unsaved).toHaveCount(0);

      await appendAtEnd(page, 'More steps.\n');
      await expect(unsaved).toBeVisible();
      await page.keyboard.press(`${MOD}+S`);
      await expect(tab(page, 'unsaved-label')).toHaveAttribute('data-dirty', 'false');
      await expect(header).toBeVisible();
      await expect(unsaved).toHaveCount(0);
    } finally {
      await appErrors.removeOpenSkills(dir);
    }
  });
});
