/**
 * CLI benchmarks: whole processes (node + bin/skill-studio.cjs + the built dist/),
 * as agents and CI run them, each beside a baseline process measured in the same run.
 *  (a) bulk, 10,000 generated skills: `validate DIR` and `list --json`, against the
 *      fastest honest floor, a process that reads every SKILL.md and parses its
 *      frontmatter in a synchronous loop (the 64-way async version is shown too);
 *  (b) startup, a small workspace (3 skills and the bundled ones): `list`, `read NAME`,
 *      `files NAME`, and `list` in an empty folder, against a bare `node -e 0`; without the
 *      CLI's caches, and again with what an earlier run left in them (compiled code:
 *      bin/code-cache.cjs on Node 20, Node's own on 22.1+; verdicts on skills' schemas),
 *      as repeated calls from an agent or CI see them;
 *  (c) `call text-stats`, against a bare run of its script with the same input;
 *  (d) `validate DIR` over the real collections of ../shared/corpus (when present, or
 *      BENCH_CORPUS) and over 1,500 generated skills, against the fastest peer: the npm
 *      `skills-ref` library's validate() looped in one process over the same skill folders
 *      (found by the same kind of walk: every folder holding SKILL.md, at any depth).
 * Rounds are interleaved (every command once per round) and medians reported, so a
 * machine that is busy with other work slows all of them alike. Cold rows pass
 * `--no-cache` where the CLI has it, so that no kept verdict answers for the work.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, ms, type Row } from './bench-util';
import { generate } from './registry-bench';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = path.join(REPO, 'bin', 'skill-studio.cjs');
const COUNT = Number(process.env.BENCH_SKILLS ?? 10_000);
const BULK_ROUNDS = Number(process.env.BENCH_CLI_BULK_ROUNDS ?? 5);
const START_ROUNDS = Number(process.env.BENCH_CLI_ROUNDS ?? 9);
const PEER_ROUNDS = Number(process.env.BENCH_CLI_PEER_ROUNDS ?? 7);
const PEER_SKILLS = 1500;
const CORPUS = process.env.BENCH_CORPUS ?? path.resolve(REPO, '..', 'shared', 'corpus');
const YAML = createRequire(import.meta.url).resolve('yaml');
// skills-ref is an ES module only: resolved as `import` resolves it.
const SKILLS_REF = import.meta.resolve('skills-ref');

/**
 * The peer, as a script for `node --input-type=module -e`: skills-ref's validate() (async,
 * one skill at a time, as its own CLI does) over every folder holding SKILL.md below the
 * argument, found depth first like `validate DIR`'s walk.
 */
const SKILLS_REF_LOOP = `
import fs from 'node:fs'; import path from 'node:path';
import { validate } from ${JSON.stringify(SKILLS_REF)};
const folders = [];
const walk = (dir) => {
  const entries = fs.readdirSync(dir, { withFileTypes: true });
  if (entries.some((e) => e.name === 'SKILL.md' && e.isFile())) folders.push(dir);
  for (const e of entries) if (e.isDirectory()) walk(path.join(dir, e.name));
};
walk(process.argv[1]);
let problems = 0;
for (const dir of folders) problems += (await validate(dir)).length;
if (folders.length === 0) process.exit(3);`;

/** The floors, as scripts for `node -e`: the same YAML library the CLI bundles. */
export const SYNC_FLOOR = `
const fs = require('node:fs'), path = require('node:path'), { parse } = require(${JSON.stringify(YAML)});
const dir = process.argv[1]; let n = 0;
for (const name of fs.readdirSync(dir)) {
  const text = fs.readFileSync(path.join(dir, name, 'SKILL.md'), 'utf8');
  if (parse(text.slice(4, text.indexOf('\\n---', 3)))) n++;
}
if (n === 0) process.exit(3);`;
/**
 * The same loop plus the listings the contracts require of both commands, and nothing else:
 * each skill folder and every folder below it, depth first (files_count counts a skill's
 * files; `validate DIR` finds skills at any depth). Not the target's baseline: it shows how
 * much of a ratio is file-system work any implementation must do, and how much is ours.
 */
const LISTING_FLOOR = `
const fs = require('node:fs'), path = require('node:path'), { parse } = require(${JSON.stringify(YAML)});
const dir = process.argv[1]; let n = 0, files = 0;
for (const name of fs.readdirSync(dir)) {
  const stack = [path.join(dir, name)];
  while (stack.length > 0) {
    const at = stack.pop();
    for (const e of fs.readdirSync(at, { withFileTypes: true })) {
      if (e.isDirectory()) stack.push(path.join(at, e.name)); else files++;
    }
  }
  const text = fs.readFileSync(path.join(dir, name, 'SKILL.md'), 'utf8');
  if (parse(text.slice(4, text.indexOf('\\n---', 3)))) n++;
}
if (n === 0 || files === 0) process.exit(3);`;
const ASYNC_FLOOR = `
const fs = require('node:fs/promises'), path = require('node:path'), { parse } = require(${JSON.stringify(YAML)});
const dir = process.argv[1];
(async () => {
  const names = await fs.readdir(dir); let next = 0, n = 0;
  await Promise.all(Array.from({ length: 64 }, async () => {
    while (next < names.length) {
      const text = await fs.readFile(path.join(dir, names[next++], 'SKILL.md'), 'utf8');
      if (parse(text.slice(4, text.indexOf('\\n---', 3)))) n++;
    }
  }));
  if (n === 0) process.exit(3);
})();`;

