/**
 * The input-schema builder and the new-skill wizard: a property added in the builder
 * shows at once in its preview of the playground form, is written into SKILL.md as
 * YAML (comments kept), and the playground's own form gains the field; a new skill
 * with inputs is made through the wizard without typing YAML, and it validates.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './support/fixtures';
import { MOD, fileText, openSkill, showPlayground, skillItem, tab } from './support/editor';
import { parseSkillMd } from '../shared/skill/validate';

// Many steps on a machine that may be busy: more room than the default minute.
test.describe.configure({ timeout: 120_000 });

function property(builder: Locator, name: string): Locator {
  return builder.locator(`[data-testid="schema-property"][data-name="${name}"]`);
}

function argField(scope: Locator | Page, pointer: string): Locator {
  return scope.locator(`[data-testid="arg-field"][data-pointer="${pointer}"]`);
}

/** Adds a property and names it (the new row's name field has the focus). */
async function addProperty(page: Page, builder: Locator, name: string): Promise<Locator> {
  await builder.getByTestId('schema-add-property').last().click();
  const input = builder.getByTestId('schema-property-name').last();
  await expect(input).toBeFocused();
  await input.fill(name);
  await page.keyboard.press('Enter');
  const row = property(builder, name);
  await expect(row).toBeVisible();
  return row;
}

test('a property added in the builder reaches the text and the playground form', async ({
  studio,
}) => {
  const { page, ws } = studio;
  const dir = path.join(ws.skillsDir, 'schema-target');
  await mkdir(dir, { recursive: true });
  const md = path.join(dir, 'SKILL.md');
  await writeFile(
    md,
    [
      '---',
      'name: schema-target',
      'description: The skill whose inputs the schema builder edits.',
      'input_schema:',
      '  type: object',
      '  # The topic is what the brief is about.',
      '  properties:',
      '    topic: {type: string}',
      '  required: [topic]',
      '---',
      '# Schema target',
      '',
    ].join('\n'),
  );
  await expect(skillItem(page, 'schema-target')).toBeVisible({ timeout: 20_000 });
  await openSkill(page, 'schema-target');
  await page.getByTestId('view-toggle').getByRole('radio', { name: 'Form' }).click();

  const builder = page.getByTestId('schema-builder-input_schema');
  await expect(property(builder, 'topic')).toBeVisible();
  const row = await addProperty(page, builder, 'city');
  await row.getByTestId('schema-property-required').check();
  await row.getByTestId('schema-property-description').fill('Where the trip goes.');
  await row.getByTestId('schema-property-description').press('Tab');

  // The builder's preview is the playground's form: the field is there at once.
  const preview = builder.getByTestId('schema-preview-form');
  await expect(argField(preview, '/city')).toBeVisible();
  await expect(argField(preview, '/city')).toContainText('Where the trip goes.');
  await expect(argField(preview, '/city').locator('.pg-required')).toBeVisible();
  await builder.getByTestId('schema-preview-json-tab').click();
  await expect(builder.getByTestId('schema-preview-json')).toContainText('"city"');

  // An unsafe pattern is a warning tied to its input.
  await row.getByTestId('schema-property-pattern').fill('^(a)\\1$');
  await row.getByTestId('schema-property-pattern').press('Enter');
  await expect(row.getByTestId('schema-property-pattern')).toHaveAttribute('aria-invalid', 'true');
  await expect(row.getByRole('alert')).toContainText('backreference');
  await row.getByTestId('schema-property-pattern').fill('');
  await row.getByTestId('schema-property-pattern').press('Enter');
  await expect(row.getByRole('alert')).toHaveCount(0);

  // A rename (the required entry with it) is one step of the editor's undo history.
  const topicName = property(builder, 'topic').getByTestId('schema-property-name');
  await topicName.fill('subject');
  await topicName.press('Enter');
  await expect(property(builder, 'subject').getByTestId('schema-property-required')).toBeChecked();
  await page.keyboard.press(`${MOD}+z`);
  await expect(property(builder, 'subject')).toHaveCount(0);
  await expect(property(builder, 'topic').getByTestId('schema-property-required')).toBeChecked();
  await expect(property(builder, 'city')).toBeVisible();

  // Saved: YAML written key by key, the comment kept; the playground form gains the field.
  await page.keyboard.press(`${MOD}+s`);
  await expect.poll(() => fileText(md)).toContain('city:');
  const saved = await fileText(md);
  expect(saved).toContain('  # The topic is what the brief is about.\n');
  const parsed = parseSkillMd(saved, { folderName: 'schema-target' });
  expect(parsed.diagnostics).toEqual([]);
  expect(parsed.frontmatter?.input_schema).toEqual({
    type: 'object',
    properties: {
      topic: { type: 'string' },
      city: { type: 'string', description: 'Where the trip goes.' },
    },
    required: ['topic', 'city'],
  });
  await showPlayground(page);
  await page.getByTestId('pg-tab-run').click();
  await expect(page.getByTestId('pg-skill')).toContainText('schema-target');
  await expect(argField(page.getByTestId('args-panel'), '/city')).toBeVisible({ timeout: 20_000 });
  await expect(argField(page.getByTestId('args-panel'), '/topic')).toBeVisible();
});

