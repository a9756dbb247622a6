/**
 * The keyboard shortcuts of the studio, in one table so the handler and the
 * tooltips never disagree. Ctrl on Linux/Windows, Cmd on macOS.
 */
export type ShortcutId =
  | 'save'
  | 'goToSkill'
  | 'focusSearch'
  | 'toggleSidebar'
  | 'toggleBottom'
  | 'showProblems'
  | 'newSkill'
  | 'settings';

interface ShortcutDef {
  id: ShortcutId;
  key: string;
  shift: boolean;
  title: string;
}

export const SHORTCUTS: readonly ShortcutDef[] = [
  { id: 'save', key: 's', shift: false, title: 'Save' },
  { id: 'goToSkill', key: 'p', shift: false, title: 'Go to skill' },
  { id: 'focusSearch', key: 'f', shift: true, title: 'Search skills' },
  { id: 'toggleSidebar', key: 'b', shift: false, title: 'Toggle sidebar' },
  { id: 'toggleBottom', key: 'j', shift: false, title: 'Toggle playground panel' },
  { id: 'showProblems', key: 'm', shift: true, title: 'Show problems' },
  { id: 'newSkill', key: 'n', shift: false, title: 'New skill' },
  { id: 'settings', key: ',', shift: false, title: 'Settings' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

export function matchShortcut(e: KeyLike, mac: boolean): ShortcutId | null {
  const primary = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!primary || e.altKey) return null;
  const key = e.key.toLowerCase();
  const def = SHORTCUTS.find((s) => s.key === key && s.shift === e.shiftKey);
  return def ? def.id : null;
}

export function shortcutLabel(id: ShortcutId, mac: boolean): string {
  const def = SHORTCUTS.find((s) => s.id === id);
  if (!def) return '';
  const key = def.key.toUpperCase();
  if (mac) return `${def.shift ? '⇧' : ''}⌘${key}`;
  return `Ctrl+${def.shift ? 'Shift+' : ''}${key}`;
}

/** "Save (Ctrl+S)" — the text of a button's tooltip. */
export function withShortcut(title: string, id: ShortcutId, mac: boolean): string {
  return `${title} (${shortcutLabel(id, mac)})`;
}
