import path from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { appendAtEnd, openSkill, skillItem, tab } from './support/editor';
import { skillMd } from './support/workspace';

test('a folder typed in the open-workspace dialog becomes the workspace, and is offered as recent', async ({
  studio,
  server,
  request,
}) => {
  test.skip(
    studio.mode !== 'browser' || !server,
    'the desktop app opens folders with the native picker',
  );
  const { page, ws } = studio;
  const other = path.join(ws.base, 'other-workspace');
  await mkdir(path.join(other, 'skills', 'other-skill'), { recursive: true });
  await writeFile(
    path.join(other, 'skills', 'other-skill', 'SKILL.md'),
    skillMd('other-skill', 'Lives in another workspace.'),
  );
  try {
    // Unsaved text in the first workspace…
    await openSkill(page, 'alpha-skill');
    await appendAtEnd(page, 'Unsaved before switching.');
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'true');

    await page.getByTestId('open-workspace').click();
    const dialog = page.getByTestId('open-workspace-dialog');
    await dialog.getByTestId('workspace-path').fill(other);
    await dialog.getByTestId('workspace-open').click();
    await expect(dialog).toHaveCount(0);
    await expect(skillItem(page, 'other-skill')).toBeVisible();
    await expect(skillItem(page, 'alpha-skill')).toHaveCount(0);
    await expect(page.getByTestId('workspace-button')).toHaveText(other);
    // …is not carried into the other one (a save there would hit another skill)…
    await expect(page.getByTestId('editor-tab')).toHaveCount(0);

    // Back to the first one, from the recent list.
    await page.getByTestId('open-workspace').click();
    await page
      .getByTestId('open-workspace-dialog')
      .getByRole('button', { name: ws.root, exact: true })
      .click();
    await expect(skillItem(page, 'alpha-skill')).toBeVisible();
    // …and is offered back there.
    await expect(page.getByTestId('restore-banner')).toContainText('alpha-skill/SKILL.md');
  } finally {
    // Whatever happened above, the other specs need their workspace back.
    await request.post(`${server!.origin}/api/studio/workspace.open`, {
      headers: { authorization: `Bearer ${server!.token}` },
      data: { root: ws.root },
    });
  }
});
