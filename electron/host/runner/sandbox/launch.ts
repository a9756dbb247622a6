/**
 * Spawning a prepared Launch: the files it inherits are opened read-only, handed
 * over as fd 3, 4, … and closed in the host right after the spawn (the child has
 * its own copies). Each run opens its own descriptors: bwrap reads its seccomp
 * filter to the end, and a shared file offset would leave the next run nothing.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import type { Launch } from './types';

export function spawnLaunch(launch: Launch, options: { detached: boolean }): ChildProcess {
  const fds: number[] = [];
  try {
    for (const file of launch.inheritFiles) fds.push(openSync(file, 'r'));
    const stdio: StdioOptions = ['pipe', 'pipe', 'pipe', ...fds];
    return spawn(launch.command, launch.args, {
      cwd: launch.cwd,
      env: launch.env,
      detached: options.detached,
      stdio,
      windowsHide: true,
    });
  } finally {
    for (const fd of fds) closeSync(fd);
  }
}

/** Runs a Launch to the end (probes): exit code (null on a signal), stdout, stderr. */
export function runLaunch(
  launch: Launch,
  timeoutMs = 5000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      child = spawnLaunch(launch, { detached: false });
    } catch (err) {
      resolve({ code: null, stdout: '', stderr: (err as Error).message });
      return;
    }
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr: stderr + err.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}
