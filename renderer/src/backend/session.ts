/**
 * Browser mode's sign-in (see shared/api/session-credentials.ts): the page opened
 * by the printed one-time link takes the link code out of the address bar, trades
 * it for a session token, and keeps that token in this tab's sessionStorage. A
 * reload keeps the session; a new tab needs a new link. No cookie is involved, so
 * no other server on 127.0.0.1 is ever handed the credential.
 */
import {
  LINK_QUERY,
  SESSION_PATH,
  SESSION_STORAGE_KEY,
  type SessionExchangeResult,
} from '../../../shared/api/session-credentials';

export interface SignInEnvironment {
  location: { href: string; origin: string };
  history: { replaceState(data: unknown, unused: string, url: string): void };
  sessionStorage: Pick<Storage, 'getItem' | 'setItem'>;
  fetch: typeof fetch;
}

function stored(storage: SignInEnvironment['sessionStorage']): string | null {
  try {
    return storage.getItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be switched off; the tab then simply has no session.
    return null;
  }
}

/** This tab's session token, if it has one (sync: for sockets opened after sign-in). */
export function storedSessionToken(): string | null {
  return typeof sessionStorage === 'undefined' ? null : stored(sessionStorage);
}

/**
 * Signs this tab in: spends the address bar's link code when there is one (removing
 * it from the address bar first), else reuses the tab's stored session. Resolves to
 * the token, or null when the tab has none (the API then says how to sign in).
 */
export async function signInFromAddressBar(env: SignInEnvironment): Promise<string | null> {
  const url = new URL(env.location.href);
  const code = url.searchParams.get(LINK_QUERY);
  if (code === null) return stored(env.sessionStorage);
  url.searchParams.delete(LINK_QUERY);
  env.history.replaceState(null, '', url.toString());
  let token: string | null = null;
  try {
    const res = await env.fetch(new URL(SESSION_PATH, env.location.origin).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: code }),
      credentials: 'omit',
    });
    if (res.ok) token = ((await res.json()) as SessionExchangeResult).token;
  } catch {
    // The server is gone: the first API call reports it.
  }
  // A used link (reopened from the history, say) leaves an existing session as it was.
  if (typeof token !== 'string' || token.length === 0) return stored(env.sessionStorage);
  try {
    env.sessionStorage.setItem(SESSION_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the page is reloaded.
  }
  return token;
}
