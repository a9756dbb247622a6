/**
 * The page's keyboard shortcuts, read from the one command table (shared/commands.ts) that
 * the native menu reads too, so the handler, the menu and the tooltips never disagree.
 * Ctrl on Linux/Windows, Cmd on macOS.
 */
import { COMMAND_IDS, COMMANDS, type CommandId } from '../../shared/commands';
export type ShortcutId = CommandId;

/** The commands the page binds to keys (the rest are menu-only: see shared/commands.ts). */
export const SHORTCUTS: readonly {
  id: ShortcutId;
  key: string | null;
  shift: boolean;
  alt: boolean;
  title: string;
}[] = COMMAND_IDS.filter((id) => COMMANDS[id].page && COMMANDS[id].key !== null).map((id) => ({
  id,
  ...COMMANDS[id],
}));

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The physical key (`KeyF`): with Alt, macOS types another character (Option+F is ƒ). */
  code?: string;
}

export function isMacPlatform(platform: string): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

export function matchShortcut(e: KeyLike, mac: boolean): ShortcutId | null {
  const primary = mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (!primary) return null;
  const key =
    e.altKey && e.code?.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase();
  const def = SHORTCUTS.find((s) => s.key === key && s.shift === e.shiftKey && s.alt === e.altKey);
  return def ? def.id : null;
}

/** "Ctrl+Shift+F", "⌥⌘F"; '' for a command without a key. */
export function shortcutLabel(id: ShortcutId, mac: boolean): string {
  const def = COMMANDS[id];
  if (def.key === null) return '';
  const key = def.key.toUpperCase();
  if (mac) return `${def.shift ? '⇧' : ''}${def.alt ? '⌥' : ''}⌘${key}`;
  return `Ctrl+${def.shift ? 'Shift+' : ''}${def.alt ? 'Alt+' : ''}${key}`;
}

/** "Save (Ctrl+S)" — the text of a button's tooltip. */
export function withShortcut(title: string, id: ShortcutId, mac: boolean): string {
  return `${title} (${shortcutLabel(id, mac)})`;
}
