/**
 * The native menu's template (pure, so it can be checked without Electron). Items that
 * act on the UI are forwarded to it as MenuCommands.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/api/studio-api';
import { accelerator, COMMANDS, type CommandId } from '../../shared/commands';

export interface MenuActions {
  send(command: MenuCommand): void;
  openWorkspace(root: string): void;
  recent: string[];
  /** Offer the developer tools (a development run only, never a packaged app). */
  devTools: boolean;
}

export function menuTemplate(
  actions: MenuActions,
  isMac = process.platform === 'darwin',
): MenuItemConstructorOptions[] {
  // Label, accelerator and command from the one command table (shared/commands.ts).
  const item = (id: CommandId & MenuCommand): MenuItemConstructorOptions => ({
    label: COMMANDS[id].title,
    accelerator: accelerator(id),
    click: () => actions.send(id),
  });
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        item('openWorkspace'),
        {
          label: 'Open Recent',
          submenu: actions.recent.length
            ? actions.recent.map((root) => ({
                label: root,
                click: () => actions.openWorkspace(root),
              }))
            : [{ label: 'No recent workspaces', enabled: false }],
        },
        { type: 'separator' },
        item('newSkill'),
        item('save'),
        { type: 'separator' },
        item('exportBundle'),
        item('importBundle'),
        { type: 'separator' },
        item('settings'),
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        item('toggleTheme'),
        item('toggleSidebar'),
        item('toggleBottom'),
        item('maximizeRun'),
        item('showProblems'),
        item('goToSkill'),
        item('commandPalette'),
        item('findInFiles'),
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        // Developer tools only in a development run: a packaged app has no menu item,
        // no shortcut, and its windows refuse to open them (main.ts: devTools).
        ...(actions.devTools ? [{ role: 'toggleDevTools' as const }] : []),
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        {
          label: 'About Skill Studio',
          role: 'about',
        },
      ],
    },
  ];
  return template;
}
