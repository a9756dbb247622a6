/**
 * What a script run is launched with: the command under its interpreter, the clean
 * environment, the caps the sandbox applies (script-executor.ts), and the JSON its
 * stdin receives (docs/contracts.md, Script ABI).
 */
import { availableParallelism } from 'node:os';
import { delimiter } from 'node:path';
import { skillRunnerImage } from '../../../shared/skill/runner-image';
import type { InterpreterChoice } from './core/interpreter';
import type { RunCgroup } from './sandbox/cgroup';
import type { LaunchSpec, SandboxDriver } from './sandbox/types';
import type { ScriptLimits } from './script-limits';
import type { ExecContext } from './core/types';

/** Where one run takes place: the sandbox, the skill's real root, its scratch and cgroup. */
export interface RunPlace {
  driver: Pick<SandboxDriver, 'searchPath'>;
  skillRoot: string;
  interp: InterpreterChoice;
  scratch: string;
  cgroup: Pick<RunCgroup, 'procsFiles' | 'applied'> | null;
}

/** The launch of one run: nothing of the host's environment but what a program needs. */
export function launchSpec(
  ctx: Pick<ExecContext, 'scriptArgs' | 'timeoutMs' | 'record'>,
  { driver, skillRoot, interp, scratch, cgroup }: RunPlace,
  limits: ScriptLimits,
): LaunchSpec {
  const env: Record<string, string> = {
    PATH: driver.searchPath.join(delimiter),
    HOME: scratch,
    TMPDIR: scratch,
    LANG: process.env.LANG || 'C.UTF-8',
    SKILL_ROOT: skillRoot,
    ...windowsEssentials(),
    ...interp.env,
  };
  return {
    command: interp.command,
    args: ctx.scriptArgs ? [...interp.args, ...ctx.scriptArgs] : interp.args,
    env,
    skillRoot,
    scratch,
    readOnlyPaths: interp.readOnlyPaths,
    caps: {
      dataBytes: limits.memoryBytes,
      addressSpaceBytes:
        limits.memoryBytes === null ? null : limits.memoryBytes + interp.addressSpaceExtraBytes,
      fileSizeBytes: limits.fileSizeBytes,
      // A backstop behind the wall clock (it matters when the host itself dies):
      // CPU time ≤ wall time × cores, so this never fires before the timeout does.
      cpuSeconds: Math.ceil(ctx.timeoutMs / 1000) * availableParallelism() + 1,
      processes: limits.processes,
    },
    cgroupProcs: cgroup?.procsFiles ?? [],
    // Without a pids cgroup, the next best cap on the run's process count.
    processesInside: cgroup?.applied.pids == null ? limits.pids : null,
    tmpfs: limits.tmpfs,
    runCaps: { memoryBytes: limits.memoryBytes, pids: limits.pids, cpuCores: limits.cpuCores },
    skillImage: skillRunnerImage(ctx.record.frontmatter),
  };
}

/** The JSON the program reads on stdin: its arguments and the call's context. */
export function scriptStdin(
  ctx: Pick<ExecContext, 'arguments' | 'request' | 'record'>,
  /** The skill's root as the program sees it (a sandbox may mount it elsewhere). */
  skillRoot: string,
): string {
  return JSON.stringify({
    arguments: ctx.arguments,
    context: {
      req_id: ctx.request.id,
      correlation_id: ctx.request.correlation_id,
      metadata: ctx.request.metadata,
      skill: { name: ctx.record.definition.name, root: skillRoot },
    },
  });
}

/**
 * Windows programs (Node and Python among them) fail to start without these; they
 * name system folders, not secrets.
 */
function windowsEssentials(): Record<string, string> {
  if (process.platform !== 'win32') return {};
  const out: Record<string, string> = {};
  for (const key of ['SYSTEMROOT', 'WINDIR', 'COMSPEC', 'PATHEXT']) {
    const value = process.env[key];
    if (value) out[key] = value;
  }
  return out;
}
