/**
 * The Studio API's method table, put together from each domain's table. Merging by object
 * spread let a second table's method silently replace the first's; here a method two tables
 * both serve is refused when the host starts, naming the method and both tables, so the
 * mistake shows on the first run instead of as a call that reaches the wrong domain.
 */

/** The intersection of a union of tables: every table's methods, with their own types. */
type Merged<U> = (U extends unknown ? (table: U) => void : never) extends (table: infer I) => void
  ? I
  : never;

/**
 * Every method of every table in `tables` (keyed by the table's name, used in the error),
 * in one object. Throws when a method appears in two tables.
 */
export function mergeHandlerTables<T extends Record<string, object>>(
  tables: T,
): Merged<T[keyof T]> {
  const merged: Record<string, unknown> = {};
  const owner = new Map<string, string>();
  for (const [tableName, table] of Object.entries(tables)) {
    for (const [method, handler] of Object.entries(table)) {
      const first = owner.get(method);
      if (first !== undefined) {
        throw new Error(
          `the Studio API method '${method}' is served by two handler tables, '${first}' and '${tableName}': keep it in one`,
        );
      }
      owner.set(method, tableName);
      merged[method] = handler;
    }
  }
  return merged as Merged<T[keyof T]>;
}
