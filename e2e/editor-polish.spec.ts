/**
 * The SKILL.md editor behaves: the grammar colours YAML and Markdown without
 * throwing, completion in the frontmatter never rewrites what was typed, and
 * Ctrl+P goes to a skill. (Any page error fails these tests: support/fixtures.ts.)
 */
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, editor, fileText, goToLine, tab } from './support/editor';
import { skillMd } from './support/workspace';

async function writeSkill(dir: string, text: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), text);
}

/** Opens a skill by its sidebar row (the first, or the only one with that name). */
async function open(page: Page, name: string, expectText: string): Promise<void> {
  const row = page.locator(`[data-testid="skill-item"][data-skill="${name}"]`).first();
  await expect(row).toBeVisible({ timeout: 15_000 });
  await row.click();
  await expect(tab(page, name)).toHaveAttribute('aria-selected', 'true');
  await expect(editor(page).locator('.view-lines')).toContainText(expectText, { timeout: 20_000 });
}

/** The colour of the innermost token span holding `text` in the editor. */
async function tokenColour(page: Page, text: string): Promise<string> {
  const lines = editor(page).locator('.view-lines');
  return lines.evaluate((root, wanted) => {
    const spans = [...root.querySelectorAll('span')].filter(
      (s) => s.children.length === 0 && (s.textContent ?? '').includes(wanted),
    );
    if (spans.length === 0) throw new Error(`no token holds ${wanted}`);
    return getComputedStyle(spans[0]).color;
  }, text);
}

/**
 * Deletes the test's skills once the app has let go of them (their tabs closed,
 * another skill current), so it never asks for a folder that is gone. Letting go
 * is best effort: after a failed test an unsaved tab may ask first, and the
 * test's own failure is the one to report.
 */
async function removeSkills(page: Page, dirs: readonly string[]): Promise<void> {
  try {
    const tabs = page.getByTestId('editor-tab');
    for (let left = await tabs.count(); left > 0; left--) {
      await tabs.first().locator('.tab-close').click({ timeout: 5_000 });
    }
    await expect(tabs).toHaveCount(0, { timeout: 5_000 });
    await page.locator('[data-testid="skill-item"][data-skill="alpha-skill"]').click();
    await expect(tab(page, 'alpha-skill')).toHaveAttribute('aria-selected', 'true');
  } catch {
    // Not let go: the folders go anyway, and any error that causes in the app still fails the test.
  }
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
}

function suggestions(page: Page): Locator {
  return page.locator('.suggest-widget.visible .monaco-list-row');
}

