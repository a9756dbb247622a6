import path from 'node:path';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { editor, skillItem, tab } from './support/editor';
import { makeZip, zipEntries } from './support/zip';
import { skillMd } from './support/workspace';

test.describe('bundles', () => {
  test('export shows the validation summary, then downloads a zip with the skill inside one folder', async ({
    studio,
  }, testInfo) => {
    test.skip(studio.mode !== 'browser', 'the desktop app saves through a native dialog');
    const { page } = studio;
    await skillItem(page, 'export-target').click();
    await page.getByTestId('export-button').click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByTestId('export-summary')).toContainText('Valid');
    await dialog.getByTestId('export-format-zip').check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('export-run').click(),
    ]);
    expect(download.suggestedFilename()).toBe('export-target.zip');
    const file = testInfo.outputPath('export-target.zip');
    await download.saveAs(file);
    const entries = (await zipEntries(file)).filter((e) => !e.endsWith('/'));
    expect(entries.sort()).toEqual([
      'export-target/SKILL.md',
      'export-target/references/deep/notes.md',
      'export-target/scripts/run.sh',
    ]);
    await expect(dialog.getByTestId('export-result')).toContainText('export-target.zip');
  });

  test('a skill with errors is refused unless "Export anyway"', async ({ studio }) => {
    const { page, ws } = studio;
    // A name that does not match its folder: an error.
    await writeFile(
      path.join(ws.skillDir('gamma-warn'), 'SKILL.md'),
      skillMd('gamma-wrong', 'Now with an error too.'),
    );
    await expect(skillItem(page, 'gamma-wrong').getByTestId('badge-errors')).toBeVisible();
    await skillItem(page, 'gamma-wrong').click();
    await page.getByTestId('export-button').click();
    const dialog = page.getByTestId('export-dialog');
    await expect(dialog.getByTestId('export-summary')).toContainText('1 error');
    await expect(dialog.getByTestId('export-run')).toBeDisabled();
    await dialog.getByTestId('export-force').check();
    await expect(dialog.getByTestId('export-run')).toBeEnabled();
    await writeFile(
      path.join(ws.skillDir('gamma-warn'), 'SKILL.md'),
      skillMd('gamma-warn', 'Has a key nobody defines, which is a warning.', 'colour: blue\n'),
    );
  });

  test('importing a bundle (button or drop) adds the skill and opens it', async ({
    studio,
  }, testInfo) => {
    const { page, ws } = studio;
    const bundle = await makeZip({
      'imported-skill/SKILL.md': skillMd(
        'imported-skill',
        'Came in as a bundle.',
        '',
        '# Imported\n',
      ),
      'imported-skill/references/a.md': '# A\n',
    });
    const file = testInfo.outputPath('imported-skill.skill');
    await writeFile(file, bundle);
    await page.getByTestId('import-input').setInputFiles(file);
    // The preview comes first; nothing is written before Import.
    await expect(page.getByTestId('import-dialog')).toContainText('Valid');
    await page.getByTestId('import-run').click();
    await expect(skillItem(page, 'imported-skill')).toBeVisible();
    await expect(tab(page, 'imported-skill')).toHaveAttribute('aria-selected', 'true');
    await expect(editor(page).locator('.view-lines')).toContainText('Came in as a bundle.');
    await expect
      .poll(() => existsSync(path.join(ws.root, 'skills', 'imported-skill', 'references', 'a.md')))
      .toBe(true);

    // Dropped on the window.
    const dropped = (
      await makeZip({
        'dropped-skill/SKILL.md': skillMd('dropped-skill', 'Dropped on the window.'),
      })
    ).toString('base64');
    const dataTransfer = await page.evaluateHandle((b64) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], 'dropped-skill.zip', { type: 'application/zip' }));
      return dt;
    }, dropped);
    await page.getByTestId('editor-area').dispatchEvent('dragenter', { dataTransfer });
    await expect(page.getByTestId('drop-overlay')).toBeVisible();
    await page.getByTestId('editor-area').dispatchEvent('drop', { dataTransfer });
    await page.getByTestId('import-run').click();
    await expect(skillItem(page, 'dropped-skill')).toBeVisible();
    await expect(tab(page, 'dropped-skill')).toHaveAttribute('aria-selected', 'true');
  });
});
