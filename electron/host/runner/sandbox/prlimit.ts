/**
 * prlimit (util-linux) in front of a command: sets the caps on itself, then execs
 * the command, so the limits are inherited by everything the skill starts.
 */
import type { ResourceCaps } from './types';

export function prlimitArgs(caps: ResourceCaps): string[] {
  // No core files: a crashing skill must not fill the scratch folder or the disk.
  const args: string[] = ['--core=0'];
  if (caps.dataBytes !== null) args.push(`--data=${Math.floor(caps.dataBytes)}`);
  if (caps.addressSpaceBytes !== null) args.push(`--as=${Math.floor(caps.addressSpaceBytes)}`);
  if (caps.fileSizeBytes !== null) args.push(`--fsize=${Math.floor(caps.fileSizeBytes)}`);
  if (caps.cpuSeconds !== null) args.push(`--cpu=${Math.ceil(caps.cpuSeconds)}`);
  if (caps.processes !== null) args.push(`--nproc=${Math.floor(caps.processes)}`);
  return args;
}

/** [prlimit, ...caps, '--', command, ...args], or the command unchanged without caps. */
export function withPrlimit(
  prlimit: string | null,
  caps: ResourceCaps,
  command: string,
  args: string[],
): { command: string; args: string[] } {
  if (!prlimit) return { command, args };
  return { command: prlimit, args: [...prlimitArgs(caps), '--', command, ...args] };
}
