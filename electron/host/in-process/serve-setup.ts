/**
 * The in-process host's questions before `serve` starts its server (its address, its
 * token): the server's table (electron/server/serve-handlers.ts), a bundle of its own so a
 * refused address or token file loads neither the server nor the host it serves.
 */
import { serveHandlers } from '../../server/serve-handlers';

export const localHandlers = () => serveHandlers();
