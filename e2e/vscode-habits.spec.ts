/**
 * Habits carried over from VS Code: the command palette (Ctrl/Cmd+Shift+P), quick open of
 * files as `skill/path` (Ctrl/Cmd+P), find in the files of every skill (Ctrl/Cmd+Shift+F),
 * and the diff view (unsaved changes against disk, SKILL.md against git HEAD). Any page
 * error fails these tests (support/fixtures.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, appendAtEnd, editor, openSkill, skillItem, tab } from './support/editor';
import { skillMd } from './support/workspace';

async function writeSkill(dir: string, files: Record<string, string>): Promise<void> {
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
}

/** Presses a shortcut with the keyboard somewhere neutral (not in a text box). */
async function press(page: Page, keys: string): Promise<void> {
  await page.getByTestId('titlebar').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(keys);
}

const TOKEN = 'zephyrquill';

test.describe('VS Code habits', () => {
  let dirs: string[] = [];
  test.beforeEach(async ({ studio }) => {
    const { ws, page } = studio;
    dirs = [ws.skillDir('habits-alpha'), ws.skillDir('habits-beta')];
    await writeSkill(dirs[0], {
      'SKILL.md': skillMd('habits-alpha', 'The first skill of the habits spec.'),
      'references/notes.md': `# Notes\n\nline two\nthe ${TOKEN} is here\n`,
      'scripts/tool.py': 'print("hi")\n',
    });
    await writeSkill(dirs[1], {
      'SKILL.md': skillMd(
        'habits-beta',
        'The second skill of the habits spec.',
        '',
        `# Beta\n\nFirst line.\nSecond line.\nA ${TOKEN.toUpperCase()} in capitals.\n`,
      ),
    });
    await expect(skillItem(page, 'habits-alpha')).toBeVisible({ timeout: 15_000 });
    await expect(skillItem(page, 'habits-beta')).toBeVisible({ timeout: 15_000 });
  });
  test.afterEach(async ({ studio, appErrors }) => {
    const { page } = studio;
    // Let go of the test's skills before their folders go: no dialog left over them.
    await page.keyboard.press('Escape');
    await page
      .getByTestId('diff-close')
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    const tabs = page.getByTestId('editor-tab');
    for (let left = await tabs.count(); left > 0; left--) {
      await tabs.first().locator('.tab-close').click();
      const discard = page.getByRole('button', { name: 'Close without saving' });
      if (await discard.isVisible().catch(() => false)) await discard.click();
    }
    await appErrors.removeOpenSkills(...dirs);
  });

  test('the command palette lists every command with its shortcut, filters, runs, and closes', async ({
    studio,
  }) => {
    const { page } = studio;
    const search = page.getByTestId('skill-search');
    await search.focus();
    await page.keyboard.press(`${MOD}+Shift+P`);
    const palette = page.getByTestId('command-palette');
    await expect(palette).toBeVisible();
    await expect(page.getByTestId('command-palette-input')).toBeFocused();
    const find = page.locator('[data-testid="command-item"][data-command="findInFiles"]');
    await expect(find).toContainText(process.platform === 'darwin' ? '⇧⌘F' : 'Ctrl+Shift+F');
    await expect(
      page.locator('[data-testid="command-item"][data-command="focusSearch"]'),
    ).toContainText(process.platform === 'darwin' ? '⌥⌘F' : 'Ctrl+Alt+F');
    // With no file open, what needs one is greyed and says why.
    const saved = page.locator('[data-testid="command-item"][data-command="compareWithSaved"]');
    await expect(saved).toHaveAttribute('aria-disabled', 'true');
    await expect(saved).toContainText('Open a text file first');
    // Escape closes and gives the keyboard back.
    await page.keyboard.press('Escape');
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();

    await press(page, `${MOD}+Shift+P`);
    await page.keyboard.type('tog sideb');
    const items = page.getByTestId('command-item');
    await expect(items.first()).toHaveAttribute('data-command', 'toggleSidebar');
    await expect(items.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(palette).toBeHidden();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    // Arrow keys move the choice.
    await press(page, `${MOD}+Shift+P`);
    await page.keyboard.type('sidebar');
    await expect(items.first()).toHaveAttribute('data-command', 'toggleSidebar');
    await page.keyboard.press('ArrowDown');
    await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sidebar')).toBeVisible();
  });

  test('Ctrl+P opens a file by skill/path, and an exact skill name still comes first', async ({
    studio,
  }) => {
    const { page } = studio;
    await press(page, `${MOD}+P`);
    await page.keyboard.type('habits-alpha');
    const options = page.locator('[data-testid="go-to-skill"] [role="option"]');
    await expect(options.first()).toHaveAttribute('data-testid', 'go-to-skill-item');
    await expect(options.first()).toHaveAttribute('data-skill', 'habits-alpha');
    await page.keyboard.press('Escape');

    await press(page, `${MOD}+P`);
    await page.keyboard.type('habits-alpha/ref');
    const file = page.getByTestId('go-to-file-item');
    await expect(file.first()).toHaveAttribute('data-path', 'references/notes.md');
    await expect(file.first()).toContainText('habits-alpha/references/notes.md');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('go-to-skill')).toBeHidden();
    await expect(tab(page, 'habits-alpha', 'references/notes.md')).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(editor(page).locator('.view-lines')).toContainText(`the ${TOKEN} is here`, {
      timeout: 20_000,
    });

    // A file by its own name alone, from the listing now cached.
    await press(page, `${MOD}+P`);
    await page.keyboard.type('tool.py');
    await expect(file.first()).toHaveAttribute('data-path', 'scripts/tool.py');
  });

  test('Ctrl+Shift+F finds text across two skills and jumps to the line', async ({
    studio,
    appErrors,
  }) => {
    const { page } = studio;
    await press(page, `${MOD}+Shift+F`);
    const input = page.getByTestId('search-input');
    await expect(input).toBeFocused();
    await page.keyboard.type(TOKEN);
    const files = page.getByTestId('search-file');
    await expect(files).toHaveCount(2);
    await expect(page.getByTestId('search-summary')).toContainText('2 results in 2 files');
    const beta = page.locator('[data-testid="search-file"][data-skill="habits-beta"]');
    await expect(beta).toContainText('habits-beta/SKILL.md');
    const match = beta.getByTestId('search-match');
    await expect(match).toHaveAttribute('data-line', '9');
    await expect(match.locator('mark')).toHaveText(TOKEN.toUpperCase());

    // Match case leaves the lower-case one.
    await page.getByTestId('search-case').click();
    await expect(files).toHaveCount(1);
    await expect(files.first()).toHaveAttribute('data-skill', 'habits-alpha');
    await page.getByTestId('search-case').click();
    await expect(files).toHaveCount(2);

    // A regex RE2 cannot run says why.
    await page.getByTestId('search-regex').click();
    appErrors.allow(
      /status of 400 .*\/api\/studio\/search\.contents/,
      'the test types a regex RE2 refuses, which the host answers with 400',
    );
    await input.fill('(z)\\1');
    await expect(page.getByTestId('search-error')).toContainText('backreference');
    await input.fill(`${TOKEN.slice(0, 4)}[a-z]+`);
    await expect(files).toHaveCount(2);

    await match.click();
    await expect(tab(page, 'habits-beta')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('status-cursor')).toContainText('Ln 9, Col 3', {
      timeout: 20_000,
    });
    // The sidebar filter moved to its own key.
    await press(page, `${MOD}+Alt+F`);
    await expect(page.getByTestId('skill-search')).toBeFocused();
  });

  test('the diff view shows an unsaved change, and SKILL.md against git HEAD', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    // Wide enough for the diff side by side.
    await page.setViewportSize({ width: 1600, height: 900 });
    const dir = ws.skillDir('habits-git');
    dirs.push(dir);
    await writeSkill(dir, {
      'SKILL.md': skillMd('habits-git', 'A skill kept in git.', '', '# Git\n\nCommitted line.\n'),
    });
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
        cwd: dir,
        stdio: 'pipe',
      });
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'first');
    await writeFile(
      path.join(dir, 'SKILL.md'),
      skillMd('habits-git', 'A skill kept in git.', '', '# Git\n\nChanged on disk since HEAD.\n'),
    );
    await expect(skillItem(page, 'habits-git')).toBeVisible({ timeout: 15_000 });
    await openSkill(page, 'habits-git');
    await expect(editor(page).locator('.view-lines')).toContainText('Changed on disk since HEAD');

    // Nothing unsaved yet: the Diff button says so.
    await expect(page.getByTestId('diff-saved')).toBeDisabled();
    await appendAtEnd(page, 'An unsaved line.');
    await page.getByTestId('diff-saved').click();
    const diff = page.getByTestId('diff-view');
    await expect(diff).toHaveAttribute('data-kind', 'saved');
    await expect(diff.locator('.editor.original')).toContainText('Changed on disk since HEAD', {
      timeout: 20_000,
    });
    await expect(diff.locator('.editor.original')).not.toContainText('An unsaved line');
    await expect(diff.locator('.editor.modified')).toContainText('An unsaved line');
    await expect(diff.locator('.editor.modified .line-insert').first()).toBeVisible();
    await page.getByTestId('diff-close').click();
    await expect(diff).toBeHidden();

    // From the palette: SKILL.md against its last commit.
    await press(page, `${MOD}+Shift+P`);
    await page.keyboard.type('git head');
    await page.keyboard.press('Enter');
    await expect(diff).toHaveAttribute('data-kind', 'head', { timeout: 10_000 });
    await expect(diff.locator('.editor.original')).toContainText('Committed line.', {
      timeout: 20_000,
    });
    await expect(diff.locator('.editor.original')).not.toContainText('Changed on disk');
    await expect(diff.locator('.editor.modified')).toContainText('Changed on disk since HEAD');
    // Another tab closes it, and the diff editor goes before its models: no page error.
    await openSkill(page, 'habits-alpha');
    await expect(diff).toBeHidden();

    // A skill in no git repository says so plainly.
    await page.getByTestId('diff-head').click();
    await expect(page.getByTestId('toast').last()).toContainText('is not in git');
  });

  test('the palette and the search panel, dark and light', async ({ studio }, info) => {
    const { page } = studio;
    await page.setViewportSize({ width: 1280, height: 800 });
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await press(page, `${MOD}+Shift+F`);
      await page.getByTestId('search-input').fill(TOKEN);
      await expect(page.getByTestId('search-file')).toHaveCount(2);
      await page.waitForTimeout(200);
      await page.screenshot({ path: info.outputPath(`search-${scheme}.png`) });
      await press(page, `${MOD}+Shift+P`);
      await expect(page.getByTestId('command-palette')).toBeVisible();
      await page.waitForTimeout(200);
      await page.screenshot({ path: info.outputPath(`palette-${scheme}.png`) });
      await page.keyboard.press('Escape');
    }
  });
});
