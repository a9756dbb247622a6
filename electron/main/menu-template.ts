/**
 * The native menu's template (pure, so it can be checked without Electron). Items that
 * act on the UI are forwarded to it as MenuCommands.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { MenuCommand } from '../../shared/api/studio-api';

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
  const send = (command: MenuCommand) => () => actions.send(command);
  const template: MenuItemConstructorOptions[] = [
    ...(isMac ? [{ role: 'appMenu' as const }] : []),
    {
      label: '&File',
      submenu: [
        { label: 'Open Workspace…', accelerator: 'CmdOrCtrl+O', click: send('open-workspace') },
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
        { label: 'New Skill…', accelerator: 'CmdOrCtrl+N', click: send('new-skill') },
        { label: 'Save', accelerator: 'CmdOrCtrl+S', click: send('save') },
        { type: 'separator' },
        { label: 'Export Bundle…', accelerator: 'CmdOrCtrl+Shift+E', click: send('export') },
        { label: 'Import Bundle…', accelerator: 'CmdOrCtrl+Shift+I', click: send('import') },
        { type: 'separator' },
        isMac ? { role: 'close' } : { role: 'quit' },
      ],
    },
    { role: 'editMenu' },
    {
      label: '&View',
      submenu: [
        { label: 'Toggle Theme', accelerator: 'CmdOrCtrl+Shift+T', click: send('toggle-theme') },
        { label: 'Toggle Sidebar', accelerator: 'CmdOrCtrl+B', click: send('toggle-sidebar') },
        { label: 'Toggle Playground', accelerator: 'CmdOrCtrl+J', click: send('toggle-bottom') },
        { label: 'Problems', accelerator: 'CmdOrCtrl+Shift+M', click: send('show-problems') },
        { label: 'Go to Skill…', accelerator: 'CmdOrCtrl+P', click: send('focus-search') },
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