export interface Job {
  args: string[];
  cwd: string;
  input?: string;
  /** Exit codes that mean the command did its work (validate exits 1 on errors). */
  ok?: number[];
  /** A compile cache kept in this folder (warmed by the first run), instead of none. */
  codeCache?: string;
}

export function runOnce(job: Job): number {
  const t0 = performance.now();
  const res = spawnSync(process.execPath, job.args, {
    cwd: job.cwd,
    input: job.input,
    stdio: [job.input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'],
    // No cache from an earlier run, no colour: every round starts alike. (On Node 22.1+ the
    // CLI enables the compile cache itself, in a default folder when NODE_COMPILE_CACHE is
    // unset, so caching must be switched off outright; that switch turns off all the
    // CLI's caches, bin/cache-folder.cjs.)
    env: job.codeCache
      ? {
          ...process.env,
          NO_COLOR: '1',
          // Node 22.1+ keeps its own compile cache there; on Node 20 our V8 code cache is
          // in the CLI's cache folder, beside the kept verdicts on skills' schemas.
          NODE_COMPILE_CACHE: job.codeCache,
          SKILL_STUDIO_CACHE_DIR: job.codeCache,
          SKILL_STUDIO_CODE_CACHE_DIR: undefined,
          NODE_DISABLE_COMPILE_CACHE: undefined,
        }
      : {
          ...process.env,
          NO_COLOR: '1',
          NODE_COMPILE_CACHE: undefined,
          NODE_DISABLE_COMPILE_CACHE: '1',
        },
    maxBuffer: 64 * 1024 * 1024,
  });
  const elapsed = performance.now() - t0;
  if (!(job.ok ?? [0]).includes(res.status ?? -1)) {
    throw new Error(
      `${job.args.slice(0, 4).join(' ')} exited ${res.status}: ${String(res.stderr).slice(0, 500)}`,
    );
  }
  return elapsed;
}

/** Medians of `rounds` interleaved rounds, one per job. */
function measure(jobs: Record<string, Job>, rounds: number): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (const name of Object.keys(jobs)) {
    runOnce(jobs[name]); // warm the file cache
    times[name] = [];
  }
  for (let r = 0; r < rounds; r++) {
    for (const [name, job] of Object.entries(jobs)) times[name].push(runOnce(job));
  }
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
}

export const cli = (...args: string[]): string[] => [BIN, ...args];
export const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}×`;
/** The target column: the bound (the table says when this run's ratio is over it). */
const bound = (limit: number): string => `≤ ${limit.toFixed(1)}×`;

/** `--no-cache` when the CLI has it (cold rows must not be answered by kept verdicts). */
function noCache(): string[] {
  const help = spawnSync(process.execPath, [BIN, 'validate', '--help'], { encoding: 'utf8' });
  return `${help.stdout}${help.stderr}`.includes('--no-cache') ? ['--no-cache'] : [];
}

/** (d): `validate DIR` over `dir`, against skills-ref looped over the same folders. */
function peerRow(what: string, dir: string, cwd: string, cold: string[]): Row {
  const t = measure(
    {
      peer: { args: ['--input-type=module', '-e', SKILLS_REF_LOOP, dir], cwd },
      validate: { args: cli('validate', dir, ...cold), cwd, ok: [0, 1] },
    },
    PEER_ROUNDS,
  );
  return {
    what: `(d) \`validate DIR\`, ${what}, median of ${PEER_ROUNDS}`,
    figure: ms(t.validate),
    baseline: `${ms(t.peer)} skills-ref validate() looped in one process over the same folders`,
    ratio: ratio(t.validate, t.peer),
    target: bound(1.0),
  };
}

