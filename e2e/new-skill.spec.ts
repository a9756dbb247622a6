import path from 'node:path';
import { test, expect } from './support/fixtures';
import { MOD, editor, fileText, skillItem, tab } from './support/editor';

test('the new-skill dialog checks the name as typed and creates from a template', async ({
  studio,
}) => {
  const { page, ws } = studio;
  await page.locator('body').click();
  await page.keyboard.press(`${MOD}+n`);
  const dialog = page.getByTestId('new-skill-dialog');
  await expect(dialog).toBeVisible();
  const name = dialog.locator('#new-skill-name');
  await name.fill('Made_Here');
  await expect(dialog.getByTestId('new-skill-problems')).toContainText('uppercase');
  await expect(dialog.getByTestId('new-skill-create')).toBeDisabled();
  await name.fill('alpha-skill');
  await expect(dialog.getByTestId('new-skill-problems')).toContainText('already exists');
  // The template is valid, but a taken name must not read as "✓ valid" beside a disabled Create.
  await expect(dialog.getByTestId('new-skill-status')).toHaveText(/^Pick another name/);
  await expect(dialog.getByTestId('new-skill-create')).toBeDisabled();
  await name.fill('made-here');
  await expect(dialog.getByTestId('new-skill-problems')).not.toContainText('uppercase');
  await dialog.getByTestId('template-script').check();
  await dialog.getByTestId('new-skill-create').click();
  await expect(dialog).toHaveCount(0);
  await expect(skillItem(page, 'made-here')).toBeVisible();
  await expect(tab(page, 'made-here')).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page).locator('.view-lines')).toContainText('name: made-here');
  await expect
    .poll(() => fileText(path.join(ws.root, 'skills', 'made-here', 'SKILL.md')))
    .toContain('name: made-here');
});
