/**
 * Finds the agent clients installed here: a path of the user's settings first (settings.ts),
 * else the client's command on PATH. Each one found is asked `--version`, with a short
 * deadline, in a throwaway HOME so that no client writes into the user's own config while
 * it is only being looked at. Versions are kept per process, keyed by the file's identity,
 * so a listing after the first costs a stat per client.
 */
import { execFile } from 'node:child_process';
import { constants as fsc } from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { logSwallowed } from '../log';
import { AGENT_CLIENT_LIST, type AgentClientId, type AgentClientIdentity } from './ids';
import { loadAgentClientSettings, userSettingsPath, type AgentClientSettings } from './settings';
import type { AgentClientInfo } from './core/types';

/** `--version` of a Node-bundled client takes about a second on a loaded machine. */
const VERSION_TIMEOUT_MS = 15_000;

const versions = new Map<string, Promise<string | null>>();

/** The first executable regular file named `command` along `PATH`, or null. */
export async function findOnPath(
  command: string,
  envPath: string | undefined,
): Promise<string | null> {
  const exts = process.platform === 'win32' ? ['.cmd', '.exe', ''] : [''];
  for (const dir of (envPath ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir)) continue; // a relative entry would depend on the cwd
    for (const ext of exts) {
      const candidate = path.join(dir, command + ext);
      if (await isExecutable(candidate)) return candidate;
    }
  }
  return null;
}

async function isExecutable(file: string): Promise<boolean> {
  try {
    const st = await fsp.stat(file);
    if (!st.isFile()) return false;
    await fsp.access(file, fsc.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The version number in what `--version` printed ("2.1.332 (Claude Code)", "codex-cli 0.171.0"). */
export function parseVersion(out: string): string | null {
  return /\b(\d+\.\d+\.\d+(?:[-+][\w.-]+)?)\b/.exec(out)?.[1] ?? null;
}

async function probeVersion(bin: string, envPath: string): Promise<string | null> {
  const home = await fsp.mkdtemp(path.join(os.tmpdir(), 'skill-studio-probe-'));
  try {
    const out = await new Promise<string>((resolve) => {
      execFile(
        bin,
        ['--version'],
        {
          timeout: VERSION_TIMEOUT_MS,
          killSignal: 'SIGKILL',
          maxBuffer: 64 * 1024,
          cwd: home,
          env: {
            PATH: envPath,
            HOME: home,
            XDG_CONFIG_HOME: path.join(home, '.config'),
            XDG_DATA_HOME: path.join(home, '.local/share'),
            XDG_CACHE_HOME: path.join(home, '.cache'),
            XDG_STATE_HOME: path.join(home, '.local/state'),
            CODEX_HOME: path.join(home, '.codex'),
            PWD: home,
            NO_COLOR: '1',
            // Gemini CLI otherwise starts itself a second time (a bigger heap): twice the work.
            GEMINI_CLI_NO_RELAUNCH: 'true',
          },
        },
        // A client that fails `--version` is still found; its version is unknown.
        (_err, stdout) => resolve(String(stdout)),
      );
    });
    return parseVersion(out);
  } finally {
    await fsp.rm(home, { recursive: true, force: true }).catch(logSwallowed('remove a probe HOME'));
  }
}

async function versionOf(bin: string, envPath: string): Promise<string | null> {
  const st = await fsp.stat(bin);
  const key = `${bin}\0${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
  let v = versions.get(key);
  if (!v) {
    v = probeVersion(bin, envPath);
    versions.set(key, v);
  }
  return v;
}

export interface DiscoverOptions {
  env: NodeJS.ProcessEnv;
  settings: AgentClientSettings;
}

async function discoverOne(
  client: AgentClientIdentity,
  { env, settings }: DiscoverOptions,
): Promise<AgentClientInfo> {
  const configured = settings.paths[client.id];
  const found = configured
    ? (await isExecutable(configured))
      ? configured
      : null
    : await findOnPath(client.command, env.PATH);
  if (!found) return { id: client.id, name: client.name, found: false, version: null, path: null };
  // The real file: a client's npm shim is a symlink into its package.
  const real = await fsp.realpath(found).catch(() => found);
  const version = await versionOf(real, env.PATH ?? '');
  return { id: client.id, name: client.name, found: true, version, path: found };
}

/** Every agent client, in the ids' order, found or not. */
export function discoverAgentClients(opts: DiscoverOptions): Promise<AgentClientInfo[]> {
  return Promise.all(AGENT_CLIENT_LIST.map((c) => discoverOne(c, opts)));
}

/** One client, for a run: the same lookup as the listing. */
export async function discoverAgentClient(
  id: AgentClientId,
  opts: DiscoverOptions,
): Promise<AgentClientInfo> {
  return discoverOne(AGENT_CLIENT_LIST.find((c) => c.id === id) as AgentClientIdentity, opts);
}

/** One client, looked up as the listing does: the user's settings (under `home`), then PATH. */
export async function findAgentClient(
  id: AgentClientId,
  env: NodeJS.ProcessEnv,
  home: string | null,
): Promise<AgentClientInfo> {
  const settings = await loadAgentClientSettings(userSettingsPath(env, home));
  return discoverAgentClient(id, { env, settings });
}
