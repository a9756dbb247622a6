/**
 * `list`'s kept run (kept-run.ts): a repeated listing of unchanged folders is answered from
 * it, without the registry reading a verdict, and it is exactly what reading the skills
 * afresh lists; any change to what the run was made from lists afresh instead.
 */
import {
  appendFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultWorkspaceConfig } from '../workspace/workspace-file';
import { keptFile } from './kept-file';
import { RUNS_FOLDER, saveKeptRun } from './kept-run';
import type { ReadInput } from './read-inputs';
import { collectListingSeed } from './listing-seed-writer';
import { readCatalog, readListing } from './read-catalog';
import { SkillRegistry } from './registry';
import type { ResolveSourcesOptions } from './sources';
import type { VerdictCacheOptions } from './verdict-cache';

const BUNDLED = path.resolve(__dirname, '..', '..', '..', 'resources', 'skills');
const realNow = Date.now.bind(Date);
const BUILD = 'test-build';

let root: string;
let work: string;
let bundled: string;
let cacheDir: string;
let seedFile: string;
/** This test's clock: each run happens later than every file it reads was written. */
let clock: number;

beforeEach(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'kept-run-'));
  work = path.join(root, 'work');
  bundled = path.join(root, 'bundled');
  cacheDir = path.join(root, 'cache');
  cpSync(BUNDLED, bundled, { recursive: true });
  seedFile = path.join(root, 'seed.json');
  writeFileSync(seedFile, JSON.stringify(await collectListingSeed(bundled, BUILD)));
  write('skills/alpha/SKILL.md', skill('alpha', 'See [notes](references/notes.md).\n'));
  write('skills/alpha/references/notes.md', 'Notes.\n');
  write('skills/beta/SKILL.md', skill('beta', 'Composes alpha.\n', 'skills: [alpha]\n'));
  write('skills/beta/assets/logo.txt', 'A logo.\n');
  write('skills/notes-only/README.md', 'Not a skill.\n');
  write('elsewhere/linked-a/SKILL.md', skill('linked', 'One target.\n'));
  write('elsewhere/linked-b/SKILL.md', skill('linked', 'Another target.\n'));
  symlinkSync(path.join(work, 'elsewhere', 'linked-a'), path.join(work, 'skills', 'linked'));
  // A file written now is racy (read-inputs.ts) for the run that reads it: each run here
  // is taken to start later than that, as a run a moment afterwards does.
  clock = Date.now() + 10_000;
  vi.spyOn(Date, 'now').mockImplementation(() => (clock += 10_000));
});
afterEach(() => {
  vi.restoreAllMocks();
  rmSync(root, { recursive: true, force: true });
});

function skill(name: string, body: string, extra = ''): string {
  return `---\nname: ${name}\ndescription: The ${name} skill, for tests.\n${extra}---\n\n${body}`;
}

