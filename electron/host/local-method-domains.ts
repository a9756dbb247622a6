/**
 * Which domain serves each local-process method (shared/api/local-process.ts): the
 * methods only a process of this machine may call, served by the in-process host alone
 * (electron/host/in-process/host-proxy.ts), each domain's handler table loaded when one
 * of its methods is first asked for, as method-domains.ts does for every host's methods.
 * Typed against the API: a local-process method added there fails to compile until it is
 * given a domain here.
 */
import type { LocalProcessMethod } from '../../shared/api/studio-api';
import type { HostMethod } from './method-domains';

export const LOCAL_METHOD_DOMAINS = {
  // Skills read from folders and from the workspace (shared/api/skill-reads.ts).
  'folders.validate': 'folder-checks',
  'workspace.load': 'lookup',
  'skill.read': 'lookup',
  'skill.files': 'lookup',
  'skills.record': 'catalog',
  'portability.rows': 'catalog',

  // Bundles written to and read from paths (shared/api/bundle-files.ts).

  // Installs from a source (shared/api/install.ts, InstallSourceMethods).
  'install.inspect': 'install',
  'install.remove': 'install',
  'install.outdated': 'install',
  'install.update': 'install',
  'install.lockfiles': 'install',
  'install.trustLockfiles': 'install',

  // Providers, MCP clients, the local server (shared/api/local-tools.ts).
} as const satisfies Record<LocalProcessMethod, string>;

/** A domain of the local-process methods. */
export type LocalDomain = (typeof LOCAL_METHOD_DOMAINS)[LocalProcessMethod];

/**
 * The methods every host serves that the in-process host answers from a domain of its own,
 * as its local-process methods, without opening the whole host: a command that asks once
 * and goes needs no watcher, no runner and no A2E host for them, and gets the same answer
 * (the same registry over the same sources).
 */
export const IN_PROCESS_DOMAINS = {
  'skills.list': 'catalog',
} as const satisfies { [M in HostMethod]?: LocalDomain };

/** A method the in-process host answers from its own domains. */
export type InProcessMethod = LocalProcessMethod | keyof typeof IN_PROCESS_DOMAINS;

/** Which of its own domains the in-process host answers each of its methods from. */
export const IN_PROCESS_METHOD_DOMAINS: { readonly [M in InProcessMethod]: LocalDomain } = {
  ...LOCAL_METHOD_DOMAINS,
  ...IN_PROCESS_DOMAINS,
};

/** The methods the in-process host answers from its domain `D`. */
export type LocalMethodsOf<D extends LocalDomain> = {
  [M in InProcessMethod]: (typeof LOCAL_METHOD_DOMAINS & typeof IN_PROCESS_DOMAINS)[M] extends D
    ? M
    : never;
}[InProcessMethod];

/** Whether `method` is a local-process method. */
export function isLocalProcessMethod(method: string): method is LocalProcessMethod {
  return Object.prototype.hasOwnProperty.call(LOCAL_METHOD_DOMAINS, method);
}

/** Whether the in-process host answers `method` from its own domains. */
export function servedInProcess(method: string): method is InProcessMethod {
  return Object.prototype.hasOwnProperty.call(IN_PROCESS_METHOD_DOMAINS, method);
}
