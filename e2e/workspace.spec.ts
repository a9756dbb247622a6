import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { skillItem } from './support/editor';
import { skillMd } from './support/workspace';

test('a folder typed in the open-workspace dialog becomes the workspace, and is offered as recent', async ({ studio, server, request }) => {
  test.skip(studio.mode !== 'browser' || !server, 'the desktop app opens folders with the native picker');
  const { page, ws } = studio;
  const other = path.join(ws.base, 'other-workspace');
  await mkdir(path.join(other, 'skills', 'other-skill'), { recursive: true });
  await writeFile(path.join(other, 'skills', 'other-skill', 'SKILL.md'), skillMd('other-skill', 'Lives in another workspace.'));
  try {
    await page.getByTestId('open-workspace').click();
    const dialog = page.getByTestId('open-workspace-dialog');
    await dialog.getByTestId('workspace-path').fill(other);
    await dialog.getByTestId('workspace-open').click();
    await expect(dialog).toHaveCount(0);
    await expect(skillItem(page, 'other-skill')).toBeVisible();
    await expect(skillItem(page, 'alpha-skill')).toHaveCount(0);
    await expect(page.getByTestId('workspace-button')).toHaveText(other);

    // Back to the first one, from the recent list.
    await page.getByTestId('open-workspace').click();
    await page.getByTestId('open-workspace-dialog').getByRole('button', { name: ws.root, exact: true }).click();
    await expect(skillItem(page, 'alpha-skill')).toBeVisible();
  } finally {
    // Whatever happened above, the other specs need their workspace back.
    await request.post(`${server!.origin}/api/studio/workspace.open`, {
      headers: { authorization: `Bearer ${server!.token}` },
      data: { root: ws.root },
    });
  }
});
