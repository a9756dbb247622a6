/**
 * File watching for the registry, on @parcel/watcher (one inotify watch per folder,
 * fast start). A target is a folder to subscribe to plus the parts of it that
 * matter: watching the workspace root for a `skills/` that does not exist yet must
 * not put a watch on every folder of a big repository, so everything outside the
 * wanted paths (and their ancestors) is ignored natively, before a watch is added.
 *
 * Events are hints: the callback gets paths (mapped to where the registry sees
 * them, for folders reached through symlinks) and the registry re-reads.
 */
import path from 'node:path';
import type { AsyncSubscription, Event as ParcelEvent } from '@parcel/watcher';
import { logSwallowed } from '../log';

export interface WatchTarget {
  /** The folder to subscribe to (a real path: the watcher does not follow symlinks). */
  dir: string;
  /** Where `dir` appears for the registry; reported paths are rewritten from dir to this. */
  logical: string;
  /**
   * Paths relative to `dir` (posix `/`) whose whole subtree matters; their ancestors are
   * watched too (so they are seen appearing). Empty array or [''] means everything.
   */
  include: readonly string[];
  /** Changing it forces a fresh subscription (a re-crawl), e.g. when a wanted folder appeared. */
  tag?: string;
}

export type WatchErrorCode = 'WATCH_LIMIT' | 'WATCH_FAILED';

export interface WatchError {
  code: WatchErrorCode;
  message: string;
  /** The watched folder concerned. */
  dir: string;
}

/** The fix for "no space left on device" from inotify, in words a user can act on. */
export const INOTIFY_LIMIT_HINT =
  'the system limit on watched folders (inotify) is reached. Raise it with ' +
  '`sudo sysctl fs.inotify.max_user_watches=524288` (add `fs.inotify.max_user_watches=524288` to ' +
  '/etc/sysctl.conf to keep it after a restart), then reopen the workspace. ' +
  'Until then the skill list does not update by itself.';

/** Folders never worth a watch inside skills: dependency trees and VCS data. */
const ALWAYS_IGNORED = /(?:^|[\\/])(?:node_modules|\.git)(?:[\\/]|$)/;

type SubscribeFn = typeof import('@parcel/watcher').subscribe;

/**
 * The system's own watcher, named: left to choose, @parcel/watcher first probes for
 * watchman on every subscribe with a shell it never reaps, one zombie process per
 * subscription in a long-running host (`serve`, the app).
 */
const NATIVE_BACKEND: import('@parcel/watcher').BackendType | undefined =
  process.platform === 'linux'
    ? 'inotify'
    : process.platform === 'darwin'
      ? 'fs-events'
      : process.platform === 'win32'
        ? 'windows'
        : undefined;

let parcel: Promise<{ subscribe: SubscribeFn }> | null = null;
/** Loaded on first use: the CLI scans once and never needs the native module. */
function loadParcel(): Promise<{ subscribe: SubscribeFn }> {
  parcel ??= import('@parcel/watcher').then((m) => {
    const mod = m as unknown as { subscribe?: SubscribeFn; default?: { subscribe: SubscribeFn } };
    const subscribe = mod.subscribe ?? mod.default?.subscribe;
    if (!subscribe) throw new Error('@parcel/watcher: no subscribe export');
    return { subscribe };
  });
  return parcel;
}

