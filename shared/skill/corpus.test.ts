/**
 * Runs the validator over real published skill collections, when they are
 * present beside the repository: it must never throw, and every diagnostic must
 * point inside the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from './validate';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const corpus = resolve(repoRoot, '..', 'shared', 'corpus');

function findSkillMds(dir: string, out: string[]): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) findSkillMds(p, out);
    else if (e.isFile() && e.name === 'SKILL.md') out.push(p);
  }
  return out;
}

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
        const r = parseSkillMd(text, { profile, folderName: basename(dirname(file)) });
        for (const d of r.diagnostics) {
          expect(d.line, `${file}: ${d.code}`).toBeGreaterThanOrEqual(1);
          expect(d.column, `${file}: ${d.code}`).toBeGreaterThanOrEqual(1);
          expect(d.line, `${file}: ${d.code}`).toBeLessThanOrEqual(lines);
          expect(d.message.length).toBeGreaterThan(0);
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
});
