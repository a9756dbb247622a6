/**
 * The studio fits the window: at 1024×700 and 1440×900 nothing overflows, every
 * panel shows, every toolbar button can be clicked; panel sizes remembered from
 * a bigger screen are fitted to the window when loaded and when it is resized.
 */
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { openSkill, showPlayground } from './support/editor';

const PANELS = ['titlebar', 'sidebar', 'editor-area', 'right-panel', 'bottom-panel', 'statusbar'];
/** The least width the editor keeps beside the panels (renderer/src/shell/fit-panels.ts). */
const EDITOR_MIN_WIDTH = 320;

/**
 * Waits until the window has the size asked for and the layout has followed it: the
 * panels are fitted to the workbench after the resize is observed, so for a frame or
 * two after `setViewportSize` the old sizes can still overflow the new window.
 */
async function settledAt(page: Page, width: number, height: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => ({
          window: `${innerWidth}×${innerHeight}`,
          page: `${document.documentElement.scrollWidth}×${document.documentElement.scrollHeight}`,
        })),
      { message: 'the layout fits the resized window' },
    )
    .toEqual({ window: `${width}×${height}`, page: `${width}×${height}` });
}

/** Everything is inside the window, and the page itself never scrolls sideways. */
async function expectFits(page: Page, width: number, height: number): Promise<void> {
  await settledAt(page, width, height);
  const scroll = await page.evaluate(() => ({
    doc: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    docY: document.documentElement.scrollHeight,
  }));
  expect(scroll.doc, 'page width').toBeLessThanOrEqual(width);
  expect(scroll.body, 'body width').toBeLessThanOrEqual(width);
  expect(scroll.docY, 'page height').toBeLessThanOrEqual(height);
  for (const id of PANELS) {
    const box = await page.getByTestId(id).boundingBox();
    expect(box, `${id} shown`).not.toBeNull();
    if (!box) continue;
    expect(box.width, `${id} width`).toBeGreaterThan(40);
    expect(box.height, `${id} height`).toBeGreaterThan(15);
    expect(box.x, `${id} left`).toBeGreaterThanOrEqual(0);
    expect(box.y, `${id} top`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${id} right edge`).toBeLessThanOrEqual(width + 0.5);
    expect(box.y + box.height, `${id} bottom edge`).toBeLessThanOrEqual(height + 0.5);
  }
  const editorBox = await page.getByTestId('editor-area').boundingBox();
  expect(editorBox?.width ?? 0).toBeGreaterThanOrEqual(EDITOR_MIN_WIDTH - 1);
  // Each toolbar button is on screen and is what a click at its centre reaches.
  const buttons = page.getByTestId('titlebar').locator('button');
  const count = await buttons.count();
  expect(count).toBeGreaterThan(5);
  for (let i = 0; i < count; i++) {
    const reachable = await buttons.nth(i).evaluate((button) => {
      const r = button.getBoundingClientRect();
      if (r.width < 8 || r.height < 8) return false;
      if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && button.contains(hit);
    });
    expect(reachable, `toolbar button ${i} reachable`).toBe(true);
  }
}

for (const [width, height] of [
  [1024, 700],
  [1440, 900],
] as const) {
  test(`at ${width}×${height} nothing overflows and every panel shows`, async ({ studio }) => {
    const { page } = studio;
    await page.setViewportSize({ width, height });
    await openSkill(page, 'alpha-skill');
    await showPlayground(page);
    await expectFits(page, width, height);
  });
}

test('panel sizes saved on a big screen are fitted to the window, on load and on resize', async ({
  studio,
}) => {
  const { page, ws } = studio;
  await page.setViewportSize({ width: 1440, height: 900 });
  // The largest sizes the studio remembers, as a 2560-wide screen would leave them.
  await page.evaluate((root) => {
    localStorage.setItem(
      `skill-studio.layout:${root}`,
      JSON.stringify({
        sidebarWidth: 600,
        rightWidth: 800,
        bottomHeight: 700,
        sidebarCollapsed: false,
        rightCollapsed: false,
        bottomCollapsed: false,
        rightTab: 'problems',
      }),
    );
  }, ws.root);
  await page.reload();
  await expect(page.getByTestId('skill-item').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('bottom-panel')).toBeVisible();
  await expectFits(page, 1440, 900);

  await page.setViewportSize({ width: 1024, height: 700 });
  await expectFits(page, 1024, 700);
  const right = await page.getByTestId('right-panel').boundingBox();
  expect(right?.x ?? 0, 'the details panel was narrowed').toBeLessThan(1024 - 200);

  // The remembered sizes are the user's choice: a big window shows them again.
  await page.setViewportSize({ width: 2000, height: 1200 });
  await expect
    .poll(async () => Math.round((await page.getByTestId('sidebar').boundingBox())?.width ?? 0))
    .toBe(600);
});

/** The box of the SKILL.md text (Monaco) in the editor area. */
async function textPane(page: Page) {
  const box = await page.locator('.skill-view > .code-editor').boundingBox();
  return { width: Math.round(box?.width ?? 0), height: Math.round(box?.height ?? 0) };
}

test('the text keeps room: Split at 800×600, and sizes saved on a big screen at 1280×720', async ({
  studio,
}) => {
  const { page, ws } = studio;
  await page.setViewportSize({ width: 800, height: 600 });
  await openSkill(page, 'alpha-skill');
  await page.getByTestId('view-toggle').getByText('Split', { exact: true }).click();
  await expect(page.locator('.skill-view.mode-split .skill-form')).toBeVisible();
  await expect.poll(async () => (await textPane(page)).width).toBeGreaterThanOrEqual(300);
  expect((await textPane(page)).height).toBeGreaterThanOrEqual(150);
  const form = await page.locator('.skill-view .skill-form').boundingBox();
  expect(form?.height ?? 0).toBeGreaterThanOrEqual(150);
  expect(form?.width ?? 0).toBeGreaterThanOrEqual(300);
  await page.getByTestId('view-toggle').getByText('Text', { exact: true }).click();

  await page.evaluate((root) => {
    localStorage.setItem(
      `skill-studio.layout:${root}`,
      JSON.stringify({
        sidebarWidth: 600,
        rightWidth: 800,
        bottomHeight: 700,
        sidebarCollapsed: false,
        rightCollapsed: false,
        bottomCollapsed: false,
        rightTab: 'problems',
      }),
    );
  }, ws.root);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.reload();
  await openSkill(page, 'alpha-skill');
  await expect(page.getByTestId('bottom-panel')).toBeVisible();
  await expectFits(page, 1280, 720);
  // About eight lines of text at least, beside and above the panels.
  await expect.poll(async () => (await textPane(page)).height).toBeGreaterThanOrEqual(150);
  expect((await textPane(page)).width).toBeGreaterThanOrEqual(300);
});
