/**
 * The studio's commands, in one table read by the native menu (its labels and
 * accelerators), the page's keyboard shortcuts and their tooltips, so the menu, the keys
 * and the hints can never disagree. The id is also what the desktop menu sends the page.
 *
 * `key` is pressed with Ctrl (Cmd on macOS), plus Shift when `shift` and Alt (Option) when
 * `alt`; null: no key, the command palette and its button run it. `page` says whether
 * the page binds the key itself: keys a browser keeps for itself (Ctrl+O, Ctrl+Shift+I,
 * Ctrl+Shift+T…) stay menu-only, so browser mode never fights the browser. `menu` says
 * which native menu lists the command (none: a page-only shortcut).
 */
export interface CommandDef {
  title: string;
  key: string | null;
  shift: boolean;
  alt: boolean;
  page: boolean;
  menu: 'file' | 'view' | null;
}

const cmd = (
  title: string,
  key: string | null,
  opts: { shift?: boolean; alt?: boolean; page?: boolean; menu?: CommandDef['menu'] } = {},
): CommandDef => ({
  title,
  key,
  shift: opts.shift ?? false,
  alt: opts.alt ?? false,
  page: opts.page ?? true,
  menu: opts.menu === undefined ? 'view' : opts.menu,
});

export const COMMANDS = {
  openWorkspace: cmd('Open Workspace…', 'o', { page: false, menu: 'file' }),
  newSkill: cmd('New Skill…', 'n', { menu: 'file' }),
  save: cmd('Save', 's', { menu: 'file' }),
  exportBundle: cmd('Export Bundle…', 'e', { shift: true, page: false, menu: 'file' }),
  importBundle: cmd('Import Bundle…', 'i', { shift: true, page: false, menu: 'file' }),
  settings: cmd('Settings…', ',', { menu: 'file' }),
  toggleTheme: cmd('Toggle Theme', 't', { shift: true, page: false }),
  toggleSidebar: cmd('Toggle Sidebar', 'b'),
  toggleBottom: cmd('Toggle Playground', 'j'),
  showProblems: cmd('Problems', 'm', { shift: true }),
  goToSkill: cmd('Go to Skill or File…', 'p'),
  commandPalette: cmd('Command Palette…', 'p', { shift: true }),
  findInFiles: cmd('Find in Files', 'f', { shift: true }),
  // Ctrl/Cmd+Shift+F is Find in Files, as in VS Code; the sidebar's filter moves to Alt.
  focusSearch: cmd('Filter Skills in the Sidebar', 'f', { alt: true, menu: null }),
  // Ctrl/Cmd+Shift+Y: free in Chromium, Electron, Monaco and VS Code's defaults.
  maximizeRun: cmd('Maximize the Run View', 'y', { shift: true }),
  compareWithSaved: cmd('Compare with Saved', null, { menu: null }),
  compareWithHead: cmd('Compare SKILL.md with Git HEAD', null, { menu: null }),
} as const satisfies Record<string, CommandDef>;

export type CommandId = keyof typeof COMMANDS;

export const COMMAND_IDS = Object.keys(COMMANDS) as CommandId[];

/** Electron's accelerator string for a command, e.g. `CmdOrCtrl+Shift+M`; undefined without a key. */
export function accelerator(id: CommandId): string | undefined {
  const def: CommandDef = COMMANDS[id];
  if (def.key === null) return undefined;
  return `CmdOrCtrl+${def.shift ? 'Shift+' : ''}${def.alt ? 'Alt+' : ''}${def.key.toUpperCase()}`;
}
