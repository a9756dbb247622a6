/**
 * A method table whose handlers are loaded per domain, on first use: `domainOf` says
 * statically which domain serves each method, and a domain's table is built (its module
 * imported) when one of its methods is first asked for. Merging the tables by object
 * spread let a second table's method silently replace the first's; here a table that
 * serves a method `domainOf` gives to another domain, or misses one of its own, is refused
 * when it loads, naming the method and both tables, so the mistake shows on the first call
 * instead of as a call that reaches the wrong domain.
 */

/** One method's handler, untyped: the router has checked its params against the schema. */
export type MethodHandler = (params: unknown) => Promise<unknown>;

/** What the router needs of a method table. */
export interface MethodTable {
  /** Whether `method` is served, known without loading anything. */
  serves(method: string): boolean;
  /** The handler of a method `serves` said yes to, its domain loaded if not yet. */
  handlerFor(method: string): Promise<MethodHandler>;
}

const own = (o: object, key: string): boolean => Object.prototype.hasOwnProperty.call(o, key);

/** A table already built (tests, and tables small enough to build at once). */
export function eagerTable(handlers: object): MethodTable {
  const table = handlers as Record<string, MethodHandler>;
  return {
    serves: (method) => own(table, method),
    handlerFor: async (method) => table[method],
  };
}

/** The tables of `load`, each built when a method `domainOf` gives it is first asked for. */
export function lazyHandlerTable<D extends string>(
  domainOf: Readonly<Record<string, D>>,
  load: { readonly [K in D]: () => Promise<object> },
): MethodTable {
  const loaded = new Map<D, Promise<Record<string, MethodHandler>>>();
  const loadDomain = (domain: D): Promise<Record<string, MethodHandler>> => {
    let table = loaded.get(domain);
    if (!table) {
      table = load[domain]().then((t) => checkedTable(domainOf, domain, t));
      // A domain that failed to load is tried again on its next call, not refused for good.
      table.catch(() => loaded.delete(domain));
      loaded.set(domain, table);
    }
    return table;
  };
  return {
    serves: (method) => own(domainOf, method),
    handlerFor: async (method) => (await loadDomain(domainOf[method]))[method],
  };
}

/** `table` as `domain`'s, refused when it serves another domain's method or misses its own. */
function checkedTable<D extends string>(
  domainOf: Readonly<Record<string, D>>,
  domain: D,
  table: object,
): Record<string, MethodHandler> {
  for (const method of Object.keys(table)) {
    const owner = own(domainOf, method) ? domainOf[method] : undefined;
    if (owner === undefined)
      throw new Error(
        `the Studio API method '${method}' is served by the '${domain}' handler table but given no domain`,
      );
    if (owner !== domain)
      throw new Error(
        `the Studio API method '${method}' is served by two handler tables, '${owner}' and '${domain}': keep it in one`,
      );
  }
  for (const [method, owner] of Object.entries(domainOf)) {
    if (owner === domain && !own(table, method))
      throw new Error(`the '${domain}' handler table does not serve its method '${method}'`);
  }
  return table as Record<string, MethodHandler>;
}
