/**
 * The desktop app: one window over the sandboxed renderer, served from our own
 * `studio://app` scheme with a strict CSP; the host services behind typed IPC.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  protocol,
  safeStorage,
  shell,
  type WebContents,
} from 'electron';
import { IPC } from './ipc-channels';
import { APP_ORIGIN, APP_SCHEME, CONTENT_SECURITY_POLICY, hardenSessions } from './security';
import { trustedIpc } from './trusted-ipc';
import { buildMenu } from './menu';
import { saveWhereChosen, SaveGrants } from './save-grants';
import { writeFileAtomic } from '../host/fs/atomic-write';
import { loadWindowState, trackWindowState } from './window-state';
import { rendererDir } from '../host/app-paths';
import { StudioHost } from '../host/studio-host';
import { EncryptedKeyFile } from '../host/providers/key-store';
import { safeStorageCipher } from './key-cipher';
import type { Trash } from '../host/skills-admin/trash';
import { installShutdownHandlers } from '../host/lifecycle/shutdown';
import { stopAllRuns } from '../host/runner/live-runs';
import { contentTypeFor, resolveStaticFile } from '../host/web/static-files';
import { configureLog, createLogger, fileSink } from '../host/log';
import type { MenuCommand } from '../../shared/api/studio-api';
import { errorMessage } from '../../shared/errors';

const log = createLogger('main');

// Every renderer is sandboxed, whatever a window's own options say.
app.enableSandbox();

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

const windows = new Set<WebContents>();
let host: StudioHost | null = null;
let mainWindow: BrowserWindow | null = null;

async function serveApp(request: Request): Promise<Response> {
  const url = new URL(request.url);
  const file = await resolveStaticFile(rendererDir(), url.pathname);
  if (!file) return new Response('Not found', { status: 404 });
  const body = await readFile(file);
  return new Response(body, {
    headers: {
      'Content-Type': contentTypeFor(file),
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

function sendMenu(command: MenuCommand): void {
  mainWindow?.webContents.send(IPC.menu, command);
}

/** The menu, its "Open Recent" from `recent` (the workspace's info: at start, or as a change told it). */
function refreshMenu(recent: string[]): void {
  Menu.setApplicationMenu(
    buildMenu({
      send: sendMenu,
      devTools: !app.isPackaged,
      recent,
      openWorkspace: (root) => {
        void host
          ?.invoke('workspace.open', { root })
          .catch((err: unknown) => log.warn(`could not open ${root}`, err));
      },
    }),
  );
}

function registerIpc(h: StudioHost): void {
  const a2e = new Map<
    string,
    { close(): void; receive(frame: string): void; owner: WebContents }
  >();
  let nextId = 1;
  const saveGrants = new SaveGrants();

  // Every channel goes through the one sender check (trusted-ipc.ts).
  const ipc = trustedIpc(windows);
  const callFromWindow = (method: unknown, params: unknown) =>
    h.call(String(method), params, 'window');
  ipc.handle(IPC.call, (_event, method: unknown, params: unknown) =>
    callFromWindow(method, params),
  );
  ipc.handle(IPC.callAndSave, (event, method: unknown, params: unknown, savePath: unknown) =>
    saveWhereChosen(savePath, {
      grants: saveGrants,
      windowId: event.sender.id,
      call: () => callFromWindow(method, params),
      writeFile: (file, data) => writeFileAtomic(file, data),
    }),
  );
  ipc.handle(IPC.a2eOpen, (event, agent: unknown, remote: unknown) => {
    const id = `c${nextId++}`;
    const owner = event.sender;
    const send = (frame: string) => {
      if (!owner.isDestroyed()) owner.send(IPC.a2eFrame, id, frame);
    };
    // A remote host is opened here, with the token from the key store: the window never has it.
    const conn =
      typeof remote === 'string'
        ? h.openRemoteA2E(remote, send)
        : h.openA2E(typeof agent === 'string' ? agent : null, send);
    a2e.set(id, { ...conn, owner });
    owner.once('destroyed', () => {
      conn.close();
      a2e.delete(id);
    });
    return id;
  });
  // A connection is used only by the window that opened it.
  ipc.on(IPC.a2eSend, (event, id: unknown, frame: unknown) => {
    const conn = a2e.get(String(id));
    if (!conn || conn.owner !== event.sender) return;
    conn.receive(typeof frame === 'string' ? frame : String(frame));
  });
  ipc.on(IPC.a2eClose, (event, id: unknown) => {
    const conn = a2e.get(String(id));
    if (!conn || conn.owner !== event.sender) return;
    conn.close();
    a2e.delete(String(id));
  });
  ipc.handle(IPC.pickFolder, async () => {
    if (!mainWindow) return null;
    const res = await dialog.showOpenDialog(mainWindow, {
      properties: ['openDirectory', 'createDirectory'],
    });
    return res.canceled ? null : (res.filePaths[0] ?? null);
  });
  ipc.handle(IPC.pickSavePath, async (event, defaultName: unknown) => {
    if (!mainWindow) return null;
    const res = await dialog.showSaveDialog(mainWindow, {
      defaultPath: typeof defaultName === 'string' ? path.basename(defaultName) : undefined,
      filters: [{ name: 'Skill bundles', extensions: ['skill', 'zip'] }],
    });
    if (res.canceled || !res.filePath) return null;
    // The one place a bundle may then be written for this window (save-grants.ts).
    saveGrants.grant(event.sender.id, res.filePath);
    return res.filePath;
  });
  h.onEvent((e) => {
    for (const wc of windows) if (!wc.isDestroyed()) wc.send(IPC.event, e);
    // Another workspace is open (from a window or the menu): its recent list changed.
    if (e.type === 'workspace.changed') refreshMenu(e.info.recent);
  });
}

