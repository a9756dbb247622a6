/**
 * The studio under test, in browser mode (a `skill-studio serve` child process
 * and Debian's Chromium) or in the desktop app (Playwright's _electron), behind
 * one `studio` fixture so every spec runs in both. Every request the app makes
 * is watched: anything that would leave the machine fails the test. So does any
 * uncaught page error or console error, unless the test provoked it on purpose
 * and said so (`appErrors.allow`).
 */
import { rm } from 'node:fs/promises';
import {
  test as base,
  expect,
  _electron,
  type ElectronApplication,
  type Page,
  type BrowserContext,
  type ConsoleMessage,
} from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createWorkspace, type Workspace } from './workspace';
import { startStudioServer, type RunningStudio } from './server';
import { electronExecutable } from './electron-binary';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export type StudioMode = 'browser' | 'electron';

export interface StudioOptions {
  studioMode: StudioMode;
}

export interface Studio {
  page: Page;
  mode: StudioMode;
  ws: Workspace;
  /** Requests (URLs) that targeted anything but this machine. */
  offMachine: string[];
}

interface WorkerFixtures {
  studioMode: StudioMode;
  workspace: Workspace;
  server: RunningStudio | null;
  electronApp: ElectronApplication | null;
}

/** True for URLs that stay on this machine (the local server, the app's own scheme, inline data). */
export function isOnMachine(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  if (u.protocol === 'studio:' || u.protocol === 'devtools:' || u.protocol === 'chrome-extension:')
    return true;
  return u.hostname === '127.0.0.1';
}

/**
 * Listens to every request (HTTP, workers, WebSockets) of the app. Listening is
 * enough to catch an attempt; routing each one through the test runner would
 * slow every page load down for nothing (this machine has no route out anyway).
 */
function watchNetwork(context: BrowserContext, page: Page, offMachine: string[]): void {
  context.on('request', (req) => {
    if (!isOnMachine(req.url()) && !offMachine.includes(req.url())) offMachine.push(req.url());
  });
  page.on('websocket', (ws) => {
    if (!isOnMachine(ws.url())) offMachine.push(ws.url());
  });
}

/**
 * Page errors and console errors of the app during one test. A test that provokes
 * one on purpose (say, a refused request it then asserts on) calls `allow`.
 */
export class AppErrors {
  private readonly seen: string[] = [];
  /** Each allowance holds from the moment it is given: earlier errors still count. */
  private readonly allowed: { pattern: RegExp; from: number }[] = [];
  private readonly stops: (() => void)[] = [];

  /** Tolerates the errors matching `pattern` from now on, in this test only; `why` says why. */
  allow(pattern: RegExp, why: string): void {
    if (!why.trim()) throw new Error('say why an app error is expected');
    this.allowed.push({ pattern, from: this.seen.length });
  }

  /**
   * Deletes skill folders while the app may still show them: a reload of an open
   * skill's details can race the deletion and get a 404, which Chromium logs.
   */
  async removeOpenSkills(...dirs: string[]): Promise<void> {
    this.allow(
      /status of 404 .*\/api\/studio\//,
      'the test deletes a skill folder the app has open',
    );
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  }

  watch(page: Page): void {
    const onError = (err: Error) => this.seen.push(`page error: ${err.stack ?? err.message}`);
    const onConsole = (msg: ConsoleMessage) => {
      if (msg.type() !== 'error') return;
      const where = msg.location().url ? ` (${msg.location().url})` : '';
      this.seen.push(`console error: ${msg.text()}${where}`);
    };
    page.on('pageerror', onError);
    page.on('console', onConsole);
    // The desktop window outlives the test: stop listening when the test ends.
    this.stops.push(() => {
      page.off('pageerror', onError);
      page.off('console', onConsole);
    });
  }

  /** Stops watching; returns what was seen and not allowed. */
  finish(): string[] {
    for (const stop of this.stops.splice(0)) stop();
    return this.seen.filter(
      (line, i) => !this.allowed.some((a) => i >= a.from && a.pattern.test(line)),
    );
  }
}

export const test = base.extend<{ studio: Studio; appErrors: AppErrors }, WorkerFixtures>({
  studioMode: ['browser', { option: true, scope: 'worker' }],

  workspace: [
    async ({}, use) => {
      const ws = await createWorkspace();
      await use(ws);
      await ws.cleanup();
    },
    { scope: 'worker' },
  ],

  server: [
    async ({ studioMode, workspace }, use) => {
      if (studioMode !== 'browser') {
        await use(null);
        return;
      }
      const server = await startStudioServer(REPO_ROOT, workspace);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  electronApp: [
    async ({ studioMode, workspace }, use) => {
      if (studioMode !== 'electron') {
        await use(null);
        return;
      }
      const executablePath = electronExecutable(REPO_ROOT);
      if (!executablePath)
        throw new Error(
          'no Electron binary (ELECTRON_OVERRIDE_DIST_PATH or node_modules/electron/dist)',
        );
      const app = await _electron.launch({
        executablePath,
        args: [
          path.join(REPO_ROOT, 'dist', 'electron', 'main.cjs'),
          workspace.root,
          '--no-sandbox',
          '--disable-gpu',
        ],
        cwd: workspace.root,
        env: {
          ...process.env,
          HOME: workspace.home,
          XDG_CONFIG_HOME: path.join(workspace.home, '.config'),
        } as Record<string, string>,
      });
      await use(app);
      await app.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],

  // Every test, whether it asks for it or not: an error thrown in the app or logged
  // to its console fails the test, after the test body so its own failure shows first.
  appErrors: [
    async ({}, use) => {
      const errors = new AppErrors();
      await use(errors);
      expect(errors.finish(), 'page errors and console errors of the app').toEqual([]);
    },
    { auto: true },
  ],

  studio: async (
    {
      studioMode,
      workspace,
      server,
      electronApp,
      page: browserPage,
      context: browserContext,
      appErrors,
    },
    use,
  ) => {
    const offMachine: string[] = [];
    let page: Page;
    if (studioMode === 'browser') {
      if (!server) throw new Error('the studio server did not start');
      page = browserPage;
      watchNetwork(browserContext, page, offMachine);
      appErrors.watch(page);
      // Each sign-in link works once and each test's page is a new tab: it signs in
      // through a link of its own, as a person opening the printed one would.
      await page.goto(await server.signInUrl());
    } else {
      if (!electronApp) throw new Error('the desktop app did not start');
      page = await electronApp.firstWindow();
      watchNetwork(electronApp.context(), page, offMachine);
      appErrors.watch(page);
      // A fresh start for each test: no backups or layout from the previous one, the test workspace open.
      await page.evaluate(() => localStorage.clear());
      await page.evaluate(
        (root) => window.studio?.call('workspace.open', { root }),
        workspace.root,
      );
      await page.reload();
    }
    await expect(page.getByTestId('skill-item').first()).toBeVisible({ timeout: 30_000 });
    await use({ page, mode: studioMode, ws: workspace, offMachine });
    expect(offMachine, 'requests that would leave the machine').toEqual([]);
  },
});

export { expect };
