/**
 * Test support for the handler modules: real skill folders in a temp folder, read as the
 * registry reads them, and the host's own skill lookup over a stand-in registry holding just
 * those records. A test sees which skill folders were refreshed or reloaded.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SkillRecord } from '../../../../shared/skill/model';
import { readSkillFolder } from '../../registry/scan';
import { skillLookup, type SkillResolution } from '../skill-lookup';

/** SKILL.md whose `name` is `name` (a different one makes the skill invalid: NAME_MISMATCH). */
export const skillMd = (name: string, description = `${name} does things.`): string =>
  `---\nname: ${name}\ndescription: ${description}\n---\nBody\n`;

/** Writes `<parent>/<folder>/SKILL.md` and returns the folder. */
export async function writeSkill(parent: string, folder: string, name = folder): Promise<string> {
  const dir = path.join(parent, folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), skillMd(name));
  return dir;
}

/** The skill in `dir` as a record; `readOnly` marks it as the registry marks bundled skills. */
export async function skillRecord(
  dir: string,
  opts: { readOnly?: boolean } = {},
): Promise<SkillRecord> {
  const rec = await readSkillFolder(dir, opts.readOnly ? 'framework' : 'project');
  if (!opts.readOnly) return rec;
  return {
    ...rec,
    summary: { ...rec.summary, writable: false, readOnlyReason: 'bundled with the studio' },
  };
}

/** The host's lookup over these records only, as a registry would answer. */
export function lookupOver(records: () => readonly SkillRecord[]): SkillResolution {
  return skillLookup(() => ({
    get: (name) => records().find((r) => r.summary.name === name),
    getByPath: (dir) => records().find((r) => r.dir === path.resolve(dir)),
    all: () => [...records()],
  }));
}

/** Refreshes (one skill) and reloads (every source) the code under test asked for, in order. */
export function registryCalls() {
  const calls: string[] = [];
  return {
    calls,
    refresh: async (dir: string) => {
      calls.push(`refresh ${dir}`);
    },
    reload: async () => {
      calls.push('reload');
    },
  };
}
