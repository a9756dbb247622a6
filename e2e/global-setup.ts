/** Fails early, with what to do, when the end-to-end tests cannot run at all. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './support/fixtures';

export default function globalSetup(): void {
  const missing = [
    path.join(REPO_ROOT, 'dist', 'cli.cjs'),
    path.join(REPO_ROOT, 'dist', 'renderer', 'index.html'),
  ].filter((f) => !existsSync(f));
  if (missing.length > 0) {
    throw new Error(
      `the studio is not built (${missing.join(', ')} missing): run \`npm run build\` first`,
    );
  }
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `no Chromium at ${chromium}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH`,
    );
  }
}
