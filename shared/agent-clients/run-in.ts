/**
 * The studio's call extension `metadata.run_in` (docs/contracts.md, A2E): run the skill inside
 * an agent client. Read strictly: a run_in that is there but wrong is refused naming the field,
 * never run somewhere the caller did not mean. Pure: the A2E host refuses with it, and the
 * playground reads a kept request's client back with it.
 */
import {
  AGENT_CLIENT_IDS,
  CLIENT_CATALOGS,
  isAgentClientId,
  type ClientCatalog,
  type RunInClient,
} from '../api/agent-clients';

const KEYS = new Set(['client', 'allow_scripts', 'provider', 'model', 'catalog', 'own_login']);

/** null: no run_in; a string: why it is refused; else the request. */
export function readRunIn(
  metadata: Record<string, unknown> | undefined,
): RunInClient | string | null {
  const raw = metadata?.run_in;
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'object' || Array.isArray(raw))
    return 'metadata.run_in must be an object such as {"client": "claude-code"}';
  const o = raw as Record<string, unknown>;
  const extra = Object.keys(o).find((k) => !KEYS.has(k));
  if (extra !== undefined)
    return `metadata.run_in may hold only ${[...KEYS].join(', ')}; "${extra.slice(0, 40)}" is not accepted`;
  if (typeof o.client !== 'string' || !isAgentClientId(o.client))
    return `metadata.run_in.client must be one of ${AGENT_CLIENT_IDS.join(', ')}`;
  if (o.allow_scripts !== undefined && typeof o.allow_scripts !== 'boolean')
    return 'metadata.run_in.allow_scripts must be true or false';
  for (const k of ['provider', 'model'] as const)
    if (o[k] !== undefined && (typeof o[k] !== 'string' || o[k] === ''))
      return `metadata.run_in.${k} must be a non-empty string`;
  if (o.catalog !== undefined && !(CLIENT_CATALOGS as readonly unknown[]).includes(o.catalog))
    return `metadata.run_in.catalog must be one of ${CLIENT_CATALOGS.join(', ')}`;
  if (o.own_login !== undefined && typeof o.own_login !== 'boolean')
    return 'metadata.run_in.own_login must be true or false';
  // The client's own login goes to the client's own API: a provider would send it elsewhere.
  if (o.own_login === true && o.provider !== undefined)
    return "metadata.run_in.own_login uses the client's own login and API; leave out provider";
  return {
    client: o.client,
    ...(o.allow_scripts !== undefined ? { allow_scripts: o.allow_scripts as boolean } : {}),
    ...(o.provider !== undefined ? { provider: o.provider as string } : {}),
    ...(o.model !== undefined ? { model: o.model as string } : {}),
    ...(o.catalog !== undefined ? { catalog: o.catalog as ClientCatalog } : {}),
    ...(o.own_login !== undefined ? { own_login: o.own_login as boolean } : {}),
  };
}
