/**
 * One cgroup per run: memory, process-count and CPU limits that hold for the run
 * as a whole (every process it starts, double-forked or not), and a kill that
 * reaches all of them.
 *
 * Two layouts are handled:
 * - cgroup v1 (legacy or hybrid): the memory, pids and cpu hierarchies each get a
 *   `skill-studio-<host pid>/run-<n>` folder under the host's own cgroup there.
 * - cgroup v2: the same under the host's own cgroup, when that cgroup already
 *   delegates the memory and pids controllers to its children (systemd
 *   `Delegate=yes`, or a container that set it up); the host never moves itself.
 * Nesting under the host's own cgroup keeps every limit its parent set (a
 * container's, a service's) on top of the run's.
 *
 * The run's first process joins the cgroup before it execs the sandbox (see
 * enter.ts), so nothing the skill starts can be outside it. At the end every
 * member gets SIGKILL (`cgroup.kill` in v2; in v1 the member list is read and
 * killed until it stays empty), the OOM count and the memory high-water mark are
 * read, and the folders are removed. All of it is synchronous: these are small
 * writes to a kernel filesystem, and `killAllRuns()` must work from a signal handler.
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { sigkillEach } from '../core/process-tree';

export interface CgroupLimits {
  /** Memory of the whole run (swap included where it can be), bytes. */
  memoryBytes: number | null;
  /** Most processes and threads alive at once in the run. */
  pids: number | null;
  /** CPU bandwidth, in cores (1 = one full core). */
  cpuCores: number | null;
}

/** What a run's cgroup enforces (each null when that controller is not available). */
export interface CgroupApplied {
  memoryBytes: number | null;
  pids: number | null;
  cpuCores: number | null;
}

interface Hierarchy {
  /** The controller names this folder serves. */
  controllers: Set<string>;
  /** The host's own cgroup folder in this hierarchy. */
  dir: string;
}

const CFS_PERIOD_US = 100_000;
const KILL_ROUNDS = 50;
const RMDIR_TRIES = 20;

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function tryWrite(path: string, value: string): boolean {
  try {
    writeFileSync(path, value);
    return true;
  } catch {
    return false;
  }
}

/** `key value` lines (memory.events, memory.oom_control) as a map. */
function keyValues(text: string | null): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of (text ?? '').split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value !== undefined && /^\d+$/.test(value)) out.set(key, Number(value));
  }
  return out;
}

interface MountEntry {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

function mounts(): MountEntry[] {
  const out: MountEntry[] = [];
  for (const line of (readText('/proc/self/mountinfo') ?? '').split('\n')) {
    const dash = line.indexOf(' - ');
    if (dash < 0) continue;
    const left = line.slice(0, dash).split(' ');
    const right = line.slice(dash + 3).split(' ');
    const unescape = (s: string): string =>
      s.replace(/\\([0-7]{3})/g, (_, oct: string) => String.fromCharCode(parseInt(oct, 8)));
    out.push({
      root: unescape(left[3] ?? ''),
      mountPoint: unescape(left[4] ?? ''),
      fsType: right[0] ?? '',
      superOptions: (right[2] ?? '').split(','),
    });
  }
  return out;
}

/** The host's own cgroup folder under a mount whose root is `root`. */
function ownDir(mount: MountEntry, path: string): string | null {
  const root = mount.root === '/' ? '' : mount.root;
  if (root && path !== root && !path.startsWith(root + '/')) return null;
  return join(mount.mountPoint, path.slice(root.length));
}

/** Usable hierarchies for memory, pids and cpu, v1 first, then v2. */
function findHierarchies(): { version: 1 | 2; hierarchies: Hierarchy[] } | null {
  if (process.platform !== 'linux') return null;
  const cgroupFile = readText('/proc/self/cgroup');
  if (!cgroupFile) return null;
  const table = mounts();
  const wanted = ['memory', 'pids', 'cpu'];
  const v1: Hierarchy[] = [];
  let v2Path: string | null = null;
  for (const line of cgroupFile.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line);
    if (!m) continue;
    const [, id, list, path] = m as unknown as [string, string, string, string];
    if (id === '0' && list === '') {
      v2Path = path;
      continue;
    }
    const controllers = new Set(list.split(',').filter((c) => wanted.includes(c)));
    if (controllers.size === 0) continue;
    const mount = table.find(
      (e) => e.fsType === 'cgroup' && [...controllers].every((c) => e.superOptions.includes(c)),
    );
    const dir = mount ? ownDir(mount, path) : null;
    if (dir && existsSync(dir)) v1.push({ controllers, dir });
  }
  if (v1.some((h) => h.controllers.has('memory'))) return { version: 1, hierarchies: v1 };
  if (v2Path !== null) {
    const mount = table.find((e) => e.fsType === 'cgroup2');
    const dir = mount ? ownDir(mount, v2Path) : null;
    if (!dir) return null;
    const delegated = new Set(
      (readText(join(dir, 'cgroup.subtree_control')) ?? '').trim().split(/\s+/),
    );
    const controllers = new Set(wanted.filter((c) => delegated.has(c)));
    if (controllers.has('memory') && controllers.has('pids')) {
      return { version: 2, hierarchies: [{ controllers, dir }] };
    }
  }
  return null;
}

