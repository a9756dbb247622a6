/**
 * Reading skills on worker threads (scan-parallel.ts) gives exactly what reading them one by
 * one on this thread gives — for `validate`'s folders (client profile included) and for the
 * registry's scan — on a tree of every kind of skill folder; a worker that dies midway
 * loses nothing; below the threshold no worker starts, and above it one starts only when
 * the pace of the first reads says the work left outweighs its start.
 */
import { statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkFolders, foldersFor, type SkillFolder } from './folder-checks';
import { SkillRegistry } from './registry';
import { scanFolders, type FolderScan } from './scan';
import { folderChecker, packFolder, type CheckedFolder, type ScanJob } from './scan-jobs';
import { otherWorkNow } from './other-work';
import { readAll, type ParallelOptions, type ParallelReport } from './scan-parallel';
import type { ReadInput } from './read-inputs';
import { runRecorder } from './run-recorder';
import type { SourceFolder } from './sources';

/** Loading the worker's module through tsx (source runs) can take seconds. */
const SLOW = 60_000;
const PLAIN = 24;

// The counts below are for one worker: the machine seems to have two idle cores, whatever it has.
vi.spyOn(os, 'availableParallelism').mockReturnValue(2);
vi.mock('./other-work', () => ({ otherWorkNow: vi.fn(() => 0) }));

let tmp: string;
let skills: string;
let targets: string[];

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

const skillMd = (name: string, extra = '', body = ''): string =>
  `---\nname: ${name}\ndescription: Does ${name} things. Use it when ${name} is asked for.\n${extra}---\n\n# ${name}\n${body}`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'scan-parallel-'));
  skills = path.join(tmp, 'skills');
  for (let i = 0; i < PLAIN; i++) {
    const dir = path.join(skills, `plain-${String(i).padStart(2, '0')}`);
    await write(path.join(dir, 'SKILL.md'), skillMd(`plain-${String(i).padStart(2, '0')}`));
    await write(path.join(dir, 'references', 'notes.md'), `notes ${i}\n`);
  }
  // A YAML syntax error, a name that breaks the rules, a missing link and a missing entrypoint.
  await write(path.join(skills, 'broken-yaml', 'SKILL.md'), '---\nname: [broken\n---\nbody\n');
  await write(
    path.join(skills, 'bad-name', 'SKILL.md'),
    skillMd('Bad_Name', 'entrypoint: scripts/missing.py\n', 'See [gone](references/gone.md).\n'),
  );
  // Aliases (one object reached twice) and a key named __proto__ must cross unchanged.
  await write(
    path.join(skills, 'aliases', 'SKILL.md'),
    skillMd('aliases', 'metadata: &m\n  a: 1\n  __proto__: kept\nx-copy: *m\ntags: [a, b]\n'),
  );
  await write(path.join(skills, 'lower-case', 'skill.md'), skillMd('lower-case'));
  await write(path.join(skills, 'evals-bad', 'SKILL.md'), skillMd('evals-bad'));
  await write(path.join(skills, 'evals-bad', 'evals', 'evals.json'), '{ not json');
  await write(path.join(skills, 'no-skill-md', 'notes.md'), 'not a skill\n');
  // Nested: validate's walk finds the child too; the registry reads depth 1 only.
  await write(path.join(skills, 'nested', 'SKILL.md'), skillMd('nested'));
  await write(path.join(skills, 'nested', 'inner', 'child', 'SKILL.md'), skillMd('child'));
  // A symlinked skill (real folder elsewhere), a dangling link and a link to a file.
  await write(path.join(tmp, 'elsewhere', 'linked-real', 'SKILL.md'), skillMd('linked'));
  await symlink(path.join(tmp, 'elsewhere', 'linked-real'), path.join(skills, 'linked'));
  await symlink(path.join(tmp, 'nowhere'), path.join(skills, 'dangling'));
  await symlink(path.join(skills, 'plain-00', 'SKILL.md'), path.join(skills, 'file-link'));
  // validate's other targets: a folder with no skill at all, and a SKILL.md named directly.
  await mkdir(path.join(tmp, 'empty'));
  targets = [skills, path.join(tmp, 'empty'), path.join(skills, 'plain-03', 'SKILL.md')];
});
afterAll(() => rm(tmp, { recursive: true, force: true }));

