import { describe, expect, it } from 'vitest';
import {
  applyEdit,
  completionsAt,
  frontmatterRange,
  hoverAt,
  hoverMarkdown,
  quickFixesFor,
} from './frontmatter-assist';
import type { Diagnostic } from '../../../shared/check/diagnostics';

const doc = [
  '---',
  'name: Bad_Name',
  'description: Adds days to a date',
  'status: Published',
  'llm_config:',
  '  provider_name: anthropic',
  'agents:',
  '  writer:',
  '    instruct: Write {topic}',
  '---',
  '# Body',
  'name: not a key here',
].join('\n');

function diag(code: Diagnostic['code'], line: number, column = 1): Diagnostic {
  return { severity: 'error', code, message: code, line, column, field: null };
}

describe('frontmatter range', () => {
  it('spans the YAML lines between the fences', () => {
    expect(frontmatterRange(doc)).toEqual({ first: 2, last: 9 });
    expect(frontmatterRange('# no frontmatter')).toBeNull();
  });
});

describe('hover', () => {
  it('documents top-level, llm_config and agent keys under the cursor', () => {
    const name = hoverAt(doc, 2, 2);
    expect(name?.field.key).toBe('name');
    expect(name && hoverMarkdown(name)).toContain('portable');
    expect(hoverAt(doc, 6, 4)?.path).toEqual(['llm_config', 'provider_name']);
    expect(hoverAt(doc, 9, 6)?.field.key).toBe('instruct');
    const status = hoverAt(doc, 4, 1);
    expect(status && hoverMarkdown(status)).toContain('`Archived`');
  });

  it('says nothing on values, the body, or unknown keys', () => {
    expect(hoverAt(doc, 2, 10)).toBeNull();
    expect(hoverAt(doc, 12, 1)).toBeNull();
    expect(hoverAt('---\nfoo: 1\n---\n', 2, 1)).toBeNull();
  });
});

describe('completion', () => {
  it('offers the keys not yet present at the start of a line', () => {
    const text = '---\nname: a\n\n---\n';
    const labels = completionsAt(text, 3, 1).map((c) => c.label);
    expect(labels).toContain('description');
    expect(labels).toContain('status');
    expect(labels).not.toContain('name');
    expect(completionsAt(text, 3, 1).find((c) => c.label === 'license')?.insertText).toBe(
      'license: ',
    );
  });

  it('offers enum and boolean values after the colon', () => {
    const text = '---\nstatus: \nuser-invocable: \n---\n';
    expect(completionsAt(text, 2, 9).map((c) => c.label)).toEqual([
      'Created',
      'Blocked',
      'Published',
      'Archived',
    ]);
    expect(completionsAt(text, 3, 17).map((c) => c.label)).toEqual(['true', 'false']);
  });

  it('offers one spelling of a key, naming the other in its docs', () => {
    const text = '---\nname: x\n\n---\n';
    const items = completionsAt(text, 3, 1);
    expect(items.map((c) => c.label)).toContain('argument-hint');
    expect(items.map((c) => c.label)).not.toContain('argument_hint');
    const hint = items.find((c) => c.label === 'argument-hint');
    expect(hint?.documentation).toContain('`argument_hint`');
    // Either spelling already written: neither is offered again.
    const withAlias = '---\nargument_hint: "[n]"\n\n---\n';
    const labels = completionsAt(withAlias, 3, 1).map((c) => c.label);
    expect(labels).not.toContain('argument-hint');
    expect(labels).not.toContain('argument_hint');
  });

  it('offers values only while the first value word is typed, and none for free text', () => {
    const text = '---\nstatus: Pub\nallowed-tools: Read Gr\nuser-invocable: true \n---\n';
    expect(completionsAt(text, 2, 12).map((c) => c.label)).toContain('Published');
    expect(completionsAt(text, 3, 23)).toEqual([]);
    expect(completionsAt(text, 3, 16)).toEqual([]);
    expect(completionsAt(text, 4, 22)).toEqual([]);
  });

  it('offers nested keys inside llm_config and an agent, nothing in the body', () => {
    const text = '---\nllm_config:\n  \nagents:\n  a:\n    \n---\nbody\n';
    expect(completionsAt(text, 3, 3).map((c) => c.label)).toContain('provider_name');
    expect(completionsAt(text, 6, 5).map((c) => c.label)).toContain('instruct');
    // An agent's own turn budget, documented where it is typed.
    expect(completionsAt(text, 6, 5).map((c) => c.label)).toContain('max_turns');
    const own = '---\nagents:\n  a:\n    max_turns: 3\n---\n';
    const hover = hoverAt(own, 4, 6);
    expect(hover?.path).toEqual(['agents', 'a', 'max_turns']);
    expect(hover && hoverMarkdown(hover)).toContain('one run of this agent');
    expect(completionsAt(text, 8, 1)).toEqual([]);
  });
});

describe('quick fixes', () => {
  it('gives the name a valid form, not just a lowercase one', () => {
    const [fix] = quickFixesFor(doc, diag('NAME_NOT_LOWERCASE', 2, 7), 'bad_name');
    expect(fix.title).toContain('valid name');
    expect(applyEdit(doc, fix.edit).split('\n')[1]).toBe('name: bad-name');
  });

  it('sets the name to the folder name, keeping quotes out', () => {
    const text = '---\nname: "other"\ndescription: d\n---\n';
    const [fix] = quickFixesFor(text, diag('NAME_DIR_MISMATCH', 2, 7), 'my-skill');
    expect(applyEdit(text, fix.edit).split('\n')[1]).toBe('name: my-skill');
    expect(quickFixesFor(text, diag('NAME_DIR_MISMATCH', 2, 7), '')).toEqual([]);
  });

  it('quotes a value that contains ": "', () => {
    const text = '---\nname: a\ndescription: Use this: when "dates" matter\n---\n';
    const fixes = quickFixesFor(text, diag('FRONTMATTER_YAML', 3, 22), 'a');
    expect(fixes).toHaveLength(1);
    expect(applyEdit(text, fixes[0].edit).split('\n')[2]).toBe(
      'description: "Use this: when \\"dates\\" matter"',
    );
  });

  it('offers nothing where no fix is obvious', () => {
    expect(quickFixesFor(doc, diag('DESCRIPTION_TOO_LONG', 3), 'x')).toEqual([]);
    expect(
      quickFixesFor('---\nname: a\ndescription: "q: x"\n---\n', diag('FRONTMATTER_YAML', 3), 'a'),
    ).toEqual([]);
  });
});
