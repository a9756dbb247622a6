/**
 * Runs the validator over real published skill collections, when they are
 * present beside the repository: it must never throw, and every diagnostic (link
 * checks included) must point inside the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as corpus, findSkillMds } from '../test-support/skill-corpus';
import { listDirFromPaths } from './links';
import { parseSkillMd } from './validate';

describe.skipIf(!existsSync(corpus))('the validator on the public skill corpus', () => {
  const files = existsSync(corpus) ? findSkillMds(corpus, []) : [];

  it('finds skills to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(['studio', 'spec'] as const)(
    'never throws and points inside the file (%s profile)',
    (profile) => {
      for (const file of files) {
        const text = readFileSync(file, 'utf8');
        const lines = text.split('\n').length;
        // The skill's own folders, so the body's links are checked (and placed) too.
        const listDir = (rel: string): string[] | null => {
          try {
            return readdirSync(join(dirname(file), rel));
          } catch {
            return null;
          }
        };
        const r = parseSkillMd(text, { profile, folderName: basename(dirname(file)), listDir });
        for (const d of r.diagnostics) {
          expect(d.line, `${file}: ${d.code}`).toBeGreaterThanOrEqual(1);
          expect(d.column, `${file}: ${d.code}`).toBeGreaterThanOrEqual(1);
          expect(d.line, `${file}: ${d.code}`).toBeLessThanOrEqual(lines);
          expect(d.message.length).toBeGreaterThan(0);
          if (d.code.startsWith('LINK_')) {
            // A link problem points into its line, at the path.
            const at = text.split('\n')[d.line - 1].slice(d.column - 1);
            expect(at.length, `${file}:${d.line}:${d.column}`).toBeGreaterThan(0);
          }
        }
      }
    },
  );
});

describe('validation cost', () => {
  it('validates a 50 KB SKILL.md in a few milliseconds', () => {
    const fm = [
      '---',
      'name: big',
      'description: A big skill.',
      'tags: [a, b, c]',
      'metadata:',
      '  author: me',
      '---',
    ];
    const body = Array.from(
      { length: 900 },
      (_, i) => `Line ${i}: some words, some more words and é.`,
    ).join('\n');
    const text = [...fm, body].join('\n');
    expect(text.length).toBeGreaterThan(40_000);
    for (let i = 0; i < 20; i++) parseSkillMd(text);
    const runs = 50;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) parseSkillMd(text);
    const perFile = (performance.now() - t0) / runs;
    // Generous on purpose (shared machines): this catches a quadratic slip, not a few percent.
    expect(perFile).toBeLessThan(10);
  });

  it('checks the links of a 50 KB body full of broken links and code spans in linear time', () => {
    const body = Array.from(
      { length: 700 },
      (_, i) => `See [ref ${i}](references/r${i}.md), \`scripts/s${i}.py\` and \`code()\` \``,
    ).join('\n');
    const text = `---\nname: big\ndescription: d\n---\n${body}\n`;
    expect(text.length).toBeGreaterThan(40_000);
    const listDir = listDirFromPaths(['references/r1.md', 'scripts/s1.py']);
    const check = () => parseSkillMd(text, { listDir });
    expect(check().diagnostics.filter((d) => d.code === 'LINK_MISSING')).toHaveLength(2 * 699);
    for (let i = 0; i < 5; i++) check();
    const runs = 20;
    const t0 = performance.now();
    for (let i = 0; i < runs; i++) check();
    // About 8 ms on an idle machine; the bound only catches a quadratic slip (that is seconds).
    expect((performance.now() - t0) / runs).toBeLessThan(100);
  });
});
