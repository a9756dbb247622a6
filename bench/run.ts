/**
 * `npm run bench`: every benchmark, each printed next to a baseline measured in the
 * same run, so that the ratios mean something on a noisy machine. Each suite runs
 * in a fresh process: what one leaves on the heap (10,000 generated skills) would
 * otherwise slow the next one's process spawns and collections.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { printRows } from './bench-util';
import { registryBench } from './registry-bench';
import { runnerBench } from './runner-bench';
import { llmBench } from './llm-bench';
import { topologyBench } from './topology-bench';
import { cliBench } from './cli-bench';
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
} as const;
type Suite = keyof typeof SUITES;

async function main(): Promise<void> {
  const only = process.argv[2];
  if (only === undefined) {
    console.log(
      `# Skill Studio benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores`,
    );
    for (const suite of Object.keys(SUITES)) {
      const run = spawnSync(process.execPath, [...process.execArgv, process.argv[1], suite], {
        stdio: 'inherit',
      });
      if (run.status !== 0) process.exit(run.status ?? 1);
    }
    return;
  }
  if (!(only in SUITES))
    throw new Error(`unknown suite "${only}": ${Object.keys(SUITES).join(', ')}`);
  const [title, bench] = SUITES[only as Suite];
  printRows(title, await bench());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
