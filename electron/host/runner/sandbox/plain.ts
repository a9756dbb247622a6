/**
 * The fallback sandbox: a plain child process in its own process group with a
 * clean environment, the scratch folder as cwd, and prlimit caps when prlimit
 * exists. It cannot block the network or keep the skill from writing where the
 * user can write; results say `sandbox: "process"` so callers know.
 */
import { delimiter } from 'node:path';
import { withPrlimit } from './prlimit';
import type { Launch, LaunchSpec, SandboxDriver } from './types';

export class PlainSandbox implements SandboxDriver {
  readonly name = 'process' as const;
  readonly isolatesNetwork = false;
  readonly isolatesProcesses = false;
  readonly searchPath: string[];

  constructor(
    private readonly prlimit: string | null,
    readonly reason: string,
    hostPath: string = process.env.PATH ?? '',
  ) {
    this.searchPath = hostPath.split(delimiter).filter((p) => p.length > 0);
  }

  get enforcesCaps(): boolean {
    return this.prlimit !== null;
  }

  prepare(spec: LaunchSpec): Launch {
    const { command, args } = withPrlimit(this.prlimit, spec.caps, spec.command, spec.args);
    return { command, args, env: spec.env, cwd: spec.scratch };
  }

  signalOf(_code: number | null, signal: NodeJS.Signals | null): NodeJS.Signals | null {
    return signal;
  }
}
