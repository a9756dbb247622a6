/**
 * The playground's call history, kept in the workspace:
 *
 *   <workspace>/.skill-studio/history/<id>.json   one call, whole (redacted)
 *   <workspace>/.skill-studio/history/index.json  the list (summaries, oldest first)
 *
 * Capped in count and bytes (oldest dropped first); every file is written
 * atomically; nothing is written before secrets are redacted. The index is a
 * cache: when it is missing or unreadable it is rebuilt from the entry files.
 * With no workspace open the history lives in memory for the session.
 * Operations are serialised, so concurrent adds never lose an index update.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  historySummary,
  sanitizeHistoryInput,
  type HistoryEntry,
  type HistoryInput,
  type HistorySummary,
} from '../../../shared/playground/history';
import { writeFileAtomic } from '../fs/atomic-write';
import { assertRealPathInside } from '../fs/safe-path';
import { NotFoundError, InvalidRequestError, TooLargeError } from '../fs/errors';
import { readRegularFile } from '../fs/safe-read';
import { parseJsonText } from '../../../shared/json/json-position';
import { logSwallowed } from '../log';

export type HistoryStoreOptions = HistoryPlace & {
  /** Most calls kept (default 200). */
  maxEntries?: number;
  /** Most bytes kept over all calls (default 64 MiB). */
  maxBytes?: number;
  /** Largest single call (default 4 MiB); bigger calls lose their kept events first. */
  maxEntryBytes?: number;
};

/** Where the history lives: a folder inside `root`, or (`dir: null`) memory. */
export type HistoryPlace =
  | {
      /** The history folder. */
      dir: string;
      /**
       * The folder `dir` must stay inside once links are resolved (the workspace): a cloned
       * repository may commit `.skill-studio` as a link to anywhere, and the history's
       * writes and deletions would follow it.
       */
      root: string;
    }
  | { dir: null };

const HISTORY_FOLDER = path.join('.skill-studio', 'history');
const INDEX = 'index.json';
/** A history entry's id (also the router's pattern for it). */
export const HISTORY_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
/** Largest index read: 200 summaries are far below this; beyond it the index is rebuilt. */
const MAX_INDEX_BYTES = 16 * 1024 * 1024;

export function historyDirFor(workspace: string): string {
  return path.join(workspace, HISTORY_FOLDER);
}

/** The history store of a workspace (null: in memory), its writes kept inside the workspace. */
export function historyStoreFor(workspace: string | null): HistoryStore {
  return new HistoryStore(
    workspace ? { dir: historyDirFor(workspace), root: workspace } : { dir: null },
  );
}

function checkId(id: string): void {
  if (!HISTORY_ID.test(id)) throw new InvalidRequestError(`'${id}' is not a history id`);
}