export async function cliBench(): Promise<Row[]> {
  if (!existsSync(path.join(REPO, 'dist', 'cli.cjs')))
    throw new Error('the CLI is not built: run `npm run build` first');
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-cli-bench-'));
  const rows: Row[] = [];
  try {
    // (b) and (c) first: they are quick, and the 10,000 skills are not on disk yet.
    const small = path.join(root, 'small');
    await generate(small, 3);
    const empty = path.join(root, 'empty');
    await mkdir(empty);
    const codeCache = path.join(root, 'code-cache');
    const textStats = path.join(REPO, 'resources', 'skills', 'text-stats', 'scripts', 'run.mjs');
    const args = { text: 'One fish. Two fish. Red fish, blue fish.' };
    const start = measure(
      {
        bare: { args: ['-e', '0'], cwd: small },
        list: { args: cli('list', '--no-user'), cwd: small },
        read: { args: cli('read', 'skill-1', '--no-user'), cwd: small },
        files: { args: cli('files', 'skill-1', '--no-user'), cwd: small },
        listEmpty: { args: cli('list', '--no-user'), cwd: empty },
        // As an agent or CI calling the CLI again sees it: the compile cache warm.
        listWarm: { args: cli('list', '--no-user'), cwd: small, codeCache },
        readWarm: { args: cli('read', 'skill-1', '--no-user'), cwd: small, codeCache },
        filesWarm: { args: cli('files', 'skill-1', '--no-user'), cwd: small, codeCache },
        script: { args: [textStats], cwd: small, input: JSON.stringify({ arguments: args }) },
        call: {
          args: cli('call', 'text-stats', '--no-user', '--args', JSON.stringify(args)),
          cwd: small,
        },
      },
      START_ROUNDS,
    );
    const bare = `${ms(start.bare)} bare \`node -e 0\``;
    for (const [key, what] of [
      ['list', '`list`, small workspace'],
      ['read', '`read NAME`, small workspace'],
      ['files', '`files NAME`, small workspace'],
      ['listEmpty', '`list`, empty folder (still lists and validates the bundled skills), cold'],
      ['listWarm', '`list`, small workspace, compile cache warm'],
      ['readWarm', '`read NAME`, small workspace, compile cache warm'],
      ['filesWarm', '`files NAME`, small workspace, compile cache warm'],
    ] as const) {
      rows.push({
        what: `(b) ${what}, median of ${START_ROUNDS}`,
        figure: ms(start[key]),
        baseline: bare,
        ratio: ratio(start[key], start.bare),
        // An empty folder is the CLI's own start: it must cost little more than Node's.
        target: key === 'listEmpty' ? '≤ 1.5×' : '≤ 2×',
      });
    }
    rows.push({
      what: `(c) \`call text-stats\`, median of ${START_ROUNDS}`,
      figure: ms(start.call),
      baseline: `${ms(start.script)} bare run of its script`,
      ratio: ratio(start.call, start.script),
      target: '—',
    });

    const cold = noCache();
    if (existsSync(CORPUS)) {
      const found = spawnSync('find', [CORPUS, '-name', 'SKILL.md'], { encoding: 'utf8' });
      const skills = found.stdout.split('\n').filter(Boolean).length;
      rows.push(peerRow(`the real corpus (${skills} skills)`, CORPUS, root, cold));
    } else {
      console.log(`(d) no corpus at ${CORPUS}: its row is left out (set BENCH_CORPUS)`);
    }
    const peerSet = path.join(root, 'peer');
    await generate(peerSet, PEER_SKILLS);
    rows.push(peerRow(`${PEER_SKILLS} generated skills`, path.join(peerSet, 'skills'), root, cold));
    await rm(peerSet, { recursive: true, force: true });

    process.stdout.write(`generating ${COUNT} skills… `);
    const bulk = path.join(root, 'bulk');
    await generate(bulk, COUNT);
    console.log('done');
    const skills = path.join(bulk, 'skills');
    const b = measure(
      {
        floor: { args: ['-e', SYNC_FLOOR, skills], cwd: bulk },
        asyncFloor: { args: ['-e', ASYNC_FLOOR, skills], cwd: bulk },
        listingFloor: { args: ['-e', LISTING_FLOOR, skills], cwd: bulk },
        validate: { args: cli('validate', 'skills', ...cold), cwd: bulk, ok: [0, 1] },
        list: { args: cli('list', '--json', '--no-user', ...cold), cwd: bulk },
      },
      BULK_ROUNDS,
    );
    const floor = `${ms(b.floor)} sync read + YAML parse loop (64-way async: ${ms(b.asyncFloor)}, ${ratio(b.asyncFloor, b.floor)}; with the listings the contracts require: ${ms(b.listingFloor)}, ${ratio(b.listingFloor, b.floor)})`;
    rows.push({
      what: `(a) \`validate DIR\`, ${COUNT} skills, cold, median of ${BULK_ROUNDS}`,
      figure: ms(b.validate),
      baseline: floor,
      ratio: ratio(b.validate, b.floor),
      target: bound(1.3),
    });
    rows.push({
      what: `(a) \`list --json\`, ${COUNT} skills, cold, median of ${BULK_ROUNDS}`,
      figure: ms(b.list),
      baseline: floor,
      ratio: ratio(b.list, b.floor),
      target: bound(1.3),
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}
