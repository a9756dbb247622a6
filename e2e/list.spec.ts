import { test, expect } from './support/fixtures';
import { MOD, skillItem } from './support/editor';

test.describe('skill list and layout', () => {
  test('lists the skills by source with badges, and searches by name, tag and description', async ({
    studio,
  }) => {
    const { page } = studio;
    const project = page.getByTestId('skill-group-project');
    for (const name of ['alpha-skill', 'beta-tools', 'gamma-warn', 'export-target']) {
      await expect(
        project.locator(`[data-testid="skill-item"][data-skill="${name}"]`),
      ).toBeVisible();
    }
    // The bundled examples show too.
    await expect(
      page.getByTestId('skill-group-framework').locator('[data-skill="time-arithmetic"]'),
    ).toBeVisible();
    await expect(skillItem(page, 'gamma-warn').getByTestId('badge-warnings')).toBeVisible();
    await expect(page.getByTestId('agents-list')).toContainText('Writer');

    const search = page.getByTestId('skill-search');
    await search.fill('tag:documents');
    await expect(page.getByTestId('skill-item')).toHaveCount(1);
    await expect(skillItem(page, 'beta-tools')).toBeVisible();
    await search.fill('pdf forms');
    await expect(page.getByTestId('skill-item')).toHaveCount(1);
    await search.fill('alpha');
    await expect(skillItem(page, 'alpha-skill')).toBeVisible();
    await expect(skillItem(page, 'beta-tools')).toHaveCount(0);
    await search.fill('no-such-thing-anywhere');
    await expect(page.getByTestId('skill-list-empty')).toBeVisible();
    await search.press('Escape');
    await expect(skillItem(page, 'beta-tools')).toBeVisible();
  });

  test('keyboard shortcuts drive the panels, and the layout is remembered', async ({ studio }) => {
    const { page } = studio;
    await page.locator('body').click();
    // Ctrl+P is "go to skill" (editor-polish.spec.ts) and Ctrl+Shift+F find in files
    // (vscode-habits.spec.ts); the sidebar search has its own key.
    await page.keyboard.press(`${MOD}+Alt+F`);
    await expect(page.getByTestId('skill-search')).toBeFocused();

    await page.keyboard.press(`${MOD}+b`);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await page.keyboard.press(`${MOD}+b`);
    await expect(page.getByTestId('sidebar')).toBeVisible();

    await expect(page.getByTestId('bottom-panel')).toHaveCount(0);
    await page.keyboard.press(`${MOD}+j`);
    await expect(page.getByTestId('bottom-panel')).toBeVisible();

    await page.getByTestId('right-tab-files').click();
    await page.keyboard.press(`${MOD}+Shift+M`);
    await expect(page.getByTestId('right-tab-problems')).toHaveAttribute('aria-selected', 'true');

    // The toolbar tells the shortcut in its tooltip.
    await expect(page.getByTestId('toggle-sidebar')).toHaveAttribute('title', /(Ctrl\+B|⌘B)/);

    // Layout survives a reload (per workspace, in localStorage).
    await page.reload();
    await expect(page.getByTestId('bottom-panel')).toBeVisible();
  });

  test('the theme follows the system and can be switched', async ({ studio }) => {
    const { page } = studio;
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    // system → dark → light
    await page.getByTestId('theme-toggle').click();
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('images preview and sidecars open from the Files panel', async ({ studio }) => {
    const { page } = studio;
    await skillItem(page, 'beta-tools').click();
    await page.getByTestId('right-tab-files').click();
    const files = page.getByTestId('files-panel');
    await expect(
      files.locator('[data-testid="file-row"][data-path="scripts/run.py"]'),
    ).toBeVisible();
    await expect(
      files.locator('[data-path="scripts/run.py"] [data-testid="file-size"]'),
    ).toHaveText(/\d+ B/);
    await files.locator('[data-path="assets/logo.png"] .file-main').click();
    await expect(page.getByTestId('image-view').locator('img')).toBeVisible();
    await files.locator('[data-path="scripts/run.py"] .file-main').click();
    await expect(
      page.locator('[data-testid="code-editor"][data-path="scripts/run.py"]'),
    ).toBeVisible();
    // Folders fold.
    await files.locator('[data-path="scripts"] .file-main').click();
    await expect(files.locator('[data-path="scripts/run.py"]')).toHaveCount(0);
  });
});
