import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './validate';
import { withFrontmatterName } from './set-name';

describe('withFrontmatterName', () => {
  it('replaces only the value, keeping comments, CRLF, other keys and the body', () => {
    const text = '---\r\nname: "old" # keep me\r\ndescription: d\r\n---\r\nname: old in body\r\n';
    expect(withFrontmatterName(text, 'new-name')).toBe(
      '---\r\nname: new-name # keep me\r\ndescription: d\r\n---\r\nname: old in body\r\n',
    );
  });

  it('adds a missing name, fills an empty one, and replaces a block value', () => {
    expect(withFrontmatterName('---\ndescription: d\n---\n', 'x')).toBe(
      '---\nname: x\ndescription: d\n---\n',
    );
    expect(withFrontmatterName('---\nname:\ndescription: d\n---\n', 'x')).toBe(
      '---\nname: x\ndescription: d\n---\n',
    );
    expect(withFrontmatterName('---\nname: >\n  a\n  b\ndescription: d\n---\n', 'x')).toBe(
      '---\nname: x\ndescription: d\n---\n',
    );
  });

  it('quotes a name YAML would read as something other than that string', () => {
    const out = withFrontmatterName('---\nname: a\ndescription: d\n---\n', '2024');
    expect(out).toBe('---\nname: "2024"\ndescription: d\n---\n');
    expect(parseSkillMd(out, { folderName: '2024' }).frontmatter?.name).toBe('2024');
  });

  it('sets a name written twice in both places, so every reader sees the new one', () => {
    const out = withFrontmatterName(
      '---\nname: first # one\ndescription: d\nname: >\n  second\n---\nBody\n',
      'renamed',
    );
    expect(out).toBe('---\nname: renamed # one\ndescription: d\nname: renamed\n---\nBody\n');
    expect(parseSkillMd(out, { folderName: 'renamed' }).frontmatter?.name).toBe('renamed');
  });

  it('leaves text without readable frontmatter alone', () => {
    expect(withFrontmatterName('# no frontmatter\n', 'x')).toBe('# no frontmatter\n');
    expect(withFrontmatterName('---\nname: [a\n---\n', 'x')).toBe('---\nname: [a\n---\n');
  });

  it('gives a SKILL.md whose name matches its new folder (no NAME_DIR_MISMATCH)', () => {
    const out = withFrontmatterName(
      '\uFEFF---\nname: demo\ndescription: d\n---\nBody\n',
      'demo-copy',
    );
    const codes = parseSkillMd(out, { folderName: 'demo-copy' }).diagnostics.map((d) => d.code);
    expect(codes).not.toContain('NAME_DIR_MISMATCH');
  });
});
