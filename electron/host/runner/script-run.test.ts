/**
 * One script run from its prepared command to its outcome, over a driver that starts its
 * own program (as the container sandbox does): a fake program here, so each way a run
 * ends can be driven by hand. Real programs in real sandboxes: script-executor.test.ts.
 */
import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { SandboxLimits } from './core/types';
import { pendingRunFacts } from './core/exit-classify';
import { collectOutcome, prepareLaunch, superviseRun, type RunSetup } from './script-run';
import { DEFAULT_SCRIPT_LIMITS } from './script-limits';
import {
  SandboxRefusal,
  type Launch,
  type LaunchSpec,
  type RunProcess,
  type SandboxDriver,
} from './sandbox/types';

const LIMITS: SandboxLimits = {
  isolated: true,
  memory: null,
  memory_bytes: null,
  pids: null,
  pids_max: null,
  cpu: null,
  cpu_cores: null,
  shm_bytes: null,
  scratch_bytes: null,
  privileges_dropped: false,
  uid: null,
};

const LAUNCH: Launch = { command: 'run', args: [], env: {}, cwd: '/scratch', inheritFiles: [] };

/** A program without a host pid: the run stops it with `kill`, as a container run. */
class FakeProgram extends EventEmitter implements RunProcess {
  readonly stdin = new PassThrough();
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();
  readonly kills: (NodeJS.Signals | undefined)[] = [];
  stdinText = '';

  constructor() {
    super();
    this.stdin.on('data', (c: Buffer) => (this.stdinText += c.toString()));
  }

  kill(signal?: NodeJS.Signals): boolean {
    this.kills.push(signal);
    return true;
  }

  /** Exits; the pipes close unless asked to stay open (a straggler holding them). */
  exit(code: number | null, signal: NodeJS.Signals | null, close = true): void {
    this.emit('exit', code, signal);
    if (close) setImmediate(() => this.emit('close'));
  }
}

function driver(start: (launch: Launch) => RunProcess): SandboxDriver {
  return {
    name: 'container',
    reason: 'the container engine answered',
    isolatesNetwork: true,
    isolatesProcesses: true,
    enforcesCaps: false,
    capsTmpfs: false,
    limitsProcessesInside: false,
    supervised: false,
    dropsPrivileges: true,
    searchPath: ['/usr/bin'],
    prepare: () => LAUNCH,
    start,
    signalOf: (_code, signal) => signal,
  };
}

function setup(program: RunProcess | Error, over: Partial<RunSetup> = {}) {
  const controller = new AbortController();
  const events: [string, Record<string, unknown>][] = [];
  const run: RunSetup = {
    ctx: {
      timeoutMs: 5000,
      signal: controller.signal,
      emit: (kind, data) => events.push([kind, data]),
    },
    driver: driver(() => {
      if (program instanceof Error) throw program;
      return program;
    }),
    launch: LAUNCH,
    cgroup: null,
    scratch: '/scratch',
    limits: DEFAULT_SCRIPT_LIMITS,
    sandboxLimits: LIMITS,
    stdin: '{"arguments":{}}',
    drainGraceMs: 20,
    ...over,
  };
  return { run, controller, events };
}

describe('prepareLaunch', () => {
  const spec = {} as LaunchSpec;
  const failing = (err: Error) => ({
    ...driver(() => new FakeProgram()),
    prepare: () => {
      throw err;
    },
  });

  it('hands over the launch the sandbox made', () => {
    expect(
      prepareLaunch(
        driver(() => new FakeProgram()),
        spec,
      ),
    ).toEqual({ ok: true, launch: LAUNCH });
  });

  it("tells a refusal as the skill's error and any other failure as the sandbox's crash", () => {
    expect(prepareLaunch(failing(new SandboxRefusal('the image is not allowed')), spec)).toEqual({
      ok: false,
      outcome: {
        success: false,
        error_code: 'skill_error',
        error: 'the image is not allowed',
        sandbox: 'container',
      },
    });
    expect(prepareLaunch(failing(new Error('no seccomp filter')), spec)).toEqual({
      ok: false,
      outcome: {
        success: false,
        error_code: 'sandbox_crash',
        error: 'the sandbox could not be prepared: no seccomp filter',
        sandbox: 'container',
      },
    });
  });
});

