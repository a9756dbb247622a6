/**
 * The new-skill wizard: the name is checked as typed; the template's description is only a
 * greyed hint, so Create waits for the author's own and the file holds what they wrote;
 * at 1024×700 the wizard fits, its body scrolls and Create stays in view.
 */
import path from 'node:path';
import type { Locator } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, editor, fileText, skillItem, tab } from './support/editor';

/** True when a click at the centre of the element reaches it (on screen, not covered or clipped). */
async function reachable(target: Locator): Promise<boolean> {
  return target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    if (r.width < 8 || r.height < 8) return false;
    if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });
}

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

  // The template's description is a hint, not a value: nothing to create until one is written.
  const description = dialog.locator('#new-skill-description');
  await expect(description).toHaveValue('');
  await expect(description).toHaveAttribute('placeholder', /^Describe what this skill does/);
  await expect(dialog.getByTestId('new-skill-status')).toHaveText(/^Describe the skill/);
  await expect(dialog.getByTestId('new-skill-create')).toBeDisabled();
  await expect(dialog.getByTestId('new-skill-preview')).not.toContainText('Describe what', {
    useInnerText: false,
  });
  await description.fill('Says hello from a script. Use when a greeting is wanted.');
  await expect(dialog.getByTestId('new-skill-status')).toHaveText(/^✓ valid/);

  await dialog.getByTestId('new-skill-create').click();
  await expect(dialog).toHaveCount(0);
  await expect(skillItem(page, 'made-here')).toBeVisible();
  await expect(tab(page, 'made-here')).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page).locator('.view-lines')).toContainText('name: made-here');
  const md = path.join(ws.root, 'skills', 'made-here', 'SKILL.md');
  await expect.poll(() => fileText(md)).toContain('name: made-here');
  const written = await fileText(md);
  expect(written).toContain('description: Says hello from a script.');
  expect(written).not.toContain('Describe what this skill does');
});

test('at 1024×700 the wizard fits: its body scrolls and Create stays in view', async ({
  studio,
}) => {
  const { page } = studio;
  await page.setViewportSize({ width: 1024, height: 700 });
  await page.locator('body').click();
  await page.keyboard.press(`${MOD}+n`);
  const dialog = page.getByTestId('new-skill-dialog');
  await expect(dialog).toBeVisible();
  // The schema builder shows once the templates are read: the wizard at its tallest.
  await expect(dialog.getByTestId('schema-builder-input_schema')).toBeVisible();
  await dialog.locator('#new-skill-name').fill('fits-here');
  await dialog.locator('#new-skill-description').fill('Fits a small window.');

  const box = await dialog.boundingBox();
  expect(box, 'dialog shown').not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0), 'dialog bottom edge').toBeLessThanOrEqual(700);
  const create = dialog.getByTestId('new-skill-create');
  await expect(create).toBeEnabled();
  expect(await reachable(create), 'Create reachable').toBe(true);
  // What does not fit scrolls inside the dialog, between the title and the buttons.
  const body = dialog.getByTestId('new-skill-dialog-body');
  expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
  await body.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  expect(await reachable(create), 'Create reachable after scrolling').toBe(true);
});
