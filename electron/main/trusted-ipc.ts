/**
 * The one sender check in front of every IPC channel: a message reaches its handler only
 * from the top frame of one of our windows showing our own page (security.ts). Every
 * refusal is the same — an `invoke` is rejected with "untrusted sender", a `send` is
 * dropped — and is logged, so a channel added later cannot forget the check or invent
 * its own reply. This is the one file that may touch the raw `ipcMain` (eslint.config.js
 * refuses it anywhere else), so no channel can be registered around the check.
 */
import { ipcMain, type IpcMainEvent, type IpcMainInvokeEvent, type WebContents } from 'electron';
import { isTrustedSender } from './security';
import { createLogger } from '../host/log';

const log = createLogger('ipc');

export const UNTRUSTED_SENDER = 'untrusted sender';

export interface TrustedIpc {
  /** `ipcMain.handle` for trusted senders; others get a rejected invoke. */
  handle(
    channel: string,
    handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
  ): void;
  /** `ipcMain.on` for trusted senders; others' messages are dropped. */
  on(channel: string, listener: (event: IpcMainEvent, ...args: unknown[]) => void): void;
}

export function trustedIpc(windows: Set<WebContents>): TrustedIpc {
  const refuse = (channel: string): void =>
    log.warn(`refused a message on ${channel} from a frame that is not our page`);
  return {
    handle(channel, handler) {
      ipcMain.handle(channel, (event, ...args: unknown[]) => {
        if (!isTrustedSender(event, windows)) {
          refuse(channel);
          throw new Error(UNTRUSTED_SENDER);
        }
        return handler(event, ...args);
      });
    },
    on(channel, listener) {
      ipcMain.on(channel, (event, ...args: unknown[]) => {
        if (!isTrustedSender(event, windows)) return refuse(channel);
        listener(event, ...args);
      });
    },
  };
}
