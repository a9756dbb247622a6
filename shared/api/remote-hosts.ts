/**
 * A2E hosts elsewhere the playground may drive (docs/contracts.md, A2E, Remote hosts): a
 * `ws://`/`wss://` URL and a token, kept in the user's settings (the token in the desktop
 * app's key store, or a 0600 file beside the settings elsewhere), never in the workspace.
 * The token goes in and never comes back: the API says only whether one is kept.
 */

export { LOCAL_HOST_ID } from '../playground/history';
/** A token longer than this is not one (the server's token file holds at most 4 KB). */
export const REMOTE_TOKEN_MAX_CHARS = 4096;
export const REMOTE_HOST_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

export interface RemoteHostView {
  /** Stable id (also what history entries record as `host`). */
  id: string;
  /** What the picker shows. */
  name: string;
  url: string;
  /** Whether a token is kept for this host (never the token itself). */
  has_token: boolean;
}

export interface RemoteHostsInfo {
  hosts: RemoteHostView[];
  /** Where the list lives, in the user's words; null when there is nowhere (--no-user). */
  where: string | null;
  /** Where tokens are kept ("the macOS Keychain", "a file only you can read: …"). */
  tokens_where: string | null;
  /** Why the list could not be read or kept, or null. */
  problem: string | null;
}

export interface RemoteHostInput {
  /** Omitted: a new host, its id made from the name. */
  id?: string;
  name: string;
  url: string;
  /** A new token; omitted keeps the one kept; null forgets it. */
  token?: string | null;
}

export interface RemoteHostMethods {
  'remoteHosts.list': [Record<string, never>, RemoteHostsInfo];
  'remoteHosts.save': [{ host: RemoteHostInput }, RemoteHostsInfo];
  'remoteHosts.remove': [{ id: string }, RemoteHostsInfo];
}
