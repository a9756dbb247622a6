/**
 * The open tabs remembered per workspace in localStorage (which files of which
 * skill folders, in order, and the active one), so a reload reopens them. Only
 * where they are is kept: their text is read from disk again, and unsaved text
 * comes back through the backups (backup.ts), never from here.
 */
import type { StorageLike } from './layout-persist';

export interface SavedTab {
  /** The skill's folder (its identity). */
  dir: string;
  /** The skill's name when saved (shown while the listing loads; not identity). */
  name: string;
  path: string;
}

export interface SavedTabs {
  tabs: SavedTab[];
  /** Index into `tabs` of the active one, or -1. */
  active: number;
}

/** More than this many tabs is a session nobody wants all of back at once. */
export const MAX_SAVED_TABS = 50;

export function tabsKey(workspaceRoot: string | null): string {
  return `skill-studio.tabs:${workspaceRoot ?? '(none)'}`;
}

export function toSavedTabs(
  order: readonly string[],
  buffers: Readonly<Record<string, { skill: string; skillDir: string; path: string }>>,
  activeId: string | null,
): SavedTabs {
  const ids = order.filter((id) => buffers[id]).slice(0, MAX_SAVED_TABS);
  return {
    tabs: ids.map((id) => ({
      dir: buffers[id].skillDir,
      name: buffers[id].skill,
      path: buffers[id].path,
    })),
    active: activeId === null ? -1 : ids.indexOf(activeId),
  };
}

export function writeTabs(storage: StorageLike, root: string | null, saved: SavedTabs): void {
  try {
    if (saved.tabs.length === 0) storage.removeItem(tabsKey(root));
    else storage.setItem(tabsKey(root), JSON.stringify({ v: 1, ...saved }));
  } catch {
    // Storage full or unavailable: tabs simply do not come back; nothing is lost.
  }
}

function isTab(x: unknown): x is SavedTab {
  if (typeof x !== 'object' || x === null) return false;
  const t = x as Record<string, unknown>;
  return typeof t.dir === 'string' && typeof t.name === 'string' && typeof t.path === 'string';
}

export function readTabs(storage: StorageLike, root: string | null): SavedTabs {
  try {
    const raw = storage.getItem(tabsKey(root));
    if (!raw) return { tabs: [], active: -1 };
    const parsed = JSON.parse(raw) as { tabs?: unknown; active?: unknown };
    const tabs = Array.isArray(parsed.tabs)
      ? parsed.tabs.filter(isTab).slice(0, MAX_SAVED_TABS)
      : [];
    const active =
      typeof parsed.active === 'number' && parsed.active >= 0 && parsed.active < tabs.length
        ? parsed.active
        : -1;
    return { tabs, active };
  } catch {
    return { tabs: [], active: -1 };
  }
}
