/**
 * The desktop main process, wired to a fake `electron` (no binary needed) and a fake host:
 * the window's web preferences, the sandbox and scheme set up before anything loads, the
 * sender check on every IPC channel, what reaches the renderer, the dialogs and the menu.
 * Each test starts main.ts afresh, as the app does once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import type * as FakeElectron from './test-support/fake-electron';
import type * as FakeHostModule from './test-support/fake-host';
import { IPC } from './ipc-channels';

vi.mock('electron', () => import('./test-support/fake-electron'));
vi.mock('../host/studio-host', () => import('./test-support/fake-host'));
// The app's signal handlers would take over the test runner's own.
vi.mock('../host/lifecycle/shutdown', () => ({
  installShutdownHandlers: vi.fn(() => ({ reason: null, trigger() {}, uninstall() {} })),
}));
const paths = vi.hoisted(() => ({ renderer: '' }));
vi.mock('../host/app-paths', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../host/app-paths')>()),
  rendererDir: () => paths.renderer,
}));

const APP_PAGE = 'studio://app/index.html';

interface Started {
  electron: typeof FakeElectron;
  host: FakeHostModule.StudioHost;
  win: FakeElectron.BrowserWindow;
  /** An IPC event from the window's top frame showing the app. */
  trusted(): FakeElectron.FakeIpcEvent;
}

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace('skill-studio-main-');
  paths.renderer = path.join(ws.root, 'renderer');
});
afterEach(() => ws.cleanup());

/** Loads main.ts in a fresh module registry, as `electron dist/electron/main.cjs` would. */
async function startMain(setup: (host: typeof FakeHostModule) => void = () => {}) {
  vi.resetModules();
  // The modules main.ts itself gets: the mocks of `electron` and the host.
  const electron = (await import('electron')) as unknown as typeof FakeElectron;
  const hostModule = (await import('../host/studio-host')) as unknown as typeof FakeHostModule;
  electron.resetFakeElectron();
  hostModule.resetFakeHost();
  electron.app.paths.set('userData', path.join(ws.root, 'user-data'));
  electron.app.paths.set('logs', path.join(ws.root, 'logs'));
  setup(hostModule);
  await import('./main');
  return { electron, hostModule };
}

async function started(setup?: (host: typeof FakeHostModule) => void): Promise<Started> {
  const { electron, hostModule } = await startMain(setup);
  await vi.waitFor(() => expect(electron.BrowserWindow.created).toHaveLength(1));
  const win = electron.BrowserWindow.created[0];
  return {
    electron,
    host: hostModule.createdHosts[0],
    win,
    trusted: () => win.webContents.ipcEvent(APP_PAGE),
  };
}

describe('before the first window', () => {
  it('turns the sandbox on for every renderer and makes studio:// a secure standard scheme', async () => {
    const { electron } = await started();
    expect(electron.app.sandboxEnabled).toBe(true);
    expect(electron.protocol.privileged).toEqual([
      {
        scheme: 'studio',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      },
    ]);
    expect(electron.protocol.handlers.has('studio')).toBe(true);
  });

  it('opens the workspace given as --workspace DIR, with state in userData', async () => {
    const argv = process.argv;
    process.argv = [...argv, '--workspace', 'some/dir'];
    try {
      const { host } = await started();
      expect(host.options).toMatchObject({
        workspace: path.resolve('some/dir'),
        stateDir: path.join(ws.root, 'user-data'),
      });
    } finally {
      process.argv = argv;
    }
  });
});

