/**
 * Picks the sandbox once per process: bwrap when it is on PATH and a hardened
 * sandbox (no capabilities, seccomp filter) actually works here (user namespaces
 * can be switched off, containers vary), else a plain child process under a
 * supervisor. prlimit is probed separately and used by both. A bwrap that only
 * works without the hardening is never chosen: that falls back to the plain
 * process, whose results say so.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { BwrapSandbox, SANDBOX_SYSTEM_PATH } from './bwrap';
import { runLaunch } from './launch';
import { PlainSandbox, type Supervisor } from './plain';
import { seccompProgram } from './seccomp';
import type { SandboxDriver, TmpfsCaps } from './types';
import { findExecutable } from '../core/find-executable';
import type { ContainerConfig, SandboxPreference } from '../../workspace/runner-config';
import { errorMessage } from '../../../../shared/errors';

/** How long `auto` waits for an engine to answer, and how long `container` does. */
const ENGINE_PING_MS = 2000;
const ENGINE_REQUEST_MS = 10_000;

/** Sizes of the sandbox's tmpfs mounts (memory, counted in the run's memory cgroup). */
export const DEFAULT_TMPFS_CAPS: TmpfsCaps = {
  scratchBytes: 256 * 1024 * 1024,
  shmBytes: 64 * 1024 * 1024,
  tmpBytes: 64 * 1024 * 1024,
};

/** Namespace option sets to try, strongest first; the first that runs is kept. */
const NAMESPACE_VARIANTS: string[][] = [
  ['--unshare-all'],
  // As root in some containers the user namespace must be asked for explicitly.
  ['--unshare-all', '--unshare-user'],
  ['--unshare-user', '--unshare-net', '--unshare-pid', '--unshare-ipc', '--unshare-uts'],
  ['--unshare-net', '--unshare-pid', '--unshare-ipc'],
];

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

const NO_CAPABILITIES = /^CapEff:\s*0+$/m;

/** The seccomp program, written once per process to a private file bwrap reads. */
function writeSeccompFile(): { file: string | null; why: string } {
  const program = seccompProgram();
  if (!program) return { file: null, why: `no seccomp filter for ${process.arch}` };
  const dir = mkdtempSync(join(tmpdir(), 'skill-sandbox-seccomp-'));
  const file = join(dir, 'filter.bpf');
  writeFileSync(file, program, { mode: 0o400 });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return { file, why: 'seccomp' };
}

