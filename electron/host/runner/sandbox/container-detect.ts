/**
 * Choosing the container sandbox: connecting to the configured engine, and, the first time a
 * process uses an engine, removing the containers a dead studio of this machine left there.
 * A module of its own, loaded only when a run may use a container: the engine client
 * (dockerode) is not parsed by runs that never need it.
 */
import { logSwallowed } from '../../log';
import { ContainerSandbox } from './container';
import { removeLeftovers } from './container-cleanup';
import { connectEngine } from './container-engine';
import type { ContainerConfig } from '../../workspace/runner-config';
import type { SandboxDriver } from './types';

/** Engines whose leftovers this process has already removed (once per engine). */
const sweptEngines = new Set<string>();

/** The container sandbox on the configured engine, or an error naming what was tried. */
export async function containerSandbox(
  config: ContainerConfig,
  why: string,
  pingMs?: number,
): Promise<SandboxDriver> {
  const engine = await connectEngine(config.host, pingMs);
  if (!sweptEngines.has(engine.endpoint.url)) {
    sweptEngines.add(engine.endpoint.url);
    await removeLeftovers(engine.docker).catch(logSwallowed('remove leftover run containers'));
  }
  return new ContainerSandbox(
    engine,
    config,
    `${why}: ${engine.version} at ${engine.endpoint.url}; no network, read-only root, uid 65534, no capabilities`,
  );
}
