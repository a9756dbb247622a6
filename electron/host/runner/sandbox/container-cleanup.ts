/**
 * The label every run's container carries, and removing the leftovers of a studio that died
 * mid-run. `io.skill-studio.run=<pid>/<uuid>` says which studio process made it, and
 * `io.skill-studio.machine` on which machine, so a studio removes only containers of its own
 * machine whose process is gone: another studio running beside it keeps its runs.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type Docker from 'dockerode';
import { errorMessage } from '../../../../shared/errors';
import { ENGINE_REQUEST_MS, withDeadline } from './container-engine';
import { isAlive } from './cgroup';

export const RUN_LABEL = 'io.skill-studio.run';
export const MACHINE_LABEL = 'io.skill-studio.machine';

/** The labels of one run's container made by this process. */
export function runLabels(pid: number = process.pid): Record<string, string> {
  return { [RUN_LABEL]: `${pid}/${randomUUID()}`, [MACHINE_LABEL]: os.hostname() };
}

/** Containers of the studio on this engine: id and run label, any state. */
export async function studioContainers(
  docker: Docker,
): Promise<{ id: string; run: string; machine: string | null }[]> {
  const list = await withDeadline(
    docker.listContainers({ all: true, filters: { label: [RUN_LABEL] } }),
    ENGINE_REQUEST_MS,
    'listing containers',
  );
  return list.map((c) => ({
    id: c.Id,
    run: c.Labels?.[RUN_LABEL] ?? '',
    machine: c.Labels?.[MACHINE_LABEL] ?? null,
  }));
}

/**
 * Removes (forcibly) every studio container of this machine whose studio process is no
 * longer alive. Returns how many went, and what could not be removed.
 */
export async function removeLeftovers(
  docker: Docker,
): Promise<{ removed: number; failed: string[] }> {
  const host = os.hostname();
  let removed = 0;
  const failed: string[] = [];
  for (const c of await studioContainers(docker)) {
    if (c.machine !== host) continue;
    const pid = Number(c.run.split('/')[0]);
    if (pid === process.pid) continue;
    if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) continue;
    try {
      await withDeadline(
        docker.getContainer(c.id).remove({ force: true }),
        ENGINE_REQUEST_MS,
        'removing a leftover container',
      );
      removed++;
    } catch (err) {
      failed.push(`${c.id.slice(0, 12)}: ${errorMessage(err)}`);
    }
  }
  return { removed, failed };
}