/** The cgroup of one run. */
export class RunCgroup {
  private removed = false;

  constructor(
    readonly version: 1 | 2,
    /** One folder per hierarchy, memory's first. */
    readonly dirs: string[],
    readonly applied: CgroupApplied,
    private readonly memoryDir: string | null,
  ) {}

  /** The files a process writes its pid to in order to join the run's cgroup. */
  get procsFiles(): string[] {
    return this.dirs.map((d) => join(d, 'cgroup.procs'));
  }

  private members(): number[] {
    const pids = new Set<number>();
    for (const file of this.procsFiles) {
      for (const line of (readText(file) ?? '').split('\n')) {
        if (/^\d+$/.test(line)) pids.add(Number(line));
      }
    }
    return [...pids];
  }

  /** SIGKILL to every process of the run; returns how many were signalled. */
  killAll(): number {
    if (this.removed) return 0;
    if (this.version === 2 && tryWrite(join(this.dirs[0] ?? '', 'cgroup.kill'), '1')) {
      return this.members().length;
    }
    let killed = 0;
    // A process forking while we read is caught on the next round; the pids limit
    // bounds how many there can be.
    for (let round = 0; round < KILL_ROUNDS; round++) {
      const pids = this.members();
      if (pids.length === 0) break;
      killed += sigkillEach(pids);
    }
    return killed;
  }

  /** How many times the kernel killed a process of this run for going over its memory. */
  oomKills(): number | null {
    if (!this.memoryDir) return null;
    const file = this.version === 2 ? 'memory.events' : 'memory.oom_control';
    return keyValues(readText(join(this.memoryDir, file))).get('oom_kill') ?? null;
  }

  /** The run's memory high-water mark, when the kernel keeps one. */
  peakBytes(): number | null {
    if (!this.memoryDir) return null;
    const file = this.version === 2 ? 'memory.peak' : 'memory.max_usage_in_bytes';
    const text = readText(join(this.memoryDir, file));
    return text && /^\d+/.test(text) ? Number.parseInt(text, 10) : null;
  }

  /** Kills what is left and removes the folders (children first, which there are none of). */
  remove(): void {
    if (this.removed) return;
    this.killAll();
    this.removed = true;
    for (const dir of this.dirs) {
      // An exiting process (or a zombie not yet reaped) keeps the folder busy for a
      // moment. A few tries, then leave it: the next sweep (host exit or start) takes it.
      for (let attempt = 0; attempt < RMDIR_TRIES; attempt++) {
        try {
          rmdirSync(dir);
          break;
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') break;
          for (const pid of this.members()) killQuietly(pid);
        }
      }
    }
  }
}

function killQuietly(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // Gone.
  }
}

/** Whether a process of that pid exists (EPERM: it does, it is someone else's). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const BASE_PREFIX = 'skill-studio-';

/** Creates run cgroups under the host's own cgroup; one per process. */
export class CgroupManager {
  private counter = 0;
  private readonly bases: string[];

  private constructor(
    readonly version: 1 | 2,
    private readonly hierarchies: Hierarchy[],
  ) {
    this.bases = hierarchies.map((h) => join(h.dir, `${BASE_PREFIX}${process.pid}`));
  }

  /**
   * A manager when this process may create cgroups with a memory limit here, else
   * null with the reason. Also clears what hosts killed earlier left behind.
   */
  static create(): { manager: CgroupManager | null; why: string } {
    const found = findHierarchies();
    if (!found) {
      return {
        manager: null,
        why: 'no writable memory cgroup (cgroup v1 memory controller, or v2 with memory and pids delegated)',
      };
    }
    const manager = new CgroupManager(found.version, found.hierarchies);
    try {
      manager.sweepStale();
      manager.makeBases();
      // A host that exits takes its runs along and leaves no folders behind.
      process.once('exit', () => manager.removeAll());
    } catch (err) {
      return {
        manager: null,
        why: `cgroups cannot be created here: ${(err as Error).message}`,
      };
    }
    const names = found.hierarchies.flatMap((h) => [...h.controllers]).sort();
    return { manager, why: `cgroup v${found.version} (${names.join(', ')})` };
  }

