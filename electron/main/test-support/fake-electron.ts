/**
 * The `electron` module at its boundary, for unit tests of the main process where no
 * Electron binary exists (`vi.mock('electron', () => import('./test-support/fake-electron'))`).
 * It does nothing an app could see; it records what the main process asks of Electron —
 * window options, IPC handlers, session policies, web-contents listeners, dialogs, menus —
 * and lets a test play Electron's part: emit events, invoke handlers, answer dialogs.
 */
import { EventEmitter } from 'node:events';

type Handler = (event: FakeIpcEvent, ...args: unknown[]) => unknown;

export interface FakeFrame {
  url: string;
  parent: FakeFrame | null;
}

/** What an IPC handler receives: the sending webContents and frame. */
export interface FakeIpcEvent {
  sender: FakeWebContents;
  senderFrame: FakeFrame | null;
}

export interface WindowOpenResponse {
  action: 'allow' | 'deny';
}

let nextWebContentsId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextWebContentsId++;
  readonly sent: Array<{ channel: string; args: unknown[] }> = [];
  windowOpenHandler: ((details: { url: string }) => WindowOpenResponse) | null = null;
  private destroyed = false;

  send(channel: string, ...args: unknown[]): void {
    if (this.destroyed) throw new Error('send on a destroyed webContents');
    this.sent.push({ channel, args });
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  setWindowOpenHandler(handler: (details: { url: string }) => WindowOpenResponse): void {
    this.windowOpenHandler = handler;
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
  /** A message from this webContents' top frame showing `url`. */
  ipcEvent(url: string, parent: FakeFrame | null = null): FakeIpcEvent {
    return { sender: this, senderFrame: { url, parent } };
  }
  /** Emits a navigation-like event; true when a listener called preventDefault. */
  emitPreventable(name: string, ...args: unknown[]): boolean {
    let prevented = false;
    this.emit(name, { preventDefault: () => (prevented = true) }, ...args);
    return prevented;
  }
}

class FakeApp extends EventEmitter {
  /** A test sets it to play the installed app rather than `npm start`. */
  isPackaged = false;
  sandboxEnabled = false;
  exitCode: number | null = null;
  quitCalled = false;
  paths = new Map<string, string>();
  ready: Promise<void> = Promise.resolve();

  enableSandbox(): void {
    this.sandboxEnabled = true;
  }
  whenReady(): Promise<void> {
    return this.ready;
  }
  getPath(name: string): string {
    const p = this.paths.get(name);
    if (!p) throw new Error(`fake app.getPath: no path set for ${name}`);
    return p;
  }
  quit(): void {
    this.quitCalled = true;
  }
  exit(code = 0): void {
    this.exitCode = code;
  }
}

export const app = new FakeApp();

export class BrowserWindow extends EventEmitter {
  static readonly created: BrowserWindow[] = [];
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.created.filter((w) => !w.isDestroyed());
  }

  readonly webContents = new FakeWebContents();
  loadedUrl: string | null = null;
  shown = false;
  maximized = false;

  constructor(readonly options: Record<string, unknown>) {
    super();
    BrowserWindow.created.push(this);
    // Electron announces every new webContents on the app before anything loads in it.
    app.emit('web-contents-created', { preventDefault: () => {} }, this.webContents);
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  show(): void {
    this.shown = true;
  }
  maximize(): void {
    this.maximized = true;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isDestroyed(): boolean {
    return this.webContents.isDestroyed();
  }
  getNormalBounds(): { x: number; y: number; width: number; height: number } {
    const { x = 0, y = 0, width = 800, height = 600 } = this.options as Record<string, number>;
    return { x, y, width, height };
  }
}

class FakeIpcMain {
  readonly handlers = new Map<string, Handler>();
  readonly listeners = new Map<string, Handler>();
  handle(channel: string, handler: Handler): void {
    if (this.handlers.has(channel)) throw new Error(`second handler for ${channel}`);
    this.handlers.set(channel, handler);
  }
  on(channel: string, listener: Handler): void {
    this.listeners.set(channel, listener);
  }
  /** What the renderer's ipcRenderer.invoke(channel, ...args) would get. */
  async invoke(channel: string, event: FakeIpcEvent, ...args: unknown[]): Promise<unknown> {
    const handler = this.handlers.get(channel);
    if (!handler) throw new Error(`no handler for ${channel}`);
    return handler(event, ...args);
  }
  /** ipcRenderer.send(channel, ...args). */
  send(channel: string, event: FakeIpcEvent, ...args: unknown[]): void {
    const listener = this.listeners.get(channel);
    if (!listener) throw new Error(`no listener for ${channel}`);
    listener(event, ...args);
  }
}

export const ipcMain = new FakeIpcMain();

export interface DialogCall {
  kind: 'open' | 'save';
  parent: unknown;
  options: Record<string, unknown>;
}

/** Dialogs answer from a queue the test fills; each call is recorded. */
class FakeDialog {
  readonly calls: DialogCall[] = [];
  readonly errorBoxes: Array<{ title: string; content: string }> = [];
  readonly answers: unknown[] = [];
  private next(kind: DialogCall['kind'], parent: unknown, options: Record<string, unknown>) {
    this.calls.push({ kind, parent, options });
    if (this.answers.length === 0) throw new Error(`fake dialog: no answer queued for ${kind}`);
    return Promise.resolve(this.answers.shift());
  }
  showOpenDialog(parent: unknown, options: Record<string, unknown>) {
    return this.next('open', parent, options);
  }
  showSaveDialog(parent: unknown, options: Record<string, unknown>) {
    return this.next('save', parent, options);
  }
  showErrorBox(title: string, content: string): void {
    this.errorBoxes.push({ title, content });
  }
}

export const dialog = new FakeDialog();

export interface FakeMenuItem {
  label?: string;
  role?: string;
  type?: string;
  accelerator?: string;
  enabled?: boolean;
  click?: () => void;
  submenu?: FakeMenuItem[];
}

export class Menu {
  static current: Menu | null = null;
  constructor(readonly template: FakeMenuItem[]) {}
  static buildFromTemplate(template: FakeMenuItem[]): Menu {
    return new Menu(template);
  }
  static setApplicationMenu(menu: Menu | null): void {
    Menu.current = menu;
  }
  /** Every item, depth first. */
  items(): FakeMenuItem[] {
    const all: FakeMenuItem[] = [];
    const walk = (items: FakeMenuItem[]) => {
      for (const item of items) {
        all.push(item);
        if (Array.isArray(item.submenu)) walk(item.submenu);
      }
    };
    walk(this.template);
    return all;
  }
}

class FakeProtocol {
  readonly privileged: Array<{ scheme: string; privileges: Record<string, boolean> }> = [];
  readonly handlers = new Map<string, (request: Request) => Promise<Response> | Response>();
  registerSchemesAsPrivileged(
    schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>,
  ): void {
    this.privileged.push(...schemes);
  }
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    this.handlers.set(scheme, handler);
  }
}

export const protocol = new FakeProtocol();

type PermissionRequestHandler = (
  wc: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void;
type BeforeRequestListener = (
  details: { url: string },
  callback: (response: { cancel: boolean }) => void,
) => void;

class FakeSession {
  permissionRequestHandler: PermissionRequestHandler | null = null;
  permissionCheckHandler: ((...args: unknown[]) => boolean) | null = null;
  beforeRequest: BeforeRequestListener | null = null;
  readonly webRequest = {
    onBeforeRequest: (listener: BeforeRequestListener) => {
      this.beforeRequest = listener;
    },
  };
  setPermissionRequestHandler(handler: PermissionRequestHandler): void {
    this.permissionRequestHandler = handler;
  }
  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
    this.permissionCheckHandler = handler;
  }
}

export const session = { defaultSession: new FakeSession() };

/** A keychain that is not there: the key store must refuse, never store in clear. */
export const safeStorage = {
  isEncryptionAvailable: () => false,
  encryptString: (): Buffer => {
    throw new Error('encryption is not available');
  },
  decryptString: (): string => {
    throw new Error('encryption is not available');
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

/**
 * Forgets everything recorded, as a fresh Electron process would have it. Vitest keeps a
 * mocked module's instance across `vi.resetModules()`, so a test that starts main.ts
 * again calls this first.
 */
export function resetFakeElectron(): void {
  app.removeAllListeners();
  app.isPackaged = false;
  app.sandboxEnabled = false;
  app.exitCode = null;
  app.quitCalled = false;
  app.paths.clear();
  BrowserWindow.created.length = 0;
  ipcMain.handlers.clear();
  ipcMain.listeners.clear();
  dialog.calls.length = 0;
  dialog.errorBoxes.length = 0;
  dialog.answers.length = 0;
  Menu.current = null;
  protocol.privileged.length = 0;
  protocol.handlers.clear();
  session.defaultSession = new FakeSession();
}