describe('collectOutcome', () => {
  const killed = () => ({
    ...pendingRunFacts(1000, {
      maxOutputBytes: 1,
      maxLineBytes: 1,
      maxEvents: 1,
      fileSizeBytes: null,
    }),
    signal: 'SIGKILL' as const,
  });
  const from = { driver: { name: 'bwrap' as const, reason: 'bwrap works' }, sandboxLimits: LIMITS };

  it("reads a memory kill from the run's cgroup, and says what held and why", () => {
    const cgroup = {
      oomKills: () => 1,
      peakBytes: () => 64,
      applied: { memoryBytes: 64, pids: null, cpuCores: null },
    };
    const outcome = collectOutcome(killed(), { ...from, cgroup, child: null });
    expect(outcome.error_code).toBe('out_of_memory');
    expect(outcome.sandbox).toBe('bwrap');
    expect(outcome.sandbox_limits).toEqual({ ...LIMITS, reason: 'bwrap works' });
  });

  it("takes the driver's own readings where it has them, and without any tells a SIGKILL apart", () => {
    const child = {
      memoryEvidence: () => ({ oomKills: 2, peakBytes: null, capBytes: null }),
      limits: () => ({ ...LIMITS, memory: 'cgroup' as const }),
    };
    const outcome = collectOutcome(killed(), { ...from, cgroup: null, child });
    expect(outcome.error_code).toBe('out_of_memory');
    expect(outcome.sandbox_limits?.memory).toBe('cgroup');
    expect(collectOutcome(killed(), { ...from, cgroup: null, child: {} }).error_code).toBe(
      'sandbox_crash',
    );
  });
});

describe('superviseRun', () => {
  it('hands the program its stdin, streams its events and settles with its result', async () => {
    const program = new FakeProgram();
    const { run, events } = setup(program);
    const outcome = superviseRun(run);
    expect(program.stdinText).toBe('{"arguments":{}}');
    program.stdout.write('{"type":"progress","progress":0.5}\n');
    program.stdout.write('{"type":"result","data":{"ok":true},"summary":"done"}');
    setImmediate(() => program.exit(0, null));
    expect(await outcome).toMatchObject({
      success: true,
      data: { ok: true },
      summary: 'done',
      exit_code: 0,
      sandbox: 'container',
    });
    expect(events.map(([kind]) => kind)).toEqual(['progress']);
  });

  it('stops waiting for pipes a straggler holds open after the drain grace', async () => {
    const program = new FakeProgram();
    const outcome = superviseRun(setup(program).run);
    program.exit(3, null, false);
    expect(await outcome).toMatchObject({
      success: false,
      error_code: 'skill_error',
      exit_code: 3,
    });
    expect(program.stdout.destroyed).toBe(true);
  });

  it("kills the program at the call's timeout and tells the timeout, not its exit", async () => {
    const program = new FakeProgram();
    const { run, controller } = setup(program);
    const outcome = superviseRun(run);
    controller.abort('timeout');
    expect(program.kills).toEqual(['SIGKILL']);
    program.exit(null, 'SIGKILL');
    expect(await outcome).toMatchObject({ success: false, error_code: 'timeout' });
  });

  it('kills a program whose call was cancelled before it started', async () => {
    const program = new FakeProgram();
    const { run, controller } = setup(program);
    controller.abort('cancelled');
    const outcome = superviseRun(run);
    expect(program.kills).toEqual(['SIGKILL']);
    program.exit(null, 'SIGKILL');
    expect(await outcome).toMatchObject({ success: false, error_code: 'cancelled' });
  });

  it('tells a program that could not start, whether the start threw or failed after', async () => {
    expect(await superviseRun(setup(new Error('no such image')).run)).toMatchObject({
      success: false,
      error_code: 'skill_error',
      error: 'the skill could not be started: no such image',
    });
    const program = new FakeProgram();
    const outcome = superviseRun(setup(program).run);
    program.emit('error', new Error('spawn ENOENT'));
    // What comes after the run was settled changes nothing.
    program.exit(0, null);
    expect(await outcome).toMatchObject({
      error_code: 'skill_error',
      error: 'the skill could not be started: spawn ENOENT',
    });
  });
});
