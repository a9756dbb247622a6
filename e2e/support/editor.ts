/** Driving the studio like a person: pick a skill, type in Monaco, read results. */
import { expect, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

export const MOD = process.platform === 'darwin' ? 'Meta' : 'Control';

export function skillItem(page: Page, name: string): Locator {
  return page.locator(`[data-testid="skill-item"][data-skill="${name}"]`);
}

export function tab(page: Page, skill: string, file = 'SKILL.md'): Locator {
  return page.locator(`[data-testid="editor-tab"][data-skill="${skill}"][data-path="${file}"]`);
}

export function editor(page: Page): Locator {
  return page.locator('[data-testid="code-editor"] .monaco-editor').first();
}

/** Opens a skill's SKILL.md and waits until Monaco shows it. */
export async function openSkill(page: Page, name: string): Promise<void> {
  await skillItem(page, name).first().click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page)).toBeVisible({ timeout: 20_000 });
  await expect(editor(page).locator('.view-lines')).toContainText('name:');
}

/** Puts the cursor on a line of the editor (1-based). */
export async function goToLine(page: Page, line: number): Promise<void> {
  await editor(page).locator('.view-lines').click();
  await page.keyboard.press(`${MOD}+Home`);
  for (let i = 1; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
}

/** Replaces a whole line with new text (typed, as a person would). */
export async function replaceLine(page: Page, line: number, text: string): Promise<void> {
  await goToLine(page, line);
  await page.keyboard.press('Shift+End');
  await page.keyboard.type(text);
  // Close any suggestion popup so it cannot take the next keystroke.
  await page.keyboard.press('Escape');
}

export async function appendAtEnd(page: Page, text: string): Promise<void> {
  await editor(page).locator('.view-lines').click();
  await page.keyboard.press(`${MOD}+End`);
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

export async function fileText(file: string): Promise<string> {
  return readFile(file, 'utf8').catch(() => '');
}

/** A skill listed by the playground's Discover tab. */
export function discoveredSkill(page: Page, name: string) {
  return page.locator(`[data-testid="discovered-skill"][data-skill="${name}"]`);
}

/**
 * Opens the playground panel if it is closed. Reads the toolbar toggle's pressed
 * state (rendered with the layout) rather than counting panels, which could race
 * the first render and toggle an open panel shut.
 */
export async function showPlayground(page: Page): Promise<void> {
  const toggle = page.getByTestId('toggle-bottom');
  await expect(toggle).toBeVisible();
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(page.getByTestId('playground')).toBeVisible();
}

/** Picks a skill and opens the playground's Run tab on it, with its arguments typed in the form. */
export async function openRunTab(
  page: Page,
  skill: string,
  args: Record<string, string>,
): Promise<void> {
  await skillItem(page, skill).first().click();
  await showPlayground(page);
  await page.getByTestId('pg-tab-run').click();
  await expect(page.getByTestId('pg-skill')).toContainText(skill);
  for (const [pointer, value] of Object.entries(args)) {
    await page
      .locator(`[data-testid="arg-field"][data-pointer="${pointer}"]`)
      .locator('textarea, input')
      .first()
      .fill(value);
  }
}
