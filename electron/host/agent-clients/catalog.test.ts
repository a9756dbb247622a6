/** The catalog's reading of skill folders: what a hostile or odd folder cannot make it do. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalog, readFoundSkill } from './catalog';

describe('buildCatalog', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'catalog-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const skill = (rel: string, text: string) => {
    mkdirSync(path.join(root, rel), { recursive: true });
    writeFileSync(path.join(root, rel, 'SKILL.md'), text);
  };

  it('is not held up by a SKILL.md that is a FIFO or a device, nor reads a huge one whole', async () => {
    skill('.agents/skills/ok', '---\nname: ok\ndescription: Fine.\n---\n');
    mkdirSync(path.join(root, '.agents/skills/fifo'), { recursive: true });
    execFileSync('mkfifo', [path.join(root, '.agents/skills/fifo/SKILL.md')]);
    mkdirSync(path.join(root, '.agents/skills/zero'), { recursive: true });
    symlinkSync('/dev/zero', path.join(root, '.agents/skills/zero/SKILL.md'));
    skill(
      '.agents/skills/huge',
      `---\nname: huge\ndescription: ${'x'.repeat(5 * 1024 * 1024)}\n---\n`,
    );
    const report = await buildCatalog({ home: null, workspace: root, client: 'codex' });
    const codex = report.clients[0];
    expect(codex.entries.filter((e) => e.source === 'project').map((e) => e.name)).toEqual(['ok']);
    expect(codex.skipped.find((s) => s.path.includes('huge'))?.reason).toContain('larger than');
  }, 20_000);

  it('skips a SKILL.md whose YAML is broken or bombs with aliases, saying why', async () => {
    skill('.gemini/skills/broken', '---\nname: [unclosed\n---\n');
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 12; i++)
      bomb.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      );
    skill('.gemini/skills/bomb', `---\nname: bomb\ndescription: boom\n${bomb.join('\n')}\n---\n`);
    const report = await buildCatalog({ home: null, workspace: root, client: 'gemini-cli' });
    const reasons = report.clients[0].skipped.map(
      (s) => `${path.basename(path.dirname(s.path))}: ${s.reason}`,
    );
    expect(reasons).toEqual(
      expect.arrayContaining([
        'broken: frontmatter is not valid YAML',
        'bomb: frontmatter is not valid YAML',
      ]),
    );
  });
});

describe('readFoundSkill', () => {
  it('reads plain frontmatter as the YAML parser does', () => {
    const cases = [
      'name: a\ndescription: Turns CSV files into charts.',
      'name: a\ndescription: Costs 3 dollars, see below.   ',
      'name: a\ndescription: 2024-01-01',
      'name: a\ndescription: 12',
      'name: a\ndescription: true',
      'name: a\ndescription: null',
      'name: a\ndescription: Use it: always',
      'name: a\ndescription: Notes # a comment',
      'name: a\ndescription: "quoted: yes"',
      'name: a\ndescription: -dash first',
      'name: a\r\ndescription: CRLF line ends',
      'name: a\ndescription: Résumé ✓ 日本語',
    ];
    for (const fm of cases) {
      const got = readFoundSkill(`---\n${fm}\n---\nbody\n`, 'a', '/x/a/SKILL.md');
      let want: string | null;
      try {
        const doc = parse(fm) as Record<string, unknown>;
        want = typeof doc.description === 'string' ? doc.description : null;
      } catch {
        want = 'frontmatter is not valid YAML';
      }
      expect(typeof got === 'string' ? got : got.description, fm).toBe(want);
    }
  });
});
