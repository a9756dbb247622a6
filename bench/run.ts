/**
 * `npm run bench`: every benchmark, each printed next to a baseline measured in the
 * same run, so that the ratios mean something on a noisy machine.
 */
import os from 'node:os';
import { printRows } from './bench-util';
import { registryBench } from './registry-bench';
import { runnerBench } from './runner-bench';

async function main(): Promise<void> {
  console.log(
    `# Skill Studio benchmarks — ${new Date().toISOString().slice(0, 10)}, node ${process.version}, ${os.cpus().length} cores`,
  );
  const only = process.argv[2];
  if (!only || only === 'registry') printRows('Registry', await registryBench());
  if (!only || only === 'runner') printRows('Runner', await runnerBench());
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
