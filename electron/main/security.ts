/**
 * The Electron security checklist in one place: a strict CSP on everything the app
 * serves, no navigation away from the app, no new windows, every permission denied,
 * and a check that IPC comes from our own top-level frame.
 */
import {
  app,
  session,
  type IpcMainEvent,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron';

export const APP_SCHEME = 'studio';
export const APP_ORIGIN = `${APP_SCHEME}://app`;

export { CONTENT_SECURITY_POLICY } from '../host/web/csp';

export function isAppUrl(url: string): boolean {
  try {
    // Not `.origin`: the main process parses URLs with Node's URL, which gives a custom
    // scheme an opaque origin ("null"), so no URL would ever match APP_ORIGIN.
    const u = new URL(url);
    return u.protocol === `${APP_SCHEME}:` && u.host === 'app';
  } catch {
    return false;
  }
}

/** True only for messages from the top frame of one of our windows showing our page. */
export function isTrustedSender(
  event: IpcMainEvent | IpcMainInvokeEvent,
  windows: Set<WebContents>,
): boolean {
  const frame = event.senderFrame;
  if (!frame || !windows.has(event.sender)) return false;
  if (frame.parent !== null) return false;
  return isAppUrl(frame.url);
}

export function hardenSessions(): void {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  // Nothing leaves the machine: only our own scheme and devtools may load.
  ses.webRequest.onBeforeRequest((details, callback) => {
    const ok =
      details.url.startsWith(`${APP_SCHEME}:`) ||
      details.url.startsWith('devtools:') ||
      details.url.startsWith('blob:') ||
      details.url.startsWith('data:');
    callback({ cancel: !ok });
  });

  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (e, url) => {
      if (!isAppUrl(url)) e.preventDefault();
    });
    contents.on('will-redirect', (e, url) => {
      if (!isAppUrl(url)) e.preventDefault();
    });
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (e) => e.preventDefault());
  });
}
