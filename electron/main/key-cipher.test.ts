/**
 * safeStorage as the key store's cipher: a Linux machine without a keyring (safeStorage's
 * `basic_text`, a hard-coded password) refuses to store keys instead of pretending to
 * encrypt them; with a keyring, or on macOS and Windows, keys go through safeStorage.
 */
import { describe, expect, it } from 'vitest';
import { safeStorageCipher, type SafeStorageLike } from './key-cipher';

function fake(backend: string, available = true): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString: (s) => Buffer.from(`enc:${s}`),
    decryptString: (b) => b.toString().replace(/^enc:/, ''),
    getSelectedStorageBackend: () => backend,
  };
}

describe('safeStorageCipher', () => {
  it('Linux without a keyring (basic_text): refuses, and says where a key can go instead', () => {
    const c = safeStorageCipher(fake('basic_text'), 'linux');
    expect(c.unavailable()).toMatch(/no keyring.*api_key_env.*providers file/);
  });

  it('no encryption at all: refuses', () => {
    expect(safeStorageCipher(fake('gnome_libsecret', false), 'linux').unavailable()).toMatch(
      /no encryption/,
    );
  });

  it('a Linux keyring, macOS and Windows: available, named, and round-trips', () => {
    const linux = safeStorageCipher(fake('gnome_libsecret'), 'linux');
    expect(linux.unavailable()).toBeNull();
    expect(linux.where()).toMatch(/gnome libsecret/);
    expect(linux.decrypt(linux.encrypt('k'))).toBe('k');
    expect(safeStorageCipher(fake('unknown'), 'darwin').unavailable()).toBeNull();
    expect(safeStorageCipher(fake('unknown'), 'darwin').where()).toMatch(/macOS Keychain/);
    expect(safeStorageCipher(fake('unknown'), 'win32').where()).toMatch(/DPAPI/);
  });
});
