import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronExecutable } from './e2e/support/electron-binary';
import type { StudioOptions } from './e2e/support/fixtures';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));
const electron = electronExecutable(repoRoot);
if (!electron && !process.env.TEST_WORKER_INDEX) {
  console.log(
    '[e2e] electron project skipped: no Electron binary (set ELECTRON_OVERRIDE_DIST_PATH or install node_modules/electron/dist).',
  );
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * End-to-end tests of the studio: browser mode against `skill-studio serve` with
 * Debian's Chromium (never a downloaded browser), and the same specs in the
 * desktop app when an Electron binary is present.
 */
export default defineConfig<StudioOptions>({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // One worker: the machine has two cores, and the server and browser need them.
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI
    ? [['list'], ['junit', { outputFile: 'test-results/e2e-junit.xml' }]]
    : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    viewport: { width: 1400, height: 860 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    { name: 'browser', use: { browserName: 'chromium', studioMode: 'browser' } },
    ...(electron ? [{ name: 'electron', use: { studioMode: 'electron' as const } }] : []),
  ],
});
