/**
 * Which domain serves each local-process method (shared/api/local-process.ts): the
 * methods only a process of this machine may call, served by the in-process host alone
 * (electron/host/in-process/host-proxy.ts), each domain's handler table loaded when one
 * of its methods is first asked for, as method-domains.ts does for every host's methods.
 * Typed against the API: a local-process method added there fails to compile until it is
 * given a domain here.
 */
import type { LocalProcessMethod } from '../../shared/api/studio-api';

export const LOCAL_METHOD_DOMAINS = {
  // Skills read from folders and from the workspace (shared/api/skill-reads.ts).
  'workspace.load': 'lookup',
  'skill.read': 'lookup',
  'skill.files': 'lookup',

  // Bundles written to and read from paths (shared/api/bundle-files.ts).

  // Installs from a source (shared/api/install.ts, InstallSourceMethods).

  // Providers, MCP clients, the local server (shared/api/local-tools.ts).
  'providers.checkAll': 'providers',
  'providers.approveInCwd': 'providers',
  'mcp.entry': 'mcp-connect',
  'mcp.connect': 'mcp-connect',
  'serve.isLoopback': 'serve-setup',
  'serve.token': 'serve-setup',
} as const satisfies Record<LocalProcessMethod, string>;

/** A domain of the local-process methods. */
export type LocalDomain = (typeof LOCAL_METHOD_DOMAINS)[LocalProcessMethod];

/** The local-process methods `D` serves. */
export type LocalMethodsOf<D extends LocalDomain> = {
  [M in LocalProcessMethod]: (typeof LOCAL_METHOD_DOMAINS)[M] extends D ? M : never;
}[LocalProcessMethod];

/** Whether `method` is a local-process method. */
export function isLocalProcessMethod(method: string): method is LocalProcessMethod {
  return Object.prototype.hasOwnProperty.call(LOCAL_METHOD_DOMAINS, method);
}