async function probeBwrap(prlimit: string | null): Promise<BwrapProbe> {
  if (process.env[SANDBOX_ENV] === 'process') {
    return { driver: null, why: `bwrap switched off by ${SANDBOX_ENV}=process` };
  }
  if (process.platform !== 'linux')
    return { driver: null, why: `bwrap is Linux-only (${process.platform})` };
  const bwrap = findExecutable('bwrap', [...hostPath(), ...SANDBOX_SYSTEM_PATH]);
  if (!bwrap)
    return { driver: null, why: 'bwrap is not installed (Debian/Ubuntu: apt install bubblewrap)' };
  const cat = findExecutable('cat', SANDBOX_SYSTEM_PATH);
  const shell = findExecutable('sh', SANDBOX_SYSTEM_PATH);
  if (!cat || !shell) return { driver: null, why: 'no cat or sh in the system folders' };
  const seccomp = writeSeccompFile();
  // Probe with the real layout (a skill folder, a scratch folder, the caps, every
  // hardening flag) and check that the program inside holds no capability: a
  // variant that cannot drop them is not a sandbox.
  const root = mkdtempSync(join(tmpdir(), 'skill-sandbox-probe-'));
  const skill = join(root, 'skill');
  const scratch = join(root, 'scratch');
  mkdirSync(skill, { recursive: true });
  mkdirSync(scratch, { recursive: true });
  let lastError = '';
  try {
    for (const namespaceArgs of NAMESPACE_VARIANTS) {
      for (const sizedTmpfs of [true, false]) {
        const extras = [
          prlimit ? 'prlimit' : null,
          seccomp.why,
          sizedTmpfs ? 'capped tmpfs' : 'uncapped tmpfs (this bwrap has no --size)',
        ].filter((x) => x !== null);
        const driver = new BwrapSandbox({
          bwrap,
          prlimit,
          shell,
          namespaceArgs,
          seccompFile: seccomp.file,
          sizedTmpfs,
          reason: `bwrap ${namespaceArgs.join(' ')} --cap-drop ALL + ${extras.join(' + ')}`,
        });
        const launch = driver.prepare({
          command: cat,
          args: ['/proc/self/status'],
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
          cgroupProcs: [],
          processesInside: 64,
          tmpfs: DEFAULT_TMPFS_CAPS,
        });
        const r = await runLaunch(launch);
        if (r.code === 0 && NO_CAPABILITIES.test(r.stdout)) return { driver, why: driver.reason };
        lastError =
          r.code === 0
            ? 'the sandboxed program still holds capabilities'
            : (r.stderr.trim().split('\n').slice(-1)[0] ?? `exit ${r.code}`);
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return {
    driver: null,
    why: `bwrap is installed but cannot create a hardened sandbox here: ${lastError}`,
  };
}

/** Perl that can make itself a child subreaper (supervisor.ts), on Linux. */
const SUBREAPER_PROBE =
  'use POSIX; my %p = (x86_64 => 157, aarch64 => 167); my $n = $p{(POSIX::uname())[4]}; exit(defined $n && syscall($n, 36, 1, 0, 0, 0) == 0 ? 0 : 1)';

/** The supervisor's programs (Linux), when Perl can be a subreaper here. */
async function probeSupervisor(): Promise<Supervisor | null> {
  if (process.platform !== 'linux') return null;
  const perl = findExecutable('perl', SANDBOX_SYSTEM_PATH);
  if (!perl) return null;
  const r = await run(perl, ['-e', SUBREAPER_PROBE]);
  if (r.code !== 0) return null;
  return { perl, setpriv: findExecutable('setpriv', SANDBOX_SYSTEM_PATH) };
}

interface Probes {
  bwrap: BwrapProbe;
  prlimit: string | null;
  supervisor: Supervisor | null;
}

let probed: Promise<Probes> | null = null;

function probeOnce(): Promise<Probes> {
  if (!probed) {
    probed = (async () => {
      const prlimit = await probePrlimit();
      const [bwrap, supervisor] = await Promise.all([probeBwrap(prlimit), probeSupervisor()]);
      return { bwrap, prlimit, supervisor };
    })();
  }
  return probed;
}

/**
 * The sandbox to run scripts in. 'auto' takes bwrap when it works on Linux; on macOS and
 * Windows, the container engine when one answers; else a plain process. 'bwrap' and
 * 'container' fail when they cannot run; 'process' never isolates.
 */
export async function detectSandbox(
  preference: SandboxPreference = 'auto',
  container: ContainerConfig | null = null,
  /** The platform `auto` decides for (tests stand in for macOS and Windows). */
  platform: NodeJS.Platform = process.platform,
): Promise<SandboxDriver> {
  if (preference === 'container') {
    if (!container) throw new Error('the container sandbox needs a runner.container configuration');
    const { containerSandbox } = await import('./container-detect');
    // Asked for by name: the engine gets as long as any request (a busy engine is slow to answer).
    return containerSandbox(container, 'container sandbox by request', ENGINE_REQUEST_MS);
  }
  // `auto` away from Linux: the engine when one answers (bwrap is Linux-only).
  let engineWhy = '';
  if (preference === 'auto' && container && platform !== 'linux') {
    try {
      const { containerSandbox } = await import('./container-detect');
      return await containerSandbox(container, `auto on ${platform}`, ENGINE_PING_MS);
    } catch (err) {
      engineWhy = `; no container engine: ${errorMessage(err)}`;
    }
  }
  const { bwrap, prlimit, supervisor } = await probeOnce();
  if (preference !== 'process' && bwrap.driver) return bwrap.driver;
  if (preference === 'bwrap') throw new Error(`the bwrap sandbox is not available: ${bwrap.why}`);
  const caps = prlimit ? 'prlimit caps' : 'no resource caps (prlimit not found)';
  const guard = supervisor
    ? 'supervised (subreaper, killed with the host)'
    : 'unsupervised (no perl subreaper)';
  const why =
    preference === 'process'
      ? 'plain process by request'
      : `plain process: ${bwrap.why}${engineWhy}`;
  return new PlainSandbox(prlimit, `${why}; ${caps}; ${guard}`, process.env.PATH ?? '', supervisor);
}

/** Why bwrap is or is not used (for `doctor`-style output and skipped tests). */
export async function bwrapStatus(): Promise<{ available: boolean; reason: string }> {
  const { bwrap } = await probeOnce();
  return { available: bwrap.driver !== null, reason: bwrap.why };
}

/**
 * The text a UI shows while skills run unsandboxed (null under bwrap). Running a
 * skill as a plain process is never silent: every result also says
 * `sandbox: "process"` and `sandbox_limits.isolated: false`.
 */
export function sandboxWarning(driver: SandboxDriver): string | null {
  if (driver.name !== 'process') return null;
  return (
    'Skills run as plain processes, not in a sandbox: a skill can use the network, ' +
    'read and write every file your user can, and see other processes. Only run ' +
    `skills you trust. (${driver.reason})`
  );
}
