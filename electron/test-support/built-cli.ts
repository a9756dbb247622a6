/**
 * Test support for tests of the built CLI (`npm run build` first): where its launcher is,
 * a check that the build is there, and a whole process run to its end.
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
/** The launcher users run: the built CLI with its cache folder and build id. */
export const BIN = path.join(REPO, 'bin', 'skill-studio.cjs');

/** Throws, saying what to run, when the CLI is not built. */
export function assertBuilt(): void {
  if (!existsSync(path.join(REPO, 'dist', 'cli.cjs')))
    throw new Error('the CLI is not built: run `npm run build` first');
}

export interface ProcessRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `args` with this Node to its end, collecting what it prints. */
export function runProcess(
  args: string[],
  opts: Omit<SpawnOptions, 'stdio'> = {},
): Promise<ProcessRun> {
  const child = spawn(process.execPath, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
