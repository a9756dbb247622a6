/**
 * The typed in-process host proxy: the one door the CLI (and any in-process caller) has to
 * the host. `invoke(method, params)` answers every Studio API method (shared/api/studio-api.ts,
 * through StudioHost.invoke and its router) and every method of the proxy's own table
 * (cli-methods.ts), typed by method; the long-lived things (a skill call's event stream, an
 * A2E connection, the MCP server, the local server, eval events) are typed functions beside it.
 *
 * Each method is served by one domain module, loaded with import() when a method of its
 * domain is first invoked: a command that lists skills never loads the runner, the server
 * or the zip libraries (scripts/build.mjs makes each domain module a bundle of its own).
 */
import type { Readable, Writable } from 'node:stream';
import type { ParamsOf, ResultOf, StudioEvent, StudioMethod } from '../../../shared/api/studio-api';
import type { CaseRunReport } from '../../../shared/playground/cases';
import type { SkillCallRequest, SkillCallResponse, SkillEvent } from '../../../shared/protocol/a2e';
import type { RunCasesOptions } from '../history/case-runner';
import type { A2ELineConnection } from './studio';
import type { CliMethod, CliMethods } from './cli-methods';
import type { ProxyContext, HostProxyOptions } from './context';
import type { Handler } from './domain';
import type { ServeOptions, Serving } from './serve';
import type { ConnectA2EOptions } from './remote';
import type { SchemaVerdictFile } from './schema-verdict-file';
import { useValidatorCache } from '../../../shared/json/validator-cache';
import { StudioError } from '../../../shared/errors';
import type { Handlers } from '../handler-table';
import { lazyHandlerTable } from '../lazy-handler-table';
import {
  LOCAL_METHOD_DOMAINS,
  isLocalProcessMethod,
  type LocalDomain,
  type LocalMethodsOf,
} from '../local-method-domains';
import { createRouter, type Route } from '../router';

export type { HostProxyOptions } from './context';
export type { A2ELineConnection } from './studio';
export type { ServeOptions, Serving } from './serve';
export type { ConnectA2EOptions } from './remote';

/** Any method the proxy answers: the Studio API's and its own. */
export type ProxyMethod = StudioMethod | CliMethod;
export type ProxyParamsOf<M extends ProxyMethod> = M extends StudioMethod
  ? ParamsOf<M>
  : M extends CliMethod
    ? CliMethods[M][0]
    : never;
export type ProxyResultOf<M extends ProxyMethod> = M extends StudioMethod
  ? ResultOf<M>
  : M extends CliMethod
    ? CliMethods[M][1]
    : never;

type DomainModule = { handlers: Partial<{ [K in CliMethod]: Handler<K> }> };

/** Where each method of the proxy's own table is served (one import() per domain). */
const DOMAINS = {
  folders: () => import('./folders'),
  catalog: () => import('./catalog'),
  studio: () => import('./studio'),
  bundles: () => import('./bundles'),
  install: () => import('./install'),
  serve: () => import('./serve'),
  remote: () => import('./remote'),
} satisfies Record<string, () => Promise<DomainModule>>;

const DOMAIN_OF: Record<CliMethod, keyof typeof DOMAINS> = {
  'folders.validate': 'folders',
  'catalog.list': 'catalog',
  'catalog.resolve': 'catalog',
  'portability.rows': 'studio',
  'export.check': 'bundles',
  'export.write': 'bundles',
  'bundles.importInto': 'bundles',
  'skills.create': 'bundles',
  'install.inspect': 'install',
  'install.run': 'install',
  'install.remove': 'install',
  'install.outdated': 'install',
  'install.update': 'install',
  'install.lockfiles': 'install',
  'install.trustLockfiles': 'install',
};

/**
 * Where each local-process method is served: one module per domain, loaded with import()
 * when one of its methods is first asked for, whose `localHandlers` builds the domain's
 * table over the proxy's context. `verdicts`: whether the domain may check a skill's
 * schema, so the kept verdicts are served before it loads.
 */
const LOCAL_DOMAINS: { [D in LocalDomain]: LocalDomainModule<LocalMethodsOf<D>> } = {
  // Skills read from folders and from the workspace. The lookup of `read` and `files`
  // never checks a schema.
  lookup: { load: () => import('./lookup'), verdicts: false },

  // Bundles written to and read from paths.

  // Installs from a source.

  // Providers, MCP clients, the local server.
  // Checking providers and approving one read skill-studio.json's providers, never a
  // skill's schema.
  providers: { load: () => import('./providers'), verdicts: false },
  // An MCP client's config: its entry written or removed, no skill read.
  'mcp-connect': { load: () => import('./mcp-connect'), verdicts: false },
  // The server's address and token, before the server and its host load.
  'serve-setup': { load: () => import('./serve-setup'), verdicts: false },
};

interface LocalDomainModule<M extends keyof Handlers> {
  load: () => Promise<{ localHandlers(ctx: ProxyContext): Pick<Handlers, M> }>;
  verdicts: boolean;
}

function isCliMethod(method: ProxyMethod): method is CliMethod {
  return Object.prototype.hasOwnProperty.call(DOMAIN_OF, method);
}

