/**
 * The portability report over real published skill collections (../shared/corpus
 * beside the repository, as CI has it; skipped with the reason when absent): every
 * cell is computed without throwing, every reason points inside the file, and the
 * counts per client are printed (they go in the README).
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusDir as corpus, findSkillMds } from '../test-support/skill-corpus';
import { CLIENT_IDS, portabilityRow, type CellStatus, type ClientId } from './client-profiles';

const present = existsSync(corpus);
if (!present) console.log(`portability corpus test skipped: ${corpus} is absent`);

describe.skipIf(!present)('the portability report on the public skill corpus', () => {
  it('gives every skill a cell per client, each reason inside the file', () => {
    const files = findSkillMds(corpus, []);
    expect(files.length).toBeGreaterThan(0);
    const counts = Object.fromEntries(
      CLIENT_IDS.map((c) => [c, { ok: 0, warn: 0, fail: 0 }]),
    ) as Record<ClientId, Record<CellStatus, number>>;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const lines = text.split('\n').length;
      const row = portabilityRow(text, { folderName: basename(dirname(file)) });
      expect(row.map((c) => c.client)).toEqual([...CLIENT_IDS]);
      for (const cell of row) {
        counts[cell.client][cell.status]++;
        for (const d of cell.reasons) {
          expect(d.line, `${file}: ${d.code}`).toBeGreaterThanOrEqual(1);
          expect(d.line, `${file}: ${d.code}`).toBeLessThanOrEqual(lines);
        }
      }
    }
    console.log(`portability over ${files.length} corpus skills (ok / warn / fail):`);
    for (const c of CLIENT_IDS)
      console.log(`  ${c.padEnd(14)} ${counts[c].ok} / ${counts[c].warn} / ${counts[c].fail}`);
    // The strict clients can never accept more than the lenient ones refuse.
    expect(counts['claude-upload'].fail).toBeGreaterThanOrEqual(counts['claude-code'].fail);
  });
});
