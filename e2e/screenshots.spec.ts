/**
 * Pictures of the main views for the docs (docs/studio-dark.png, docs/studio-light.png, …).
 * Runs only when asked: STUDIO_SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
 */
import path from 'node:path';
import { test, expect, REPO_ROOT } from './support/fixtures';
import { openSkill, replaceLine, MOD } from './support/editor';

test.skip(
  !process.env.STUDIO_SCREENSHOTS,
  'set STUDIO_SCREENSHOTS=1 to refresh the screenshots in docs/',
);

const shot = (name: string) => path.join(REPO_ROOT, 'docs', name);

for (const scheme of ['dark', 'light'] as const) {
  test(`main views, ${scheme}`, async ({ studio }) => {
    const { page } = studio;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });

    // Preview of a skill, with its files one click away.
    await openSkill(page, 'alpha-skill');
    await page.getByTestId('right-tab-preview').click();
    await expect(page.getByTestId('preview-panel')).toContainText('Alpha skill');
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`studio-${scheme}-preview.png`) });

    // Live validation: a broken name, its squiggle, the Problems panel; the playground below.
    await openSkill(page, 'validate-target');
    await replaceLine(page, 2, 'name: Validate_Target');
    await page.keyboard.press(`${MOD}+Shift+M`);
    await page.keyboard.press(`${MOD}+j`);
    await expect(
      page.locator('[data-testid="problem-item"][data-code="NAME_NOT_LOWERCASE"]'),
    ).toBeVisible();
    await page
      .locator('.view-line', { hasText: 'Validate_Target' })
      .locator('span', { hasText: 'Validate_Target' })
      .last()
      .hover();
    await expect(page.locator('.monaco-hover:not(.hidden)').first()).toBeVisible();
    await page.waitForTimeout(300);
    await page.screenshot({ path: shot(`studio-${scheme}.png`) });

    // The files of a skill with sidecars.
    await page.mouse.move(10, 890);
    await page.keyboard.press('Escape');
    await openSkill(page, 'beta-tools');
    await page.getByTestId('right-tab-files').click();
    await page.locator('[data-testid="file-row"][data-path="assets/logo.png"] .file-main').click();
    await expect(page.getByTestId('image-view')).toBeVisible();
    await page.waitForTimeout(200);
    await page.screenshot({ path: shot(`studio-${scheme}-files.png`) });
  });
}
