/**
 * Form edits of the frontmatter: one key rewritten, everything else byte for byte,
 * on hand-written cases and on every skill of the public corpus (when present).
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isMap, parseDocument } from 'yaml';
import { corpusDir, findSkillMds } from '../test-support/skill-corpus';
import { splitFrontmatter } from '../check/frontmatter';
import {
  applyTextEdits,
  deleteFrontmatterValue,
  renameFrontmatterKey,
  setFrontmatterValue,
  type FrontmatterPath,
  type FrontmatterValue,
} from './frontmatter-edit';

function set(text: string, path: FrontmatterPath, value: FrontmatterValue): string {
  const r = setFrontmatterValue(text, path, value);
  if (!r.ok) throw new Error(r.error);
  return applyTextEdits(text, r.edits);
}

function del(text: string, path: FrontmatterPath): string {
  const r = deleteFrontmatterValue(text, path);
  if (!r.ok) throw new Error(r.error);
  return applyTextEdits(text, r.edits);
}

function data(text: string): unknown {
  return parseDocument(splitFrontmatter(text).yaml).toJS();
}

const SKILL = [
  '---',
  '# Who we are',
  'name: pdf-tools # the folder name',
  "description: 'Reads PDFs.'",
  'license: MIT',
  'allowed-tools: [Read, Grep]',
  'metadata:',
  '  author: ann # keep me',
  '  version: "1.0"',
  'tags:',
  '  - pdf',
  '  - docs',
  'when_to_use: |',
  '  When the user',
  '  gives a PDF.',
  '---',
  '# PDF tools',
  '',
  'name: not frontmatter',
  '',
].join('\n');

describe('setFrontmatterValue', () => {
  it('rewrites only the value, keeping quoting, comments and the body', () => {
    const out = set(SKILL, ['description'], 'Reads and fills PDFs.');
    expect(out).toBe(SKILL.replace("'Reads PDFs.'", "'Reads and fills PDFs.'"));
  });

  it('keeps a plain value plain when it is typed key by key through a value that needs quotes', () => {
    let text = '---\nname: x\ndescription: d\nmetadata:\n  skill-author: K-Dense Inc.\n---\n';
    const target = 'K-Dense Inc. (edited)';
    // Each keystroke is one form edit; `K-Dense Inc. ` (a trailing space) needs quotes on the way.
    for (let i = 'K-Dense Inc.'.length + 1; i <= target.length; i++) {
      text = set(text, ['metadata', 'skill-author'], target.slice(0, i));
    }
    expect(text).toContain('  skill-author: K-Dense Inc. (edited)\n');
  });

  it('keeps quotes the author chose around a value that needs none', () => {
    const text = '---\nname: x\ndescription: "d"\n---\n';
    expect(set(text, ['description'], 'Reads PDFs.')).toContain('description: "Reads PDFs."\n');
  });

  it('keeps a same-line comment after a plain value', () => {
    const out = set(SKILL, ['name'], 'pdf-kit');
    expect(out).toBe(SKILL.replace('name: pdf-tools #', 'name: pdf-kit #'));
  });

  it('returns one minimal edit within the value', () => {
    const r = setFrontmatterValue(SKILL, ['license'], 'Apache-2.0');
    expect(r).toEqual({
      ok: true,
      edits: [{ offset: SKILL.indexOf('MIT'), length: 3, text: 'Apache-2.0' }],
    });
  });

  it('makes no edit when the value is unchanged', () => {
    expect(setFrontmatterValue(SKILL, ['license'], 'MIT')).toEqual({ ok: true, edits: [] });
  });

  it('quotes a string YAML would read as another type', () => {
    const out = set(SKILL, ['license'], 'true');
    expect(out).toContain('license: "true"\n');
    expect((data(out) as Record<string, unknown>).license).toBe('true');
  });

  it('writes numbers and booleans as such', () => {
    const out = set(SKILL, ['max_turns'], 12);
    expect((data(out) as Record<string, unknown>).max_turns).toBe(12);
    expect(out).toContain('  gives a PDF.\nmax_turns: 12\n---\n');
  });

  it('sets a nested key and keeps the sibling comment', () => {
    const out = set(SKILL, ['metadata', 'version'], '1.1');
    expect(out).toBe(SKILL.replace('version: "1.0"', 'version: "1.1"'));
  });

  it('adds a nested key under the existing ones, indented like them', () => {
    const out = set(SKILL, ['metadata', 'team'], 'docs');
    expect(out).toBe(SKILL.replace('  version: "1.0"\n', '  version: "1.0"\n  team: docs\n'));
  });

  it('creates a missing map on the way', () => {
    const text = '---\nname: a\n---\nbody\n';
    expect(set(text, ['metadata', 'author'], 'ann')).toBe(
      '---\nname: a\nmetadata:\n  author: ann\n---\nbody\n',
    );
  });

  it('keeps a block scalar a block scalar', () => {
    const out = set(SKILL, ['when_to_use'], 'When the user\ngives a PDF or a form.\n');
    expect(out).toBe(SKILL.replace('  gives a PDF.\n', '  gives a PDF or a form.\n'));
  });

  it('turns a one-line value into a block when it gains line breaks', () => {
    const out = set(SKILL, ['description'], 'Reads PDFs.\nAlso forms.');
    expect((data(out) as Record<string, unknown>).description).toBe('Reads PDFs.\nAlso forms.');
    expect(out).toContain('description: |-\n  Reads PDFs.\n  Also forms.\n');
    expect(out.split('\n').slice(0, 3)).toEqual(SKILL.split('\n').slice(0, 3));
    expect(out).toContain('license: MIT\n');
  });

  it('edits an item of a flow sequence in place', () => {
    const out = set(SKILL, ['allowed-tools', 1], 'Glob');
    expect(out).toBe(SKILL.replace('[Read, Grep]', '[Read, Glob]'));
  });

  it('appends to a flow sequence and keeps it flow', () => {
    const out = set(SKILL, ['allowed-tools', 2], 'Bash');
    expect(out).toBe(SKILL.replace('[Read, Grep]', '[Read, Grep, Bash]'));
  });

  it('appends to a block sequence with its indentation', () => {
    const out = set(SKILL, ['tags', 2], 'forms');
    expect(out).toBe(SKILL.replace('  - docs\n', '  - docs\n  - forms\n'));
  });

  it('replaces a whole list value keeping its style', () => {
    const out = set(SKILL, ['allowed-tools'], ['Read']);
    expect(out).toBe(SKILL.replace('[Read, Grep]', '[Read]'));
    const block = set(SKILL, ['tags'], ['a', 'b', 'c']);
    expect(block).toBe(SKILL.replace('  - pdf\n  - docs\n', '  - a\n  - b\n  - c\n'));
  });

  it('fills an empty value', () => {
    const text = '---\nname: a\nlicense:\ndescription: d\n---\n';
    expect(set(text, ['license'], 'MIT')).toBe('---\nname: a\nlicense: MIT\ndescription: d\n---\n');
  });

  it('adds the first key to an empty frontmatter', () => {
    expect(set('---\n---\nbody', ['name'], 'a')).toBe('---\nname: a\n---\nbody');
  });

  it('keeps CRLF line ends and a BOM', () => {
    const text = '\uFEFF---\r\nname: a\r\nmetadata:\r\n  x: 1\r\n---\r\nbody\r\n';
    expect(set(text, ['metadata', 'y'], 'two')).toBe(
      '\uFEFF---\r\nname: a\r\nmetadata:\r\n  x: 1\r\n  y: two\r\n---\r\nbody\r\n',
    );
    expect(set(text, ['name'], 'b')).toBe(text.replace('name: a', 'name: b'));
  });

  it('refuses when the YAML does not parse', () => {
    const r = setFrontmatterValue('---\nname: [a\n---\n', ['name'], 'b');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/does not parse/);
  });

  it('refuses a duplicated key, a missing frontmatter and a non-map root', () => {
    expect(setFrontmatterValue('---\na: 1\na: 2\n---\n', ['a'], 3).ok).toBe(false);
    expect(setFrontmatterValue('# no frontmatter\n', ['a'], 3).ok).toBe(false);
    expect(setFrontmatterValue('---\n- a\n---\n', ['a'], 3).ok).toBe(false);
  });

  it('never coerces a wrong-typed value on the way to a nested key', () => {
    const r = setFrontmatterValue('---\nmetadata: just text\n---\n', ['metadata', 'a'], 'b');
    expect(r.ok).toBe(false);
  });
});

describe('deleteFrontmatterValue', () => {
  it('removes the key and its value lines only', () => {
    expect(del(SKILL, ['when_to_use'])).toBe(SKILL.replace(/when_to_use: \|\n.*\n.*\n/, ''));
    expect(del(SKILL, ['name'])).toBe(SKILL.replace('name: pdf-tools # the folder name\n', ''));
  });

  it('removes a nested key and a block item', () => {
    expect(del(SKILL, ['metadata', 'version'])).toBe(SKILL.replace('  version: "1.0"\n', ''));
    expect(del(SKILL, ['tags', 0])).toBe(SKILL.replace('  - pdf\n', ''));
  });

  it('removes a flow item', () => {
    expect(del(SKILL, ['allowed-tools', 0])).toBe(SKILL.replace('[Read, Grep]', '[Grep]'));
  });

  it('leaves an empty collection rather than a null when the last entry goes', () => {
    const text = '---\nmetadata:\n  a: 1\nname: x\n---\n';
    expect(del(text, ['metadata', 'a'])).toBe('---\nmetadata: {}\nname: x\n---\n');
  });

  it('is no change for a missing key', () => {
    expect(deleteFrontmatterValue(SKILL, ['nope'])).toEqual({ ok: true, edits: [] });
  });
});

/** The file's lines before and after the edited region must be untouched. */
function expectOnlyLinesChanged(before: string, after: string, key: string): void {
  const a = before.split('\n');
  const b = after.split('\n');
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  ) {
    tail++;
  }
  // Every changed line of the old text belongs to the key's pair (its key line or value).
  const changed = a.slice(head, a.length - tail);
  if (changed.length > 0) expect(changed[0].startsWith(`${key}:`), changed[0]).toBe(true);
  for (const line of changed.slice(1)) expect(/^(\s|$)/.test(line), line).toBe(true);
}

