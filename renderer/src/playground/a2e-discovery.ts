/**
 * The playground's A2E discovery over the window's Backend: a short-lived connection
 * bound to the chosen agent, so its allowlist applies exactly as for an outside agent.
 * Calls run on a connection of their own each, opened by run-session.ts.
 */
import type { A2EConnection } from '../../../shared/api/studio-api';
import type { A2EOutbound, SkillDefinition } from '../../../shared/protocol/a2e';
import { makeDiscoverRequest } from '../../../shared/protocol/messages';
import { backend } from '../backend/current';

class DiscoverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * skill/discover/req as `agent`, answered with the skills it may use; `host`: a remote
 * A2E host's id (null: this studio), asked through our own host.
 */
export function discover(
  agent: string | null,
  filter: { tags?: string[]; categories?: string[] } = {},
  timeoutMs = 15_000,
  host: string | null = null,
): Promise<SkillDefinition[]> {
  return new Promise((resolve, reject) => {
    const req = makeDiscoverRequest({
      filter_tags: filter.tags ?? [],
      filter_categories: filter.categories ?? [],
    });
    let conn: A2EConnection | null = null;
    const timer = setTimeout(() => {
      conn?.close();
      reject(
        new DiscoverError(
          'timeout',
          host === null
            ? 'The studio did not answer the discovery request in time.'
            : 'The remote host did not answer the discovery request in time.',
        ),
      );
    }, timeoutMs);
    conn = backend().a2e(
      agent,
      (msg: A2EOutbound) => {
        if (msg.type === 'skill/discover/resp' && msg.req_id === req.id) {
          clearTimeout(timer);
          conn?.close();
          if (msg.error) reject(new DiscoverError(msg.error.code, msg.error.message));
          else resolve(msg.skills);
        } else if (msg.type === 'error') {
          clearTimeout(timer);
          conn?.close();
          reject(new DiscoverError(msg.error.code, msg.error.message));
        }
      },
      host,
    );
    conn.send(req);
  });
}

export { wireText } from '../backend/a2e-worker-socket';
