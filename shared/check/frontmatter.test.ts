import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from './frontmatter';

describe('splitFrontmatter', () => {
  it('splits LF frontmatter and body with their start lines', () => {
    const s = splitFrontmatter('---\nname: a\ndescription: b\n---\n# Title\nText\n');
    expect(s).toEqual({
      bom: false,
      status: 'ok',
      yaml: 'name: a\ndescription: b\n',
      yamlStartLine: 2,
      body: '# Title\nText\n',
      bodyStartLine: 5,
      eol: '\n',
      looseFences: [],
    });
  });

  it('keeps CRLF line ends and reports them', () => {
    const s = splitFrontmatter('---\r\nname: a\r\n---\r\nbody\r\n');
    expect(s.status).toBe('ok');
    expect(s.eol).toBe('\r\n');
    expect(s.yaml).toBe('name: a\r\n');
    expect(s.body).toBe('body\r\n');
    expect(s.bodyStartLine).toBe(4);
  });

  it('strips a BOM and says so', () => {
    const s = splitFrontmatter('\uFEFF---\nname: a\n---\nbody');
    expect(s.bom).toBe(true);
    expect(s.status).toBe('ok');
    expect(s.yaml).toBe('name: a\n');
    expect(s.body).toBe('body');
    expect(s.bodyStartLine).toBe(4);
  });

  it('tolerates trailing spaces on both fence lines, and lists those lines', () => {
    const s = splitFrontmatter('---  \nname: a\n--- \t\nbody');
    expect(s.status).toBe('ok');
    expect(s.yaml).toBe('name: a\n');
    expect(s.body).toBe('body');
    expect(s.looseFences).toEqual([1, 3]);
    expect(splitFrontmatter('---\r\nname: a\r\n---\r\nbody').looseFences).toEqual([]);
  });

  it('treats an indented --- or "--- foo" as text', () => {
    const text = '---\ndescription: |\n  ---\n  more\n--- foo\nx: 1\n---\nbody\n';
    const s = splitFrontmatter(text);
    expect(s.status).toBe('ok');
    expect(s.yaml).toBe('description: |\n  ---\n  more\n--- foo\nx: 1\n');
    expect(s.bodyStartLine).toBe(8);
    expect(s.body).toBe('body\n');
  });

  it('accepts an empty frontmatter and a file that ends at the closing fence', () => {
    const s = splitFrontmatter('---\n---');
    expect(s).toMatchObject({ status: 'ok', yaml: '', body: '', bodyStartLine: 3 });
  });

  it('reports a file that does not open with ---', () => {
    for (const text of [
      '',
      '# Title\n---\n',
      ' ---\nname: a\n---\n',
      '--- x\nname: a\n---\n',
      '\n---\n',
    ]) {
      const s = splitFrontmatter(text);
      expect(s.status, JSON.stringify(text)).toBe('missing');
      expect(s.body).toBe(text);
      expect(s.bodyStartLine).toBe(1);
    }
  });

  it('reports a frontmatter with no closing line', () => {
    for (const text of ['---', '---\n', '---\nname: a\n', '---\nname: a\n----\n']) {
      const s = splitFrontmatter(text);
      expect(s.status, JSON.stringify(text)).toBe('unclosed');
      expect(s.yaml).toBe('');
      expect(s.body).toBe(text);
    }
  });

  it('handles mixed line ends', () => {
    const s = splitFrontmatter('---\r\nname: a\n---\r\nbody');
    expect(s.status).toBe('ok');
    expect(s.eol).toBe('\r\n');
    expect(s.yaml).toBe('name: a\n');
    expect(s.bodyStartLine).toBe(4);
  });
});