async function allFolders(): Promise<SkillFolder[]> {
  const out: SkillFolder[] = [];
  for (const t of targets) out.push(...(await foldersFor(t)));
  return out;
}

/** Options that make workers read (none of this tree is large) and record the report. */
function forced(extra: ParallelOptions = {}): {
  opts: ParallelOptions;
  report: () => ParallelReport;
} {
  // Summed over every list read (a registry reads one per source folder).
  let report: ParallelReport | null = null;
  const add = (r: ParallelReport): void => {
    report = {
      workers: (report?.workers ?? 0) + r.workers,
      readByWorkers: (report?.readByWorkers ?? 0) + r.readByWorkers,
      logs: [...(report?.logs ?? []), ...r.logs],
      logsLost: (report?.logsLost ?? false) || r.logsLost,
    };
  };
  return {
    opts: { minItems: 0, workLeftMs: 0, ...extra, onReport: add },
    report: () => {
      if (!report) throw new Error('no report');
      return report;
    },
  };
}

describe('validate on worker threads', () => {
  it(
    'reports exactly what the sequential check reports, in the same order',
    async () => {
      const folders = await allFolders();
      expect(folders.length).toBeGreaterThan(PLAIN + 8);
      const sequential = await checkFolders(folders, 'studio', null, false);
      // The tree holds every kind of result: clean, warnings, errors, SKILL_MD_MISSING.
      const codes = new Set(sequential.flatMap((c) => c.diagnostics.map((d) => d.code)));
      expect(codes).toContain('FRONTMATTER_YAML');
      expect(codes).toContain('SKILL_MD_MISSING');
      expect(sequential.map((c) => c.name)).toContain('child');
      expect(sequential.map((c) => c.name)).toContain('linked');

      const onWorkers = forced({ mainReads: false });
      expect(await checkFolders(folders, 'studio', null, onWorkers.opts)).toStrictEqual(sequential);
      expect(onWorkers.report()).toMatchObject({ workers: 1, readByWorkers: folders.length });

      // The main thread and the worker both reading, as in the CLI.
      const shared = forced();
      expect(await checkFolders(folders, 'studio', null, shared.opts)).toStrictEqual(sequential);
      expect(shared.report().workers).toBe(1);
    },
    SLOW,
  );

  it(
    'applies a client profile exactly as the sequential check does',
    async () => {
      const folders = await allFolders();
      const sequential = await checkFolders(folders, 'studio', 'claude-code', false);
      const onWorkers = forced({ mainReads: false });
      expect(await checkFolders(folders, 'studio', 'claude-code', onWorkers.opts)).toStrictEqual(
        sequential,
      );
      expect(onWorkers.report().readByWorkers).toBe(folders.length);
    },
    SLOW,
  );

  it(
    'loses nothing when a worker dies midway',
    async () => {
      const folders = await allFolders();
      const sequential = await checkFolders(folders, 'studio', null, false);
      // Posts 2 results at a time, exits on taking its 6th item: 4 reported, 2 lost.
      const dying = forced({ mainReads: false, batch: 2, workerExitsAfter: 5 });
      expect(await checkFolders(folders, 'studio', null, dying.opts)).toStrictEqual(sequential);
      expect(dying.report().readByWorkers).toBeLessThanOrEqual(4);
    },
    SLOW,
  );

  it('starts no worker while other work keeps the other core busy', async () => {
    const folders = await allFolders();
    let report: ParallelReport | null = null;
    vi.mocked(otherWorkNow).mockReturnValueOnce(1);
    const options = { minItems: 0, workLeftMs: 0, onReport: (r: ParallelReport) => (report = r) };
    await checkFolders(folders, 'studio', null, options);
    expect(report).toMatchObject({ workers: 0, readByWorkers: 0 });
  });

  it('starts no worker below the threshold', async () => {
    const folders = await allFolders();
    let report: ParallelReport | null = null;
    await checkFolders(folders, 'studio', null, { onReport: (r) => (report = r) });
    expect(report).toMatchObject({ workers: 0, readByWorkers: 0 });
  });

  it(
    'starts a worker once the pace of the first reads says enough work is left, and not before',
    async () => {
      const folders = await allFolders();
      const sequential = await checkFolders(folders, 'studio', null, false);
      const check = folderChecker('studio', null);
      /** Each item costs at least 2 ms on this thread: a pace the estimate can read. */
      const slowly = async (i: number): Promise<CheckedFolder> => {
        const until = performance.now() + 2;
        while (performance.now() < until);
        return check(folders[i]);
      };
      const readWith = async (workLeftMs: number): Promise<ParallelReport> => {
        let report: ParallelReport | null = null;
        const options = { minItems: 0, workLeftMs, onReport: (r: ParallelReport) => (report = r) };
        const job = (): ScanJob => ({
          kind: 'folders',
          folders: folders.map(packFolder),
          profile: 'studio',
          client: null,
        });
        expect(await readAll(folders.length, slowly, { options, job })).toStrictEqual(sequential);
        if (!report) throw new Error('no report');
        return report;
      };
      // Over 30 items of 2 ms, 20 ms are left once 15 ms are spent: 10 ms is reached, 10 s never.
      expect((await readWith(10)).workers).toBe(1);
      expect(await readWith(10_000)).toMatchObject({ workers: 0, readByWorkers: 0 });
    },
    SLOW,
  );
});

