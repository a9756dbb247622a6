/**
 * The raw ipcMain is refused by lint outside electron/main/trusted-ipc.ts: a channel
 * registered on it directly would skip the sender check every other channel gets. ESLint's
 * own API with the repository's config, on synthetic file contents.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: ROOT });

async function importErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const HANDLE = "ipcMain.handle('studio:call', () => 1);\n";

describe('raw ipcMain by lint', () => {
  it('fails a named import of ipcMain in the desktop app', async () => {
    const errors = await importErrors(
      'electron/main/ipc-probe.ts',
      `import { ipcMain } from 'electron';\n${HANDLE}`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('trustedIpc (electron/main/trusted-ipc.ts)');
  });

  it('fails the ways around a named import: renamed, namespace, default, re-export', async () => {
    for (const code of [
      `import { ipcMain as main } from 'electron';\nmain.handle('x', () => 1);\n`,
      `import * as electron from 'electron';\nelectron.ipcMain.handle('x', () => 1);\n`,
      `import electron from 'electron';\nelectron.ipcMain.handle('x', () => 1);\n`,
      `export { ipcMain } from 'electron';\n`,
    ]) {
      const errors = await importErrors('electron/main/ipc-probe.ts', code);
      expect(errors, code).toHaveLength(1);
    }
  });

  it('fails it in the preload and in files outside electron/ too', async () => {
    for (const file of ['electron/preload/ipc-probe.ts', 'e2e/ipc-probe.ts', 'ipc-probe.ts']) {
      const errors = await importErrors(file, `import { ipcMain } from 'electron';\n${HANDLE}`);
      expect(errors, file).toHaveLength(1);
    }
  });

  it('passes trusted-ipc.ts itself, and the other electron imports the app needs', async () => {
    expect(
      await importErrors(
        'electron/main/trusted-ipc.ts',
        `import { ipcMain } from 'electron';\n${HANDLE}`,
      ),
    ).toEqual([]);
    expect(
      await importErrors(
        'electron/main/ipc-probe.ts',
        "import { app, BrowserWindow } from 'electron';\nexport const x = [app, BrowserWindow];\n",
      ),
    ).toEqual([]);
  });

  it('keeps the host barred from electron altogether', async () => {
    const errors = await importErrors(
      'electron/host/ipc-probe.ts',
      "import { app } from 'electron';\nexport const x = app;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Only electron/main and electron/preload may import electron.');
  });

  it('passes the app as it is: main.ts and the preload import no raw ipcMain', async () => {
    for (const file of ['electron/main/main.ts', 'electron/preload/preload.ts']) {
      const code = await readFile(path.join(ROOT, file), 'utf8');
      expect(await importErrors(file, code), file).toEqual([]);
    }
  });
});
