/** The in-process host's folder checks (`validate PATH…`), kept verdicts where the CLI keeps them. */
import { folderCheckHandlers } from '../registry/folder-check-handlers';
import type { ProxyContext } from './context';

export const localHandlers = (ctx: ProxyContext) => folderCheckHandlers({ verdicts: ctx.verdicts });
