/**
 * The typed in-process host proxy: the one door the CLI (and any in-process caller) has to
 * the host. `invoke(method, params)` answers every Studio API method
 * (shared/api/studio-api.ts), typed by method, through one router: the local-process
 * methods, and the host methods this host serves from domains of its own
 * (local-method-domains.ts), through the proxy's router over those domains; every other
 * through the whole host's (StudioHost). The long-lived things (a skill call's event stream,
 * an A2E connection, the MCP server, the local server, eval events) are typed functions
 * beside it.
 *
 * Each domain is a module loaded with import() when one of its methods is first invoked: a
 * command that lists skills never loads the runner, the server or the zip libraries
 * (scripts/build.mjs makes each domain module a bundle of its own).
 */
import type { Readable, Writable } from 'node:stream';
import type { ParamsOf, ResultOf, StudioEvent, StudioMethod } from '../../../shared/api/studio-api';
import type { CaseRunReport } from '../../../shared/playground/cases';
import type { SkillCallRequest, SkillCallResponse, SkillEvent } from '../../../shared/protocol/a2e';
import type { RunCasesOptions } from '../history/case-runner';
import type { A2ELineConnection } from './studio';
import type { ProxyContext, HostProxyOptions } from './context';
import type { ServeOptions, Serving } from './serve';
import type { ConnectA2EOptions } from './remote';
import type { SchemaVerdictFile } from './schema-verdict-file';
import { useValidatorCache } from '../../../shared/json/validator-cache';
import { StudioError } from '../../../shared/errors';
import type { Handlers } from '../handler-table';
import { lazyHandlerTable } from '../lazy-handler-table';
import {
  IN_PROCESS_METHOD_DOMAINS,
  servedInProcess,
  type LocalDomain,
  type LocalMethodsOf,
} from '../local-method-domains';
import { createRouter, type Route } from '../router';

export type { HostProxyOptions } from './context';
export type { A2ELineConnection } from './studio';
export type { ServeOptions, Serving } from './serve';
export type { ConnectA2EOptions } from './remote';

/** Any method the proxy answers: every method of the Studio API. */
export type ProxyMethod = StudioMethod;
export type ProxyParamsOf<M extends ProxyMethod> = ParamsOf<M>;
export type ProxyResultOf<M extends ProxyMethod> = ResultOf<M>;

/** The modules behind the long-lived functions that need none of the whole host. */
const MODULES = {
  serve: () => import('./serve'),
  remote: () => import('./remote'),
};

/**
 * Where each local-process method (and each host method the proxy serves over its own
 * contexts: local-method-domains.ts) is served: one module per domain, loaded with import()
 * when one of its methods is first asked for, whose `localHandlers` builds the domain's
 * table over the proxy's context. `verdicts`: whether the domain may check a skill's
 * schema, so the kept verdicts are served before it loads.
 */
const LOCAL_DOMAINS: {
  [D in LocalDomain]: LocalDomainModule<LocalMethodsOf<D>>;
} = {
  // Skills read from folders and from the workspace. The lookup of `read` and `files`
  // never checks a schema.
  lookup: { load: () => import('./lookup'), verdicts: false },
  // The workspace's skills read once: the listing, whole records and the portability
  // matrix (`list`, `explain`, `portability`).
  catalog: { load: () => import('./catalog'), verdicts: true },
  // Folders named by path: each skill's schemas are checked.
  'folder-checks': { load: () => import('./folder-checks'), verdicts: true },

  // Bundles written to and read from paths, and the bundle methods every host serves, over
  // a context that opens the whole host only for a skill by name or the workspace's
  // skills/. Reading a skill checks its schemas.
  'bundle-files': { load: () => import('./bundles'), verdicts: true },

  // Installs from a source. Reading a source checks its skills, schemas too.
  install: { load: () => import('./install'), verdicts: true },

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

export interface HostProxy {
  /** A method of the Studio API, params and result typed by `method`. */
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
  const load = async <D extends keyof typeof MODULES>(name: D) => {
    await keptVerdicts();
    return MODULES[name]() as ReturnType<(typeof MODULES)[D]>;
  };
  // The whole host, for the Studio API's other methods and the long-lived functions.
  const studio = async () => {
    await keptVerdicts();
    return import('./studio');
  };
  // The local-process methods through the one router: params checked against the API's
  // schemas, and every failure a StudioError with the router's code.
  const localRoute: Route = createRouter(
    lazyHandlerTable(
      IN_PROCESS_METHOD_DOMAINS,
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
      if (servedInProcess(method)) {
        const res = await localRoute(method, params, 'local-process');
        if (!res.ok) throw new StudioError(res.error.code, res.error.message);
        return res.result as ProxyResultOf<M>;
      }
      return (await studio()).invokeStudio(ctx, method, params);
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
