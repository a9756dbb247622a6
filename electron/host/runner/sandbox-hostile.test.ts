/**
 * Hostile skills against every sandbox this machine offers: real processes, real
 * bwrap, real cgroups. Each test is one class of attack (issue: "safe to leave
 * open"): regaining privileges, run-wide resource limits (memory split over
 * processes, fork bombs, filling /dev/shm, /tmp and scratch), processes that
 * outlive the call or the host, and reading the host's environment.
 *
 * What a sandbox mode cannot do on this machine is skipped with the reason printed;
 * CI runs as root, where bwrap and cgroups are both available and nothing skips.
 */
import { spawn } from 'node:child_process';
import { existsSync, readlinkSync } from 'node:fs';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { copyFixtures, type FixtureCatalog } from './fixtures/fixture-catalog';
import { killAllRuns, liveRunProcessCount } from './core/process-tree';
import { cgroupManager } from './sandbox/cgroup';
import { bwrapStatus, detectSandbox, sandboxWarning } from './sandbox/detect';
import { findExecutable } from './core/find-executable';
import { SANDBOX_SYSTEM_PATH } from './sandbox/bwrap';
import type { SandboxName } from './sandbox/types';
import { ScriptExecutor } from './script-executor';
import type { SkillEventKind } from '../../../shared/protocol/a2e';
import type { ExecOutcome } from './core/types';

const bwrap = await bwrapStatus();
const cgroups = cgroupManager();
const isRoot = process.getuid?.() === 0;
const SANDBOXES: SandboxName[] = bwrap.available ? ['process', 'bwrap'] : ['process'];
const supervised = (await detectSandbox('process')).supervised;
if (!bwrap.available) console.warn(`[sandbox tests] bwrap checks skipped: ${bwrap.reason}`);
if (!cgroups.manager) console.warn(`[sandbox tests] no cgroup per run: ${cgroups.why}`);
if (!supervised) console.warn('[sandbox tests] process mode unsupervised: no perl subreaper');

const MB = 1024 * 1024;
const LIMITS = {
  // Small enough that filling it is quick on a slow machine: first touches of
  // memory are what a hostile run pays for, and the test only needs the class.
  memoryBytes: 96 * MB,
  pids: 24,
  tmpfs: { scratchBytes: 16 * MB, shmBytes: 8 * MB, tmpBytes: 8 * MB },
};
const SECRET = 'SKILL_STUDIO_HOSTILE_SECRET';
const SECRET_VALUE = `host-secret-${process.pid}-${Date.now()}`;

let root: string;
let catalog: FixtureCatalog;

beforeAll(async () => {
  process.env[SECRET] = SECRET_VALUE;
  root = await mkdtemp(join(tmpdir(), 'sandbox-hostile-'));
  // Readable by everyone, as a cloned repository usually is: as root, process mode
  // then runs the skill as `nobody`.
  await chmod(root, 0o755);
  catalog = await copyFixtures(join(root, 'skills'));
});

afterAll(async () => {
  delete process.env[SECRET];
  await rm(root, { recursive: true, force: true });
});

/** Pids whose command line contains `marker` (never this process). */
async function pidsWith(marker: string): Promise<number[]> {
  const found: number[] = [];
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      if ((await readFile(`/proc/${name}/cmdline`, 'utf8')).includes(marker))
        found.push(Number(name));
    } catch {
      // Gone already.
    }
  }
  return found;
}

/** Polls until `check` holds or `ms` pass; returns whether it held. */
async function eventually(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > end) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

function runSkill(
  executor: ScriptExecutor,
  name: string,
  args: Record<string, unknown> = {},
  onEvent: (kind: SkillEventKind) => void = () => undefined,
): Promise<ExecOutcome> {
  const record = catalog.get(name);
  if (!record) throw new Error(`fixture ${name} missing`);
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort('timeout'), 15_000);
  return executor
    .run({
      record,
      arguments: args,
      request: makeCallRequest({ name, arguments: args }),
      timeoutMs: 15_000,
      signal: abort.signal,
      emit: (kind) => onEvent(kind),
      llm: null,
    })
    .finally(() => clearTimeout(timer));
}

