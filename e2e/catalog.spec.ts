/**
 * The Catalog view of the Portability tab: per agent client, the listing as it renders it,
 * the budget bar, the entries cut, and the skills that read alike, from the project's and
 * the user's folders (the server under test runs with --no-user: the project's alone).
 */
import path from 'node:path';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { test, expect } from './support/fixtures';
import { skillMd } from './support/workspace';

test('the catalog shows what each client lists, cuts and may confuse', async ({ studio }) => {
  const { page, ws } = studio;
  const made: string[] = [];
  const put = async (dir: string, name: string, description: string) => {
    const at = path.join(dir, name);
    await mkdir(at, { recursive: true });
    await writeFile(path.join(at, 'SKILL.md'), skillMd(name, description));
    made.push(at);
  };
  await put(
    path.join(ws.root, '.claude/skills'),
    'contract-check',
    'Checks contracts. '.repeat(100).trim(),
  );
  await put(
    path.join(ws.root, '.agents/skills'),
    'pdf-extract',
    'Extract text and tables from PDF files and scanned pages.',
  );
  await put(
    path.join(ws.root, '.agents/skills'),
    'pdf-reader',
    'Extracts the text and the tables of PDF files, scanned pages too.',
  );
  try {
    await page.getByTestId('right-tab-portability').click();
    await page.getByTestId('portability-view-catalog').click();
    const view = page.getByTestId('catalog-view');
    await expect(view).toBeVisible({ timeout: 15_000 });
    // The picker tells at a glance which clients cut or confuse something.
    await expect(page.getByTestId('catalog-client').locator('option[value="codex"]')).toContainText(
      '1 alike',
    );

    // Claude Code: the long description is cut at 1,536 characters, against a 30,000 budget.
    await expect(page.getByTestId('catalog-budget')).toHaveAttribute('data-limit', '30000');
    await expect(page.getByTestId('catalog-entry-contract-check')).toHaveAttribute(
      'data-shown',
      'cut',
    );
    await expect(page.getByTestId('catalog-listing')).toContainText(
      '- contract-check: Checks contracts.',
    );
    await expect(page.getByTestId('catalog-listing')).toContainText(
      'The following skills are available for use with the Skill tool:',
    );

    // Codex reads the project's .agents/skills, and finds the two PDF skills alike.
    await page.getByTestId('catalog-client').selectOption('codex');
    await expect(page.getByTestId('catalog-codex')).toBeVisible();
    await expect(page.getByTestId('catalog-listing')).toContainText('<skills_instructions>');
    await expect(page.getByTestId('catalog-pair')).toContainText('pdf-extract');
    await expect(page.getByTestId('catalog-pair')).toContainText('pdf-reader');

    // Gemini CLI sets no budget.
    await page.getByTestId('catalog-client').selectOption('gemini-cli');
    await expect(page.getByTestId('catalog-budget')).toHaveAttribute('data-limit', '');
    await expect(page.getByTestId('catalog-listing')).toContainText('<name>pdf-reader</name>');
  } finally {
    await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
  }
});
