/**
 * The agent clients the tests run skills in: installed by `node scripts/agent-clients.mjs
 * install` at the versions of scripts/agent-clients.json, into a cache outside the repo.
 * Outside CI a missing client skips its tests with the reason; under CI=true it fails them,
 * so a broken install never passes as "skipped".
 */
import { accessSync, constants, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AgentClientId } from '../../shared/api/agent-clients';

interface Pin {
  package: string;
  version: string;
  bin: string;
}

// import.meta, not __dirname: the end-to-end specs load this as an ES module.
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PINS = JSON.parse(
  readFileSync(path.join(HERE, '../../scripts/agent-clients.json'), 'utf8'),
) as Record<AgentClientId, Pin>;

export function agentClientsCache(env: NodeJS.ProcessEnv = process.env): string {
  return (
    env.SKILL_STUDIO_AGENT_CLIENTS || path.join(os.homedir(), '.cache/skill-studio/agent-clients')
  );
}

export function agentClientPin(id: AgentClientId): Pin {
  return PINS[id];
}

/** The `.bin` folder holding the pinned client's command (put it on PATH to find it). */
export function agentClientBinDir(id: AgentClientId): string {
  return path.join(agentClientsCache(), id, 'node_modules', '.bin');
}

/** The pinned client's command, whether or not it is installed. */
export function agentClientPath(id: AgentClientId): string {
  return path.join(agentClientBinDir(id), PINS[id].bin);
}

/** Why the client cannot run here, or null when its command is installed at the pinned version. */
export function agentClientMissing(id: AgentClientId): string | null {
  const bin = agentClientPath(id);
  try {
    accessSync(bin, constants.X_OK);
  } catch {
    return `${id} is not installed at ${bin} (run: node scripts/agent-clients.mjs install ${id})`;
  }
  const pin = PINS[id];
  const pkgFile = path.join(agentClientsCache(), id, 'node_modules', pin.package, 'package.json');
  try {
    const { version } = JSON.parse(readFileSync(pkgFile, 'utf8')) as { version?: string };
    if (version !== pin.version)
      return `${id} is at ${version ?? '?'}, not the pinned ${pin.version} (run: node scripts/agent-clients.mjs install ${id})`;
  } catch {
    return `${id}: cannot read ${pkgFile}`;
  }
  return null;
}

/**
 * For `describe.skipIf(skipAgentClient(id))`: true (with the reason on stderr) when the
 * client is missing outside CI; under CI=true a missing client throws, failing the file.
 */
export function skipAgentClient(id: AgentClientId): boolean {
  const missing = agentClientMissing(id);
  if (!missing) return false;
  if (process.env.CI === 'true' || process.env.CI === '1')
    throw new Error(`CI needs the agent client: ${missing}`);
  process.stderr.write(`skipping ${id} tests: ${missing}\n`);
  return true;
}