describe('registry scan on worker threads', () => {
  const source = (): SourceFolder => ({ source: 'project', id: 'p', dir: skills, priority: 0 });

  /** Everything a scan gives, with each skill's source folder by identity. */
  function visible(scans: FolderScan[], folders: SourceFolder[]): unknown {
    return scans.map((s) => ({
      ...s,
      skills: s.skills.map((k) => {
        expect(k.folder).toBe(folders[s.folderIndex]);
        return { ...k, folder: null };
      }),
    }));
  }

  it(
    'scans exactly as the sequential scan does, fingerprints and file counts included',
    async () => {
      const folders = [source()];
      const sequential = visible(await scanFolders(folders, { sync: true }), folders);
      const onWorkers = forced({ mainReads: false });
      const parallel = await scanFolders(folders, { sync: true, parallel: onWorkers.opts });
      expect(visible(parallel, folders)).toStrictEqual(sequential);
      expect(parallel[0].skills.length).toBeGreaterThan(PLAIN);
      expect(parallel[0].skills.some((k) => k.linked)).toBe(true);
      expect(onWorkers.report().workers).toBe(1);
    },
    SLOW,
  );

  it(
    'loses nothing when a worker dies midway',
    async () => {
      const folders = [source()];
      const sequential = visible(await scanFolders(folders, { sync: true }), folders);
      const dying = forced({ mainReads: false, batch: 3, workerExitsAfter: 7 });
      const parallel = await scanFolders(folders, { sync: true, parallel: dying.opts });
      expect(visible(parallel, folders)).toStrictEqual(sequential);
      expect(dying.report().readByWorkers).toBeLessThanOrEqual(6);
    },
    SLOW,
  );

  it(
    'lists the same catalog through the registry (the CLI’s `list`)',
    async () => {
      const load = async (parallel: ParallelOptions | false): Promise<SkillRegistry> => {
        // tmp/skills is the project's; the bundled folder holds the linked skill's real folder.
        const registry = new SkillRegistry({
          workspace: tmp,
          home: null,
          frameworkDir: path.join(tmp, 'elsewhere'),
          scan: { sync: true, countFiles: true, fingerprint: false, parallel },
        });
        await registry.load();
        return registry;
      };
      const sequential = await load(false);
      const onWorkers = forced({ mainReads: false });
      const parallel = await load(onWorkers.opts);
      expect(parallel.all()).toStrictEqual(sequential.all());
      expect(parallel.conflicts()).toStrictEqual(sequential.conflicts());
      expect(parallel.all().length).toBeGreaterThan(PLAIN);
      // Every source folder's skills were read by workers (one per folder here).
      expect(onWorkers.report().workers).toBe(2);
      expect(onWorkers.report().readByWorkers).toBeGreaterThan(PLAIN);
    },
    SLOW,
  );

  it(
    'posts what a worker read for a kept run, so the run can be checked again',
    async () => {
      // runStart 0: nothing written here counts as racy, so the check compares metadata.
      const run = runRecorder(0);
      const onWorkers = forced({ mainReads: false, workerLogs: true });
      const opts = { ...onWorkers.opts, workerLogs: true };
      const recorded = { sync: true, recordInputs: { runStart: 0 }, keptRun: run };
      await scanFolders([source()], { ...recorded, parallel: opts });
      const report = onWorkers.report();
      expect(report).toMatchObject({ workers: 1, logsLost: false });
      expect(report.logs).toHaveLength(1);
      for (const log of report.logs) run.merge(log as ReadInput[]);
      const record = run.record();
      if (!record) throw new Error('nothing recorded');
      // Every skill folder the worker read was listed there, and its SKILL.md read.
      const listed = new Set(record.log.filter((i) => i.kind === 'list').map((i) => i.path));
      for (let i = 0; i < PLAIN; i++)
        expect(listed).toContain(path.join(skills, `plain-${String(i).padStart(2, '0')}`));
      expect(record.log.some((i) => i.kind === 'real')).toBe(true); // the linked skill
      expect(record.skills.length).toBeGreaterThan(PLAIN);
    },
    SLOW,
  );

  it(
    'posts each folder a worker listed with its identity, from a stat it could trust',
    async () => {
      // A run that begins later than every folder here was made: each stat is trusted.
      const runStart = Date.now() + 10_000;
      const run = runRecorder(runStart);
      const onWorkers = forced({ mainReads: false, workerLogs: true });
      const opts = { ...onWorkers.opts, workerLogs: true };
      const recorded = { sync: true, recordInputs: { runStart }, keptRun: run };
      await scanFolders([source()], { ...recorded, parallel: opts });
      const [log] = onWorkers.report().logs as ReadInput[][];
      const listed = log.filter((i) => i.kind === 'list');
      for (let i = 0; i < PLAIN; i++) {
        const dir = path.join(skills, `plain-${String(i).padStart(2, '0')}`);
        const st = statSync(dir);
        const input = listed.find((l) => l.path === dir);
        expect(input?.at).toEqual([st.dev, st.ino, st.mtimeMs, st.ctimeMs]);
      }
    },
    SLOW,
  );

  it(
    'reports a lost log when a worker ends without posting what it read',
    async () => {
      const run = runRecorder(0);
      const dying = forced({ mainReads: false, batch: 3, workerExitsAfter: 7 });
      const opts = { ...dying.opts, workerLogs: true };
      const recorded = { sync: true, recordInputs: { runStart: 0 }, keptRun: run };
      await scanFolders([source()], { ...recorded, parallel: opts });
      expect(dying.report().logsLost).toBe(true);
    },
    SLOW,
  );

  it('starts no worker below the threshold', async () => {
    let report: ParallelReport | null = null;
    await scanFolders([source()], { sync: true, parallel: { onReport: (r) => (report = r) } });
    expect(report).toMatchObject({ workers: 0, readByWorkers: 0 });
  });
});
