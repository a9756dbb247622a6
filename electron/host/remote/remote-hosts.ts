/**
 * The A2E hosts elsewhere the user added to the playground (shared/api/remote-hosts.ts),
 * kept in the user's settings folder, never in a workspace: a cloned repository must not be
 * able to point the playground (and a token) at a host of its choosing.
 *
 *   remote-hosts.json         beside settings.json: [{id, name, url}], no secret
 *   tokens                    the desktop app: its key store (providers/key-store.ts, the
 *                             operating system's keyring), as `a2e-host:<id>`
 *                             elsewhere: remote-host-tokens.json beside it, mode 0600,
 *                             refused when others may read it or it is not ours
 *
 * A token is bound to the URL it was kept for, as a provider key is to its base_url: a
 * host whose URL is changed gets no token until one is given again.
 */
import { constants, promises as fsp } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  REMOTE_HOST_ID_PATTERN,
  REMOTE_TOKEN_MAX_CHARS,
  LOCAL_HOST_ID,
  type RemoteHostInput,
  type RemoteHostView,
  type RemoteHostsInfo,
} from '../../../shared/api/remote-hosts';
import { StudioError } from '../../../shared/errors';
import { scanJson } from '../../../shared/json/json-position';
import { tokenFileProblem } from '../fs/private-file';
import { writeFileAtomic } from '../fs/atomic-write';
import { errnoCode } from '../fs/errors';
import type { ProviderKeyStore } from '../providers/key-store';
import { remoteUrlProblem } from './remote-a2e';
import { userSettingsPath } from '../agent-clients/settings';

export const REMOTE_HOSTS_FILE = 'remote-hosts.json';
export const REMOTE_TOKENS_FILE = 'remote-host-tokens.json';
const MAX_FILE_BYTES = 256 * 1024;
const MAX_HOSTS = 100;
const KEY_PREFIX = 'a2e-host:';

interface StoredHost {
  id: string;
  name: string;
  url: string;
}

/** Where tokens live: the desktop app's key store, or a 0600 file. */
interface TokenVault {
  where(): string;
  get(id: string, url: string): Promise<string | null>;
  set(id: string, url: string, token: string): Promise<void>;
  forget(id: string): Promise<void>;
}

/** Reads a file of ours that only we may read (the token-file rules), or null when absent. */
async function readPrivate(file: string): Promise<string | null> {
  let handle: fsp.FileHandle;
  try {
    handle = await fsp.open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') return null;
    throw new StudioError('precondition', `${file} cannot be opened (${errnoCode(err) ?? err})`);
  }
  try {
    const stat = await handle.stat();
    const problem = tokenFileProblem(stat, process.getuid?.() ?? null);
    if (problem) throw new StudioError('precondition', `${file} ${problem}; no token was read`);
    if (stat.size > MAX_FILE_BYTES) throw new StudioError('too_large', `${file} is too large`);
    return await handle.readFile('utf8');
  } finally {
    await handle.close();
  }
}

class FileVault implements TokenVault {
  constructor(private readonly file: string) {}
  where(): string {
    return `a file only you can read (${this.file})`;
  }
  private async read(): Promise<Record<string, { url: string; token: string }>> {
    const text = await readPrivate(this.file);
    if (text === null) return {};
    try {
      const raw = JSON.parse(text) as {
        tokens?: Record<string, { url?: unknown; token?: unknown }>;
      };
      const out: Record<string, { url: string; token: string }> = {};
      for (const [id, t] of Object.entries(raw.tokens ?? {}))
        if (typeof t?.url === 'string' && typeof t.token === 'string')
          out[id] = { url: t.url, token: t.token };
      return out;
    } catch {
      // Never quote the file: it holds tokens.
      throw new StudioError(
        'precondition',
        `${this.file} is not valid JSON; remove it and give the tokens again`,
      );
    }
  }
  private async write(tokens: Record<string, { url: string; token: string }>): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify({ version: 1, tokens }, null, 2) + '\n', {
      mode: 0o600,
    });
  }
  async get(id: string, url: string): Promise<string | null> {
    const t = (await this.read())[id];
    return t && t.url === url ? t.token : null;
  }
  async set(id: string, url: string, token: string): Promise<void> {
    const all = await this.read();
    all[id] = { url, token };
    await this.write(all);
  }
  async forget(id: string): Promise<void> {
    const all = await this.read();
    if (!(id in all)) return;
    delete all[id];
    await this.write(all);
  }
}

class KeyStoreVault implements TokenVault {
  constructor(private readonly store: ProviderKeyStore) {}
  where(): string {
    return this.store.state().where;
  }
  async get(id: string, url: string): Promise<string | null> {
    const k = (await this.store.load()).get(KEY_PREFIX + id);
    return k && k.base_url === url ? k.key : null;
  }
  async set(id: string, url: string, token: string): Promise<void> {
    await this.store.store(KEY_PREFIX + id, url, token);
  }
  async forget(id: string): Promise<void> {
    await this.store.forget(KEY_PREFIX + id);
  }
}

function tokenProblem(token: string): string | null {
  if (token.trim() === '') return 'the token is empty';
  if (token.length > REMOTE_TOKEN_MAX_CHARS)
    return `the token is longer than ${REMOTE_TOKEN_MAX_CHARS} characters`;
  if (/[\s\u0000-\u001f\u007f]/.test(token.trim()))
    return 'the token holds spaces or control characters; paste the token alone';
  return null;
}

