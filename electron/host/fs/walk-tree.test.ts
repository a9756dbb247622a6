import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { syncScanIO } from '../registry/scan-io';
import { walkSkillTree, type TreeIO } from './walk-tree';

const posix = process.platform !== 'win32';
let tmp: string;
let root: string;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'walk-tree-')));
  root = path.join(tmp, 'skill');
  await mkdir(path.join(root, 'scripts'), { recursive: true });
  await writeFile(path.join(root, 'SKILL.md'), '# s\n');
  await writeFile(path.join(root, 'scripts', 'run.py'), 'print(1)\n');
  if (posix) await symlink('scripts', path.join(root, 'tools'), 'dir');
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const paths = (r: { entries: { path: string }[] }): string[] => r.entries.map((e) => e.path);

describe('walkSkillTree', () => {
  it('walks alike with synchronous calls, with the root already listed, and by stat', async () => {
    const expected = paths(await walkSkillTree(root, { includeDirs: true, stats: true }));
    expect(expected).toContain('scripts/run.py');
    if (posix) expect(expected).toContain('tools/run.py');
    const listed = { realRoot: root, entries: await syncScanIO.listDir(root) };
    expect(paths(await walkSkillTree(root, { includeDirs: true, io: syncScanIO, listed }))).toEqual(
      expected,
    );
    // A file system that gives no types (DT_UNKNOWN) is asked per entry.
    const untyped: TreeIO = {
      ...syncScanIO,
      listDir: async (dir) =>
        (await syncScanIO.listDir(dir)).map((e) =>
          Object.assign(Object.create(Object.getPrototypeOf(e) as object) as typeof e, e, {
            [Object.getOwnPropertySymbols(e)[0]]: 0,
          }),
        ),
    };
    expect(paths(await walkSkillTree(root, { includeDirs: true, io: untyped }))).toEqual(expected);
  });

  it('sizes files only when asked', async () => {
    const bare = await walkSkillTree(root);
    expect(bare.entries.every((e) => e.bytes === 0)).toBe(true);
    const sized = await walkSkillTree(root, { stats: true });
    expect(sized.entries.find((e) => e.path === 'scripts/run.py')?.bytes).toBe(9);
  });

  it.runIf(posix)('lets a caller refuse a link before it is followed', async () => {
    const seen: string[] = [];
    await expect(
      walkSkillTree(root, {
        visit: (rel, kind) => {
          seen.push(`${rel}:${kind}`);
          if (kind === 'link') throw new Error(`refused ${rel}`);
        },
      }),
    ).rejects.toThrow('refused tools');
    expect(seen).toContain('tools:link');
    expect(seen.some((s) => s.startsWith('tools/'))).toBe(false);
  });
});
