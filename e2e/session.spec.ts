/**
 * Browser mode across a server restart: the tab says at once that it needs a new
 * sign-in link (not "Reconnecting…" forever), signs in again from the pasted link in
 * one step, and keeps its open tabs and unsaved edits.
 */
import { test, expect, REPO_ROOT } from './support/fixtures';
import { startStudioServer, type RunningStudio } from './support/server';
import { createWorkspace, type Workspace } from './support/workspace';
import { appendAtEnd, editor, openSkill, tab } from './support/editor';

test.describe('a browser tab and a restarted server', () => {
  test.describe.configure({ timeout: 120_000 });
  let ws: Workspace;
  let server: RunningStudio | null = null;

  test.beforeAll(async () => {
    ws = await createWorkspace();
  });
  test.afterAll(async () => {
    await server?.stop();
    await ws.cleanup();
  });

  test('says a new sign-in link is needed, and signs in from it keeping unsaved edits', async ({
    browser,
  }) => {
    server = await startStudioServer(REPO_ROOT, ws);
    const port = Number(new URL(server.origin).port);
    const context = await browser.newContext();
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (err) => pageErrors.push(err.message));
    await page.goto(server.url);
    await openSkill(page, 'alpha-skill');
    await appendAtEnd(page, 'An unsaved line.');
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'true');

    await server.stop();
    server = await startStudioServer(REPO_ROOT, ws, 30_000, port);

    const bar = page.getByTestId('signed-out-bar');
    await expect(bar).toBeVisible({ timeout: 15_000 });
    await expect(bar).toContainText('new sign-in link');
    await expect(page.getByTestId('status-disconnected')).toHaveCount(0);

    // A used or mistyped link is refused with what to do.
    await page.getByTestId('signed-out-link').fill('not a link at all!');
    await page.getByTestId('signed-out-submit').click();
    await expect(page.getByTestId('signed-out-error')).toContainText('Paste the whole link');

    await page.getByTestId('signed-out-link').fill(server.url);
    await page.getByTestId('signed-out-submit').click();
    await expect(bar).toBeHidden();
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'true');
    await expect(editor(page).locator('.view-lines')).toContainText('An unsaved line.');
    // Signed in again: the server answers this tab (a save goes through).
    await page.keyboard.press('Control+S');
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('data-dirty', 'false', {
      timeout: 15_000,
    });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
