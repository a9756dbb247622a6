/**
 * Kept verdicts on real files: a verdict is handed back only while what its read saw holds,
 * and what JSON cannot carry exactly is never kept. (The CLI's own test,
 * electron/cli/verdict-cache.test.ts, runs every miss case through the built command.)
 */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  type Dirent,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RACY_MS } from './read-inputs';
import { readFolderAsSkill } from './scan';
import { isJsonExact, openVerdictCache } from './verdict-cache';

let root: string;
let skill: string;
const opts = () => ({ dir: path.join(root, 'cache'), buildId: 'test-build' });
const list = (dir: string): Dirent[] => readdirSync(dir, { withFileTypes: true });

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'verdict-cache-unit-'));
  skill = path.join(root, 'alpha');
  mkdirSync(path.join(skill, 'references'), { recursive: true });
  writeFileSync(
    path.join(skill, 'SKILL.md'),
    '---\nname: alpha\ndescription: A skill.\n---\n\nSee [notes](references/notes.md).\n',
  );
  writeFileSync(path.join(skill, 'references', 'notes.md'), 'Notes.\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Reads the skill as validate does, recording its inputs, and keeps its diagnostics. */
async function readAndKeep(runStart: number): Promise<void> {
  const cache = openVerdictCache<{ codes: string[] }>(opts(), 'scope')!;
  const read = await readFolderAsSkill(skill, 'project', {
    sync: true,
    recordInputs: { runStart },
  });
  const codes = read.record.diagnostics.map((d) => d.code);
  cache.keep(skill, skill, { codes }, read.inputs);
  await cache.save();
}

const lookup = (scope = 'scope') =>
  openVerdictCache<{ codes: string[] }>(opts(), scope)!.lookup(skill, skill, list(skill));

describe('kept verdicts', () => {
  it('hands a verdict back while its inputs hold, and not once a linked file is gone', async () => {
    // Read long after the files were written: their metadata is trusted.
    await readAndKeep(Date.now() + 10 * RACY_MS);
    expect(lookup()).toEqual({ codes: [] });
    expect(lookup('another scope')).toBeUndefined();
    rmSync(path.join(skill, 'references', 'notes.md'));
    expect(lookup()).toBeUndefined();
  });

  it('checks a racy file by its content, and a file read long after it was written by its metadata', async () => {
    // The kept content hashes made wrong: only a check that reads the content can notice.
    const corruptHashes = () => {
      const folder = path.join(opts().dir, readdirSync(opts().dir)[0]);
      for (const name of readdirSync(folder)) {
        const file = path.join(folder, name);
        const text = readFileSync(file, 'utf8');
        const corrupted = text.replace(/"hash":"[^"]*"/g, '"hash":"AAAA"');
        expect(corrupted).not.toBe(text);
        writeFileSync(file, corrupted);
      }
    };
    await readAndKeep(Date.now()); // files written a moment ago: racy
    expect(lookup()).toEqual({ codes: [] });
    corruptHashes();
    expect(lookup()).toBeUndefined();

    rmSync(opts().dir, { recursive: true, force: true });
    await readAndKeep(Date.now() + 10 * RACY_MS); // long after: the metadata is trusted
    corruptHashes();
    expect(lookup()).toEqual({ codes: [] });
  });

  it('hashes the content of a racy file only: an old one is known by its metadata', async () => {
    const fileInputs = async (runStart: number) => {
      const read = await readFolderAsSkill(skill, 'project', {
        sync: true,
        recordInputs: { runStart },
      });
      return (read.inputs ?? []).filter((i) => i.kind === 'file');
    };
    const racy = await fileInputs(Date.now());
    expect(racy.length).toBeGreaterThan(0);
    for (const input of racy)
      expect(input).toMatchObject({
        racy: true,
        hash: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
      });
    for (const input of await fileInputs(Date.now() + 10 * RACY_MS))
      expect(input).toMatchObject({ racy: false, hash: '' });
  });

  it('misses once a file is added at the top of the skill (the listing changed)', async () => {
    await readAndKeep(Date.now() + 10 * RACY_MS);
    expect(lookup()).toEqual({ codes: [] });
    writeFileSync(path.join(skill, 'extra.txt'), 'x');
    expect(lookup()).toBeUndefined();
  });

  it('keeps nothing without a cache folder', () => {
    expect(openVerdictCache({ dir: null, buildId: 'b' }, 'scope')).toBeNull();
  });

  it('keeps only what comes back from JSON exactly', () => {
    expect(isJsonExact({ a: [1, 'x', null, true, { b: 2.5 }] })).toBe(true);
    expect(isJsonExact({ a: Number.NaN })).toBe(false);
    expect(isJsonExact({ a: Number.POSITIVE_INFINITY })).toBe(false);
    expect(isJsonExact({ a: -0 })).toBe(false);
    expect(isJsonExact({ a: undefined })).toBe(false);
    expect(isJsonExact({ a: new Date(0) })).toBe(false);
    expect(isJsonExact(JSON.parse('{"__proto__": 1}'))).toBe(false);
  });
});
