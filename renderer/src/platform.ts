/** Whether shortcuts use Cmd (macOS) or Ctrl, decided once from the browser. */
import { isMacPlatform } from './shortcuts';

export const IS_MAC =
  typeof navigator !== 'undefined' && isMacPlatform(navigator.platform || navigator.userAgent);
