/**
 * Pictures of the main views for the docs (docs/studio-dark.png, docs/studio-light.png).
 * Runs only when asked: STUDIO_SCREENSHOTS=1 npx playwright test e2e/screenshots.spec.ts
 */
import path from 'node:path';
import { test, expect, REPO_ROOT } from './support/fixtures';
import { openSkill, replaceLine, MOD } from './support/editor';

test.skip(!process.env.STUDIO_SCREENSHOTS, 'set STUDIO_SCREENSHOTS=1 to refresh the screenshots in docs/');

for (const scheme of ['dark', 'light'] as const) {
  test(`main view, ${scheme}`, async ({ studio }) => {
    const { page } = studio;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.emulateMedia({ colorScheme: scheme });
    await openSkill(page, 'validate-target');
    // Show a live problem: the name breaks the rules until fixed.
    await replaceLine(page, 2, 'name: Validate_Target');
    await expect(page.locator('[data-testid="problem-item"][data-code="NAME_NOT_LOWERCASE"]')).toBeVisible();
    await openSkill(page, 'alpha-skill');
    await page.keyboard.press(`${MOD}+j`);
    await expect(page.getByTestId('playground-empty')).toBeVisible();
    await page.getByTestId('right-tab-preview').click();
    await expect(page.getByTestId('preview-panel')).toContainText('Alpha skill');
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', `studio-${scheme}.png`) });
    await page.getByTestId('right-tab-problems').click();
    await page.waitForTimeout(200);
    await page.screenshot({ path: path.join(REPO_ROOT, 'docs', `studio-${scheme}-problems.png`) });
  });
}