export interface HostProxy {
  /** A method of the Studio API or of the proxy's table, params and result typed by `method`. */
  invoke<M extends ProxyMethod>(method: M, params: ProxyParamsOf<M>): Promise<ProxyResultOf<M>>;
  /** Opens the whole host now (its skill-studio.json problems are told now, not at first use). */
  openWorkspace(): Promise<void>;
  /** Studio events (eval progress, changes); the host is opened when not yet. */
  onEvent(listener: (e: StudioEvent) => void): Promise<() => void>;
  /** One skill call, its events as they come; aborting `signal` cancels it. Never rejects. */
  call(
    req: SkillCallRequest,
    agent: string | null,
    onEvent: (event: SkillEvent) => void,
    signal: AbortSignal,
  ): Promise<SkillCallResponse>;
  /**
   * An A2E connection bound to an agent (null: every skill) over lines of bytes pushed in
   * (one JSON message per line), frames out through `send`.
   */
  openA2ELines(
    agent: string | null,
    send: (frame: string) => void,
    flow: { bufferedAmount: () => number; onOverflow: () => void },
  ): Promise<A2ELineConnection>;
  /** Runs a skill's saved cases (all of `files`), each reported to `onCase`. */
  runCases(
    skill: { name: string; dir: string },
    opts: Pick<RunCasesOptions, 'files' | 'agent' | 'signal' | 'onCase'>,
  ): Promise<CaseRunReport>;
  /** The skills over MCP on `input`/`output`, until the transport closes or `stopWhen` stops it. */
  serveMcp(
    agent: string | null,
    input: Readable,
    output: Writable,
    stopWhen: (stop: () => void) => void,
  ): Promise<void>;
  /** The local server (its own watching host); runs until its `close`. */
  serve(opts: ServeOptions): Promise<Serving>;
  /** An A2E connection to a host elsewhere (`a2e --connect`); rejects saying what to fix. */
  connectA2E(opts: ConnectA2EOptions): Promise<A2ELineConnection>;
  /** Closes the host if one was opened. */
  close(): Promise<void>;
}

export function createHostProxy(options: HostProxyOptions): HostProxy {
  const ctx: ProxyContext = { ...options, studio: null, sources: null };
  if (options.validatorCache) useValidatorCache(options.validatorCache);
  // Verdicts on skills' schemas kept between runs, served before the first module that may
  // check a schema loads (the lookup of read and files never does): a module of its own.
  let verdicts: Promise<SchemaVerdictFile | null> | null = null;
  const keptVerdicts = (): Promise<SchemaVerdictFile | null> => {
    const where = options.schemaVerdicts;
    return (verdicts ??= where
      ? import('./schema-verdict-file')
          .then((m) => m.serveSchemaVerdictFile(where))
          // Kept verdicts only save work: a module that cannot load costs the compiling
          // alone (every schema is then compiled), so nothing is lost by going on without.
          .catch(() => null)
      : Promise.resolve(null));
  };
  const load = async <D extends keyof typeof DOMAINS>(name: D) => {
    await keptVerdicts();
    return DOMAINS[name]() as ReturnType<(typeof DOMAINS)[D]>;
  };
  const studio = () => load('studio');
  // The local-process methods through the one router: params checked against the API's
  // schemas, and every failure a StudioError with the router's code.
  const localRoute: Route = createRouter(
    lazyHandlerTable(
      LOCAL_METHOD_DOMAINS,
      Object.fromEntries(
        (Object.entries(LOCAL_DOMAINS) as [string, LocalDomainModule<never>][]).map(
          ([domain, d]) => [
            domain,
            async () => {
              if (d.verdicts) await keptVerdicts();
              return (await d.load()).localHandlers(ctx);
            },
          ],
        ),
      ) as { [D in LocalDomain]: () => Promise<object> },
    ),
  );
  return {
    async invoke<M extends ProxyMethod>(
      method: M,
      params: ProxyParamsOf<M>,
    ): Promise<ProxyResultOf<M>> {
      if (isLocalProcessMethod(method)) {
        const res = await localRoute(method, params, 'local-process');
        if (!res.ok) throw new StudioError(res.error.code, res.error.message);
        return res.result as ProxyResultOf<M>;
      }
      if (!isCliMethod(method)) {
        const s = await studio();
        return (await s.invokeStudio(
          ctx,
          method as StudioMethod,
          params as never,
        )) as ProxyResultOf<M>;
      }
      const domain: DomainModule = await load(DOMAIN_OF[method]);
      const handler = domain.handlers[method] as Handler<typeof method> | undefined;
      if (!handler)
        throw new Error(`the host proxy's ${DOMAIN_OF[method]} module has no ${method}`);
      return (await handler(params as never, ctx)) as ProxyResultOf<M>;
    },
    async openWorkspace() {
      await (await studio()).openStudio(ctx);
    },
    onEvent: async (listener) => (await studio()).onEvent(ctx, listener),
    call: async (req, agent, onEvent, signal) =>
      (await studio()).callSkill(ctx, req, agent, onEvent, signal),
    openA2ELines: async (agent, send, flow) =>
      (await studio()).openA2ELines(ctx, agent, send, flow),
    runCases: async (skill, opts) => (await studio()).runSavedCases(ctx, skill, opts),
    serveMcp: async (agent, input, output, stopWhen) =>
      (await studio()).serveMcp(ctx, agent, input, output, stopWhen),
    serve: async (opts) => (await load('serve')).serve(ctx, opts),
    connectA2E: async (opts) => (await load('remote')).connectA2E(opts),
    async close() {
      const opened = ctx.studio;
      ctx.studio = null;
      if (opened) await (await opened).close();
      await (await verdicts)?.close();
    },
  };
}
