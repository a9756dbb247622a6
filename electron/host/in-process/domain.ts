/**
 * The shape of one domain module of the host proxy: the handlers of its methods, each given
 * the proxy's context. host-proxy.ts loads a domain module only when one of its methods is
 * first invoked, so a process parses only the domains it uses (scripts/build.mjs makes
 * each domain module a bundle of its own).
 */
import type { CliMethod, CliParamsOf, CliResultOf } from './cli-methods';
import type { ProxyContext } from './context';

export type Handler<M extends CliMethod> = (
  params: CliParamsOf<M>,
  ctx: ProxyContext,
) => Promise<CliResultOf<M>>;

export type DomainHandlers<M extends CliMethod> = { [K in M]: Handler<K> };
