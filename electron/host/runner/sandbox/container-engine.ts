/**
 * Which container engine to talk to, and whether it answers. Docker Desktop, Podman (its
 * Docker-compatible service), Colima and OrbStack all serve the Docker Engine API on a
 * socket; the studio talks only that API (dockerode), never a CLI.
 *
 * The address is `runner.container.host` when set, else DOCKER_HOST, else the first of
 * the usual sockets that exists. Every request has a deadline: an engine that does not
 * answer is an error naming what was tried, never a hang.
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Docker from 'dockerode';
import { errorMessage } from '../../../../shared/errors';

/** Deadline of one short engine request (ping, create, inspect, remove, list). */
export const ENGINE_REQUEST_MS = 10_000;
/** Deadline of the first ping, when deciding which sandbox `auto` takes. */
export const ENGINE_PING_MS = 2_000;

export type EngineEndpoint =
  | { kind: 'socket'; url: string; socketPath: string }
  | { kind: 'tcp'; url: string; host: string; port: number };

/** Parses `unix:///path`, `npipe:////./pipe/name` or `tcp://host:port`; null when it is none. */
export function parseEngineHost(url: string): EngineEndpoint | null {
  const unix = /^unix:\/\/(\/.+)$/.exec(url);
  if (unix) return { kind: 'socket', url, socketPath: unix[1] };
  const npipe = /^npipe:\/\/(.+)$/.exec(url);
  // npipe:////./pipe/docker_engine → \\.\pipe\docker_engine
  if (npipe) return { kind: 'socket', url, socketPath: npipe[1].replace(/\//g, '\\') };
  const tcp = /^tcp:\/\/(\[[^\]]+\]|[^:/]+):(\d{1,5})\/?$/.exec(url);
  if (tcp) return { kind: 'tcp', url, host: tcp[1].replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  return null;
}

/** The usual engine sockets of this platform, most likely first (only existing ones are tried). */
export function defaultEngineSockets(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string[] {
  if (platform === 'win32')
    return ['npipe:////./pipe/docker_engine', 'npipe:////./pipe/podman-machine-default'];
  const runtime = env.XDG_RUNTIME_DIR;
  const sockets = [
    '/var/run/docker.sock',
    path.join(home, '.docker', 'run', 'docker.sock'),
    path.join(home, '.docker', 'desktop', 'docker.sock'),
    ...(runtime ? [path.join(runtime, 'podman', 'podman.sock')] : []),
    '/run/podman/podman.sock',
    path.join(home, '.colima', 'default', 'docker.sock'),
    path.join(home, '.orbstack', 'run', 'docker.sock'),
    path.join(home, '.local', 'share', 'containers', 'podman', 'machine', 'podman.sock'),
    path.join(home, '.local', 'share', 'containers', 'podman', 'machine', 'qemu', 'podman.sock'),
  ];
  return sockets.map((s) => `unix://${s}`);
}

/** Where to look, in order: the configured host alone, else DOCKER_HOST, else the usual sockets. */
export function engineCandidates(
  configured: string | null,
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): { urls: string[]; from: string } {
  if (configured) return { urls: [configured], from: 'runner.container.host' };
  if (env.DOCKER_HOST) return { urls: [env.DOCKER_HOST], from: 'DOCKER_HOST' };
  return { urls: defaultEngineSockets(env, platform), from: 'the usual engine sockets' };
}

export function dockerFor(endpoint: EngineEndpoint, timeoutMs: number | undefined): Docker {
  const base = timeoutMs === undefined ? {} : { timeout: timeoutMs };
  return endpoint.kind === 'socket'
    ? new Docker({ socketPath: endpoint.socketPath, ...base })
    : new Docker({ host: endpoint.host, port: endpoint.port, protocol: 'http', ...base });
}

/** A connected engine: one client with a deadline per request, one without (long waits). */
export interface Engine {
  endpoint: EngineEndpoint;
  /** Short requests, each under ENGINE_REQUEST_MS. */
  docker: Docker;
  /** `wait` only: it lasts as long as the run, which the call's own timeout bounds. */
  waiter: Docker;
  /** "Podman Engine 4.3.1" / "Docker Engine 27.1.1". */
  version: string;
}

export class EngineUnreachableError extends Error {}

/** Runs `promise` with a deadline; `what` names the request in the error. */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} got no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function socketExists(endpoint: EngineEndpoint): boolean {
  if (endpoint.kind !== 'socket' || endpoint.socketPath.startsWith('\\\\')) return true;
  try {
    return statSync(endpoint.socketPath).isSocket();
  } catch {
    return false;
  }
}

/**
 * The first engine that answers a ping, or an EngineUnreachableError naming every address
 * tried and why each failed.
 */
export async function connectEngine(
  configured: string | null,
  pingMs = ENGINE_PING_MS,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Engine> {
  const { urls, from } = engineCandidates(configured, env);
  const tried: string[] = [];
  for (const url of urls) {
    const endpoint = parseEngineHost(url);
    if (!endpoint) {
      tried.push(`${url} (not unix://, npipe:// or tcp://)`);
      continue;
    }
    // The usual sockets are only looked at where they exist; a named one is always tried.
    if (from === 'the usual engine sockets' && !socketExists(endpoint)) {
      tried.push(`${url} (no such socket)`);
      continue;
    }
    const docker = dockerFor(endpoint, ENGINE_REQUEST_MS);
    try {
      const version = await withDeadline(docker.version(), pingMs, `the engine at ${url}`);
      const component = version.Components?.[0]?.Name ?? 'Docker Engine';
      return {
        endpoint,
        docker,
        waiter: dockerFor(endpoint, undefined),
        version: `${component} ${version.Version}`,
      };
    } catch (err) {
      tried.push(`${url} (${errorMessage(err)})`);
    }
  }
  throw new EngineUnreachableError(
    `no container engine answered (from ${from}): tried ${tried.join('; ')}. Start Docker ` +
      'Desktop, Podman (podman system service, or podman machine start), Colima or OrbStack, ' +
      'or set runner.container.host in your settings to the engine socket',
  );
}
