/**
 * The type of the Studio API's method table. Each domain serves a part of it (its
 * `handlers.ts`), the host loads each part when first asked for (lazy-handler-table.ts) and the router calls
 * them. It lives at the bottom of the host, beside the error every handler throws
 * (`StudioError`, shared/errors.ts), so a domain never imports the router that imports it.
 */
import type { ParamsOf, ResultOf, StudioMethod } from '../../shared/api/studio-api';

export type Handlers = { [M in StudioMethod]: (params: ParamsOf<M>) => Promise<ResultOf<M>> };
