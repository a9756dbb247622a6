/**
 * The provider keys' encryption in the desktop app: Electron `safeStorage`, main
 * process only (the renderer never sees it, nor a key once stored). The host's key
 * store (electron/host/providers/key-store.ts) gets it as a plain KeyCipher.
 *
 * On Linux, safeStorage falls back to a hard-coded password when no keyring (Secret
 * Service, KWallet) answers (`basic_text`): that is obfuscation, not encryption, so
 * keys are then refused here with a message that says where else a key can go.
 */
import type { KeyCipher } from '../host/providers/key-store';

/** The part of Electron's safeStorage used here (so a test can stand in for it). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?: () => string;
}

const ELSEWHERE =
  'set the environment variable the provider names (api_key_env), or put "api_key" in your providers file (chmod 600)';

export function safeStorageCipher(
  safe: SafeStorageLike,
  platform: NodeJS.Platform = process.platform,
): KeyCipher {
  const backend = (): string | null =>
    platform === 'linux' && safe.getSelectedStorageBackend
      ? safe.getSelectedStorageBackend()
      : null;
  return {
    unavailable() {
      if (!safe.isEncryptionAvailable())
        return `the system offers no encryption for stored keys here; ${ELSEWHERE}`;
      const b = backend();
      if (b === 'basic_text' || b === 'unknown')
        return `no keyring (GNOME Keyring / Secret Service, KWallet) is running, so a stored key would not be encrypted; start one, or ${ELSEWHERE}`;
      return null;
    },
    where() {
      if (platform === 'darwin') return 'the macOS Keychain';
      if (platform === 'win32') return 'Windows (DPAPI, your user account)';
      const b = backend();
      return b && b !== 'basic_text' && b !== 'unknown'
        ? `your keyring (${b.replace(/_/g, ' ')})`
        : 'your keyring (Secret Service or KWallet)';
    },
    encrypt: (plain) => safe.encryptString(plain),
    decrypt: (encrypted) => safe.decryptString(encrypted),
  };
}
