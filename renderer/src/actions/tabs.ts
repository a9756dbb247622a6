/**
 * Open tabs come back after a reload: they are written per workspace shortly after
 * they change, and reopened (those whose skill folder is still listed) at start
 * and when a workspace is opened. While a workspace switch closes every tab, the
 * writes pause, so the old workspace keeps its list.
 */
import { useEditor } from '../stores/editor-store';
import { useSkills } from '../stores/skills-store';
import { useWorkspace } from '../stores/workspace-store';
import { readTabs, toSavedTabs, writeTabs } from '../stores/open-tabs';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let paused = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function flush(root: string | null): void {
  const st = storage();
  if (!st) return;
  const { order, buffers, activeId } = useEditor.getState();
  writeTabs(st, root, toSavedTabs(order, buffers, activeId));
}

export function startTabPersistence(): void {
  let pendingRoot: string | null = null;
  useEditor.subscribe((s, prev) => {
    if (paused > 0) return;
    if (s.order === prev.order && s.activeId === prev.activeId) return;
    // Renames change the order array too; the buffers' paths are read when it fires.
    if (timer) clearTimeout(timer);
    pendingRoot = useWorkspace.getState().info?.root ?? null;
    timer = setTimeout(() => {
      timer = null;
      flush(pendingRoot);
    }, 200);
  });
  // A reload or close within the delay still keeps the latest tabs.
  globalThis.addEventListener?.('pagehide', () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    flush(pendingRoot);
  });
}

/** Runs `fn` (which closes or reopens tabs) without writing the tab list meanwhile. */
export async function withoutTabWrites<T>(fn: () => Promise<T> | T): Promise<T> {
  if (timer) {
    clearTimeout(timer);
    timer = null;
  }
  paused++;
  try {
    return await fn();
  } finally {
    paused--;
  }
}

/** Reopens the tabs remembered for a workspace; folders no longer listed are skipped. */
export async function restoreTabs(root: string | null): Promise<void> {
  const st = storage();
  if (!st) return;
  const saved = readTabs(st, root);
  if (saved.tabs.length === 0) return;
  const listed = useSkills.getState().listing?.skills ?? [];
  await withoutTabWrites(async () => {
    const ids: (string | null)[] = [];
    for (const t of saved.tabs) {
      const item = listed.find((s) => s.dir === t.dir);
      ids.push(item ? await useEditor.getState().open(item, t.path) : null);
    }
    const active = ids[saved.active] ?? ids.filter(Boolean).pop() ?? null;
    if (active) useEditor.getState().activate(active);
  });
  flush(root);
}
