/**
 * Which domain serves each Studio API method. The host loads a domain's handler module
 * when one of its methods is first asked for (lazy-handler-table.ts), so a process that
 * calls a few methods (a CLI run) never loads the evals, the bundles or the providers; the
 * router knows a method exists, and checks who may call it and its params, without loading
 * anything. Typed against the API: a method added there fails to compile until it is
 * given a domain here, and an object literal cannot name a method twice.
 */
import type { LocalProcessMethod, StudioMethod } from '../../shared/api/studio-api';

/**
 * The methods every host serves (the desktop app's, the server's, the in-process one);
 * the local-process methods are the in-process host's alone (local-method-domains.ts).
 */
export type HostMethod = Exclude<StudioMethod, LocalProcessMethod>;

export const METHOD_DOMAINS = {
  'workspace.info': 'workspace',
  'workspace.open': 'workspace',
  'agents.save': 'workspace',
  'folders.browse': 'folders',
  'skills.list': 'skills',
  'skills.get': 'skills',
  'skills.resolve': 'skills',
  'skills.promptIndex': 'skills',
  'skills.served': 'skills',
  'skills.templates': 'skills',
  'skills.new': 'skills',
  'runner.settings': 'runner',
  'runner.saveSettings': 'runner',
  'files.read': 'files',
  'files.write': 'files',
  'files.createFile': 'files',
  'files.createFolder': 'files',
  'files.rename': 'files',
  'files.delete': 'files',
  'bundles.export': 'bundles',
  'bundles.inspect': 'bundles',
  'bundles.import': 'bundles',
  'playground.validate': 'playground',
  'history.list': 'playground',
  'history.get': 'playground',
  'history.add': 'playground',
  'history.delete': 'playground',
  'cases.list': 'playground',
  'cases.save': 'playground',
  'cases.run': 'playground',
  'skills.trash': 'skillAdmin',
  'skills.delete': 'skillAdmin',
  'skills.rename': 'skillAdmin',
  'skills.duplicate': 'skillAdmin',
  'install.clients': 'install',
  'install.preview': 'install',
  'install.skill': 'install',
  'providers.list': 'providers',
  'providers.save': 'providers',
  'providers.remove': 'providers',
  'providers.storeKey': 'providers',
  'providers.forgetKey': 'providers',
  'providers.approve': 'providers',
  'providers.check': 'providers',
  'search.contents': 'search',
  'files.atHead': 'search',
  'schema.check': 'schema',
  'agentClients.list': 'agentClients',
  'agentClients.writeRecords': 'agentClients',
  'catalog.get': 'catalog',
  'evals.sources': 'evals',
  'evals.saveCases': 'evals',
  'evals.saveTriggers': 'evals',
  'evals.start': 'evals',
  'evals.startTriggers': 'evals',
  'evals.improveDescription': 'evals',
  'evals.cancel': 'evals',
  'evals.list': 'evals',
  'evals.get': 'evals',
  'evals.transcript': 'evals',
  'evals.feedback.get': 'evals',
  'evals.feedback.save': 'evals',
  'remoteHosts.list': 'remoteHosts',
  'remoteHosts.save': 'remoteHosts',
  'remoteHosts.remove': 'remoteHosts',
} as const satisfies Record<HostMethod, string>;

/** A domain of the host: one handler table, loaded on first use. */
export type HostDomain = (typeof METHOD_DOMAINS)[HostMethod];

/** The methods `D` serves. */
export type MethodsOf<D extends HostDomain> = {
  [M in HostMethod]: (typeof METHOD_DOMAINS)[M] extends D ? M : never;
}[HostMethod];
