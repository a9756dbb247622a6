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
  'export.check': 'bundle-files',

  // Installs from a source (shared/api/install.ts, InstallSourceMethods).
  'install.inspect': 'install',
  'install.remove': 'install',
  'install.outdated': 'install',
  'install.update': 'install',
  'install.lockfiles': 'install',
  'install.trustLockfiles': 'install',

  // Providers, MCP clients, the local server (shared/api/local-tools.ts).
  'providers.checkAll': 'providers',
  'providers.approveInCwd': 'providers',
  'mcp.entry': 'mcp-connect',
  'mcp.connect': 'mcp-connect',
  'serve.isLoopback': 'serve-setup',
  'serve.token': 'serve-setup',
} as const satisfies Record<LocalProcessMethod, string>;

/**
 * Methods every host serves (method-domains.ts) that the in-process host answers from a
 * domain of its own, beside its local-process methods, without opening the whole host: a
 * command that asks once and goes needs no watcher, no runner and no A2E host for them, and
 * a call that names a folder of this machine needs no workspace (the whole host is opened
 * only for one that does: a skill by name, the workspace's `skills/`). The router still
 * refuses their local-process params to every other caller (params/method-callers.ts).
 */
const IN_PROCESS_HOST_METHOD_DOMAINS = {
  // The workspace's skills read once: the same listing the whole host gives.
  'skills.list': 'catalog',
  // Bundles written to and read from paths: a folder exported as it is, a bundle unpacked
  // or a skill created into a folder (the bundles' table whole, its preview too).
  'bundles.export': 'bundle-files',
  'bundles.inspect': 'bundle-files',
  'bundles.import': 'bundle-files',
  'skills.new': 'bundle-files',
  // Installs: from a source the command line names; a skill of the workspace through the
  // whole host.
  'install.skill': 'install',
} as const satisfies Partial<Record<HostMethod, string>>;

type InProcessDomains = typeof LOCAL_METHOD_DOMAINS & typeof IN_PROCESS_HOST_METHOD_DOMAINS;

/** Every method the in-process host serves over its own contexts, and the domain of each. */
export const IN_PROCESS_METHOD_DOMAINS: InProcessDomains = {
  ...LOCAL_METHOD_DOMAINS,
  ...IN_PROCESS_HOST_METHOD_DOMAINS,
};

/** A method the in-process host serves over its own contexts. */
export type InProcessMethod = keyof InProcessDomains;

/** A domain of the methods the in-process host serves over its own contexts. */
export type LocalDomain = InProcessDomains[InProcessMethod];

/** The methods `D` serves. */
export type LocalMethodsOf<D extends LocalDomain> = {
  [M in InProcessMethod]: InProcessDomains[M] extends D ? M : never;
}[InProcessMethod];

/** Whether `method` is a local-process method. */
export function isLocalProcessMethod(method: string): method is LocalProcessMethod {
  return Object.prototype.hasOwnProperty.call(LOCAL_METHOD_DOMAINS, method);
}

/** Whether the in-process host answers `method` from its own domains. */
export function servedInProcess(method: string): method is InProcessMethod {
  return Object.prototype.hasOwnProperty.call(IN_PROCESS_METHOD_DOMAINS, method);
}