function createWindow(stateDir: string): BrowserWindow {
  const state = loadWindowState(stateDir);
  const win = new BrowserWindow({
    ...state.bounds,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Skill Studio',
    backgroundColor: '#1e1e1e',
    webPreferences: {
      preload: path.join(__dirname, 'preload.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      spellcheck: false,
      // A packaged app opens no developer tools, by menu, shortcut or API.
      devTools: !app.isPackaged,
    },
  });
  if (state.maximized) win.maximize();
  trackWindowState(win, stateDir);
  const wc = win.webContents;
  windows.add(wc);
  wc.once('destroyed', () => windows.delete(wc));
  win.once('ready-to-show', () => win.show());
  void win.loadURL(`${APP_ORIGIN}/index.html`);
  return win;
}

/**
 * `--workspace DIR` (or `--workspace=DIR`) opens that folder. Launchers put their own
 * flags and the app path in argv, so positional guessing would pick those up.
 */
function workspaceFromArgv(argv: string[]): string | null {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--workspace' && i + 1 < argv.length) return argv[i + 1];
    if (a.startsWith('--workspace=')) return a.slice('--workspace='.length);
  }
  return null;
}

/**
 * Deleted skills go to the system trash. On macOS and Windows only Electron reaches it
 * (the host never imports Electron, so it is handed this); on Linux the host's own
 * freedesktop trash is used (undefined: the host's default).
 */
function systemTrash(): Trash | undefined {
  if (process.platform === 'darwin') return { label: 'the Trash', put: (p) => shell.trashItem(p) };
  if (process.platform === 'win32')
    return { label: 'the Recycle Bin', put: (p) => shell.trashItem(p) };
  return undefined;
}

async function start(): Promise<void> {
  await app.whenReady();
  // The host's log goes to the app's logs folder: a failure in the field leaves a trace there.
  configureLog({ level: 'info', sink: fileSink(path.join(app.getPath('logs'), 'studio.log')) });
  hardenSessions();
  protocol.handle(APP_SCHEME, serveApp);
  const stateDir = app.getPath('userData');
  const workspaceArg = workspaceFromArgv(process.argv);
  host = await StudioHost.create({
    workspace: workspaceArg ? path.resolve(workspaceArg) : undefined,
    home: os.homedir(),
    stateDir,
    watch: true,
    trash: systemTrash(),
    // Provider keys typed in Settings, encrypted by the OS (safeStorage, this process only).
    keyStore: new EncryptedKeyFile(stateDir, safeStorageCipher(safeStorage)),
  });
  registerIpc(host);
  refreshMenu(
    await host.invoke('workspace.info', {}).then(
      (info) => info.recent,
      () => [],
    ),
  );
  mainWindow = createWindow(stateDir);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) mainWindow = createWindow(stateDir);
  });
}

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit();
});
app.on('will-quit', () => {
  // The kills go out synchronously: no skill run outlives the app.
  void stopAllRuns();
  void host?.close();
});
// A signal or the parent's death ends the app the same way, within a few seconds.
installShutdownHandlers(() => stopAllRuns(), { exit: (code) => app.exit(code) });

start().catch((err: unknown) => {
  log.error('could not start', err);
  dialog.showErrorBox('Skill Studio could not start', errorMessage(err));
  app.exit(1);
});