  private makeBases(): void {
    this.hierarchies.forEach((h, i) => {
      const base = this.bases[i] as string;
      mkdirSync(base, { recursive: true });
      if (this.version === 2) {
        const list = [...h.controllers].map((c) => `+${c}`).join(' ');
        writeFileSync(join(base, 'cgroup.subtree_control'), list);
      } else if (h.controllers.has('memory')) {
        // Make limits of nested groups count their children (default on newer kernels).
        tryWrite(join(base, 'memory.use_hierarchy'), '1');
      }
    });
  }

  /** Kills every run of this host and removes its folders (on exit). */
  removeAll(): void {
    this.bases.forEach((base) => this.removeBase(base));
  }

  private removeBase(base: string): void {
    let runs: string[] = [];
    try {
      runs = readdirSync(base, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(base, e.name));
    } catch {
      // Gone.
    }
    const none: CgroupApplied = { memoryBytes: null, pids: null, cpuCores: null };
    new RunCgroup(this.version, [...runs, base], none, null).remove();
  }

  /** Run folders of hosts that died without cleaning up: kill their members, remove them. */
  private sweepStale(): void {
    for (const h of this.hierarchies) {
      let names: string[];
      try {
        names = readdirSync(h.dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.startsWith(BASE_PREFIX)) continue;
        const pid = Number(name.slice(BASE_PREFIX.length));
        if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
        this.removeBase(join(h.dir, name));
      }
    }
  }

  /** A fresh cgroup with the given limits. Throws when the folders cannot be made. */
  createRun(limits: CgroupLimits): RunCgroup {
    const name = `run-${++this.counter}`;
    const dirs: string[] = [];
    const applied: CgroupApplied = { memoryBytes: null, pids: null, cpuCores: null };
    let memoryDir: string | null = null;
    try {
      this.hierarchies.forEach((h, i) => {
        const dir = join(this.bases[i] as string, name);
        mkdirSync(dir);
        dirs.push(dir);
        if (h.controllers.has('memory') && limits.memoryBytes !== null) {
          memoryDir = dir;
          applied.memoryBytes = this.limitMemory(dir, limits.memoryBytes);
        }
        if (h.controllers.has('pids') && limits.pids !== null) {
          if (tryWrite(join(dir, 'pids.max'), String(limits.pids))) applied.pids = limits.pids;
        }
        if (h.controllers.has('cpu') && limits.cpuCores !== null) {
          const quota = String(Math.round(limits.cpuCores * CFS_PERIOD_US));
          const ok =
            this.version === 2
              ? tryWrite(join(dir, 'cpu.max'), `${quota} ${CFS_PERIOD_US}`)
              : tryWrite(join(dir, 'cpu.cfs_period_us'), String(CFS_PERIOD_US)) &&
                tryWrite(join(dir, 'cpu.cfs_quota_us'), quota);
          if (ok) applied.cpuCores = limits.cpuCores;
        }
      });
      if (limits.memoryBytes !== null && applied.memoryBytes === null) {
        throw new Error('the memory limit could not be set');
      }
    } catch (err) {
      new RunCgroup(this.version, dirs, applied, null).remove();
      throw err;
    }
    // Memory first: its folder is the one read for OOM events.
    return new RunCgroup(this.version, dirs, applied, memoryDir);
  }

  private limitMemory(dir: string, bytes: number): number | null {
    const value = String(Math.floor(bytes));
    if (this.version === 2) {
      if (!tryWrite(join(dir, 'memory.max'), value)) return null;
      // No swap: the cap is on memory, not on memory the disk stands in for.
      tryWrite(join(dir, 'memory.swap.max'), '0');
      return bytes;
    }
    if (!tryWrite(join(dir, 'memory.limit_in_bytes'), value)) return null;
    // memsw = memory + swap; equal to the limit means no swap (only with swap accounting).
    tryWrite(join(dir, 'memory.memsw.limit_in_bytes'), value);
    tryWrite(join(dir, 'memory.swappiness'), '0');
    return bytes;
  }
}

let shared: { manager: CgroupManager | null; why: string } | null = null;

/** The process-wide manager (made on first use). */
export function cgroupManager(): { manager: CgroupManager | null; why: string } {
  shared ??= CgroupManager.create();
  return shared;
}