function write(rel: string, text: string): void {
  const file = path.join(work, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const sources = (): ResolveSourcesOptions => ({
  workspace: work,
  home: null,
  frameworkDir: bundled,
  config: defaultWorkspaceConfig(),
  noUser: true,
});
const verdicts = (buildId = BUILD): VerdictCacheOptions => ({
  dir: cacheDir,
  buildId,
  listingSeed: seedFile,
});

/** `list`'s listing through the kept run, and whether the registry read the skills for it. */
async function list(buildId = BUILD): Promise<{ listing: unknown; read: boolean }> {
  const load = vi.spyOn(SkillRegistry.prototype, 'load');
  const listing = await readListing(sources(), verdicts(buildId));
  const read = load.mock.calls.length > 0;
  load.mockRestore();
  return { listing, read };
}

/** What reading every skill afresh lists (no cache folder, no seed). */
async function fresh(): Promise<unknown> {
  return (await readCatalog(sources(), { countFiles: true, verdicts: null })).listing();
}

/** The listing after a change: read afresh, as a fresh read lists it; then kept again. */
async function expectMiss(): Promise<void> {
  const after = await list();
  expect(after.read).toBe(true);
  expect(after.listing).toEqual(await fresh());
  const again = await list();
  expect(again.read).toBe(false);
  expect(again.listing).toEqual(after.listing);
}

/**
 * A kept run recorded from kept verdicts (a run after the first, which read every skill):
 * what each skill was read from is then known only from its verdict's inputs.
 */
async function keptFromVerdicts(): Promise<void> {
  await list();
  write('skills/zeta/SKILL.md', skill('zeta', 'Read afresh; the others are kept.\n'));
  expect((await list()).read).toBe(true);
  expect((await list()).read).toBe(false);
}

/** A folder's identity as kept: device, inode, modification and change time. */
const IDENTITY = [expect.any(Number), expect.any(Number), expect.any(Number), expect.any(Number)];

/**
 * A kept run that answers by its folders' identities: each folder listed is kept with its
 * identity (as its kept listing's stat or a stat after the run found it), and from then on
 * a stat stands for its listing.
 */
async function keptByIdentity(): Promise<void> {
  await list();
  const listings = keptListings();
  expect(listings.length).toBeGreaterThan(0);
  for (const l of listings) if (!l[2].startsWith('!')) expect(l[3]).toEqual(IDENTITY);
  const [file] = runFiles();
  const written = statSync(file).mtimeMs;
  expect((await list()).read).toBe(false);
  expect(statSync(file).mtimeMs).toBe(written); // nothing to keep anew
}

/** The listings the kept run holds: ['l', folder, its entries' signature, its identity?]. */
function keptListings(): [string, string, string, unknown?][] {
  const [file] = runFiles();
  const [log] = JSON.parse(readFileSync(file, 'utf8').split('\n')[1]) as [
    [string, string, string, unknown?][],
  ];
  return log.filter((input) => input[0] === 'l');
}

function runFiles(): string[] {
  const dir = path.join(cacheDir, RUNS_FOLDER);
  return readdirSync(dir).map((n) => path.join(dir, n));
}

describe('the kept run of list', () => {
  it('answers an unchanged listing without reading a skill, as a fresh read lists it', async () => {
    const first = await list();
    expect(first.read).toBe(true);
    expect(first.listing).toEqual(await fresh());
    expect(runFiles()).toHaveLength(1);
    const second = await list();
    expect(second.read).toBe(false);
    expect(second.listing).toEqual(first.listing);
    // The bundled skills are in it, through the seed.
    expect(JSON.stringify(second.listing)).toContain('"text-stats"');
  });

  it('keeps a run whose SKILL.md takes more than one read (over 64 KB)', async () => {
    write(
      'skills/long/SKILL.md',
      skill('long', `${'A long line of instructions.\n'.repeat(4000)}`),
    );
    await list();
    const second = await list();
    expect(second.read).toBe(false);
    expect(second.listing).toEqual(await fresh());
  });

  it('misses when a SKILL.md is edited, after a run that read it or one that kept it', async () => {
    await list();
    write('skills/alpha/SKILL.md', skill('alpha', 'See [gone](references/gone.md).\n'));
    await expectMiss();
    await keptFromVerdicts();
    write('skills/alpha/SKILL.md', skill('alpha', 'Edited again.\n'));
    await expectMiss();
  });

  it('misses when a file is added below a skill (its files_count, its link checks)', async () => {
    await keptFromVerdicts();
    write('skills/beta/assets/more.txt', 'Counted only.\n');
    await expectMiss();
    write('skills/alpha/references/more.md', 'In a folder the body links into.\n');
    await expectMiss();
  });

  it('answers by a folder’s identity, and lists a folder whose identity moved', async () => {
    await keptByIdentity();
    // Recorded without identities (an earlier build's run): the check lists each folder
    // and keeps its identity.
    const [file] = runFiles();
    const [header, checks, listing] = readFileSync(file, 'utf8').split('\n');
    const bare = (JSON.parse(checks) as [string[][], unknown]).map((part, i) =>
      i === 0 ? (part as string[][]).map((t) => (t[0] === 'l' ? t.slice(0, 3) : t)) : part,
    );
    writeFileSync(file, [header, JSON.stringify(bare), listing, ''].join('\n'));
    expect(keptListings().every((l) => l[3] === undefined)).toBe(true);
    expect((await list()).read).toBe(false);
    for (const l of keptListings()) if (!l[2].startsWith('!')) expect(l[3]).toEqual(IDENTITY);
    // A file made and removed again: the folder's times move, its entries do not. It is
    // listed, found the same, and kept with its new identity.
    const alpha = path.join(work, 'skills', 'alpha');
    const before = keptListings().find((l) => l[1] === alpha)?.[3];
    write('skills/alpha/.swap', 'An editor’s swap file.\n');
    rmSync(path.join(alpha, '.swap'));
    const same = await list();
    expect(same.read).toBe(false);
    expect(same.listing).toEqual(await fresh());
    const after = keptListings().find((l) => l[1] === alpha)?.[3];
    expect(after).toEqual(IDENTITY);
    expect(after).not.toEqual(before);
    // Another entry: listed, and the run lists afresh.
    write('skills/alpha/extra.md', 'Counted.\n');
    await expectMiss();
  });

  it('keeps no identity for a folder listed two ways within one run', async () => {
    const file = keptFile(cacheDir, RUNS_FOLDER, BUILD, 'two ways');
    const log: ReadInput[] = [
      { kind: 'list', path: '/a', sig: 'fone\0' },
      { kind: 'list', path: '/a', sig: 'fone\0ftwo\0' },
      { kind: 'list', path: '/b', sig: 'fone\0' },
    ];
    await saveKeptRun(file, { log, skills: [] }, { skills: [], conflicts: [] }, () => [1, 2, 3, 4]);
    const [checks] = JSON.parse(readFileSync(file.path, 'utf8').split('\n')[1]) as [string[][]];
    expect(checks).toEqual([
      ['l', '/a', 'fone\0'],
      ['l', '/a', 'fone\0ftwo\0'],
      ['l', '/b', 'fone\0', [1, 2, 3, 4]],
    ]);
  });

  it('misses when a skill folder is added, removed or renamed', async () => {
    await keptByIdentity();
    write('skills/gamma/SKILL.md', skill('gamma', 'New.\n'));
    await expectMiss();
    rmSync(path.join(work, 'skills', 'beta'), { recursive: true });
    await expectMiss();
    renameSync(path.join(work, 'skills', 'gamma'), path.join(work, 'skills', 'delta'));
    await expectMiss();
  });

  it('misses when a folder that was no skill becomes one', async () => {
    await keptByIdentity();
    write('skills/notes-only/SKILL.md', skill('notes-only', 'Now a skill.\n'));
    await expectMiss();
  });

  it('misses when a linked skill points elsewhere', async () => {
    await keptByIdentity();
    rmSync(path.join(work, 'skills', 'linked'));
    symlinkSync(path.join(work, 'elsewhere', 'linked-b'), path.join(work, 'skills', 'linked'));
    await expectMiss();
  });

  it('misses when a bundled skill is no longer the build’s', async () => {
    await list();
    appendFileSync(path.join(bundled, 'text-stats', 'SKILL.md'), '\nEdited.\n');
    await expectMiss();
  });

  it('misses when skill-studio.json is written, and under another build', async () => {
    await list();
    write('skill-studio.json', JSON.stringify({ plugins: [] }));
    const written = await list();
    expect(written.read).toBe(true);
    await list();
    const other = await list('another-build');
    expect(other.read).toBe(true);
    expect(other.listing).toEqual(await fresh());
  });

  it('checks a file changed within the racy window by its content', async () => {
    // The runs start the moment the file is written: its metadata cannot be trusted yet.
    vi.mocked(Date.now).mockImplementation(realNow);
    const file = path.join(work, 'skills', 'alpha', 'SKILL.md');
    write('skills/alpha/SKILL.md', skill('alpha', 'Written just now.\n'));
    await list();
    // The same content: the kept run answers.
    const same = await list();
    expect(same.read).toBe(false);
    expect(same.listing).toEqual(await fresh());
    // A rewrite the metadata cannot tell apart (a coarse clock: the kept run is told the
    // new metadata), of the same size: the content hash decides.
    write('skills/alpha/SKILL.md', skill('alpha', 'Written anew now.\n'));
    const st = statSync(file);
    const id = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    const [run] = runFiles();
    const [header, checks, listing] = readFileSync(run, 'utf8').split('\n');
    const told = (v: unknown): unknown => {
      if (!Array.isArray(v)) return v;
      if (v[0] === 'f' && v[1] === file) return ['f', file, id, v[3], 1];
      return v.map(told);
    };
    writeFileSync(run, [header, JSON.stringify(told(JSON.parse(checks))), listing, ''].join('\n'));
    const changed = await list();
    expect(changed.read).toBe(true);
    expect(changed.listing).toEqual(await fresh());
  });

  it('ignores a corrupt or cut kept run', async () => {
    await list();
    const [file] = runFiles();
    const text = readFileSync(file, 'utf8');
    const lines = text.split('\n');
    const corruptions = [
      'not json at all',
      text.slice(0, text.length / 2),
      [lines[0], '[1,2]', lines[2], ''].join('\n'),
      [lines[0], lines[1].replace(/\["l",/g, '["?",'), lines[2], ''].join('\n'),
      [lines[0], lines[1].replace(/\["f",/g, '["f",1,'), lines[2], ''].join('\n'),
      [lines[0], lines[1], '{"skills":', ''].join('\n'),
      [lines[0], lines[1], '{}', ''].join('\n'),
      [lines[0], lines[1], '{"skills":[null],"conflicts":[]}', ''].join('\n'),
    ];
    for (const corrupt of corruptions) {
      writeFileSync(file, corrupt);
      const run = await list();
      expect(run.listing).toEqual(await fresh());
    }
  });
});
