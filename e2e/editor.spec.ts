import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import {
  MOD,
  appendAtEnd,
  editor,
  fileText,
  openSkill,
  replaceLine,
  skillItem,
  tab,
} from './support/editor';
import { skillMd } from './support/workspace';

test.describe('editing SKILL.md', () => {
  test('a bad name shows a marker and a problem within a second; fixing it clears both', async ({
    studio,
  }) => {
    const { page } = studio;
    await openSkill(page, 'validate-target');
    const problem = page.locator(
      '[data-testid="problem-item"][data-code="NAME_NOT_LOWERCASE"][data-skill="validate-target"]',
    );
    const squiggles = editor(page).locator('.squiggly-error');
    await expect(squiggles).toHaveCount(0);

    await replaceLine(page, 2, 'name: Bad_Name');
    await expect(squiggles.first()).toBeVisible({ timeout: 1_000 });
    await expect(problem).toBeVisible({ timeout: 1_000 });
    await expect(skillItem(page, 'validate-target').getByTestId('badge-errors')).toBeVisible();
    await expect(tab(page, 'validate-target')).toHaveAttribute('data-dirty', 'true');

    // Clicking the problem puts the cursor on it.
    await page.locator('[data-testid="problem-item"][data-code="NAME_DIR_MISMATCH"]').click();
    await expect(page.getByTestId('status-cursor')).toHaveText('Ln 2, Col 7');

    await replaceLine(page, 2, 'name: validate-target');
    await expect(problem).toHaveCount(0, { timeout: 1_000 });
    await expect(squiggles).toHaveCount(0, { timeout: 1_000 });
    await expect(skillItem(page, 'validate-target').getByTestId('badge-errors')).toHaveCount(0);
  });

  test('hover explains a frontmatter key and a quick fix repairs the name', async ({ studio }) => {
    const { page } = studio;
    await openSkill(page, 'validate-target');
    // Hover the key itself (a few characters into the "description:" line).
    // Wait until Monaco has laid the line out, then hover it (Playwright waits for a stable box).
    const line = editor(page).locator('.view-line', { hasText: 'description:' });
    await expect(line).toBeVisible();
    // Monaco shows a hover on mouse movement only, and a movement that lands before its hover
    // provider is registered shows nothing: move off and back until the hover answers.
    await expect(async () => {
      await page.mouse.move(0, 0);
      await line.hover({ position: { x: 30, y: 8 } });
      await expect(page.locator('.monaco-hover:not(.hidden)').first()).toContainText(
        'Agents read this',
        { timeout: 2_000 },
      );
    }).toPass({ timeout: 10_000 });

    // Uppercase and an underscore: the fix must give a valid name, not validate_target.
    await replaceLine(page, 2, 'name: Validate_Target');
    await expect(
      page.locator('[data-testid="problem-item"][data-code="NAME_NOT_LOWERCASE"]'),
    ).toBeVisible();
    // Cursor on the value, then the quick-fix menu (Ctrl+.).
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await page.keyboard.press(`${MOD}+.`);
    // Offered once, though two rules (case, characters) ask for it.
    const fix = page.locator('.action-widget').getByText('Use the valid name "validate-target"');
    await expect(fix).toHaveCount(1);
    // The preferred fix is the first, selected entry.
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-testid="problem-item"][data-code^="NAME_"]')).toHaveCount(0, {
      timeout: 2_000,
    });
    await expect(editor(page).locator('.view-lines')).toContainText('name: validate-target');
  });

  test('Save writes the file with the expected version and clears the dirty marker', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const file = path.join(ws.skillDir('save-target'), 'SKILL.md');
    await openSkill(page, 'save-target');
    await appendAtEnd(page, 'Saved from the studio.');
    await expect(tab(page, 'save-target').getByTestId('dirty-marker')).toBeVisible();
    await page.keyboard.press(`${MOD}+s`);
    await expect.poll(() => fileText(file)).toContain('Saved from the studio.');
    await expect(tab(page, 'save-target').getByTestId('dirty-marker')).toHaveCount(0);
    expect(await fileText(file)).toMatch(/^---\nname: save-target\n/);
  });

  test('a change on disk reloads a clean buffer, and brings the conflict choice under a dirty one', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const file = path.join(ws.skillDir('conflict-target'), 'SKILL.md');
    await openSkill(page, 'conflict-target');

    // Clean buffer: follows the disk.
    await writeFile(
      file,
      skillMd(
        'conflict-target',
        'The skill changed on disk while edited.',
        '',
        '# Reloaded from disk\n',
      ),
    );
    await expect(editor(page).locator('.view-lines')).toContainText('Reloaded from disk');

    // Dirty buffer: nothing is lost, the user chooses.
    await appendAtEnd(page, 'Mine.');
    await writeFile(
      file,
      skillMd('conflict-target', 'The skill changed on disk while edited.', '', '# Theirs\n'),
    );
    const bar = page.getByTestId('conflict-bar');
    await expect(bar).toBeVisible();
    await expect(editor(page).locator('.view-lines')).toContainText('Mine.');
    await page.getByTestId('conflict-compare').click();
    const dialog = page.getByTestId('conflict-dialog');
    await expect(dialog.getByTestId('conflict-diff').locator('.monaco-diff-editor')).toBeVisible();
    await dialog.getByRole('button', { name: 'Keep mine' }).click();
    await expect(bar).toHaveCount(0);
    await page.keyboard.press(`${MOD}+s`);
    await expect.poll(() => fileText(file)).toContain('Mine.');
    expect(await fileText(file)).not.toContain('# Theirs');

    // And the other way: take theirs.
    await appendAtEnd(page, ' More of mine.');
    await writeFile(
      file,
      skillMd('conflict-target', 'The skill changed on disk while edited.', '', '# Theirs again\n'),
    );
    await expect(bar).toBeVisible();
    await page.getByTestId('conflict-take-theirs').click();
    await expect(bar).toHaveCount(0);
    await expect(editor(page).locator('.view-lines')).toContainText('Theirs again');
    await expect(tab(page, 'conflict-target')).toHaveAttribute('data-dirty', 'false');
  });

  test('unsaved text is backed up and offered back after a reload', async ({ studio }) => {
    const { page } = studio;
    await openSkill(page, 'alpha-skill');
    await appendAtEnd(page, 'Not saved yet.');
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'true');
    // The backup reaches storage on its own (not only on leaving the page).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Object.keys(localStorage).some((k) =>
            localStorage.getItem(k)?.includes('Not saved yet.'),
          ),
        ),
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId('restore-banner')).toContainText('alpha-skill/SKILL.md');
    await page.getByTestId('restore-backups').click();
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'true');
    await expect(editor(page).locator('.view-lines')).toContainText('Not saved yet.');
  });
});
