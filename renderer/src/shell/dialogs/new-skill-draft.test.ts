import { describe, expect, it } from 'vitest';
import { draftText, templateDescription } from './new-skill-draft';
import { parseSkillMd } from '../../../../shared/skill/validate';
import { addProperty, setRequired } from '../../../../shared/playground/schema-builder';
import { buildFormModel } from '../../../../shared/playground/schema-form';
import { asFrontmatterValue } from '../../editor/form/schema/schema-write';

// A template as resources/templates holds them: placeholders, a comment, a body.
const TEMPLATE = [
  '---',
  'name: {{name}}',
  '# Say what it does and when to use it.',
  'description: Describe it.',
  'license: MIT',
  '---',
  '',
  '# {{title}}',
  '',
].join('\n');

describe('the new-skill draft', () => {
  it('fills the name and title and keeps the template as written when nothing was set', () => {
    const d = draftText(TEMPLATE, {
      template: 'basic',
      name: 'pdf-filler',
      values: { description: 'Fills PDF forms.' },
    });
    expect(d).toEqual({
      ok: true,
      text: TEMPLATE.replace('{{name}}', 'pdf-filler')
        .replace('{{title}}', 'Pdf Filler')
        .replace('Describe it.', 'Fills PDF forms.'),
    });
  });

  it("never writes the template's description (an instruction, shown as the hint) as the skill's", () => {
    expect(templateDescription(TEMPLATE)).toBe('Describe it.');
    const d = draftText(TEMPLATE, { template: 'basic', name: 'pdf-filler', values: {} });
    if (!d.ok) throw new Error(d.error);
    expect(d.text).not.toContain('Describe it.');
    // Left empty, it is an error the validator names, so the wizard cannot create it as is.
    const parsed = parseSkillMd(d.text, { folderName: 'pdf-filler' });
    expect(parsed.frontmatter?.description).toBe('');
    expect(parsed.diagnostics.map((x) => x.code)).toContain('DESCRIPTION_EMPTY');
  });

  it('writes what the author set into the frontmatter, keeping the comment and the body', () => {
    let schema = addProperty(undefined, [], 'string', 'topic').schema;
    schema = setRequired(schema, ['topic'], true);
    const d = draftText(TEMPLATE, {
      template: 'basic',
      name: 'brief-writer',
      values: {
        description: 'Writes a one-page brief on a topic. Use when asked for a brief.',
        license: null,
        input_schema: asFrontmatterValue(schema),
      },
    });
    if (!d.ok) throw new Error(d.error);
    expect(d.text).toContain('# Say what it does and when to use it.\n');
    expect(d.text).toContain('\n# Brief Writer\n');
    expect(d.text).not.toContain('license:');
    const parsed = parseSkillMd(d.text, { folderName: 'brief-writer' });
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.frontmatter?.description).toMatch(/^Writes a one-page brief/);
    // The skill's playground form has the input the builder defined.
    expect(buildFormModel(parsed.frontmatter?.input_schema).fields).toMatchObject([
      { key: 'topic', kind: 'string', required: true },
    ]);
  });

  it('a template whose frontmatter does not parse says so instead of guessing', () => {
    const d = draftText('---\nname: [\n---\n', {
      template: 'basic',
      name: 'x',
      values: { description: 'd' },
    });
    expect(d.ok).toBe(false);
  });
});