describe.each(SANDBOXES)('hostile skills in the %s sandbox', (sandbox) => {
  const executor = new ScriptExecutor({ sandbox, limits: LIMITS });
  /** Process mode as a normal user has no cgroup: what only a cgroup can cap is skipped. */
  const runWide = sandbox === 'bwrap' || cgroups.manager !== null;
  /** Orphans are caught by bwrap's pid namespace, the run's cgroup, or the subreaper supervisor. */
  const reapsAll = runWide || supervised;

  it('says which sandbox and which limits held', async () => {
    const r = await runSkill(executor, 'fx-quick');
    expect(r.sandbox).toBe(sandbox);
    const limits = r.sandbox_limits;
    expect(limits?.isolated).toBe(sandbox === 'bwrap');
    expect(limits?.privileges_dropped).toBe(sandbox === 'bwrap');
    const driver = await executor.sandbox();
    if (sandbox === 'process') expect(sandboxWarning(driver)).toMatch(/not in a sandbox/);
    else expect(sandboxWarning(driver)).toBeNull();
    if (cgroups.manager) {
      expect(limits).toMatchObject({
        memory: 'cgroup',
        memory_bytes: LIMITS.memoryBytes,
        pids: 'cgroup',
        pids_max: LIMITS.pids,
        cpu: 'cgroup',
      });
    }
    if (sandbox === 'bwrap') {
      expect(limits).toMatchObject({
        shm_bytes: LIMITS.tmpfs.shmBytes,
        scratch_bytes: LIMITS.tmpfs.scratchBytes,
      });
    } else {
      expect(limits).toMatchObject({ shm_bytes: null, scratch_bytes: null });
    }
  });

  it('keeps a skill from regaining privileges: no capabilities, no remount, no writes outside scratch, no namespaces', async () => {
    const hostMnt = readlinkSync('/proc/self/ns/mnt');
    const r = await runSkill(executor, 'fx-privileges', { host_mnt_ns: hostMnt });
    const data = r.data as Record<string, string>;
    try {
      expect(r.success, r.error).toBe(true);
      expect(data.unsafe).toBeUndefined();
      expect(data.capeff).toBe('0000000000000000');
      for (const key of ['remount', 'bind_over', 'remount_root', 'write_usr', 'write_etc']) {
        expect(data[key], key).toBe('denied');
      }
      if (sandbox === 'bwrap') {
        expect(data.seccomp).toBe('2');
        for (const key of [
          'write_skill',
          'write_root',
          'sysctl',
          'unshare_user',
          'unshare_mount',
          'unshare_map_root',
        ]) {
          expect(data[key], key).toBe('denied');
        }
      } else if (isRoot) {
        // Process mode as root: the skill runs as nobody.
        expect(r.sandbox_limits?.uid).toBe(65534);
        expect(data.uid).toBe('65534');
        expect(data.write_skill).toBe('denied');
        expect(data.sysctl).toBe('denied');
      }
    } finally {
      const tag = data.tag ?? 'none';
      const dir = catalog.get('fx-privileges')?.dir ?? root;
      for (const path of [`/usr/${tag}`, `/etc/${tag}`, `/${tag}`, join(dir, tag)]) {
        await rm(path, { force: true });
      }
    }
  });

  it.skipIf(!runWide)('holds a fork bomb to the run’s process cap', async () => {
    const script = join(catalog.get('fx-forkbomb')?.dir ?? '', 'scripts', 'run.py');
    const r = await runSkill(executor, 'fx-forkbomb', { ceiling: 1000 });
    expect(r.success, r.error).toBe(true);
    const { forked, error } = r.data as { forked: number; error: string | null };
    expect(r.sandbox_limits?.pids_max).toBe(LIMITS.pids);
    expect(forked).toBeLessThan(LIMITS.pids);
    expect(error).toMatch(/temporarily unavailable|resource/i);
    expect(await pidsWith(script)).toEqual([]);
  });

  it('caps memory for the whole run: three children of 40 MB under a 96 MB cap', async () => {
    // Each child stays under the per-process cap (RLIMIT_DATA = the same 96 MB).
    const r = await runSkill(executor, 'fx-memhog', { children: 3, mb: 40 });
    if (r.sandbox_limits?.memory === 'cgroup') {
      expect(r).toMatchObject({ success: false, error_code: 'out_of_memory' });
      expect(r.error).toMatch(/memory cap of 96 MB/);
    } else {
      // Without a cgroup the cap holds per process only, and the result says so.
      console.warn(`[sandbox tests] memory capped per process only: ${cgroups.why}`);
      expect(r.sandbox_limits?.memory).toBe('rlimit');
    }
  });

  it.skipIf(sandbox !== 'bwrap')(
    'caps /dev/shm, /tmp and scratch as folders, not per file',
    async () => {
      const caps = {
        shm: LIMITS.tmpfs.shmBytes,
        tmp: LIMITS.tmpfs.tmpBytes,
        scratch: LIMITS.tmpfs.scratchBytes,
      };
      const results = await Promise.all(
        Object.entries(caps).map(async ([dir, cap]) => {
          const r = await runSkill(executor, 'fx-fill', { dir, limit_mb: 64 });
          return { dir, cap, r };
        }),
      );
      for (const { dir, cap, r } of results) {
        expect(r.success, `${dir}: ${r.error}`).toBe(true);
        const { written, error } = r.data as { written: number; error: string | null };
        expect(written, dir).toBeLessThanOrEqual(cap);
        expect(error, dir).toMatch(/No space left/);
      }
    },
  );

  it.skipIf(!reapsAll)(
    'kills a double-forked, setsid, env -i process that left the scratch folder',
    async () => {
      const marker = `vanish-${sandbox}-${process.pid}-${Date.now()}`;
      const r = await runSkill(executor, 'fx-vanish', { marker });
      expect(r).toMatchObject({ success: true, data: { spawned: true } });
      expect(await pidsWith(marker)).toEqual([]);
    },
  );

  it('does not show the host environment through /proc', async () => {
    const r = await runSkill(executor, 'fx-snoop', { needle: SECRET_VALUE });
    expect(r.success, r.error).toBe(true);
    const { parent, all } = r.data as { parent: string; all: Record<string, string> };
    // The skill's parent is bwrap's init or the supervisor: the skill's own clean env.
    expect(parent).not.toBe('found');
    if (sandbox === 'bwrap' || r.sandbox_limits?.uid != null) {
      expect(Object.values(all)).not.toContain('found');
    }
  });

  it.skipIf(sandbox !== 'process' || !isRoot)(
    'runs a skill started by root as nobody even when only root can read its folder',
    async () => {
      const closed = await mkdtemp(join(tmpdir(), 'sandbox-closed-'));
      try {
        const only = await copyFixtures(closed); // mkdtemp: 0700, root's alone
        const record = only.get('fx-snoop');
        if (!record) throw new Error('fx-snoop missing');
        const r = await new ScriptExecutor({ sandbox, limits: LIMITS }).run({
          record,
          arguments: { needle: SECRET_VALUE },
          request: makeCallRequest({ name: 'fx-snoop' }),
          timeoutMs: 15_000,
          signal: new AbortController().signal,
          emit: () => undefined,
          llm: null,
        });
        expect(r.success, r.error).toBe(true);
        expect(r.sandbox_limits?.uid).toBe(65534);
        const { all, shadow } = r.data as { all: Record<string, string>; shadow: string };
        expect(Object.values(all)).not.toContain('found');
        // It ran from a copy nobody can read, with no capability: root's files stay closed.
        expect(shadow).not.toBe('read');
        const copies = (await readdir(tmpdir())).filter((n) => n.startsWith('skill-copy-'));
        const left = await Promise.all(
          copies.map((n) => readdir(join(tmpdir(), n)).catch(() => [] as string[])),
        );
        expect(left.flat(), 'the copy is removed with the run').not.toContain('fx-snoop');
      } finally {
        await rm(closed, { recursive: true, force: true });
      }
    },
  );

  it('ends every process of a run when the host is SIGKILLed', async () => {
    const driver = await executor.sandbox();
    const python = findExecutable('python3', driver.searchPath);
    if (!python) throw new Error('python3 missing');
    const marker = `host-death-${sandbox}-${process.pid}-${Date.now()}`;
    const scratch = await mkdtemp(join(root, 'scratch-'));
    await chmod(scratch, 0o755);
    const cgroup = cgroups.manager?.createRun({ memoryBytes: 256 * MB, pids: 64, cpuCores: 1 });
    // A child and a grandchild in a new session, both carrying the marker. Without a
    // cgroup or a subreaper, process mode reaches only the run's process group.
    const grandchild = runWide ? 'if os.fork() == 0:\n    os.setsid()\n    time.sleep(300)\n' : '';
    const code = `import os, time\n${grandchild}print("ready", flush=True)\ntime.sleep(300)`;
    const launch = driver.prepare({
      command: python,
      args: ['-c', code, marker],
      env: { PATH: SANDBOX_SYSTEM_PATH.join(':'), HOME: scratch },
      skillRoot: catalog.get('fx-quick')?.dir ?? root,
      scratch,
      readOnlyPaths: [],
      caps: {
        dataBytes: 256 * MB,
        addressSpaceBytes: 1024 * MB,
        fileSizeBytes: MB,
        cpuSeconds: 60,
        processes: null,
      },
      cgroupProcs: cgroup?.procsFiles ?? [],
      processesInside: null,
      tmpfs: LIMITS.tmpfs,
    });
    // A stand-in host: a plain Node process that starts the launch as the executor does.
    const hostScript = `
      const { spawn } = require('node:child_process');
      const { openSync } = require('node:fs');
      const l = JSON.parse(process.argv[1]);
      const fds = l.inheritFiles.map((f) => openSync(f, 'r'));
      spawn(l.command, l.args, { cwd: l.cwd, env: l.env, detached: true, stdio: ['pipe', 'inherit', 'inherit', ...fds] });
      setInterval(() => {}, 1000);`;
    const host = spawn(process.execPath, ['-e', hostScript, JSON.stringify(launch)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const ready = await new Promise<boolean>((resolve) => {
        host.stdout.on('data', (c: Buffer) => c.toString().includes('ready') && resolve(true));
        host.on('exit', () => resolve(false));
      });
      expect(ready).toBe(true);
      // The child and its grandchild (wrappers carry the marker in their argv too).
      expect((await pidsWith(marker)).length).toBeGreaterThanOrEqual(reapsAll ? 2 : 1);
      host.kill('SIGKILL');
      const gone = await eventually(async () => (await pidsWith(marker)).length === 0, 3000);
      expect(gone, `left: ${(await pidsWith(marker)).join(', ')}`).toBe(true);
    } finally {
      host.kill('SIGKILL');
      for (const pid of await pidsWith(marker)) process.kill(pid, 'SIGKILL');
      cgroup?.remove();
      await rm(scratch, { recursive: true, force: true });
    }
  });

  it('killAllRuns() ends every live run at once', async () => {
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    const outcome = runSkill(executor, 'fx-sleep', {}, (kind) => kind === 'status' && started());
    await running;
    expect(liveRunProcessCount()).toBeGreaterThanOrEqual(1);
    expect(killAllRuns()).toBeGreaterThanOrEqual(1);
    const r = await outcome;
    expect(r.success).toBe(false);
    expect(liveRunProcessCount()).toBe(0);
    const script = join(catalog.get('fx-sleep')?.dir ?? '', 'scripts', 'run.sh');
    expect(await pidsWith(script)).toEqual([]);
    expect(existsSync(script)).toBe(true);
  });
});
