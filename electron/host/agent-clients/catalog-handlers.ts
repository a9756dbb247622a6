/**
 * The catalog's method of the Studio API (shared/api/agent-catalog.ts): each agent client's
 * listing from this project and the user's folders (catalog.ts). Reads only.
 */
import type { Handlers } from '../handler-table';
import { buildCatalog, type CatalogRoots } from './catalog';

export interface CatalogContext {
  /** The home folder (null: --no-user, no user folder is read) and the open workspace. */
  roots(): CatalogRoots;
}

export function catalogHandlers(ctx: CatalogContext): Pick<Handlers, 'catalog.get'> {
  return {
    'catalog.get': ({ client }) => buildCatalog({ ...ctx.roots(), client }),
  };
}
