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
  const token = await exchangeLink(env.fetch, env.location.origin, code);
  // A used link (reopened from the history, say) leaves an existing session as it was.
  if (token === null) return stored(env.sessionStorage);
  keepSession(env.sessionStorage, token);
  return token;
}

/** Spends a one-time link code for a session token; null when the server refused it or is gone. */
export async function exchangeLink(
  fetchImpl: typeof fetch,
  origin: string,
  code: string,
): Promise<string | null> {
  try {
    const res = await fetchImpl(new URL(SESSION_PATH, origin).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ link: code }),
      credentials: 'omit',
    });
    if (!res.ok) return null;
    const token = ((await res.json()) as SessionExchangeResult).token;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    // The server is gone: the first API call reports it.
    return null;
  }
}

/** Keeps the tab's session for reloads. */
export function keepSession(storage: Pick<Storage, 'setItem'>, token: string): void {
  try {
    storage.setItem(SESSION_STORAGE_KEY, token);
  } catch {
    // Without storage the session lasts until the page is reloaded.
  }
}

/**
 * The link code in what a user pasted: the whole printed link (`http://…/?token=CODE`)
 * or the code alone. Null when it holds neither.
 */
export function linkCodeFrom(pasted: string): string | null {
  const text = pasted.trim();
  if (text === '') return null;
  try {
    const code = new URL(text).searchParams.get(LINK_QUERY);
    return code && code.length > 0 ? code : null;
  } catch {
    return /^[A-Za-z0-9_-]+$/.test(text) ? text : null;
  }
}
