/**
 * Provider keys the desktop app keeps for the user, encrypted at rest by the operating
 * system (Electron `safeStorage`: the macOS Keychain, Windows DPAPI, the Linux Secret
 * Service / KWallet). The cipher is handed in by the main process (electron/main/
 * key-cipher.ts); this module never imports Electron, so the host stays testable and
 * browser mode and the CLI simply have no store (their keys come from the environment
 * or the user's providers file).
 *
 * The file (`provider-keys.json` in the app's state folder, mode 0600, written by the
 * atomic writer) holds, per provider id, the base_url the key was stored for
 * and the encrypted key in base64 — never the key in clear. A key goes only to the
 * base_url it was stored for: a workspace that later points the same provider id at
 * another server does not get it.
 *
 * Keys leave this module only towards the chat clients (resolveApiKey); the Studio API
 * says whether one is stored, never what it is.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { logSwallowed } from '../log';

/** The encryption the main process offers (Electron safeStorage, or a stand-in in tests). */
export interface KeyCipher {
  /** Why keys cannot be stored encrypted here (no keyring), or null when they can. */
  unavailable(): string | null;
  /** Where the keys are protected, in the user's words ("the macOS Keychain"). */
  where(): string;
  encrypt(plain: string): Buffer;
  decrypt(encrypted: Buffer): string;
}

export interface StoredKey {
  key: string;
  /** The base_url the key was stored for; it goes nowhere else. */
  base_url: string;
}

/** What the UI may know of the store. */
export interface KeyStoreState {
  available: boolean;
  where: string;
  /** Why keys cannot be stored here, or null. */
  problem: string | null;
}

export interface ProviderKeyStore {
  state(): KeyStoreState;
  /** The stored keys, decrypted; a key that cannot be decrypted is left out (and logged). */
  load(): Promise<Map<string, StoredKey>>;
  store(id: string, baseUrl: string, key: string): Promise<void>;
  /** True when a key was stored for `id`. */
  forget(id: string): Promise<boolean>;
}

export const KEY_FILE = 'provider-keys.json';
/** A key longer than this is not a key. */
export const MAX_KEY_CHARS = 4096;

interface FileShape {
  version: 1;
  keys: Record<string, { base_url: string; encrypted: string }>;
}

/** Why `key` cannot be a provider API key, or null (no key text in the message). */
export function keyProblem(key: string): string | null {
  if (key.trim() === '') return 'the key is empty';
  if (key.length > MAX_KEY_CHARS) return `the key is longer than ${MAX_KEY_CHARS} characters`;
  if (/[\s\u0000-\u001f\u007f]/.test(key.trim()))
    return 'the key holds spaces or control characters; paste the key alone';
  return null;
}

export class EncryptedKeyFile implements ProviderKeyStore {
  private readonly file: string;

  constructor(
    stateDir: string,
    private readonly cipher: KeyCipher,
  ) {
    this.file = path.join(stateDir, KEY_FILE);
  }

  state(): KeyStoreState {
    const problem = this.cipher.unavailable();
    return { available: problem === null, where: this.cipher.where(), problem };
  }

  async load(): Promise<Map<string, StoredKey>> {
    const out = new Map<string, StoredKey>();
    if (this.cipher.unavailable() !== null) return out;
    const shape = await this.read();
    for (const [id, entry] of Object.entries(shape.keys)) {
      try {
        out.set(id, {
          key: this.cipher.decrypt(Buffer.from(entry.encrypted, 'base64')),
          base_url: entry.base_url,
        });
      } catch (err) {
        // Another user's or another machine's keyring: the key is simply not there.
        logSwallowed(`decrypt the stored key of provider "${id}"`)(err);
      }
    }
    return out;
  }

  async store(id: string, baseUrl: string, key: string): Promise<void> {
    const problem = this.cipher.unavailable();
    if (problem !== null) throw new Error(problem);
    const bad = keyProblem(key);
    if (bad) throw new Error(bad);
    const shape = await this.read();
    shape.keys[id] = {
      base_url: baseUrl,
      encrypted: this.cipher.encrypt(key.trim()).toString('base64'),
    };
    await this.write(shape);
  }

  async forget(id: string): Promise<boolean> {
    const shape = await this.read();
    if (!(id in shape.keys)) return false;
    delete shape.keys[id];
    await this.write(shape);
    return true;
  }

  private async read(): Promise<FileShape> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, keys: {} };
      throw new Error(`${this.file} cannot be read: ${errorMessage(err)}`);
    }
    try {
      const raw = JSON.parse(text) as Partial<FileShape>;
      const keys: FileShape['keys'] = {};
      for (const [id, e] of Object.entries(raw.keys ?? {}))
        if (typeof e?.base_url === 'string' && typeof e.encrypted === 'string') keys[id] = e;
      return { version: 1, keys };
    } catch {
      // Never quote the file: it holds (encrypted) keys.
      throw new Error(`${this.file} is not valid JSON; remove it and store the keys again`);
    }
  }

  private async write(shape: FileShape): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    // Exclusive create under a random name, 0600 from the first byte, fsync, rename: a
    // planted temp name or link is never followed, and a crash leaves the old file whole.
    await writeFileAtomic(this.file, JSON.stringify(shape, null, 2) + '\n', { mode: 0o600 });
  }
}
