import path from 'node:path';
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { editor, fileText, skillItem, tab } from './support/editor';

test.describe('sidecar files', () => {
  test('files and folders created in the tree exist on disk; hostile names are refused with the host message', async ({
    studio,
    appErrors,
  }) => {
    appErrors.allow(
      /status of 400 .*\/api\/studio\/files\.createFile\b/,
      'the host refuses ../escape.txt; the test asserts its message in the toast',
    );
    const { page, ws } = studio;
    const dir = ws.skillDir('sidecar-target');
    await skillItem(page, 'sidecar-target').click();
    await page.getByTestId('right-tab-files').click();
    const files = page.getByTestId('files-panel');
    await expect(files.locator('[data-path="references/notes.md"]')).toBeVisible();

    await page.getByTestId('files-new-file').click();
    await page.getByTestId('prompt-input').fill('checklist.md');
    await page.getByTestId('prompt-ok').click();
    await expect.poll(() => existsSync(path.join(dir, 'checklist.md'))).toBe(true);
    await expect(files.locator('[data-testid="file-row"][data-path="checklist.md"]')).toBeVisible();
    await expect(tab(page, 'sidecar-target', 'checklist.md')).toBeVisible();

    await page.getByTestId('files-new-folder').click();
    await page.getByTestId('prompt-input').fill('examples');
    await page.getByTestId('prompt-ok').click();
    await expect
      .poll(
        async () =>
          (await stat(path.join(dir, 'examples')).catch(() => null))?.isDirectory() ?? false,
      )
      .toBe(true);
    await expect(files.locator('[data-path="examples"][data-dir="true"]')).toBeVisible();

    await page.getByTestId('files-new-file').click();
    await page.getByTestId('prompt-input').fill('../escape.txt');
    await page.getByTestId('prompt-ok').click();
    const toast = page.locator('[data-testid="toast"][data-kind="error"]');
    // The host's own reason follows our prefix.
    await expect(toast).toContainText(/Could not create \.\.\/escape\.txt: \S+/);
    expect(existsSync(path.join(ws.skillsDir, 'escape.txt'))).toBe(false);

    // Rename, then delete with confirmation.
    const row = files.locator('[data-path="checklist.md"]');
    await row.hover();
    await row.getByTestId('file-rename').click();
    await page.getByTestId('prompt-input').fill('todo.md');
    await page.getByTestId('prompt-ok').click();
    await expect.poll(() => existsSync(path.join(dir, 'todo.md'))).toBe(true);
    expect(existsSync(path.join(dir, 'checklist.md'))).toBe(false);
    const renamed = files.locator('[data-path="todo.md"]');
    // Open with an unsaved edit: the question says the edit goes too, and for good.
    await renamed.click();
    await expect(tab(page, 'sidecar-target', 'todo.md')).toHaveAttribute('aria-selected', 'true');
    await editor(page).locator('.view-lines').click();
    await page.keyboard.type('an edit never saved');
    await expect(tab(page, 'sidecar-target', 'todo.md')).toHaveAttribute('data-dirty', 'true');
    await renamed.hover();
    await renamed.getByTestId('file-delete').click();
    await expect(page.getByTestId('confirm-dialog')).toContainText(
      /cannot be undone.*unsaved changes in the editor are lost too/,
    );
    await page.getByTestId('confirm-ok').click();
    await expect(tab(page, 'sidecar-target', 'todo.md')).toHaveCount(0);
    await expect.poll(() => existsSync(path.join(dir, 'todo.md'))).toBe(false);
  });

  test('files dragged in from the desktop become sidecars', async ({ studio }) => {
    const { page, ws } = studio;
    await skillItem(page, 'sidecar-target').click();
    await page.getByTestId('right-tab-files').click();
    const panel = page.getByTestId('files-panel');
    await expect(panel).toBeVisible();
    const dataTransfer = await page.evaluateHandle(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['col1,col2\n1,2\n'], 'data.csv', { type: 'text/csv' }));
      return dt;
    });
    await panel.dispatchEvent('dragenter', { dataTransfer });
    await panel.dispatchEvent('dragover', { dataTransfer });
    await panel.dispatchEvent('drop', { dataTransfer });
    const file = path.join(ws.skillDir('sidecar-target'), 'data.csv');
    await expect.poll(() => fileText(file)).toBe('col1,col2\n1,2\n');
    await expect(panel.locator('[data-path="data.csv"]')).toBeVisible();
  });
});
