/**
 * Test support: where the public skill corpus lives (../shared/corpus beside the
 * repository, as CI has it) and every SKILL.md in it. Tests over the corpus skip
 * themselves when the folder is absent.
 */
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The corpus folder (it may not exist). */
export const corpusDir = resolve(repoRoot, '..', 'shared', 'corpus');

/** Every SKILL.md under `dir`, depth first. */
export function findSkillMds(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) findSkillMds(p, out);
    else if (e.isFile() && e.name === 'SKILL.md') out.push(p);
  }
  return out;
}
