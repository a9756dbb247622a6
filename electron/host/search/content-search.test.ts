/** Find in files over real skill folders, tried as a hostile skill would. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { searchContents, SEARCH_FILE_MAX_BYTES, type SearchOptions } from './content-search';

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'content-search-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function skill(
  name: string,
  files: Record<string, string | Buffer>,
): { name: string; dir: string } {
  const dir = path.join(base, 'skills', name);
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), data);
  }
  return { name, dir };
}

const opts = (query: string, more: Partial<SearchOptions> = {}): SearchOptions => ({
  query,
  caseSensitive: false,
  regex: false,
  maxResults: 1000,
  timeBudgetMs: 10_000,
  ...more,
});

const alpha = skill('alpha', {
  'SKILL.md': '---\nname: alpha\n---\n# Alpha\n\nFind the Needle here.\n',
  'references/notes.md': 'one\ntwo needle\r\nthree NEEDLE and needle\n',
  'assets/blob.bin': Buffer.from([0x6e, 0x65, 0x65, 0x64, 0x6c, 0x65, 0, 1, 2]),
});
const beta = skill('beta', {
  'SKILL.md': '---\nname: beta\n---\nno match\n',
  'x.txt': 'a needle\n',
});

describe('searchContents', () => {
  it('finds plain text in either case across skills, with lines and columns, skipping binaries', async () => {
    const r = await searchContents([alpha, beta], opts('needle'));
    const where = r.files.flatMap((f) =>
      f.matches.map((m) => `${f.skill}/${f.path}:${m.line}:${m.column}`),
    );
    expect(where).toEqual([
      'alpha/SKILL.md:6:10',
      'alpha/references/notes.md:2:5',
      'alpha/references/notes.md:3:7',
      'alpha/references/notes.md:3:18',
      'beta/x.txt:1:3',
    ]);
    expect(r.files[0].matches[0]).toMatchObject({
      text: 'Find the Needle here.',
      textStart: 9,
      length: 6,
    });
    expect(r.skippedFiles).toBe(1);
    expect(r.truncated).toBe(false);
  });

  it('matches case when asked, and runs regexes on RE2', async () => {
    const cased = await searchContents([alpha], opts('NEEDLE', { caseSensitive: true }));
    expect(cased.total).toBe(1);
    const re = await searchContents([alpha], opts('t[wh]+(o|ree)', { regex: true }));
    expect(re.files.flatMap((f) => f.matches.map((m) => m.line))).toEqual([2, 3]);
    // A plain query is a literal: regex syntax in it matches itself only.
    const literal = await searchContents([beta], opts('a.needle'));
    expect(literal.total).toBe(0);
  });

  it('refuses a pattern that would need backtracking, naming it', async () => {
    await expect(searchContents([alpha], opts('(a)\\1', { regex: true }))).rejects.toThrow(
      /regular expression.*backreference|RE2/i,
    );
    await expect(searchContents([alpha], opts('(', { regex: true }))).rejects.toMatchObject({
      code: 'invalid_params',
    });
  });

  it('never reads through a link out of the skill, nor blocks on a FIFO', async () => {
    const secret = path.join(base, 'secret.txt');
    writeFileSync(secret, 'needle-secret\n');
    const evil = skill('evil', { 'SKILL.md': '---\nname: evil\n---\n' });
    symlinkSync(secret, path.join(evil.dir, 'leak.md'));
    symlinkSync(base, path.join(evil.dir, 'up'));
    execFileSync('mkfifo', [path.join(evil.dir, 'pipe.md')]);
    const r = await searchContents([evil], opts('needle-secret'));
    expect(r.total).toBe(0);
  });

  it('skips a file over the size cap', async () => {
    const big = skill('big', { 'huge.md': `${'x'.repeat(SEARCH_FILE_MAX_BYTES)}\nneedle\n` });
    const r = await searchContents([big], opts('needle'));
    expect(r.total).toBe(0);
    expect(r.skippedFiles).toBe(1);
  });

  it('stops at maxResults and at the time bound, and says which', async () => {
    const many = skill('many', { 'a.md': 'needle\n'.repeat(50), 'b.md': 'needle\n' });
    const capped = await searchContents([many], opts('needle', { maxResults: 10 }));
    expect(capped.total).toBe(10);
    expect(capped.truncated).toBe(true);
    let t = 0;
    const late = await searchContents(
      [alpha, many],
      opts('needle', { timeBudgetMs: 1, now: () => (t += 1) }),
    );
    expect(late.timedOut).toBe(true);
    expect(late.searchedFiles).toBeLessThan(3);
  });

  it('cuts a long line around its match and keeps the match in view', async () => {
    const long = skill('long', { 'l.md': `${'a'.repeat(5000)}needle${'b'.repeat(5000)}\n` });
    const r = await searchContents([long], opts('needle'));
    const m = r.files[0].matches[0];
    expect(m.column).toBe(5001);
    expect(m.text.length).toBeLessThan(300);
    expect(m.text.slice(m.textStart, m.textStart + 6)).toBe('needle');
  });
});
