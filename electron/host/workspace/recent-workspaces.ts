/** The recently opened workspaces, newest first, kept in the studio's state folder. */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { logSwallowed } from '../log';

const MAX_RECENT = 10;

export class RecentWorkspaces {
  constructor(private readonly stateDir: string | null) {}

  private get file(): string | null {
    return this.stateDir === null ? null : path.join(this.stateDir, 'recent-workspaces.json');
  }

  async list(): Promise<string[]> {
    if (this.file === null) return [];
    try {
      const value: unknown = JSON.parse(await fsp.readFile(this.file, 'utf8'));
      return Array.isArray(value)
        ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT)
        : [];
    } catch (err) {
      // None yet is the normal case; a file we cannot read or parse is started afresh.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        logSwallowed('read the recent workspaces')(err);
      }
      return [];
    }
  }

  async add(root: string): Promise<void> {
    if (this.stateDir === null || this.file === null) return;
    const next = [root, ...(await this.list()).filter((r) => r !== root)].slice(0, MAX_RECENT);
    try {
      await fsp.mkdir(this.stateDir, { recursive: true });
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
    } catch (err) {
      // Remembering recent folders is a convenience; a read-only state folder must not stop the studio.
      logSwallowed('remember the recent workspaces')(err);
    }
  }
}