test('the wizard creates a valid skill with inputs, without typing YAML', async ({ studio }) => {
  const { page, ws } = studio;
  await page.locator('body').click();
  await page.keyboard.press(`${MOD}+n`);
  const dialog = page.getByTestId('new-skill-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('template-basic').check();
  await dialog.locator('#new-skill-name').fill('trip-planner');
  await dialog
    .locator('#new-skill-description')
    .fill('Plans a trip day by day. Use when someone asks for an itinerary.');

  const builder = dialog.getByTestId('schema-builder-input_schema');
  const destination = await addProperty(page, builder, 'destination');
  await destination.getByTestId('schema-property-required').check();
  const days = await addProperty(page, builder, 'days');
  await days.getByTestId('schema-property-type').selectOption('integer');
  await days.getByTestId('schema-property-minimum').fill('1');
  await days.getByTestId('schema-property-minimum').press('Enter');
  // A default its own property refuses is a warning.
  await days.getByTestId('schema-property-default').fill('0');
  await days.getByTestId('schema-property-default').press('Enter');
  await expect(days.getByRole('alert')).toContainText('must be ≥ 1');
  await days.getByTestId('schema-property-default').fill('3');
  await days.getByTestId('schema-property-default').press('Enter');
  await expect(days.getByRole('alert')).toHaveCount(0);

  const preview = builder.getByTestId('schema-preview-form');
  await expect(argField(preview, '/destination')).toBeVisible();
  await expect(argField(preview, '/days').locator('input')).toHaveAttribute('min', '1');
  await expect(dialog.getByTestId('new-skill-status')).toHaveText('✓ valid');
  await expect(dialog.getByTestId('new-skill-preview')).toContainText('destination', {
    useInnerText: false,
  });

  await dialog.getByTestId('new-skill-create').click();
  await expect(dialog).toHaveCount(0);
  await expect(skillItem(page, 'trip-planner')).toBeVisible();
  await expect(tab(page, 'trip-planner')).toHaveAttribute('aria-selected', 'true');
  const md = path.join(ws.root, 'skills', 'trip-planner', 'SKILL.md');
  await expect.poll(() => fileText(md)).toContain('destination');
  const parsed = parseSkillMd(await fileText(md), { folderName: 'trip-planner' });
  expect(parsed.diagnostics).toEqual([]);
  expect(parsed.frontmatter?.input_schema).toEqual({
    type: 'object',
    properties: {
      destination: { type: 'string' },
      days: { type: 'integer', minimum: 1, default: 3 },
    },
    required: ['destination'],
  });
  await showPlayground(page);
  await page.getByTestId('pg-tab-run').click();
  await expect(page.getByTestId('pg-skill')).toContainText('trip-planner');
  const args = page.getByTestId('args-panel');
  await expect(argField(args, '/destination')).toBeVisible({ timeout: 20_000 });
  await expect(argField(args, '/days').locator('input')).toHaveValue('3');
});
