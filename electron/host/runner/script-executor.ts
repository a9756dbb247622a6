/**
 * Runs script skills (docs/contracts.md, Script ABI): the entrypoint under an interpreter, in a
 * sandbox, with the stdin/stdout JSON contract:
 *
 *   stdin  ← {"arguments":{…},"context":{"req_id","correlation_id","metadata","skill":{"name","root"}}}
 *   stdout → JSON lines: progress | log | status | artifact | result | error;
 *            any other line is a `log` info event
 *   stderr → `log` warn events (the last lines are kept for error messages)
 *
 * Memory stays bounded whatever the skill prints: output is parsed as it streams,
 * at most one line (≤ maxLineBytes) is buffered, and the run is killed when the
 * total output, a single line or the number of events goes over its cap.
 *
 * Each run gets its own cgroup where this machine allows one (sandbox/cgroup.ts):
 * memory, process count and CPU are capped for the run as a whole, and the kernel's
 * OOM count tells a memory kill from any other SIGKILL. Every exit path kills the
 * process group and the cgroup (or, without one, sweeps for stragglers), and the
 * result says which limits held (`sandbox_limits`).
 */
import { chmod, mkdtemp, readdir, realpath, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { ExecContext, ExecOutcome, Executor, SandboxLimits } from './core/types';
import { chooseInterpreter, type InterpreterChoice } from './core/interpreter';
import { launchSpec, scriptStdin } from './script-launch';
import { prepareLaunch, superviseRun } from './script-run';
import { cgroupManager, type RunCgroup } from './sandbox/cgroup';
import { detectSandbox } from './sandbox/detect';
import type { SandboxPreference } from '../workspace/runner-config';
import { defaultRunnerConfig } from '../workspace/runner-config';
import type { Launch, LaunchSpec, SandboxDriver } from './sandbox/types';
import type { RunnerConfig } from '../workspace/runner-config';
import { errorMessage } from '../../../shared/errors';
import { isStrictlyInside } from '../fs/safe-path';
import { logSwallowed } from '../log';
import { DEFAULT_SCRIPT_LIMITS, type ScriptLimits } from './script-limits';

export interface ScriptExecutorOptions {
  /** A driver, or which one to detect. Default 'auto'. */
  sandbox?: SandboxDriver | SandboxPreference;
  limits?: Partial<ScriptLimits>;
  /** Where scratch folders are made. Default the OS temp folder. */
  scratchParent?: string;
  /** How long to wait for output pipes to close after the program exits. */
  drainGraceMs?: number;
  /** Use a cgroup per run where one can be made. Default true. */
  cgroups?: boolean;
  /**
   * The runner settings in force (user settings, then skill-studio.json), read for every
   * run: `sandbox` when neither the options nor the call choose one, and the container
   * engine and images. Absent: the defaults.
   */
  runner?: () => RunnerConfig;
}

export class ScriptExecutor implements Executor {
  readonly limits: ScriptLimits;
  /** Drivers by preference and container settings: each detected once, a failure not kept. */
  private readonly drivers = new Map<string, Promise<SandboxDriver>>();

  constructor(private readonly options: ScriptExecutorOptions = {}) {
    this.limits = { ...DEFAULT_SCRIPT_LIMITS, ...options.limits };
  }

  /**
   * The sandbox a run takes: the call's choice (`override`), else the executor's option,
   * else the runner settings' `sandbox`.
   */
  sandbox(override?: SandboxPreference): Promise<SandboxDriver> {
    const given = this.options.sandbox;
    if (override === undefined && given !== undefined && typeof given !== 'string')
      return Promise.resolve(given);
    const runner = this.options.runner?.() ?? null;
    const preference =
      override ?? (typeof given === 'string' ? given : undefined) ?? runner?.sandbox ?? 'auto';
    const container = runner?.container ?? defaultRunnerConfig().container;
    const key = `${preference}\n${JSON.stringify(container)}`;
    let driver = this.drivers.get(key);
    if (!driver) {
      driver = detectSandbox(preference, container);
      this.drivers.set(key, driver);
      // An engine that was not running may be started later: try again next time.
      driver.catch(() => this.drivers.delete(key));
    }
    return driver;
  }

  async run(ctx: ExecContext): Promise<ExecOutcome> {
    let driver: SandboxDriver;
    try {
      driver = await this.sandbox(ctx.sandbox);
    } catch (err) {
      return {
        success: false,
        error_code: 'runtime_error',
        error: errText(err),
        ...(ctx.sandbox ? { sandbox: ctx.sandbox } : {}),
      };
    }
    const refuse = (error: string): ExecOutcome => ({
      success: false,
      error_code: 'skill_error',
      error,
      sandbox: driver.name,
    });
    const entry = await resolveEntrypoint(ctx.record.dir, ctx.record.entrypoint);
    if (!entry.ok) return refuse(entry.message);
    const interp = driver.interpreterFor
      ? { ok: true as const, choice: driver.interpreterFor(entry.path) }
      : chooseInterpreter(
          entry.path,
          driver.searchPath,
          driver.enforcesCaps ? null : this.limits.memoryBytes,
        );
    if (!interp.ok) return refuse(interp.message);

    const scratch = await realpath(
      await mkdtemp(join(this.options.scratchParent ?? tmpdir(), 'skill-run-')),
    );
    // A driver that starts the program itself applies the run's limits itself.
    const cgroup = driver.start ? null : this.createCgroup();
    try {
      return await this.runIn(ctx, driver, entry.root, interp.choice, scratch, cgroup);
    } finally {
      cgroup?.remove();
      await removeScratch(scratch);
    }
  }

  /** A cgroup for one run, or null where none can be made (the result says so). */
  private createCgroup(): RunCgroup | null {
    if (this.options.cgroups === false) return null;
    const { manager } = cgroupManager();
    if (!manager) return null;
    try {
      return manager.createRun({
        memoryBytes: this.limits.memoryBytes,
        pids: this.limits.pids,
        cpuCores: this.limits.cpuCores,
      });
    } catch {
      return null;
    }
  }

  /** The run in its sandbox: prepared, started, and seen to its end. */
  private runIn(
    ctx: ExecContext,
    driver: SandboxDriver,
    skillRoot: string,
    interp: InterpreterChoice,
    scratch: string,
    cgroup: RunCgroup | null,
  ): Promise<ExecOutcome> {
    const spec = launchSpec(ctx, { driver, skillRoot, interp, scratch, cgroup }, this.limits);
    const prepared = prepareLaunch(driver, spec);
    if (!prepared.ok) return Promise.resolve(prepared.outcome);
    const { launch } = prepared;
    const running = superviseRun({
      ctx,
      driver,
      launch,
      cgroup,
      scratch,
      limits: this.limits,
      sandboxLimits: describeLimits(driver, spec, cgroup, launch),
      stdin: scriptStdin(ctx, launch.skillRoot ?? skillRoot),
      drainGraceMs: this.options.drainGraceMs ?? 1000,
    });
    // What the driver set up for this run alone (a staged copy of the skill) goes with it.
    return launch.cleanup ? running.finally(launch.cleanup) : running;
  }
}

/** What held for this run, for the result (`sandbox_limits`). */
function describeLimits(
  driver: SandboxDriver,
  spec: LaunchSpec,
  cgroup: RunCgroup | null,
  launch: Launch,
): SandboxLimits {
  const applied = cgroup?.applied;
  const caps = driver.enforcesCaps ? spec.caps : null;
  let memory: SandboxLimits['memory'] = null;
  let memoryBytes: number | null = null;
  if (applied?.memoryBytes != null) {
    memory = 'cgroup';
    memoryBytes = applied.memoryBytes;
  } else if (caps?.dataBytes != null) {
    memory = 'rlimit';
    memoryBytes = caps.dataBytes;
  } else if (spec.args.some((a) => a.startsWith('--max-old-space-size='))) {
    memory = 'heap-flag';
  }
  const inside = driver.limitsProcessesInside ? spec.processesInside : null;
  const perProcess = caps?.processes ?? null;
  const pids: SandboxLimits['pids'] =
    applied?.pids != null ? 'cgroup' : (inside ?? perProcess) !== null ? 'rlimit' : null;
  const cpu: SandboxLimits['cpu'] =
    applied?.cpuCores != null ? 'cgroup' : caps?.cpuSeconds != null ? 'rlimit' : null;
  return {
    isolated: driver.name !== 'process',
    memory,
    memory_bytes: memoryBytes,
    pids,
    pids_max: applied?.pids ?? inside ?? perProcess,
    cpu,
    cpu_cores: applied?.cpuCores ?? null,
    shm_bytes: driver.capsTmpfs ? spec.tmpfs.shmBytes : null,
    scratch_bytes: driver.capsTmpfs ? spec.tmpfs.scratchBytes : null,
    privileges_dropped: driver.dropsPrivileges,
    uid: launch.uid ?? null,
  };
}

type EntryResolution = { ok: true; path: string; root: string } | { ok: false; message: string };

/** The entrypoint as an absolute real path that must stay inside the skill folder. */
async function resolveEntrypoint(dir: string, entrypoint: string | null): Promise<EntryResolution> {
  if (!entrypoint) {
    return {
      ok: false,
      message: 'this skill has no entrypoint: a script skill names its script in `entrypoint:`',
    };
  }
  let root: string;
  try {
    root = await realpath(dir);
  } catch (err) {
    return { ok: false, message: `the skill folder ${dir} cannot be read: ${errText(err)}` };
  }
  if (isAbsolute(entrypoint) || entrypoint.includes('\0')) {
    return {
      ok: false,
      message: `entrypoint "${entrypoint}" must be a path inside the skill folder`,
    };
  }
  let real: string;
  try {
    real = await realpath(resolve(root, entrypoint));
  } catch {
    return { ok: false, message: `entrypoint "${entrypoint}" does not exist in ${root}` };
  }
  if (!isStrictlyInside(root, real)) {
    return { ok: false, message: `entrypoint "${entrypoint}" resolves outside the skill folder` };
  }
  try {
    if (!(await stat(real)).isFile())
      return { ok: false, message: `entrypoint "${entrypoint}" is not a file` };
  } catch (err) {
    return { ok: false, message: `entrypoint "${entrypoint}" cannot be read: ${errText(err)}` };
  }
  return { ok: true, path: real, root };
}

/** Removes a scratch folder even when the skill left read-only folders in it. */
async function removeScratch(scratch: string): Promise<void> {
  try {
    await rm(scratch, { recursive: true, force: true, maxRetries: 2 });
    return;
  } catch {
    // Fall through: make everything writable, then try again.
  }
  const walk = async (dir: string): Promise<void> => {
    await chmod(dir, 0o700).catch(logSwallowed('make a scratch folder writable to remove it'));
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const e of entries) if (e.isDirectory()) await walk(join(dir, e.name));
  };
  await walk(scratch);
  await rm(scratch, { recursive: true, force: true }).catch(
    logSwallowed('remove the scratch folder of a run'),
  );
}

function errText(err: unknown): string {
  return errorMessage(err);
}
