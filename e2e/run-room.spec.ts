/**
 * Room to inspect a run: the run view (the playground) takes the whole workbench, by its
 * button and by Ctrl/Cmd+Shift+Y, and gives the layout back as it was: the panel sizes, the
 * tab, the scroll and the run itself. The Evals tables open in the same large view.
 * Every test fails on any page error (the fixtures' appErrors).
 */
import { rm } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, openSkill, showPlayground, skillItem } from './support/editor';
import { evalsDir, writeBenchmark, writeEvalSkill } from './support/eval-fixture';

const TEXT = 'One fish. Two fish. Red fish, blue fish. '.repeat(20);

function field(page: Page, pointer: string) {
  return page.locator(`[data-testid="arg-field"][data-pointer="${pointer}"]`);
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  return (
    b && { x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width), h: Math.round(b.height) }
  );
}

/** The scroll offsets of every scrolled element in the playground. */
function scrolls(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="playground"] *')]
      .filter((e) => e.scrollHeight > e.clientHeight + 4)
      .map((e) => e.scrollTop),
  );
}

async function screenshots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light']) {
    await page.evaluate((t) => {
      document.documentElement.setAttribute('data-theme', t);
    }, theme);
    await page.screenshot({ path: test.info().outputPath(`${name}-${theme}.png`) });
  }
}

test.describe('room to inspect a run', () => {
  test('maximize and restore keep the run, its tab, its scroll and the panel sizes', async ({
    studio,
  }) => {
    const { page } = studio;
    await page.setViewportSize({ width: 1280, height: 720 });
    await skillItem(page, 'text-stats').first().click();
    await showPlayground(page);
    await page.getByTestId('pg-tab-run').click();
    await expect(page.getByTestId('pg-skill')).toContainText('text-stats');
    await field(page, '/text').locator('textarea, input').first().fill(TEXT);
    await field(page, '/delay_ms').locator('input').fill('5');
    await page.getByTestId('run-button').click();
    const bar = page.getByRole('progressbar', { name: 'Skill progress' });
    await expect(bar).toHaveAttribute('aria-valuenow', '100', { timeout: 30_000 });

    // Scroll what scrolls in the run view, so its place can be checked after.
    await page.evaluate(() => {
      for (const e of document.querySelectorAll('[data-testid="playground"] *'))
        if (e.scrollHeight > e.clientHeight + 4) e.scrollTop = 40;
    });
    const layoutBefore = {
      bottom: await box(page, '.bottom-slot'),
      sidebar: await box(page, '.sidebar-slot'),
      right: await box(page, '.right-slot'),
    };
    const scrollBefore = await scrolls(page);
    const runText = await page.getByTestId('playground').locator('.pg-body').innerText();
    const workbench = await box(page, '.workbench');

    // The button: the run view takes the whole workbench; the run is the same run.
    await page.getByTestId('maximize-run').click();
    await expect(page.locator('.workbench')).toHaveAttribute('data-maximized', 'run');
    await expect(page.locator('.sidebar-slot')).toBeHidden();
    await expect(page.locator('.center-top')).toBeHidden();
    const big = await box(page, '.bottom-slot');
    expect(big!.h).toBeGreaterThan(workbench!.h - 4);
    expect(big!.w).toBeGreaterThan(workbench!.w - 4);
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(page.getByTestId('pg-tab-run')).toHaveAttribute('aria-selected', 'true');
    expect(await page.getByTestId('playground').locator('.pg-body').innerText()).toBe(runText);
    await screenshots(page, 'run-maximized');

    // Restore: everything as it was.
    await page.getByTestId('maximize-run').click();
    await expect(page.locator('.workbench')).not.toHaveAttribute('data-maximized', 'run');
    expect({
      bottom: await box(page, '.bottom-slot'),
      sidebar: await box(page, '.sidebar-slot'),
      right: await box(page, '.right-slot'),
    }).toEqual(layoutBefore);
    expect(await scrolls(page)).toEqual(scrollBefore);
    await expect(page.getByTestId('pg-tab-run')).toHaveAttribute('aria-selected', 'true');
    expect(await page.getByTestId('playground').locator('.pg-body').innerText()).toBe(runText);

    // The shortcut does the same, from anywhere (the editor too), and back.
    await page.keyboard.press(`${MOD}+Shift+Y`);
    await expect(page.locator('.workbench')).toHaveAttribute('data-maximized', 'run');
    await expect(page.getByTestId('maximize-run')).toHaveAttribute(
      'title',
      /Restore the layout \((Ctrl\+Shift\+Y|⇧⌘Y)\)/,
    );
    await page.keyboard.press(`${MOD}+Shift+Y`);
    await expect(page.locator('.workbench')).not.toHaveAttribute('data-maximized', 'run');
    expect(await box(page, '.bottom-slot')).toEqual(layoutBefore.bottom);

    // Hiding the playground while it is maximized gives the layout back, not an empty window.
    await page.keyboard.press(`${MOD}+Shift+Y`);
    await page.getByTestId('playground-hide').click();
    await expect(page.locator('.workbench')).not.toHaveAttribute('data-maximized', 'run');
    await expect(page.getByTestId('playground')).toBeVisible();
  });

  test('the Evals tables open in the same large view', async ({ studio }) => {
    const { page, ws } = studio;
    const skill = 'room-evals';
    await rm(evalsDir(ws.root, skill), { recursive: true, force: true });
    await writeEvalSkill(ws.skillDir(skill), skill);
    await writeBenchmark(ws.root, skill, '2026-12-01T09-00-00-000Z', [
      { configuration: 'with_skill', answer: 'Total 42. INV-OK-7', passRate: 1 },
      { configuration: 'without_skill', answer: 'Roughly 42.', passRate: 0 },
    ]);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(skillItem(page, skill)).toBeVisible({ timeout: 15_000 });
    await openSkill(page, skill);
    await page.getByTestId('right-tab-evals').click();
    const panel = page.getByTestId('evals-panel');
    await expect(panel).toHaveAttribute('data-skill', skill);
    const table = panel.getByTestId('eval-table');
    await expect(table).toBeVisible({ timeout: 15_000 });
    const narrow = await box(page, '.right-slot');
    const workbench = await box(page, '.workbench');

    await panel.getByTestId('maximize-evals').click();
    await expect(page.locator('.workbench')).toHaveAttribute('data-maximized', 'evals');
    const wide = await box(page, '.right-slot');
    expect(wide!.w).toBeGreaterThan(workbench!.w - 4);
    await expect(page.locator('.sidebar-slot')).toBeHidden();
    await expect(page.getByTestId('bottom-panel')).toBeHidden();
    await expect(table).toBeVisible();
    await expect(table.getByTestId('eval-row')).toHaveCount(1);
    await screenshots(page, 'evals-maximized');

    await panel.getByTestId('maximize-evals').click();
    await expect(page.locator('.workbench')).not.toHaveAttribute('data-maximized', 'evals');
    expect(await box(page, '.right-slot')).toEqual(narrow);
  });
});