describe.skipIf(!existsSync(corpusDir))('round trip over the public skill corpus', () => {
  const files = existsSync(corpusDir) ? findSkillMds(corpusDir) : [];
  const readable = files
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }))
    .filter(({ text }) => {
      const split = splitFrontmatter(text);
      if (split.status !== 'ok') return false;
      const doc = parseDocument(split.yaml);
      return doc.errors.length === 0 && isMap(doc.contents);
    });

  it('finds skills to edit', () => {
    expect(readable.length).toBeGreaterThan(100);
  });

  it('changing the description touches only its lines and changes nothing else', () => {
    for (const { file, text } of readable) {
      const before = data(text) as Record<string, unknown>;
      const value = `${String(before.description ?? '')} (edited)`;
      const out = set(text, ['description'], value);
      const after = data(out) as Record<string, unknown>;
      expect(after, file).toEqual({ ...before, description: value });
      expect(splitFrontmatter(out).body, file).toBe(splitFrontmatter(text).body);
      expectOnlyLinesChanged(text, out, 'description');
    }
  });

  it('adding a key is one insertion, and deleting it again restores the file', () => {
    for (const { file, text } of readable) {
      const r = setFrontmatterValue(text, ['version'], '9.9.9');
      if (!r.ok) throw new Error(`${file}: ${r.error}`);
      const before = data(text) as Record<string, unknown>;
      if ('version' in before) continue;
      expect(
        r.edits.map((e) => e.length),
        file,
      ).toEqual([0]);
      const out = applyTextEdits(text, r.edits);
      expect(data(out), file).toEqual({ ...before, version: '9.9.9' });
      expect(del(out, ['version']), file).toBe(text);
    }
  });

  it('deleting the name removes only its lines', () => {
    for (const { file, text } of readable) {
      const before = data(text) as Record<string, unknown>;
      if (!('name' in before)) continue;
      const out = del(text, ['name']);
      const rest = { ...before };
      delete rest.name;
      expect(data(out), file).toEqual(rest);
      expect(text.length - out.length, file).toBeGreaterThan(0);
      expectOnlyLinesChanged(text, out, 'name');
    }
  });
});

describe('renameFrontmatterKey', () => {
  it('rewrites only the key token', () => {
    const r = renameFrontmatterKey(SKILL, ['metadata', 'author'], 'owner');
    expect(r.ok).toBe(true);
    if (r.ok) expect(applyTextEdits(SKILL, r.edits)).toBe(SKILL.replace('author:', 'owner:'));
  });

  it('quotes a key YAML would misread and refuses a duplicate', () => {
    const r = renameFrontmatterKey(SKILL, ['license'], 'a: b');
    if (!r.ok) throw new Error(r.error);
    expect(applyTextEdits(SKILL, r.edits)).toContain('"a: b": MIT\n');
    expect(renameFrontmatterKey(SKILL, ['license'], 'name').ok).toBe(false);
  });
});
