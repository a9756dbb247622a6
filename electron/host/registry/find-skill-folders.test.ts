/**
 * The any-depth walk of `validate DIR` and the corpus check: depth first, sub-folders in
 * name order, nested skills found, links followed once (loops end), bounds kept, and the
 * same answer with synchronous and thread-pool file calls.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSkillFolders } from './find-skill-folders';

describe('findSkillFolders', () => {
  let root: string;
  const skill = (rel: string, file = 'SKILL.md'): void => {
    mkdirSync(path.join(root, rel), { recursive: true });
    writeFileSync(path.join(root, rel, file), `---\nname: ${path.basename(rel)}\n---\n`);
  };

  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'find-skill-folders-'));
    skill('b-skill');
    skill('b-skill/examples/inner'); // nested in a skill
    skill('a-group/z-skill');
    skill('a-group/m-skill', 'skill.md'); // another casing
    skill('c/d/e/f/deep');
    mkdirSync(path.join(root, 'node_modules', 'x'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules', 'x', 'SKILL.md'), '---\nname: x\n---\n');
    symlinkSync(path.join(root, 'a-group'), path.join(root, 'link-to-group'));
    symlinkSync(root, path.join(root, 'c', 'loop'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  const rel = (found: { dir: string }[]): string[] =>
    found.map((f) => path.relative(root, f.dir).split(path.sep).join('/'));

  it('walks depth first in name order, into skills too, and follows each real folder once', async () => {
    for (const sync of [true, false]) {
      const found = await findSkillFolders(root, { sync });
      expect(rel(found)).toEqual([
        'a-group/m-skill',
        'a-group/z-skill',
        'b-skill',
        'b-skill/examples/inner',
        'c/d/e/f/deep',
      ]);
      expect(found[0].fileName).toBe('skill.md');
      expect(found[2].entries.map((e) => e.name).sort()).toEqual(['SKILL.md', 'examples']);
    }
  });

  it('keeps its bounds: depth and count', async () => {
    expect(rel(await findSkillFolders(root, { sync: true, maxDepth: 2 }))).toEqual([
      'a-group/m-skill',
      'a-group/z-skill',
      'b-skill',
    ]);
    expect(rel(await findSkillFolders(root, { sync: true, maxSkills: 2 }))).toEqual([
      'a-group/m-skill',
      'a-group/z-skill',
    ]);
  });

  it('follows a link only to a skill folder, and out of a skill never', async () => {
    const top = mkdtempSync(path.join(os.tmpdir(), 'find-skill-links-'));
    try {
      const make = (rel: string): void => {
        mkdirSync(path.join(top, rel), { recursive: true });
        writeFileSync(path.join(top, rel, 'SKILL.md'), '---\nname: s\n---\n');
      };
      make('outside/elsewhere-skill');
      make('outside/plain/hidden-skill');
      make('walked/a');
      make('walked/a/examples/inner');
      make('walked/linked-target');
      // Out of the skill: the machine's root, and a folder of skills beside it.
      symlinkSync('/', path.join(top, 'walked/a/references'));
      symlinkSync(path.join(top, 'outside'), path.join(top, 'walked/a/more'));
      // Inside the skill, to a skill: followed (and then found once).
      symlinkSync(path.join(top, 'walked/a/examples/inner'), path.join(top, 'walked/a/alias'));
      // Outside any skill: a link to a skill folder is followed; to a plain folder it is not.
      symlinkSync(path.join(top, 'outside/elsewhere-skill'), path.join(top, 'walked/b-link'));
      symlinkSync(path.join(top, 'outside/plain'), path.join(top, 'walked/c-plain'));
      for (const sync of [true, false]) {
        const found = await findSkillFolders(path.join(top, 'walked'), { sync });
        expect(found.map((f) => path.relative(top, f.dir))).toEqual([
          'walked/a',
          'walked/a/alias',
          'walked/b-link',
          'walked/linked-target',
        ]);
      }
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });

  it('a missing root is nothing to find', async () => {
    expect(await findSkillFolders(path.join(root, 'nope'), { sync: true })).toEqual([]);
  });
});
