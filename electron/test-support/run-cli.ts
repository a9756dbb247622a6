/** Runs the CLI in-process against a folder, with captured output and no real home. */
import { PassThrough } from 'node:stream';
import { runCli } from '../cli/main';
import type { CliIO } from '../cli/io';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCliIn(cwd: string, args: string[], stdin = ''): Promise<CliRun> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  const input = new PassThrough();
  input.end(stdin);
  const io: CliIO = {
    stdout: out,
    stderr: err,
    stdin: input,
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd },
    onInterrupt: () => () => {},
    onOutputClosed: () => () => {},
  };
  // --no-user: tests never read the real home's skill folders.
  const code = await runCli([args[0], '--no-user', ...args.slice(1)], io);
  return { code, stdout, stderr };
}
