/**
 * Kept folder listings on real folders: a listing is handed back only while a stat of its
 * folder reads as it did, never for a folder that changed within the racy window, and a
 * kept file that was tampered with shows when it is used (so the tests can tell a kept
 * listing from a fresh one).
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
  type Stats,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keptFile } from './kept-file';
import { ListedIdentities, openKeptListings } from './kept-listings';
import { RACY_MS } from './read-inputs';
import { syncScanCalls } from './scan-io';

let root: string;
let folder: string;
const file = () => keptFile(path.join(root, 'cache'), 'listings', 'test-build', 'scope');

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'kept-listings-'));
  folder = path.join(root, 'skill');
  mkdirSync(path.join(folder, 'references'), { recursive: true });
  writeFileSync(path.join(folder, 'SKILL.md'), 'x');
  age(folder);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Sets `dir`'s times an hour back: old enough to trust (its change time stays now). */
function age(dir: string): void {
  const old = new Date(Date.now() - 3600_000);
  utimesSync(dir, old, old);
}

/** A run long after the folder changed: its change time is trusted too. */
const later = () => Date.now() + 10 * RACY_MS;

async function list(runStart: number, dir = folder): Promise<string[]> {
  const kept = openKeptListings(file(), runStart);
  const entries = kept.calls(syncScanCalls).listDir(dir);
  await kept.save();
  return entries.map((e) => `${e.isDirectory() ? 'd' : e.isFile() ? 'f' : 'o'}:${e.name}`).sort();
}

/** Renames every kept entry `SKILL.md` to `TAMPERED`: a kept listing then shows. */
function tamper(): void {
  const f = file().path;
  writeFileSync(f, readFileSync(f, 'utf8').replaceAll('SKILL.md', 'TAMPERED'));
}

describe('kept listings', () => {
  it('hands a kept listing back while the folder reads the same', async () => {
    expect(await list(later())).toEqual(['d:references', 'f:SKILL.md']);
    tamper();
    expect(await list(later())).toEqual(['d:references', 'f:TAMPERED']);
  });

  it('lists afresh once an entry is added, even with the old modification time put back', async () => {
    await list(later());
    tamper();
    const before = statSync(folder);
    writeFileSync(path.join(folder, 'extra.md'), 'y');
    utimesSync(folder, before.atime, before.mtime); // the change time still moves
    expect(await list(later())).toEqual(['d:references', 'f:SKILL.md', 'f:extra.md']);
  });

  it('lists afresh once an entry is removed or renamed', async () => {
    await list(later());
    tamper();
    rmSync(path.join(folder, 'references'), { recursive: true });
    expect(await list(later())).toEqual(['f:SKILL.md']);
    tamper();
    await list(later());
    renameSync(path.join(folder, 'SKILL.md'), path.join(folder, 'skill.md'));
    expect(await list(later())).toEqual(['f:skill.md']);
  });

  it('does not keep a folder changed within the racy window of the run', async () => {
    await list(Date.now()); // the folder's change time is a moment ago: racy
    expect(existsSync(file().path)).toBe(false);
  });

  it('lists afresh a folder replaced by another at the same path', async () => {
    await list(later());
    tamper();
    rmSync(folder, { recursive: true });
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'SKILL.md'), 'z');
    age(folder);
    expect(await list(later())).toEqual(['f:SKILL.md']);
  });

  it('lists afresh through a link that now points at another folder', async () => {
    const other = path.join(root, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'OTHER.md'), 'o');
    age(other);
    const link = path.join(root, 'link');
    symlinkSync(folder, link);
    expect(await list(later(), link)).toEqual(['d:references', 'f:SKILL.md']);
    rmSync(link);
    symlinkSync(other, link);
    expect(await list(later(), link)).toEqual(['f:OTHER.md']);
  });

  it('ignores a kept file that is corrupt, cut, or of another build', async () => {
    await list(later());
    const f = file().path;
    const text = readFileSync(f, 'utf8');
    for (const bad of [
      text.replaceAll('SKILL.md', 'TAMPERED').slice(0, -20),
      text.replace('test-build', 'other-build').replaceAll('SKILL.md', 'TAMPERED'),
      text.replaceAll('SKILL.md', 'TAMPERED').replace(/"[0-7]+"\]/, '"9"]'),
      'not json at all\n',
    ]) {
      writeFileSync(f, bad);
      expect(await list(later())).toEqual(['d:references', 'f:SKILL.md']);
    }
  });

  it('fails as the listing fails for a folder that is not there, and keeps nothing of it', async () => {
    await expect(list(later(), path.join(root, 'missing'))).rejects.toThrow(/ENOENT/);
    expect(readdirSync(root)).toEqual(['skill']);
  });
});

describe('the identities a run listed its folders with', () => {
  const stat = (ino: number, mtimeMs: number) =>
    ({ dev: 1, ino, mtimeMs, ctimeMs: mtimeMs }) as Stats;

  it('keeps the one identity a folder was listed with, however often', () => {
    const ids = new ListedIdentities();
    ids.saw('/a', stat(7, 1000));
    ids.saw('/a', stat(7, 1000));
    expect(ids.of('/a')).toEqual([1, 7, 1000, 1000]);
    expect(ids.of('/never-listed')).toBeNull();
  });

  it('keeps none for a folder listed with two, or once with a stat it could not trust', () => {
    const ids = new ListedIdentities();
    ids.saw('/changed', stat(7, 1000));
    ids.saw('/changed', stat(7, 2000));
    ids.saw('/changed', stat(7, 1000));
    expect(ids.of('/changed')).toBeNull();
    ids.saw('/racy', null);
    ids.saw('/racy', stat(8, 1000));
    expect(ids.of('/racy')).toBeNull();
    ids.saw('/later-racy', stat(9, 1000));
    ids.saw('/later-racy', null);
    expect(ids.of('/later-racy')).toBeNull();
  });
});