export class HistoryStore {
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly maxEntryBytes: number;
  private index: HistorySummary[] | null = null;
  private readonly memory = new Map<string, HistoryEntry>();
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly opts: HistoryStoreOptions) {
    this.maxEntries = opts.maxEntries ?? 200;
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024;
    this.maxEntryBytes = opts.maxEntryBytes ?? 4 * 1024 * 1024;
  }

  get dir(): string | null {
    return this.opts.dir;
  }

  /** Runs `fn` after every earlier operation has finished. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    // Not a swallow: the caller awaits `next` and sees its failure; the chain only orders.
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Newest first; optionally one skill's calls only. */
  list(filter: { skill?: string; limit?: number } = {}): Promise<HistorySummary[]> {
    return this.serial(async () => {
      const all = await this.loadIndex();
      const out: HistorySummary[] = [];
      for (let i = all.length - 1; i >= 0; i--) {
        if (filter.skill !== undefined && all[i].skill !== filter.skill) continue;
        out.push(all[i]);
        if (filter.limit !== undefined && out.length >= filter.limit) break;
      }
      return out;
    });
  }

  async get(id: string): Promise<HistoryEntry> {
    checkId(id);
    return this.serial(async () => {
      if (!this.opts.dir) {
        const e = this.memory.get(id);
        if (!e) throw new NotFoundError(`no call ${id} in the history`);
        return e;
      }
      const text = await this.readText(`${id}.json`, this.maxEntryBytes).catch(() => {
        throw new NotFoundError(`no call ${id} in the history`);
      });
      const json = parseJsonText(text);
      if (!json.ok) {
        // Say where, never quote the bytes: the file may not be what it claims to be.
        const where = json.line === null ? '' : `:${json.line}:${json.column}`;
        throw new InvalidRequestError(
          `${path.join(HISTORY_FOLDER, `${id}.json`)}${where}: not valid JSON`,
        );
      }
      return json.value as HistoryEntry;
    });
  }

  /** Keeps a call (redacted, capped) and returns its list line. */
  add(input: HistoryInput): Promise<HistorySummary> {
    return this.serial(async () => {
      const entry = sanitizeHistoryInput(input, randomUUID());
      let text = JSON.stringify(entry);
      if (Buffer.byteLength(text) > this.maxEntryBytes) {
        // Keep the call, drop its kept events: the summary still describes them.
        entry.events = [];
        entry.events_truncated = true;
        text = JSON.stringify(entry);
        if (Buffer.byteLength(text) > this.maxEntryBytes) {
          throw new TooLargeError(
            `the call is too large to keep in the history (${Buffer.byteLength(text)} bytes)`,
          );
        }
      }
      const bytes = Buffer.byteLength(text);
      const summary = historySummary(entry, bytes);
      const index = await this.loadIndex();
      if (this.opts.dir) {
        await this.ensureDir();
        await writeFileAtomic(path.join(this.opts.dir, `${entry.id}.json`), text);
      } else {
        this.memory.set(entry.id, entry);
      }
      index.push(summary);
      const dropped = this.prune(index);
      await this.saveIndex(index);
      await this.removeFiles(dropped);
      return summary;
    });
  }

  async delete(id: string): Promise<void> {
    checkId(id);
    return this.serial(async () => {
      const index = await this.loadIndex();
      const at = index.findIndex((s) => s.id === id);
      if (at < 0) throw new NotFoundError(`no call ${id} in the history`);
      index.splice(at, 1);
      if (this.opts.dir) await this.ensureDir();
      await this.saveIndex(index);
      await this.removeFiles([id]);
    });
  }

  /** Drops the oldest entries beyond the caps; returns their ids. */
  private prune(index: HistorySummary[]): string[] {
    const dropped: string[] = [];
    let total = index.reduce((n, s) => n + s.bytes, 0);
    while (index.length > 0 && (index.length > this.maxEntries || total > this.maxBytes)) {
      const old = index.shift() as HistorySummary;
      total -= old.bytes;
      dropped.push(old.id);
    }
    return dropped;
  }

  private async removeFiles(ids: string[]): Promise<void> {
    for (const id of ids) {
      if (this.opts.dir) await rm(path.join(this.opts.dir, `${id}.json`), { force: true });
      else this.memory.delete(id);
    }
  }

  private async ensureDir(): Promise<void> {
    if (this.opts.dir === null) return;
    const dir = this.opts.dir;
    await assertRealPathInside(this.opts.root, dir, 'the call history');
    await mkdir(dir, { recursive: true });
    // The history is the user's own scratch: keep it out of commits by default.
    const ignore = path.join(dir, '.gitignore');
    await stat(ignore).catch(() =>
      writeFileAtomic(ignore, '*\n').catch(
        logSwallowed('write the .gitignore of the history folder'),
      ),
    );
  }

  private async loadIndex(): Promise<HistorySummary[]> {
    if (this.index) return this.index;
    if (!this.opts.dir) {
      this.index = [];
      return this.index;
    }
    try {
      const parsed = JSON.parse(await this.readText(INDEX, MAX_INDEX_BYTES)) as unknown;
      if (
        Array.isArray(parsed) &&
        parsed.every(
          (s) =>
            typeof s === 'object' && s !== null && typeof (s as HistorySummary).id === 'string',
        )
      ) {
        this.index = parsed as HistorySummary[];
        return this.index;
      }
    } catch {
      // Missing or unreadable: rebuilt below.
    }
    this.index = await this.rebuild();
    return this.index;
  }

  /** The list made again from the entry files (skipping any that cannot be read). */
  private async rebuild(): Promise<HistorySummary[]> {
    const dir = this.opts.dir as string;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const out: HistorySummary[] = [];
    for (const name of names) {
      if (!name.endsWith('.json') || name === INDEX || !HISTORY_ID.test(name.slice(0, -5)))
        continue;
      try {
        const text = await this.readText(name, this.maxEntryBytes);
        const entry = JSON.parse(text) as HistoryEntry;
        if (typeof entry.id !== 'string' || typeof entry.started_at !== 'number' || !entry.summary)
          continue;
        out.push(historySummary(entry, Buffer.byteLength(text)));
      } catch {
        // A damaged entry is left out of the list, not fatal.
      }
    }
    return out.sort((a, b) => a.started_at - b.started_at);
  }

  /**
   * A file of the history folder, through the hardened reader: the folder sits in a
   * workspace that may come from elsewhere, so a FIFO or a link to /dev/zero planted
   * there is refused rather than read.
   */
  private async readText(name: string, maxBytes: number): Promise<string> {
    const file = path.join(this.opts.dir as string, name);
    const { data } = await readRegularFile(file, path.join(HISTORY_FOLDER, name), { maxBytes });
    return data.toString('utf8');
  }

  /** Writes the index; the caller has made sure of the folder (ensureDir). */
  private async saveIndex(index: HistorySummary[]): Promise<void> {
    this.index = index;
    if (!this.opts.dir) return;
    await writeFileAtomic(path.join(this.opts.dir, INDEX), JSON.stringify(index));
  }
}
