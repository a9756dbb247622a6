/**
 * Picks the sandbox once per process: bwrap when it is on PATH and actually works
 * here (user namespaces can be switched off, containers vary), else a plain child
 * process. prlimit is probed separately and used by both.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { BwrapSandbox, SANDBOX_SYSTEM_PATH } from './bwrap';
import { PlainSandbox } from './plain';
import type { SandboxDriver, SandboxName } from './types';

export type SandboxPreference = 'auto' | SandboxName;

/** Size of the sandbox's private /tmp (a tmpfs, so it is memory). */
export const SANDBOX_TMP_BYTES = 64 * 1024 * 1024;

/** Namespace option sets to try, strongest first; the first that runs is kept. */
const NAMESPACE_VARIANTS: string[][] = [
  ['--unshare-all'],
  // As root in some containers the user namespace must be asked for explicitly.
  ['--unshare-all', '--unshare-user'],
  ['--unshare-user', '--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts'],
  ['--unshare-net', '--unshare-pid', '--unshare-ipc'],
];

export function findExecutable(name: string, searchPath: string[]): string | null {
  for (const dir of searchPath) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

function hostPath(): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter((p) => p.length > 0);
}

function run(
  command: string,
  args: string[],
  timeoutMs = 5000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, env: { PATH: SANDBOX_SYSTEM_PATH.join(':') }, maxBuffer: 64 * 1024 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : null) : 0;
        resolve({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
  });
}

async function probePrlimit(): Promise<string | null> {
  if (process.platform !== 'linux') return null;
  const prlimit = findExecutable('prlimit', [...hostPath(), ...SANDBOX_SYSTEM_PATH]);
  const trueBin = findExecutable('true', SANDBOX_SYSTEM_PATH);
  if (!prlimit || !trueBin) return null;
  const r = await run(prlimit, [`--as=${1024 * 1024 * 1024}`, '--fsize=1048576', '--', trueBin]);
  return r.code === 0 ? prlimit : null;
}

interface BwrapProbe {
  driver: BwrapSandbox | null;
  why: string;
}

/** Set to `process` to never use bwrap on this machine (e.g. while bwrap misbehaves). */
export const SANDBOX_ENV = 'SKILL_STUDIO_SANDBOX';

async function probeBwrap(prlimit: string | null): Promise<BwrapProbe> {
  if (process.env[SANDBOX_ENV] === 'process') {
    return { driver: null, why: `bwrap switched off by ${SANDBOX_ENV}=process` };
  }
  if (process.platform !== 'linux')
    return { driver: null, why: `bwrap is Linux-only (${process.platform})` };
  const bwrap = findExecutable('bwrap', [...hostPath(), ...SANDBOX_SYSTEM_PATH]);
  if (!bwrap)
    return { driver: null, why: 'bwrap is not installed (Debian/Ubuntu: apt install bubblewrap)' };
  const echo = findExecutable('echo', SANDBOX_SYSTEM_PATH);
  if (!echo) return { driver: null, why: 'no echo in the system folders to probe bwrap with' };
  // Probe with the real layout: a skill folder, a scratch folder, the caps.
  const root = mkdtempSync(join(tmpdir(), 'skill-sandbox-probe-'));
  const skill = join(root, 'skill');
  const scratch = join(root, 'scratch');
  mkdirSync(skill, { recursive: true });
  mkdirSync(scratch, { recursive: true });
  let lastError = '';
  try {
    for (const namespaceArgs of NAMESPACE_VARIANTS) {
      for (const tmpSizeBytes of [SANDBOX_TMP_BYTES, null]) {
        const driver = new BwrapSandbox({
          bwrap,
          prlimit,
          namespaceArgs,
          tmpSizeBytes,
          reason: `bwrap ${namespaceArgs.join(' ')}${prlimit ? ' + prlimit' : ''}`,
        });
        const launch = driver.prepare({
          command: echo,
          args: ['sandbox-ok'],
          env: { PATH: SANDBOX_SYSTEM_PATH.join(':') },
          skillRoot: skill,
          scratch,
          readOnlyPaths: [],
          caps: {
            dataBytes: 512 * 1024 * 1024,
            addressSpaceBytes: 1024 * 1024 * 1024,
            fileSizeBytes: 1048576,
            cpuSeconds: 5,
            processes: null,
          },
        });
        const r = await run(launch.command, launch.args);
        if (r.code === 0 && r.stdout.includes('sandbox-ok')) return { driver, why: driver.reason };
        lastError = r.stderr.trim().split('\n').slice(-1)[0] ?? `exit ${r.code}`;
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { driver: null, why: `bwrap is installed but cannot create a sandbox here: ${lastError}` };
}

let probed: Promise<{ bwrap: BwrapProbe; prlimit: string | null }> | null = null;

function probeOnce(): Promise<{ bwrap: BwrapProbe; prlimit: string | null }> {
  if (!probed) {
    probed = (async () => {
      const prlimit = await probePrlimit();
      const bwrap = await probeBwrap(prlimit);
      return { bwrap, prlimit };
    })();
  }
  return probed;
}

/**
 * The sandbox to run scripts in. 'auto' takes bwrap when it works, else a plain
 * process; 'bwrap' fails when bwrap cannot run; 'process' never uses bwrap.
 */
export async function detectSandbox(
  preference: SandboxPreference = 'auto',
): Promise<SandboxDriver> {
  const { bwrap, prlimit } = await probeOnce();
  if (preference !== 'process' && bwrap.driver) return bwrap.driver;
  if (preference === 'bwrap') throw new Error(`the bwrap sandbox is not available: ${bwrap.why}`);
  const caps = prlimit ? 'prlimit caps' : 'no resource caps (prlimit not found)';
  const why = preference === 'process' ? 'plain process by request' : `plain process: ${bwrap.why}`;
  return new PlainSandbox(prlimit, `${why}; ${caps}`);
}

/** Why bwrap is or is not used (for `doctor`-style output and skipped tests). */
export async function bwrapStatus(): Promise<{ available: boolean; reason: string }> {
  const { bwrap } = await probeOnce();
  return { available: bwrap.driver !== null, reason: bwrap.why };
}