/** An id from a name: lowercase letters, digits and dashes, unique among `taken`. */
function idFor(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'host';
  let id = base === LOCAL_HOST_ID ? 'host' : base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return id;
}

export class RemoteHosts {
  private readonly file: string | null;
  private readonly vault: TokenVault | null;

  /** The user's own (beside settings.json; `home` null: --no-user, unless SKILL_STUDIO_SETTINGS names one). */
  static forUser(home: string | null, keyStore: ProviderKeyStore | null): RemoteHosts {
    return new RemoteHosts(userSettingsPath(process.env, home), keyStore);
  }

  /**
   * `settingsFile`: the user's settings.json (null: --no-user, nowhere to keep hosts).
   * `keyStore`: the desktop app's; without one tokens go to a 0600 file beside the list.
   */
  constructor(settingsFile: string | null, keyStore: ProviderKeyStore | null) {
    const dir = settingsFile ? path.dirname(settingsFile) : null;
    this.file = dir ? path.join(dir, REMOTE_HOSTS_FILE) : null;
    this.vault =
      keyStore && keyStore.state().available
        ? new KeyStoreVault(keyStore)
        : dir
          ? new FileVault(path.join(dir, REMOTE_TOKENS_FILE))
          : null;
  }

  private async readHosts(): Promise<StoredHost[]> {
    if (!this.file) return [];
    let text: string;
    try {
      text = await fsp.readFile(this.file, 'utf8');
    } catch (err) {
      if (errnoCode(err) === 'ENOENT') return [];
      throw new StudioError(
        'precondition',
        `${this.file} cannot be read (${errnoCode(err) ?? err})`,
      );
    }
    const scan = scanJson(text);
    if (!scan.ok)
      throw new StudioError(
        'precondition',
        `${this.file}:${scan.line}:${scan.column}: not valid JSON (${scan.message})`,
      );
    const list = (scan.value as { hosts?: unknown } | null)?.hosts;
    if (!Array.isArray(list)) return [];
    return list.filter(
      (h): h is StoredHost =>
        typeof h?.id === 'string' &&
        REMOTE_HOST_ID_PATTERN.test(h.id) &&
        typeof h.name === 'string' &&
        typeof h.url === 'string' &&
        remoteUrlProblem(h.url) === null,
    );
  }

  private async writeHosts(hosts: StoredHost[]): Promise<void> {
    if (!this.file) throw new StudioError('precondition', 'no user settings folder (--no-user)');
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, JSON.stringify({ version: 1, hosts }, null, 2) + '\n');
  }

  async info(): Promise<RemoteHostsInfo> {
    let hosts: StoredHost[] = [];
    let problem: string | null = this.file
      ? null
      : 'no user settings folder (--no-user): hosts cannot be kept';
    try {
      hosts = await this.readHosts();
    } catch (err) {
      problem = (err as Error).message;
    }
    const views: RemoteHostView[] = [];
    for (const h of hosts) {
      let has = false;
      try {
        has = (await this.vault?.get(h.id, h.url)) != null;
      } catch (err) {
        problem ??= (err as Error).message;
      }
      views.push({ ...h, has_token: has });
    }
    return {
      hosts: views,
      where: this.file,
      tokens_where: this.vault?.where() ?? null,
      problem,
    };
  }

  async save(input: RemoteHostInput): Promise<RemoteHostsInfo> {
    const name = input.name.trim();
    if (name === '') throw new StudioError('invalid_params', 'give the host a name');
    const url = input.url.trim();
    const urlProblem = remoteUrlProblem(url);
    if (urlProblem) throw new StudioError('invalid_params', urlProblem);
    if (typeof input.token === 'string') {
      const bad = tokenProblem(input.token);
      if (bad) throw new StudioError('invalid_params', bad);
    }
    const hosts = await this.readHosts();
    let id = input.id;
    if (id !== undefined && !hosts.some((h) => h.id === id))
      throw new StudioError('not_found', `no remote host '${id}'`);
    if (id === undefined) {
      if (hosts.length >= MAX_HOSTS)
        throw new StudioError('precondition', `at most ${MAX_HOSTS} remote hosts are kept`);
      id = idFor(name, new Set(hosts.map((h) => h.id)));
    }
    const entry: StoredHost = { id, name, url };
    const i = hosts.findIndex((h) => h.id === id);
    if (i === -1) hosts.push(entry);
    else hosts[i] = entry;
    if (typeof input.token === 'string') {
      if (!this.vault)
        throw new StudioError('precondition', 'no place to keep a token (--no-user)');
      await this.vault.set(id, url, input.token.trim());
    } else if (input.token === null) await this.vault?.forget(id);
    await this.writeHosts(hosts);
    return this.info();
  }

  async remove(id: string): Promise<RemoteHostsInfo> {
    const hosts = await this.readHosts();
    if (!hosts.some((h) => h.id === id))
      throw new StudioError('not_found', `no remote host '${id}'`);
    await this.vault?.forget(id);
    await this.writeHosts(hosts.filter((h) => h.id !== id));
    return this.info();
  }

  /** What a connection needs: the URL and its token (null when none is kept for that URL). */
  async target(id: string): Promise<{ name: string; url: string; token: string | null }> {
    const host = (await this.readHosts()).find((h) => h.id === id);
    if (!host) throw new StudioError('not_found', `no remote host '${id}'`);
    return { name: host.name, url: host.url, token: (await this.vault?.get(id, host.url)) ?? null };
  }
}