export function isWatchLimitError(err: unknown): boolean {
  const text =
    err instanceof Error
      ? `${err.message} ${(err as NodeJS.ErrnoException).code ?? ''}`
      : String(err);
  return /ENOSPC|No space left on device/i.test(text);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A regex source matching one relative path written with / or \ separators. */
function pathPattern(rel: string): string {
  return rel.split('/').map(escapeRegExp).join('[\\\\/]');
}

/**
 * Ignore patterns for a target: a relative path is kept when it is an ancestor of an
 * included path or lies at/under one; everything else is ignored.
 */
export function ignorePatterns(include: readonly string[]): RegExp[] {
  const clean = include
    .map((p) => p.replace(/\\/g, '/').replace(/^\/+|\/+$/g, ''))
    .filter((p) => p !== '');
  if (clean.length === 0 || include.some((p) => p === '' || p === '.')) return [ALWAYS_IGNORED];
  const ancestors = new Set<string>();
  for (const p of clean) {
    const parts = p.split('/');
    for (let n = 1; n < parts.length; n++) ancestors.add(parts.slice(0, n).join('/'));
  }
  const keep: string[] = [];
  if (ancestors.size > 0) keep.push(`(?:${[...ancestors].map(pathPattern).join('|')})$`);
  keep.push(`(?:${clean.map(pathPattern).join('|')})(?:[\\\\/]|$)`);
  // Anchored at the start of the relative path; the native matcher tests the whole string.
  return [new RegExp(`^(?!${keep.join('|')})`), ALWAYS_IGNORED];
}

function targetKey(t: WatchTarget): string {
  return JSON.stringify([t.dir, t.logical, [...t.include].sort(), t.tag ?? '']);
}

/** Path of `p` (under target.dir) as the registry sees it. */
function toLogical(t: WatchTarget, p: string): string {
  if (t.dir === t.logical) return p;
  if (p === t.dir) return t.logical;
  return path.join(t.logical, path.relative(t.dir, p));
}

export class SourceWatcher {
  private readonly subs = new Map<string, { target: WatchTarget; sub: AsyncSubscription | null }>();
  private closed = false;
  /** Set after the system watch limit was hit: nothing more is subscribed. */
  private limitHit = false;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly onPaths: (paths: string[]) => void,
    private readonly onError: (err: WatchError) => void,
  ) {}

  get active(): boolean {
    return !this.closed && !this.limitHit;
  }

  /**
   * Makes the subscriptions match `targets`: unchanged ones stay, others are added or
   * dropped. Resolves with the targets subscribed by this call: what changed there before
   * the subscription was in place was not reported, so the caller re-reads it.
   */
  update(targets: readonly WatchTarget[]): Promise<WatchTarget[]> {
    const run = this.chain.then(() => this.apply(targets));
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private async apply(targets: readonly WatchTarget[]): Promise<WatchTarget[]> {
    const fresh: WatchTarget[] = [];
    if (this.closed || this.limitHit) return fresh;
    const wanted = new Map(targets.map((t) => [targetKey(t), t]));
    for (const [key, entry] of [...this.subs]) {
      if (wanted.has(key)) continue;
      this.subs.delete(key);
      await entry.sub?.unsubscribe().catch(logSwallowed('stop watching a folder'));
    }
    const { subscribe } = await loadParcel();
    for (const [key, target] of wanted) {
      if (this.subs.has(key) || this.closed || this.limitHit) continue;
      try {
        const sub = await subscribe(target.dir, (err, events) => this.handle(target, err, events), {
          ignore: ignorePatterns(target.include),
          backend: NATIVE_BACKEND,
        });
        if (this.closed) {
          await sub.unsubscribe().catch(logSwallowed('stop watching a folder'));
          return fresh;
        }
        this.subs.set(key, { target, sub });
        fresh.push(target);
      } catch (err) {
        if (isWatchLimitError(err)) {
          await this.stopAfterLimit(target.dir);
          return fresh;
        }
        // Recorded as attempted so the same failure is not retried (and reported) on every update.
        this.subs.set(key, { target, sub: null });
        this.onError({
          code: 'WATCH_FAILED',
          dir: target.dir,
          message: `Cannot watch ${target.dir}: ${(err as Error).message}. Changes there are not picked up until the workspace is reopened.`,
        });
      }
    }
    return fresh;
  }

  private handle(target: WatchTarget, err: Error | null, events: ParcelEvent[]): void {
    if (this.closed) return;
    if (err) {
      if (isWatchLimitError(err)) {
        void this.stopAfterLimit(target.dir);
        return;
      }
      this.onError({
        code: 'WATCH_FAILED',
        dir: target.dir,
        message: `Watching ${target.dir} failed: ${err.message}`,
      });
      return;
    }
    if (events.length === 0) return;
    this.onPaths(events.map((e) => toLogical(target, e.path)));
  }

  /** A partial watch would silently miss changes: drop every subscription and say how to fix it. */
  private async stopAfterLimit(dir: string): Promise<void> {
    if (this.limitHit) return;
    this.limitHit = true;
    const subs = [...this.subs.values()];
    this.subs.clear();
    await Promise.all(
      subs.map((s) => s.sub?.unsubscribe().catch(logSwallowed('stop watching a folder'))),
    );
    this.onError({
      code: 'WATCH_LIMIT',
      dir,
      message: `Cannot watch ${dir} for changes: ${INOTIFY_LIMIT_HINT}`,
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
    const subs = [...this.subs.values()];
    this.subs.clear();
    await Promise.all(
      subs.map((s) => s.sub?.unsubscribe().catch(logSwallowed('stop watching a folder'))),
    );
  }
}