test.describe('the SKILL.md editor', () => {
  // Typed key by key into Monaco: slow on a busy machine.
  test.describe.configure({ timeout: 180_000 });

  test('colours the frontmatter as YAML and the body as Markdown, without an error', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dir = path.join(ws.skillsDir, 'polish-colours');
    await writeSkill(
      dir,
      skillMd(
        'polish-colours',
        'Checks the colours.',
        'max_turns: 3\n',
        '# Heading of the body\n\nplainwords in a paragraph.\n\n- a list item\n',
      ),
    );
    try {
      await open(studio.page, 'polish-colours', 'Heading of the body');
      // Colours arrive once Monaco has tokenized the lines (the Markdown grammar loads lazily).
      await expect
        .poll(
          async () =>
            (await tokenColour(page, 'Heading')) !== (await tokenColour(page, 'plainwords')),
        )
        .toBe(true);
      // YAML above: a key and a number differ, and neither looks like body text.
      expect(await tokenColour(page, 'max_turns')).not.toBe(await tokenColour(page, 'plainwords'));
      expect(await tokenColour(page, 'max_turns')).not.toBe(await tokenColour(page, '3'));
    } finally {
      await removeSkills(page, [dir]);
    }
  });

  test("only Monaco's own cancellations are kept from the page-error check", async ({
    studio,
    appErrors,
  }) => {
    const { page } = studio;
    const seen: string[] = [];
    const onError = (err: Error) => seen.push(err.message);
    page.on('pageerror', onError);
    try {
      // The filter comes with Monaco, which loads with the first editor.
      await open(page, 'alpha-skill', 'alpha-skill');
      // Monaco's CancellationError (name and message "Canceled"), unhandled: ignored, as Monaco does.
      await page.evaluate(() => {
        const canceled = new Error('Canceled');
        canceled.name = 'Canceled';
        void Promise.reject(canceled);
      });
      // Anything else, even an error whose message alone is "Canceled", still reaches the page.
      appErrors.allow(
        /^page error: (Error: Canceled|TypeError: a real failure)\b/,
        'this test rejects on purpose',
      );
      await page.evaluate(() => {
        void Promise.reject(new Error('Canceled'));
        void Promise.reject(new TypeError('a real failure'));
      });
      await expect.poll(() => seen.slice().sort()).toEqual(['Canceled', 'a real failure']);
    } finally {
      page.off('pageerror', onError);
    }
  });

  test('frontmatter completion offers only known values, and Enter is a newline unless an item was picked', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const words = path.join(ws.skillsDir, 'polish-words');
    const target = path.join(ws.skillsDir, 'polish-complete');
    // Another open SKILL.md full of words a word-based completion would offer.
    await writeSkill(
      words,
      skillMd('polish-words', 'Words.', '', 'grep greps grepping Readme Reader stat statuses\n'),
    );
    await writeSkill(target, skillMd('polish-complete', 'The skill completion is typed into.'));
    try {
      await open(page, 'polish-words', 'grepping');
      await open(page, 'polish-complete', 'completion is typed');

      // Line 3 is the description: add lines after it.
      await goToLine(page, 3);
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('allowed-tools: Read Grep');
      // Give a word suggestion every chance to pop up and take the Enter.
      await page.waitForTimeout(800);
      await page.keyboard.press('Enter');
      await page.keyboard.type('status: Pub');
      await expect(suggestions(page)).toHaveText([/Published/]);
      // Picked with the arrow: Enter takes it, and no newline.
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('argument');
      await expect(suggestions(page).first()).toBeVisible();
      const labels = await suggestions(page).allInnerTexts();
      expect(labels.some((l) => l.includes('argument-hint'))).toBe(true);
      expect(labels.some((l) => l.includes('argument_hint'))).toBe(false);
      // Nothing picked: Escape, then type on.
      await page.keyboard.press('Escape');
      await page.keyboard.type('-hint: "[n]"');
      // Tab takes the first suggestion when none is picked.
      await page.keyboard.press('Enter');
      await page.keyboard.type('licen');
      await expect(suggestions(page)).toHaveText([/license/]);
      await page.keyboard.press('Tab');
      await page.keyboard.type('MIT');
      await page.keyboard.press(`${MOD}+S`);

      await expect
        .poll(() => fileText(path.join(target, 'SKILL.md')))
        .toContain('argument-hint: "[n]"');
      const lines = (await fileText(path.join(target, 'SKILL.md'))).split('\n');
      expect(lines.slice(2, 7)).toEqual([
        'description: The skill completion is typed into.',
        'allowed-tools: Read Grep',
        'status: Published',
        'argument-hint: "[n]"',
        'license: MIT',
      ]);
    } finally {
      await removeSkills(page, [words, target]);
    }
  });

  test('Ctrl+P goes to a skill: exact name first, arrows and Enter, two same-named skills apart', async ({
    studio,
  }) => {
    const { page, ws } = studio;
    const dirs = {
      claude: path.join(ws.root, '.claude', 'skills', 'goto'),
      plain: path.join(ws.skillsDir, 'goto'),
      prefix: path.join(ws.skillsDir, 'goto-extra'),
      substring: path.join(ws.skillsDir, 'my-goto-notes'),
    };
    await writeSkill(dirs.claude, skillMd('goto', 'The goto copy under .claude.'));
    await writeSkill(dirs.plain, skillMd('goto', 'The goto copy under skills.'));
    await writeSkill(dirs.prefix, skillMd('goto-extra', 'A longer name.'));
    await writeSkill(dirs.substring, skillMd('my-goto-notes', 'A name holding it.'));
    try {
      await expect(page.locator('[data-testid="skill-item"][data-skill="goto"]')).toHaveCount(2, {
        timeout: 15_000,
      });
      await expect(page.locator('[data-skill="my-goto-notes"]')).toHaveCount(1);
      await expect(page.locator('[data-skill="goto-extra"]')).toHaveCount(1);
      await page.getByTestId('titlebar').click({ position: { x: 5, y: 5 } });
      await page.keyboard.press(`${MOD}+P`);
      const palette = page.getByTestId('go-to-skill');
      await expect(palette).toBeVisible();
      await expect(page.getByTestId('go-to-skill-input')).toBeFocused();
      await page.keyboard.type('goto');
      const items = page.getByTestId('go-to-skill-item');
      await expect(items).toHaveCount(4);
      await expect(items.nth(0)).toHaveAttribute('data-skill', 'goto');
      await expect(items.nth(1)).toHaveAttribute('data-skill', 'goto');
      await expect(items.nth(2)).toHaveAttribute('data-skill', 'goto-extra');
      await expect(items.nth(3)).toHaveAttribute('data-skill', 'my-goto-notes');
      // The two copies say where they live.
      await expect(items.nth(0)).toContainText('.claude/skills/goto');
      await expect(items.nth(1)).toContainText('skills/goto');
      await expect(items.nth(0)).toContainText('Project');

      await expect(items.nth(0)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(items.nth(1)).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('Enter');
      await expect(palette).toBeHidden();
      await expect(editor(page).locator('.view-lines')).toContainText('copy under skills', {
        timeout: 20_000,
      });

      await page.keyboard.press(`${MOD}+P`);
      await page.keyboard.type('goto');
      await page.keyboard.press('Enter');
      await expect(editor(page).locator('.view-lines')).toContainText('copy under .claude', {
        timeout: 20_000,
      });
      // The keyboard is in the skill just opened, and comes back there after Escape.
      const inEditor = () =>
        page.evaluate(() => Boolean(document.activeElement?.closest('.monaco-editor')));
      await expect.poll(inEditor).toBe(true);
      // Two open skills of one name: each tab and sidebar row says which folder it is in.
      const where = page.locator(
        '[data-testid="editor-tab"][data-skill="goto"] [data-testid="tab-where"]',
      );
      await expect(where).toHaveText(['skills', '.claude/skills']);
      const rows = page.locator('[data-testid="skill-item"][data-skill="goto"]');
      await expect(rows.getByTestId('skill-where')).toHaveText(['.claude/skills', 'skills']);
      await expect(
        page.locator(
          '[data-testid="skill-item"][data-skill="goto-extra"] [data-testid="skill-where"]',
        ),
      ).toHaveCount(0);
      // The skill tree is one Tab stop; arrow keys move between its rows.
      await expect(page.locator('[data-testid="skill-item"][tabindex="0"]')).toHaveCount(1);
      await rows.nth(0).focus();
      await page.keyboard.press('ArrowDown');
      await expect(rows.nth(1)).toBeFocused();
      await page.keyboard.press('ArrowUp');
      await expect(rows.nth(0)).toBeFocused();
      await editor(page).locator('.view-lines').click();

      await page.keyboard.press(`${MOD}+P`);
      await expect(palette).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
      await expect.poll(inEditor).toBe(true);
    } finally {
      await removeSkills(page, Object.values(dirs));
    }
  });
});
