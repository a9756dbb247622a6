/**
 * The kept verdicts of `validate DIR` and `list` (electron/host/registry/verdict-cache.ts),
 * through the built CLI (`npm run build` first), as a user runs it: real files, real
 * processes, the cache folder and build id bin/skill-studio.cjs gives the CLI.
 *
 * Each case fills the cache, then poisons every kept verdict (a description and a
 * diagnostic no read would give), so a kept verdict that is used shows; a run right after
 * shows the poison (the cache is used), and after the change the run must print, byte for
 * byte, what a `--no-cache` run prints.
 */
import { spawnSync } from 'node:child_process';
import {
  chownSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { assertBuilt, BIN, REPO } from '../test-support/built-cli';

const POISON = 'KEPT_POISON';

let root: string;
let work: string;
let cacheDir: string;

beforeAll(assertBuilt);
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'verdict-cache-'));
  work = path.join(root, 'work');
  cacheDir = path.join(root, 'cache');
  mkdirSync(work);
  write('skills/alpha/SKILL.md', ALPHA);
  write('skills/alpha/references/notes.md', 'Notes.\n');
  write('skills/alpha/evals/evals.json', JSON.stringify({ skill_name: 'alpha', evals: [] }));
  write('skills/beta/SKILL.md', skill('beta', 'Composes alpha.', 'skills: [alpha]\n'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const ALPHA = skill(
  'alpha',
  'The first skill.',
  '',
  'See [notes](references/notes.md), [run](scripts/run.sh) and [inner](sub/inner/SKILL.md).\n',
);

function skill(name: string, description: string, extra = '', body = 'Body.\n'): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n\n# ${name}\n\n${body}`;
}

function write(rel: string, text: string): void {
  const file = path.join(work, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], bin = BIN, cwd = work): Run {
  const res = spawnSync(process.execPath, [bin, ...args], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      HOME: root,
      NO_COLOR: '1',
      SKILL_STUDIO_CACHE_DIR: cacheDir,
      NODE_DISABLE_COMPILE_CACHE: undefined,
    },
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

const VALIDATE = ['validate', 'skills'];
const VALIDATE_JSON = ['validate', 'skills', '--json'];
const LIST = ['list', '--json', '--no-user', '--root', 'skills'];
const COMMANDS = [VALIDATE, VALIDATE_JSON, LIST];

/** The run with kept verdicts prints what a run without them prints. */
function expectAsFresh(args: string[], bin = BIN): Run {
  const kept = cli(args, bin);
  expect(kept).toEqual(cli([...args, '--no-cache'], bin));
  expect(kept.stdout).not.toContain(POISON);
  return kept;
}

function verdictFiles(): string[] {
  const dir = path.join(cacheDir, 'verdicts');
  return existsSync(dir) ? readdirSync(dir).map((n) => path.join(dir, n)) : [];
}

function listingFiles(): string[] {
  const dir = path.join(cacheDir, 'listings');
  return existsSync(dir) ? readdirSync(dir).map((n) => path.join(dir, n)) : [];
}

/** `list`'s kept runs (electron/host/registry/kept-run.ts). */
function runFiles(): string[] {
  const dir = path.join(cacheDir, 'runs');
  return existsSync(dir) ? readdirSync(dir).map((n) => path.join(dir, n)) : [];
}

/** A kept listings file's text with `from` renamed `to` in the kept entries of `rel`. */
function renameInListing(text: string, rel: string, from: string, to: string): string {
  const [header, data] = text.split('\n');
  const folders = JSON.parse(data) as Array<[string, ...unknown[]]>;
  const folder = folders.find((f) => f[0] === path.join(work, rel))!;
  folder[5] = (folder[5] as string)
    .split('/')
    .map((n) => (n === from ? to : n))
    .join('/');
  return `${header}\n${JSON.stringify(folders)}\n`;
}

/** A little over the racy window of kept files (electron/host/registry/read-inputs.ts). */
const RACY_WAIT_MS = 2300;

type Line = [string, string, Array<Record<string, unknown>>, Record<string, unknown>];

/** Rewrites every kept entry of every scope file. */
function rewriteEntries(edit: (line: Line) => void): void {
  for (const file of verdictFiles()) {
    const [header, ...lines] = readFileSync(file, 'utf8').split('\n');
    const out = lines.filter(Boolean).map((l) => {
      const line = JSON.parse(l) as Line;
      edit(line);
      return JSON.stringify(line);
    });
    writeFileSync(file, [header, ...out, ''].join('\n'));
  }
}

const POISONED = { severity: 'warning', code: POISON, message: POISON, line: 1, column: 1 };

/**
 * Every kept verdict, and every skill of `list`'s kept runs (of the skill folder named
 * `only`, else all), says POISON, in a way both commands print.
 */
function poison(only?: string): void {
  const diagnostic = { ...POISONED, field: null };
  rewriteEntries(([dir, , , verdict]) => {
    if (only !== undefined && path.basename(dir) !== only) return;
    verdict.diagnostics = [diagnostic];
    const fm = verdict.frontmatter as Record<string, unknown> | undefined;
    if (fm) fm.description = POISON;
  });
  poisonRuns(only);
}

/**
 * The skills of the kept runs (of `only`, else all) say POISON: `list`'s listings and
 * `validate`'s reports, or those of `kind` alone.
 */
function poisonRuns(only?: string, kind?: 'list' | 'validate'): void {
  for (const file of runFiles()) {
    const [header, checks, kept] = readFileSync(file, 'utf8').split('\n');
    const result = JSON.parse(kept) as
      { skills: Array<Record<string, unknown>> } | Array<Record<string, unknown>>;
    const isReport = Array.isArray(result);
    if (kind !== undefined && kind !== (isReport ? 'validate' : 'list')) continue;
    for (const skill of isReport ? result : result.skills) {
      if (only !== undefined && path.basename(skill.dir as string) !== only) continue;
      if (!isReport) skill.description = POISON;
      skill.diagnostics = [{ ...POISONED, field: null }];
    }
    writeFileSync(file, [header, checks, JSON.stringify(result), ''].join('\n'));
  }
}

/** Fills the cache for `commands` and poisons it (see poison); the next runs show the poison. */
function fillAndPoison(commands: string[][] = COMMANDS, only?: string): void {
  for (const args of commands) expectAsFresh(args);
  poison(only);
  for (const args of commands) expect(cli(args).stdout).toContain(POISON);
}

// Whole processes, several per case, on a machine that may be busy.
describe('kept verdicts (validate DIR, list)', { timeout: 90_000 }, () => {
  it('are used, and a run with them prints what a run without them prints', () => {
    for (const args of COMMANDS) expectAsFresh(args);
    // One scope for validate (text or JSON, the same verdicts and report), one for list.
    expect(verdictFiles()).toHaveLength(2);
    expect(runFiles()).toHaveLength(2);
    for (const args of COMMANDS) expectAsFresh(args); // warm
    fillAndPoison();
  });

  it('answer a repeated list from its kept run, and miss it once anything it read changes', () => {
    for (const args of COMMANDS) expectAsFresh(args);
    // Only list's kept run is poisoned: list shows it, validate (its own run) does not.
    poisonRuns(undefined, 'list');
    expect(cli(LIST).stdout).toContain(POISON);
    expect(cli(VALIDATE).stdout).not.toContain(POISON);
    // A file added below a skill changes its files_count only.
    write('skills/beta/assets/logo.txt', 'A logo.\n');
    expect(JSON.parse(expectAsFresh(LIST).stdout)).toMatchObject({
      skills: expect.arrayContaining([expect.objectContaining({ name: 'beta', files_count: 2 })]),
    });
    // A file no check reads, rewritten: nothing list shows changes, so the kept run answers.
    poisonRuns(undefined, 'list');
    write('skills/beta/assets/logo.txt', 'A bigger logo.\n');
    expect(cli(LIST).stdout).toContain(POISON);
    rmSync(path.join(work, 'skills/beta/assets/logo.txt'));
    expectAsFresh(LIST);
  });

  it('miss when SKILL.md is edited', () => {
    fillAndPoison(COMMANDS, 'alpha');
    write('skills/alpha/SKILL.md', ALPHA + 'And [gone](missing.md).\n');
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss on a same-size edit with the old modification time', () => {
    fillAndPoison(COMMANDS, 'alpha');
    const file = path.join(work, 'skills/alpha/SKILL.md');
    const before = statSync(file);
    const edited = ALPHA.replace('The first skill.', 'The 1st   skill.');
    expect(edited.length).toBe(ALPHA.length);
    writeFileSync(file, edited);
    utimesSync(file, before.atime, before.mtime);
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss on a same-size edit that metadata cannot tell apart, by the content hash of a racy file', () => {
    // A file system with a coarse clock: the rewrite keeps every field of the metadata.
    // Simulated by recording the new metadata in the kept entry; it was read within a
    // moment of its run's start (racy), so the content hash must decide.
    fillAndPoison(COMMANDS, 'alpha');
    const file = path.join(work, 'skills/alpha/SKILL.md');
    writeFileSync(file, ALPHA.replace('The first skill.', 'The 1st   skill.'));
    const st = statSync(file);
    const id = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}`;
    rewriteEntries(([, , inputs]) => {
      for (const input of inputs)
        if (input.kind === 'file' && input.path === file) Object.assign(input, { id, racy: true });
    });
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss when SKILL.md is touched', () => {
    fillAndPoison(COMMANDS, 'alpha');
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(work, 'skills/alpha/SKILL.md'), later, later);
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss when a linked file is removed or added', () => {
    fillAndPoison(COMMANDS, 'alpha');
    rmSync(path.join(work, 'skills/alpha/references/notes.md'));
    for (const args of COMMANDS) expectAsFresh(args);
    poison('alpha');
    write('skills/alpha/scripts/run.sh', 'echo hi\n');
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss when a nested skill is added where a link points', () => {
    fillAndPoison(COMMANDS, 'alpha');
    write('skills/alpha/sub/inner/SKILL.md', skill('inner', 'Nested.'));
    const run = expectAsFresh(VALIDATE_JSON);
    expect(run.stdout).toContain('"name": "inner"');
    expectAsFresh(VALIDATE);
    expectAsFresh(LIST);
  });

  it('miss when an eval file changes', () => {
    fillAndPoison(COMMANDS, 'alpha');
    write('skills/alpha/evals/evals.json', '{ "evals": "not a list" }');
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('miss when skill-studio.json changes (list)', () => {
    fillAndPoison([LIST]);
    write('skill-studio.json', JSON.stringify({ plugins: [] }));
    expectAsFresh(LIST);
  });

  it('miss under another --profile', () => {
    fillAndPoison([VALIDATE]);
    expectAsFresh([...VALIDATE, '--profile', 'spec']);
    expectAsFresh([...VALIDATE, '--profile', 'claude-code']);
  });

  it('miss under another build', () => {
    fillAndPoison();
    // The same bundles beside another build id (bin/skill-studio.cjs reads dist/cli/build-id).
    const other = path.join(root, 'other');
    mkdirSync(path.join(other, 'bin'), { recursive: true });
    mkdirSync(path.join(other, 'dist', 'cli'), { recursive: true });
    for (const f of readdirSync(path.join(REPO, 'bin')))
      copyFileSync(path.join(REPO, 'bin', f), path.join(other, 'bin', f));
    symlinkSync(path.join(REPO, 'dist', 'cli.cjs'), path.join(other, 'dist', 'cli.cjs'));
    for (const f of readdirSync(path.join(REPO, 'dist', 'cli')))
      if (f !== 'build-id')
        symlinkSync(path.join(REPO, 'dist', 'cli', f), path.join(other, 'dist', 'cli', f));
    writeFileSync(path.join(other, 'dist', 'cli', 'build-id'), 'another build\n');
    const otherBin = path.join(other, 'bin', 'skill-studio.cjs');
    for (const args of COMMANDS) expectAsFresh(args, otherBin);
  });

  it('keep the checks across skills: a name conflict and a cycle through kept verdicts', () => {
    for (const args of COMMANDS) expectAsFresh(args);
    write('skills/gamma/SKILL.md', skill('alpha', 'Shares a name.'));
    for (const args of COMMANDS) expectAsFresh(args);
    write('skills/alpha/SKILL.md', skill('alpha', 'Now composes beta.', 'skills: [beta]\n'));
    const run = expectAsFresh(VALIDATE);
    expect(run.stdout).toContain('TOPOLOGY_SKILL_CYCLE');
    expectAsFresh(LIST);
  });

  it('ignore a corrupt cache file', () => {
    // A kept run that is used shows; the verdicts beneath it are sound.
    for (const args of COMMANDS) expectAsFresh(args);
    poisonRuns();
    for (const args of [LIST, VALIDATE]) expect(cli(args).stdout).toContain(POISON);
    const runs = runFiles();
    const runTexts = runs.map((f) => readFileSync(f, 'utf8'));
    for (const corrupt of [
      () => 'not json at all',
      (t: string) => t.slice(0, t.length / 2), // cut short
      (t: string) => t.replace(/\n\[\[/, '\n[1,['), // checks of the wrong shape
      (t: string) => t.replace(/\["f",/g, '["f",1,'), // inputs of the wrong shape
      // A kept answer of the wrong shape: a listing, or a report with a diagnostic of none.
      (t: string) =>
        t.replace(/\n[^\n]*\n$/, '\n[{"dir":"x","name":"x","diagnostics":[null],"composes":[]}]\n'),
    ]) {
      runs.forEach((f, i) => writeFileSync(f, corrupt(runTexts[i])));
      expect(runs.every((f, i) => readFileSync(f, 'utf8') !== runTexts[i])).toBe(true);
      for (const args of [LIST, VALIDATE]) expectAsFresh(args);
      poisonRuns(); // the run just kept, poisoned again for the next corruption
      runTexts.splice(0, runTexts.length, ...runs.map((f) => readFileSync(f, 'utf8')));
    }
    // The verdicts themselves: no kept run answers for them.
    poison();
    for (const f of runFiles()) rmSync(f);
    const files = verdictFiles();
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    const corruptions = [
      () => 'not json at all',
      (t: string) => t.slice(0, 20), // cut short
      (t: string) => t.replace(/\n\[/g, '\n[1,'), // lines of the wrong shape
      (t: string) => t.replace(/\[\{"kind"/g, '[null,{"kind"'), // inputs of the wrong shape
      (t: string) => t.replace(/"kind":"file"/g, '"kind":"nonsense"'),
    ];
    for (const corrupt of corruptions) {
      files.forEach((f, i) => writeFileSync(f, corrupt(texts[i])));
      for (const f of runFiles()) rmSync(f);
      for (const args of [VALIDATE, LIST]) expectAsFresh(args);
    }
  });

  it('ignore a cache file of another user, and an unwritable cache folder', () => {
    fillAndPoison();
    if (process.getuid?.() === 0) {
      for (const file of [...verdictFiles(), ...runFiles()]) chownSync(file, 12345, 12345);
      for (const args of COMMANDS) expectAsFresh(args);
    }
    rmSync(cacheDir, { recursive: true, force: true });
    writeFileSync(cacheDir, 'a file where the folder should be');
    for (const args of COMMANDS) expectAsFresh(args);
  });

  it('list folders from kept listings while they are unchanged, and miss once one changes', async () => {
    // Folders made a moment ago are racy (kept-listings.ts): wait until they are not.
    await new Promise((resolve) => setTimeout(resolve, RACY_WAIT_MS));
    for (const args of COMMANDS) expectAsFresh(args);
    for (const args of COMMANDS) expectAsFresh(args); // warm: the kept listings are used
    const files = listingFiles();
    expect(files).toHaveLength(2);
    const texts = files.map((f) => readFileSync(f, 'utf8'));
    for (const text of texts) expect(text).toContain(JSON.stringify(path.join(work, 'skills')));
    // A kept listing that says `beta` is `zeta` shows (no folder `zeta`, so no beta either):
    // the folder is not listed again. (Below the kept runs, which answer by a stat alone.)
    for (const f of runFiles()) rmSync(f);
    expect(cli(VALIDATE_JSON).stdout).toContain('"name": "beta"');
    for (const f of runFiles()) rmSync(f);
    files.forEach((f, i) => writeFileSync(f, renameInListing(texts[i], 'skills', 'beta', 'zeta')));
    expect(cli(VALIDATE_JSON).stdout).not.toContain('"name": "beta"');
    files.forEach((f, i) => writeFileSync(f, texts[i]));

    // A nested skill in a sub-folder listed long ago.
    write('skills/alpha/references/deep/SKILL.md', skill('deep', 'Nested deep.'));
    expect(expectAsFresh(VALIDATE_JSON).stdout).toContain('"name": "deep"');
    for (const args of [VALIDATE, LIST]) expectAsFresh(args);
    // A file added where the folder's modification time is then put back.
    const evals = path.join(work, 'skills/alpha/evals');
    const before = statSync(evals);
    write('skills/alpha/evals/more.json', '{}');
    utimesSync(evals, before.atime, before.mtime);
    for (const args of COMMANDS) expectAsFresh(args);
    // A skill added beside the others.
    write('skills/delta/SKILL.md', skill('delta', 'Added.'));
    expect(expectAsFresh(LIST).stdout).toContain('"delta"');
    for (const args of [VALIDATE, VALIDATE_JSON]) expectAsFresh(args);
  });

  it('answer a repeated validate from its kept run, by each folder’s identity once it is old enough', async () => {
    // Folders made a moment ago are racy (kept-listings.ts): wait until they are not.
    await new Promise((resolve) => setTimeout(resolve, RACY_WAIT_MS));
    for (const args of COMMANDS) expectAsFresh(args);
    for (const args of COMMANDS) expectAsFresh(args); // each listing checked, identities kept
    poisonRuns(undefined, 'validate');
    expect(cli(VALIDATE).stdout).toContain(POISON);
    // No kept listing is read: a stat of each folder stands for it.
    for (const f of listingFiles()) rmSync(f);
    expect(cli(VALIDATE_JSON).stdout).toContain(POISON);
    // The same relative target from another folder names other skills.
    const elsewhere = path.join(root, 'elsewhere');
    mkdirSync(path.join(elsewhere, 'skills', 'solo'), { recursive: true });
    writeFileSync(path.join(elsewhere, 'skills', 'solo', 'SKILL.md'), skill('solo', 'Elsewhere.'));
    const there = cli(VALIDATE_JSON, BIN, elsewhere);
    expect(there).toEqual(cli([...VALIDATE_JSON, '--no-cache'], BIN, elsewhere));
    expect(there.stdout).toContain('"name": "solo"');
    // A SKILL.md named by path is read every time: no run of it is kept.
    const runs = runFiles().length;
    expectAsFresh(['validate', 'skills/alpha/SKILL.md']);
    expect(runFiles()).toHaveLength(runs);
    // A nested skill in a sub-folder listed long ago.
    poisonRuns(undefined, 'validate');
    write('skills/alpha/references/deep/SKILL.md', skill('deep', 'Nested deep.'));
    expect(expectAsFresh(VALIDATE_JSON).stdout).toContain('"name": "deep"');
    // A skill removed.
    poisonRuns(undefined, 'validate');
    rmSync(path.join(work, 'skills/beta'), { recursive: true });
    expect(expectAsFresh(VALIDATE_JSON).stdout).not.toContain('"name": "beta"');
  });

  it('keep nothing with --no-cache', () => {
    for (const args of COMMANDS) cli([...args, '--no-cache']);
    expect(verdictFiles()).toEqual([]);
    expect(listingFiles()).toEqual([]);
    expect(runFiles()).toEqual([]);
  });
});

/**
 * The bundled skills' verdicts the build ships (electron/host/registry/listing-seed.ts): a
 * first `list`, even with caching off, takes them from the seed and parses no YAML; its
 * own tests (listing-seed.test.ts) show that a changed file is read instead.
 */
describe('the listing seed of the bundled skills', () => {
  /** `list` in an empty folder with caching off, and which CLI bundles it loaded. */
  function firstList(...extra: string[]): {
    stdout: string;
    status: number | null;
    loaded: string[];
  } {
    const empty = path.join(root, 'empty');
    mkdirSync(empty, { recursive: true });
    const res = spawnSync(process.execPath, [BIN, 'list', '--json', '--no-user', ...extra], {
      cwd: empty,
      encoding: 'utf8',
      env: { ...process.env, HOME: root, NODE_DISABLE_COMPILE_CACHE: '1', NODE_DEBUG: 'module' },
    });
    const loaded = [...res.stderr.matchAll(/load "[^"]*dist[/\\]cli[/\\]([\w-]+)\.cjs"/g)].map(
      (m) => m[1],
    );
    return { stdout: res.stdout, status: res.status, loaded };
  }

  it('serves a first list without parsing YAML, printing what reading the skills prints', () => {
    const seeded = firstList();
    const read = firstList('--no-cache');
    expect(seeded.status).toBe(0);
    expect(seeded.stdout).toBe(read.stdout);
    expect(JSON.parse(seeded.stdout)).toMatchObject({
      skills: expect.arrayContaining([expect.objectContaining({ name: 'text-stats' })]),
    });
    expect(seeded.loaded).toContain('host-catalog');
    expect(seeded.loaded).not.toContain('yaml');
    // --no-cache reads every skill: the parser loads.
    expect(read.loaded).toContain('yaml');
  });
});
