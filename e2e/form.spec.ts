/**
 * The Form view of SKILL.md edits the same document as the text: fixing a bad name and
 * an over-long description through the form changes the text (and nothing else) and
 * clears the markers; a form edit is undone with Ctrl+Z, from the text or the form;
 * YAML that does not parse makes the form read-only with a way to the text; a bundled
 * (read-only) skill says why it is read-only once, not again inside the form.
 */
import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, editor, skillItem, tab } from './support/editor';

async function writeSkill(dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), text);
}

async function openInForm(page: Page, skill: string): Promise<void> {
  await expect(skillItem(page, skill)).toBeVisible({ timeout: 15_000 });
  await skillItem(page, skill).click();
  await expect(tab(page, skill)).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await page.getByTestId('view-toggle').getByRole('radio', { name: 'Split' }).click();
  await expect(page.getByTestId('skill-form')).toBeVisible();
}

/** The text Monaco shows for the active tab (the lines in view). */
async function modelText(page: Page): Promise<string> {
  return page.evaluate(() => {
    // Monaco places its lines absolutely (not in DOM order) and draws spaces as U+00A0.
    const lines = [
      ...document.querySelectorAll<HTMLElement>('[data-testid="code-editor"] .view-line'),
    ].sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
    return lines.map((l) => (l.textContent ?? '').replace(/\u00a0/g, ' ')).join('\n');
  });
}

test.describe('the Form view of SKILL.md', () => {
  test('fixing a bad name and an over-long description through the form updates text and markers', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const long = 'Reads invoices. '.repeat(70).trim();
    await writeSkill(
      path.join(ws.skillsDir, 'form-target'),
      `---\n# keep this comment\nname: Form_Target\ndescription: ${long}\nlicense: MIT # the licence\n---\n# Form target\n`,
    );
    // The listing names a skill by its frontmatter name, bad or not.
    await openInForm(page, 'Form_Target');
    const form = page.getByTestId('skill-form');
    const nameField = form.getByTestId('form-field-name');
    const descField = form.getByTestId('form-field-description');

    // Both problems show under their field, and as markers in the text.
    await expect(nameField.getByTestId('field-diagnostic').first()).toBeVisible();
    await expect(descField.locator('[data-code="DESCRIPTION_TOO_LONG"]')).toBeVisible();
    await expect(editor(page).locator('.squiggly-error').first()).toBeAttached();
    await expect(form.getByLabel(/^Name/)).toHaveAttribute('aria-invalid', 'true');

    // The name: its quick fix as a button.
    await nameField.getByRole('button', { name: 'Use the valid name "form-target"' }).click();
    await expect(editor(page).locator('.view-lines')).toContainText('name: form-target');
    await expect(nameField.getByTestId('field-diagnostic')).toHaveCount(0);
    await expect(form.getByLabel(/^Name/)).toHaveValue('form-target');

    // The description: typed over in the form.
    const description = form.getByLabel(/^Description/);
    await description.fill('Reads invoices and totals them.');
    await expect(descField.getByTestId('counter-description')).toContainText(
      'Characters 31 / 1024',
    );
    await expect(editor(page).locator('.view-lines')).toContainText(
      'description: Reads invoices and totals them.',
    );
    await expect(descField.locator('[data-code="DESCRIPTION_TOO_LONG"]')).toHaveCount(0);
    await expect(editor(page).locator('.squiggly-error')).toHaveCount(0);

    // Nothing else moved: the comments stay where they were.
    const text = await modelText(page);
    expect(text).toContain('# keep this comment');
    expect(text).toContain('license: MIT # the licence');
    await expect(tab(page, 'Form_Target')).toHaveAttribute('data-dirty', 'true');
  });

  test('a form edit is one step of the text undo history (Ctrl+Z)', async ({ studio }) => {
    const { page, ws } = studio;
    await writeSkill(
      path.join(ws.skillsDir, 'form-undo'),
      '---\nname: form-undo\ndescription: Undo target.\nlicense: MIT\n---\n# Undo\n',
    );
    await openInForm(page, 'form-undo');
    const form = page.getByTestId('skill-form');
    const license = form.getByLabel(/^License/);

    // Typed in the form, undone from the text editor.
    await license.fill('Apache-2.0');
    await license.press('Tab');
    await expect(editor(page).locator('.view-lines')).toContainText('license: Apache-2.0');
    await editor(page).locator('.view-lines').click();
    await page.keyboard.press(`${MOD}+z`);
    await expect(editor(page).locator('.view-lines')).toContainText('license: MIT');
    await expect(license).toHaveValue('MIT');

    // A chip added in the form, undone with Ctrl+Z while the form has the focus.
    const tools = form.getByLabel('Allowed tools: add a tool');
    await tools.fill('Read');
    await tools.press('Enter');
    await expect(editor(page).locator('.view-lines')).toContainText('allowed-tools: Read');
    await page.keyboard.press(`${MOD}+z`);
    await expect(editor(page).locator('.view-lines')).not.toContainText('allowed-tools');
    await expect(form.getByTestId('chip')).toHaveCount(0);
  });

  test('YAML that does not parse leaves the form read-only with a way to the text', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    await writeSkill(
      path.join(ws.skillsDir, 'form-broken'),
      '---\nname: form-broken\ndescription: [unclosed\n---\n# Broken\n',
    );
    await openInForm(page, 'form-broken');
    const banner = page.getByTestId('form-parse-error');
    await expect(banner).toContainText('read-only');
    await expect(page.getByTestId('form-field-name')).toHaveCount(0);
    await banner.getByRole('button', { name: 'Fix in text' }).click();
    // The cursor goes to the error, in the frontmatter.
    await expect(page.getByTestId('status-cursor')).toHaveText(/^Ln [2-4],/);
    await expect(tab(page, 'form-broken')).toHaveAttribute('data-dirty', 'false');
  });

  test('a bundled skill says once that it is read-only, in the Form view too', async ({
    studio,
  }) => {
    const { page } = studio;
    await openInForm(page, 'text-stats');
    const form = page.getByTestId('skill-form');
    await expect(form).toHaveAttribute('data-readonly', 'true');
    await expect(form.getByLabel(/^Description/)).toHaveAttribute('readonly', '');
    // The note above the editor says it; neither the form nor its schema builders repeat it.
    for (const mode of ['Split', 'Form']) {
      await page.getByTestId('view-toggle').getByRole('radio', { name: mode }).click();
      await expect(form).toBeVisible();
      await expect(
        page
          .getByTestId('editor-area')
          .getByText(/read-only/i)
          .filter({ visible: true }),
      ).toHaveCount(1);
    }
  });
});
