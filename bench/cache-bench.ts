/**
 * Kept verdicts (electron/host/registry/verdict-cache.ts): `validate DIR` and `list --json`
 * over 10,000 generated skills, whole processes as agents and CI run them, against the sync
 * read + YAML parse floor of the CLI suite (cli-bench.ts), measured in the same rounds:
 *  - warm: the verdicts kept by an earlier run, nothing changed since (a stat per file read;
 *    `list` answers from the run it kept, electron/host/registry/kept-run.ts);
 *  - cold: the cache on but empty, so the run reads every skill and writes the verdicts;
 *  - `--no-cache`: neither read nor written, for reference.
 * Every run keeps the CLI's compiled code warm (its own folder), so the rows differ only in
 * the kept verdicts. Rounds are interleaved and medians reported.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { median, ms, type Row } from './bench-util';
import { BIN, cli, ratio, runOnce, SYNC_FLOOR, type Job } from './cli-bench';
import { generate } from './registry-bench';

const COUNT = Number(process.env.BENCH_SKILLS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_CACHE_ROUNDS ?? 5);

interface Timed {
  job: Job;
  /** Runs before each timed run (not timed). */
  before?: () => Promise<void>;
}

export async function cacheBench(): Promise<Row[]> {
  if (!existsSync(path.join(path.dirname(BIN), '..', 'dist', 'cli.cjs')))
    throw new Error('the CLI is not built: run `npm run build` first');
  const root = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-cache-bench-'));
  const rows: Row[] = [];
  try {
    process.stdout.write(`generating ${COUNT} skills… `);
    const bulk = path.join(root, 'bulk');
    await generate(bulk, COUNT);
    console.log('done');
    // One cache folder for all runs (so the compiled code stays warm); the kept verdicts
    // and the kept runs of `list` are removed before each cold run.
    const caches = path.join(root, 'cache');
    await mkdir(caches);
    const dropVerdicts = async () => {
      for (const kept of ['verdicts', 'runs'])
        await rm(path.join(caches, kept), { recursive: true, force: true });
    };
    const run = (args: string[], ok = [0]): Job => ({
      args: cli(...args),
      cwd: bulk,
      ok,
      codeCache: caches,
    });
    const validate = ['validate', 'skills'];
    const list = ['list', '--json', '--no-user'];
    // Each warm run follows the cold run of its command, whose verdicts it uses (a cold
    // run removes every kept verdict first).
    const jobs: Record<string, Timed> = {
      floor: { job: { args: ['-e', SYNC_FLOOR, path.join(bulk, 'skills')], cwd: bulk } },
      validateCold: { job: run(validate, [0, 1]), before: dropVerdicts },
      validateWarm: { job: run(validate, [0, 1]) },
      validateNoCache: { job: run([...validate, '--no-cache'], [0, 1]) },
      listCold: { job: run(list), before: dropVerdicts },
      listWarm: { job: run(list) },
      listNoCache: { job: run([...list, '--no-cache']) },
    };
    const times: Record<string, number[]> = {};
    for (const [name, { job }] of Object.entries(jobs)) {
      runOnce(job); // warm the file cache
      times[name] = [];
    }
    for (let r = 0; r < ROUNDS; r++) {
      for (const [name, { job, before }] of Object.entries(jobs)) {
        await before?.();
        times[name].push(runOnce(job));
      }
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)]));
    const floor = `${ms(m.floor)} sync read + YAML parse loop`;
    /** `limit`: the target, as a most times the floor (null: none); a row over it says so. */
    const row = (what: string, key: string, limit: number | null): Row => ({
      what: `${what}, ${COUNT} skills, median of ${ROUNDS}`,
      figure: ms(m[key]),
      baseline: floor,
      ratio: ratio(m[key], m.floor),
      target: limit === null ? '—' : `≤ ${limit}×`,
    });
    rows.push(
      row('`validate DIR`, warm (verdicts kept, nothing changed)', 'validateWarm', 0.3),
      row(
        '`validate DIR`, cold (cache on, empty: every skill read, verdicts written)',
        'validateCold',
        1.3,
      ),
      row('`validate DIR --no-cache`', 'validateNoCache', null),
      row('`list --json`, warm (verdicts kept, nothing changed)', 'listWarm', 0.3),
      row(
        '`list --json`, cold (cache on, empty: every skill read, verdicts written)',
        'listCold',
        1.3,
      ),
      row('`list --json --no-cache`', 'listNoCache', null),
    );
  } finally {
    await rm(root, { recursive: true, force: true });
  }
  return rows;
}
