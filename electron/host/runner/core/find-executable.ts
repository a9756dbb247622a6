/**
 * The first executable file named `name` in a list of folders: how the runner finds an
 * interpreter (interpreter.ts) and the sandbox its tools (sandbox/detect.ts).
 */
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';

export function findExecutable(name: string, searchPath: string[]): string | null {
  for (const dir of searchPath) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}
