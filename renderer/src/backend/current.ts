/**
 * The one Backend of this window, chosen at start: the desktop bridge when the
 * preload exposed window.studio, otherwise HTTP against the page's own origin.
 * Components never look at which one it is.
 */
import type { Backend, StudioBridge } from '../../../shared/api/studio-api';
import { createHttpBackend, type ConnectionAware } from './http-backend';
import { createIpcBackend } from './ipc-backend';

let current: Backend | null = null;

export interface StartEnvironment {
  studio?: StudioBridge;
  location: { origin: string };
  /** Browser mode: this tab's session token, once signed in (see session.ts). */
  session?: Promise<string | null> | null;
}

export function pickBackend(env: StartEnvironment): Backend {
  if (env.studio) return createIpcBackend(env.studio);
  return createHttpBackend({
    origin: env.location.origin,
    token: env.session ?? null,
    sessionStorage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
  });
}

export function setBackend(backend: Backend): void {
  current = backend;
}

export function backend(): Backend {
  if (!current) throw new Error('The studio backend was used before it was chosen.');
  return current;
}

export function connectionAware(b: Backend): ConnectionAware | null {
  const candidate = b as Partial<ConnectionAware>;
  return typeof candidate.onConnection === 'function' ? (candidate as ConnectionAware) : null;
}