describe('the window', () => {
  it('is sandboxed, isolated and without Node, webviews or insecure content', async () => {
    const { win } = await started();
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
    const { preload } = win.options.webPreferences as { preload: string };
    expect(path.isAbsolute(preload) && path.basename(preload)).toBe('preload.cjs');
  });

  it('loads the app page and shows itself only when ready to paint', async () => {
    const { win } = await started();
    expect(win.loadedUrl).toBe(APP_PAGE);
    expect(win.options.show).toBe(false);
    expect(win.shown).toBe(false);
    win.emit('ready-to-show');
    expect(win.shown).toBe(true);
  });

  it('serves the page with the CSP and nosniff, and nothing outside the renderer', async () => {
    mkdirSync(paths.renderer, { recursive: true });
    writeFileSync(path.join(paths.renderer, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(ws.root, 'secret.txt'), 'not for the page');
    const { electron } = await started();
    const serve = electron.protocol.handlers.get('studio');
    const page = await serve!(new Request(APP_PAGE));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const escape = await serve!(new Request('studio://app/%2e%2e/secret.txt'));
    expect(escape.status).toBe(404);
  });
});

describe('navigation, new windows and permissions', () => {
  it('keeps the window on the app: navigations and redirects elsewhere are stopped', async () => {
    const { win } = await started();
    const wc = win.webContents;
    for (const url of [
      'https://example.com/',
      'file:///etc/passwd',
      'studio://other/x',
      'nonsense',
    ]) {
      expect(wc.emitPreventable('will-navigate', url), url).toBe(true);
      expect(wc.emitPreventable('will-redirect', url), url).toBe(true);
    }
    expect(wc.emitPreventable('will-navigate', 'studio://app/index.html#/x')).toBe(false);
  });

  it('opens no new window, not even of the app, and attaches no webview', async () => {
    const { win } = await started();
    const wc = win.webContents;
    expect(wc.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({ action: 'deny' });
    expect(wc.windowOpenHandler?.({ url: APP_PAGE })).toEqual({ action: 'deny' });
    expect(wc.emitPreventable('will-attach-webview', {}, {})).toBe(true);
  });

  it('denies every permission request and check', async () => {
    const { electron } = await started();
    const ses = electron.session.defaultSession;
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read']) {
      const granted = await new Promise<boolean>((resolve) =>
        ses.permissionRequestHandler!(null, permission, resolve),
      );
      expect(granted, permission).toBe(false);
      expect(ses.permissionCheckHandler!(null, permission), permission).toBe(false);
    }
  });

  it('lets requests reach only the app scheme and in-page data, never the network or files', async () => {
    const { electron } = await started();
    const cancelled = (url: string) =>
      new Promise<boolean>((resolve) =>
        electron.session.defaultSession.beforeRequest!({ url }, (r) => resolve(r.cancel)),
      );
    for (const url of [
      APP_PAGE,
      'studio://app/assets/x.js',
      'data:text/plain,x',
      'blob:studio://app/1',
    ]) {
      expect(await cancelled(url), url).toBe(false);
    }
    for (const url of [
      'https://example.com/',
      'http://127.0.0.1:8080/',
      'file:///etc/passwd',
      'ws://localhost/',
    ]) {
      expect(await cancelled(url), url).toBe(true);
    }
  });
});

describe('the IPC sender check', () => {
  /** Events that must never reach the host: wrong window, subframe, foreign page, no frame. */
  function untrusted(s: Started, other: FakeElectron.FakeWebContents) {
    const top = { url: APP_PAGE, parent: null };
    return {
      'another webContents': other.ipcEvent(APP_PAGE),
      'a subframe of our window': s.win.webContents.ipcEvent(APP_PAGE, top),
      'our window showing another origin': s.win.webContents.ipcEvent('https://example.com/'),
      'a file: page in our window': s.win.webContents.ipcEvent('file:///etc/passwd'),
      'no sender frame': { sender: s.win.webContents, senderFrame: null },
    };
  }

  it('passes the top frame of our own window to the host', async () => {
    const s = await started();
    const res = await s.electron.ipcMain.invoke(IPC.call, s.trusted(), 'skills.list', {});
    expect(res).toEqual({ ok: true, result: null });
    expect(s.host.calls).toContainEqual({ method: 'skills.list', params: {} });
  });

  it('refuses every other sender on every channel, before the host or a dialog sees it', async () => {
    const s = await started();
    const other = new s.electron.FakeWebContents();
    const { ipcMain, dialog } = s.electron;
    for (const [who, event] of Object.entries(untrusted(s, other))) {
      const callsBefore = s.host.calls.length;
      // One refusal for every channel: the invoke is rejected.
      await expect(ipcMain.invoke(IPC.call, event, 'skills.list', {}), who).rejects.toThrow(
        'untrusted sender',
      );
      await expect(ipcMain.invoke(IPC.pickFolder, event), who).rejects.toThrow('untrusted');
      await expect(ipcMain.invoke(IPC.pickSavePath, event, 'x.skill'), who).rejects.toThrow(
        'untrusted',
      );
      await expect(ipcMain.invoke(IPC.a2eOpen, event, null), who).rejects.toThrow('untrusted');
      expect(s.host.calls.length, who).toBe(callsBefore);
    }
    expect(dialog.calls).toEqual([]);
    expect(s.host.connections).toEqual([]);
  });

  it('lets only the window that opened an A2E connection use it', async () => {
    const s = await started();
    const { ipcMain } = s.electron;
    const id = await ipcMain.invoke(IPC.a2eOpen, s.trusted(), 'agent-1');
    const [conn] = s.host.connections;
    expect(conn.agent).toBe('agent-1');

    const second = new s.electron.BrowserWindow({});
    const intruder = second.webContents.ipcEvent(APP_PAGE);
    ipcMain.send(IPC.a2eSend, intruder, id, '{"from":"intruder"}');
    ipcMain.send(IPC.a2eClose, intruder, id);
    expect(conn.received).toEqual([]);
    expect(conn.closed).toBe(false);

    ipcMain.send(IPC.a2eSend, s.trusted(), id, '{"from":"owner"}');
    expect(conn.received).toEqual(['{"from":"owner"}']);
    conn.send('{"reply":1}');
    expect(s.win.webContents.sent).toContainEqual({
      channel: IPC.a2eFrame,
      args: [id, '{"reply":1}'],
    });
    expect(second.webContents.sent).toEqual([]);
  });

  it('closes an A2E connection when its window goes away, and sends it nothing after', async () => {
    const s = await started();
    await s.electron.ipcMain.invoke(IPC.a2eOpen, s.trusted(), null);
    const [conn] = s.host.connections;
    s.win.webContents.destroy();
    expect(conn.closed).toBe(true);
    expect(() => conn.send('{"late":true}')).not.toThrow();
  });
});

describe('what reaches the renderer', () => {
  it("sends the host's events to live windows only", async () => {
    const s = await started();
    const event = { type: 'watch.error', message: 'gone' } as const;
    s.host.emit(event);
    expect(s.win.webContents.sent).toContainEqual({ channel: IPC.event, args: [event] });
    s.win.webContents.destroy();
    expect(() => s.host.emit(event)).not.toThrow();
  });
});

describe('dialogs', () => {
  it('picks a folder in a dialog owned by the window, and returns only what it chose', async () => {
    const s = await started();
    const { ipcMain, dialog } = s.electron;
    dialog.answers.push({ canceled: false, filePaths: ['/chosen/folder'] });
    await expect(ipcMain.invoke(IPC.pickFolder, s.trusted())).resolves.toBe('/chosen/folder');
    dialog.answers.push({ canceled: true, filePaths: ['/ignored'] });
    await expect(ipcMain.invoke(IPC.pickFolder, s.trusted())).resolves.toBeNull();
    expect(dialog.calls.map((c) => c.parent)).toEqual([s.win, s.win]);
    expect(dialog.calls[0].options.properties).toContain('openDirectory');
  });

  it('offers only a file name to the save dialog, and returns the path the user chose', async () => {
    const s = await started();
    const { ipcMain, dialog } = s.electron;
    dialog.answers.push({ canceled: false, filePath: '/out/mine.skill' });
    await expect(
      ipcMain.invoke(IPC.pickSavePath, s.trusted(), '../../etc/cron.d/mine.skill'),
    ).resolves.toBe('/out/mine.skill');
    expect(dialog.calls[0]).toMatchObject({
      kind: 'save',
      parent: s.win,
      options: { defaultPath: 'mine.skill' },
    });
    dialog.answers.push({ canceled: true, filePath: '/out/ignored.skill' });
    await expect(ipcMain.invoke(IPC.pickSavePath, s.trusted(), 7)).resolves.toBeNull();
    expect(dialog.calls[1].options.defaultPath).toBeUndefined();
  });

  it('writes a bundle only to the path the save dialog returned to that window, once', async () => {
    const bytes = Buffer.from('PK a bundle');
    const s = await started((host) => {
      host.hostSetup.results['bundles.export'] = {
        path: null,
        base64: bytes.toString('base64'),
        fileName: 'a.skill',
        bytes: bytes.length,
        entries: [],
        diagnostics: [],
        refused: false,
      };
    });
    const { ipcMain, dialog } = s.electron;
    const chosen = path.join(ws.root, 'chosen.skill');
    const exportTo = (event: FakeElectron.FakeIpcEvent, savePath: string) =>
      ipcMain.invoke(
        IPC.callAndSave,
        event,
        'bundles.export',
        { skill: 'a', format: 'skill' },
        savePath,
      );
    const forbidden = { ok: false, error: { code: 'forbidden_path' } };

    await expect(exportTo(s.trusted(), chosen)).resolves.toMatchObject(forbidden);
    dialog.answers.push({ canceled: false, filePath: chosen });
    await ipcMain.invoke(IPC.pickSavePath, s.trusted(), 'a.skill');
    const other = new s.electron.BrowserWindow({});
    // A window that is not ours is refused before the grant is even looked at.
    await expect(exportTo(other.webContents.ipcEvent(APP_PAGE), chosen)).rejects.toThrow(
      'untrusted sender',
    );
    await expect(exportTo(s.trusted(), path.join(ws.root, 'other.skill'))).resolves.toMatchObject(
      forbidden,
    );
    expect(existsSync(chosen)).toBe(false);

    await expect(exportTo(s.trusted(), chosen)).resolves.toMatchObject({
      ok: true,
      result: { path: chosen },
    });
    expect(readFileSync(chosen)).toEqual(bytes);
    await expect(exportTo(s.trusted(), chosen)).resolves.toMatchObject(forbidden);
    // The host itself is never asked to write a path: it was asked once, for the bytes.
    const asked = s.host.calls.filter((c) => c.method === 'bundles.export');
    expect(asked.map((c) => c.params)).toEqual([{ skill: 'a', format: 'skill' }]);
  });

  it('says why the app could not start, and exits with an error', async () => {
    const { electron } = await startMain((host) => {
      host.hostSetup.failWith = new Error('state folder is read-only');
    });
    await vi.waitFor(() => expect(electron.app.exitCode).toBe(1));
    expect(electron.dialog.errorBoxes).toEqual([
      { title: 'Skill Studio could not start', content: 'state folder is read-only' },
    ]);
    expect(electron.BrowserWindow.created).toEqual([]);
    // ...and leaves the reason in the app's logs folder.
    const log = readFileSync(path.join(ws.root, 'logs', 'studio.log'), 'utf8');
    expect(log).toMatch(/ERROR \[main\] could not start: state folder is read-only/);
  });
});

describe('the menu', () => {
  it('lists recent workspaces and opens one through the host', async () => {
    const s = await started((host) => {
      host.hostSetup.recent = ['/work/a', '/work/b'];
    });
    const menu = s.electron.Menu.current!;
    const item = menu.items().find((i) => i.label === '/work/b');
    item!.click!();
    await vi.waitFor(() =>
      expect(s.host.calls).toContainEqual({
        method: 'workspace.open',
        params: { root: '/work/b' },
      }),
    );
  });

  it('lists the recent workspaces again once the host says another is open', async () => {
    let fake!: typeof FakeHostModule;
    const s = await started((host) => {
      fake = host;
      host.hostSetup.recent = ['/work/a'];
    });
    fake.hostSetup.recent = ['/work/c', '/work/a'];
    s.host.emit({
      type: 'workspace.changed',
      info: { root: '/work/c', recent: ['/work/c', '/work/a'], agents: [], configDiagnostics: [] },
    });
    await vi.waitFor(() =>
      expect(s.electron.Menu.current!.items().some((i) => i.label === '/work/c')).toBe(true),
    );
  });

  it('forwards UI commands to the window as menu messages', async () => {
    const s = await started();
    const save = s.electron.Menu.current!.items().find((i) => i.label === 'Save');
    save!.click!();
    expect(s.win.webContents.sent).toContainEqual({ channel: IPC.menu, args: ['save'] });
  });
});

describe('quitting', () => {
  it('closes the host when the app quits, and quits when the last window closes off macOS', async () => {
    const s = await started();
    s.electron.app.emit('will-quit');
    expect(s.host.closed).toBe(true);
    s.electron.app.emit('window-all-closed');
    expect(s.electron.app.quitCalled).toBe(process.platform !== 'darwin');
  });

  it('ends through app.exit when a signal or a dead parent shuts it down', async () => {
    const s = await started();
    const { installShutdownHandlers } = await import('../host/lifecycle/shutdown');
    const [, options] = vi.mocked(installShutdownHandlers).mock.calls.at(-1)!;
    options?.exit?.(143);
    expect(s.electron.app.exitCode).toBe(143);
  });
});
