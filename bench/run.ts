/**
 * `npm run bench`: every benchmark, each printed next to a baseline measured in the
 * same run, so that the ratios mean something on a noisy machine. Each suite runs
 * in a fresh process: what one leaves on the heap (10,000 generated skills) would
 * otherwise slow the next one's process spawns and collections.
 *
 * `npm run bench -- SUITE` runs one suite. `npm run bench -- --markdown [SUITE…]` runs the
 * suites (all by default) and prints the README's figures table from that one run: every
 * row, a row that misses its target saying so, under the date and the machine's load.
 * The suites' own output then goes to stderr.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { printRows, writeRowsIfAsked, markdownTable, type Row } from './bench-util';
import { registryBench } from './registry-bench';
import { runnerBench } from './runner-bench';
import { llmBench } from './llm-bench';
import { topologyBench } from './topology-bench';
import { cliBench } from './cli-bench';
import { callBench } from './call-bench';
import { evalBench } from './eval-bench';
import { formBench } from './form-bench';
import { catalogBench } from './catalog-bench';
import { containerBench } from './container-bench';
import { agentClientsBench } from './agent-clients-bench';

const SUITES = {
  registry: ['Registry', registryBench],
  runner: ['Runner', runnerBench],
  llm: ['Model runs', llmBench],
  topology: ['Topologies', topologyBench],
  evals: ['Evals', evalBench],
  form: ['Form view', formBench],
  catalog: ['Catalog', catalogBench],
  clients: ['Agent clients (the pinned clients, against a local fake model)', agentClientsBench],
  container: ['Container sandbox (Podman service, as in the tests)', containerBench],
  cli: ['CLI (whole processes; needs `npm run build`)', cliBench],
  cache: [
    'Kept verdicts (CLI, whole processes)',
    () => import('./cache-bench').then((m) => m.cacheBench()),
  ],
  call: ['CLI `call` of an instruction skill (whole processes; needs `npm run build`)', callBench],
} as const;
type Suite = keyof typeof SUITES;

/** Runs `suites` each in a fresh process; with `rowsDir`, each writes its rows there. */
function runSuites(suites: string[], rowsDir: string | null): void {
  for (const suite of suites) {
    const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1], suite], {
      // The table is the output: the suites' own lines go to stderr.
      stdio: rowsDir ? ['ignore', 2, 'inherit'] : 'inherit',
      env: rowsDir
        ? { ...process.env, BENCH_ROWS_FILE: path.join(rowsDir, `${suite}.json`) }
        : process.env,
    });
    if (run.status !== 0) process.exit(run.status ?? 1);
  }
}

/** The README's table from one run of `suites`, with the date and the load. */
function markdown(suites: string[]): void {
  for (const suite of suites)
    if (!(suite in SUITES))
      throw new Error(`unknown suite "${suite}": ${Object.keys(SUITES).join(', ')}`);
  const load = (): string =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ');
  const started = { at: new Date(), load: load() };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-bench-rows-'));
  try {
    runSuites(suites, dir);
    const rows = suites.flatMap(
      (suite) => JSON.parse(readFileSync(path.join(dir, `${suite}.json`), 'utf8')) as Row[],
    );
    console.log(
      `One run of \`npm run bench\` (${suites.join(', ')}), ${started.at.toISOString().slice(0, 16).replace('T', ' ')} UTC: Node ${process.version.slice(1)}, ${os.cpus().length} cores, load ${started.load} (1 / 5 / 15 min) at the start, ${load()} at the end.\n`,
    );
    console.log(markdownTable(rows));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--markdown') {
    const asked = process.argv.slice(3);
    markdown(asked.length > 0 ? asked : Object.keys(SUITES));
    return;
  }
  const only = process.argv[2];
  if (only === undefined) {
    console.log(
      `# Skill Studio benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores`,
    );
    runSuites(Object.keys(SUITES), null);
    return;
  }
  if (!(only in SUITES))
    throw new Error(`unknown suite "${only}": ${Object.keys(SUITES).join(', ')}`);
  const [title, bench] = SUITES[only as Suite];
  const rows = await bench();
  printRows(title, rows);
  writeRowsIfAsked(rows);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
