/**
 * The places people look at a run and keep open all day: a long History row stays
 * in its row, the active tab is always in view, a finished run reads 100%.
 * (Any page error fails these tests: support/fixtures.ts.)
 */
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { appendAtEnd, fileText, openRunTab, openSkill, skillItem, tab } from './support/editor';
import { skillMd } from './support/workspace';

/** Whether the page is wider than its window (something pushed the layout out). */
async function overflowsWindow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function inView(page: Page, testId: string): Promise<boolean> {
  const box = await page.getByTestId(testId).boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.x >= 0 && box.x + box.width <= size.width;
}

test.describe('the inspector', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a long History row is ellipsized and keeps Act as and the close button on screen (1440×900); a finished run reads 100%', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'long-summary');
    await mkdir(path.join(dir, 'scripts'), { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      skillMd('long-summary', 'Answers with a very long summary.', 'entrypoint: scripts/run.mjs\n'),
    );
    // Its last progress says 30%; it then succeeds.
    await writeFile(
      path.join(dir, 'scripts', 'run.mjs'),
      [
        "const emit = (m) => process.stdout.write(JSON.stringify(m) + '\\n');",
        "emit({ type: 'progress', pct: 30, message: 'a third of the way' });",
        "emit({ type: 'result', data: { ok: true }, summary: 'a very long summary '.repeat(150) + 'end' });",
      ].join('\n'),
    );
    try {
      await page.setViewportSize({ width: 1440, height: 900 });
      await openRunTab(page, 'long-summary', {});
      await page.getByTestId('run-button').click();
      await expect(page.getByTestId('run-phase')).toHaveText('Done', { timeout: 30_000 });
      const bar = page.getByRole('progressbar', { name: 'Skill progress' });
      await expect(bar).toHaveAttribute('aria-valuenow', '100');
      await page.getByTestId('pg-tab-history').click();
      const row = page.getByTestId('history-row').first();
      await expect(row).toBeVisible();
      expect(await overflowsWindow(page)).toBeLessThanOrEqual(0);
      expect(await inView(page, 'act-as')).toBe(true);
      expect(await inView(page, 'history-delete')).toBe(true);
      // Ellipsized, with the whole summary one hover away.
      const text = row.locator('.pg-history-text');
      expect(await text.getAttribute('title')).toBe(`${'a very long summary '.repeat(150)}end`);
      const { scroll, client } = await text.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
      }));
      expect(scroll).toBeGreaterThan(client);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('the active editor tab is scrolled into view when many tabs are open', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const names = Array.from(
      { length: 14 },
      (_, i) => `tabs-in-view-${String(i).padStart(2, '0')}`,
    );
    const dirs = names.map((n) => path.join(ws.skillsDir, n));
    for (const [i, dir] of dirs.entries()) {
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'SKILL.md'), skillMd(names[i], `Tab number ${i}.`));
    }
    try {
      await page.setViewportSize({ width: 1280, height: 720 });
      for (const name of names) {
        await skillItem(page, name).first().click({ timeout: 15_000 });
        await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
      }
      const strip = page.getByTestId('editor-tabs');
      const visible = async (name: string) => {
        const s = await strip.boundingBox();
        const t = await tab(page, name).boundingBox();
        return !!s && !!t && t.x >= s.x - 1 && t.x + t.width <= s.x + s.width + 1;
      };
      await expect.poll(() => visible(names[names.length - 1])).toBe(true);
      // Back to the first: the strip scrolls to it.
      await skillItem(page, names[0]).first().click();
      await expect.poll(() => visible(names[0])).toBe(true);
    } finally {
      const tabs = page.getByTestId('editor-tab');
      for (let left = await tabs.count(); left > 0; left--) {
        await tabs.first().locator('.tab-close').click({ timeout: 5_000 });
      }
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    }
  });

  test('closing an unsaved tab offers Save, Close without saving and Cancel', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'close-unsaved');
    const file = path.join(dir, 'SKILL.md');
    await mkdir(dir, { recursive: true });
    await writeFile(file, skillMd('close-unsaved', 'Asks before closing.'));
    const dialog = page.getByTestId('confirm-dialog');
    const close = () => tab(page, 'close-unsaved').locator('.tab-close').click();
    try {
      await openSkill(page, 'close-unsaved');
      await appendAtEnd(page, 'Kept by Save.');
      await close();
      await expect(dialog).toContainText('unsaved changes');
      // Cancel keeps the tab and its edit.
      await dialog.getByTestId('confirm-cancel').click();
      await expect(tab(page, 'close-unsaved')).toHaveAttribute('data-dirty', 'true');
      // Save writes it, then closes.
      await close();
      await expect(dialog.getByTestId('confirm-ok')).toHaveText('Save');
      await dialog.getByTestId('confirm-ok').click();
      await expect(tab(page, 'close-unsaved')).toHaveCount(0);
      await expect.poll(() => fileText(file)).toContain('Kept by Save.');
      // Close without saving drops the edit and leaves the file as it was.
      await openSkill(page, 'close-unsaved');
      await appendAtEnd(page, 'Dropped.');
      await close();
      await dialog.getByTestId('confirm-extra').click();
      await expect(tab(page, 'close-unsaved')).toHaveCount(0);
      expect(await fileText(file)).not.toContain('Dropped.');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test('a schema default its own schema refuses has a sidebar badge and a Problems entry, the skill open or not', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'bad-default');
    await mkdir(dir, { recursive: true });
    await writeFile(
      path.join(dir, 'SKILL.md'),
      skillMd(
        'bad-default',
        'Has a default its schema refuses.',
        'input_schema:\n  type: object\n  properties:\n    top:\n      type: integer\n      minimum: 1\n      default: 0\n',
      ),
    );
    const problem = page.locator(
      '[data-testid="problem-item"][data-code="SCHEMA_DEFAULT_INVALID"][data-skill="bad-default"]',
    );
    try {
      await expect(skillItem(page, 'bad-default').getByTestId('badge-warnings')).toBeVisible({
        timeout: 15_000,
      });
      await page.getByTestId('right-tab-problems').click();
      await expect(problem).toContainText('fails its own schema');
      // Open, as saved: the host's finding stays listed beside the live check's.
      await openSkill(page, 'bad-default');
      await expect(problem).toBeVisible();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
