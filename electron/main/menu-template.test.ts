import { describe, expect, it } from 'vitest';
import type { MenuItemConstructorOptions } from 'electron';
import { menuTemplate } from './menu-template';
import { accelerator, COMMAND_IDS, COMMANDS } from '../../shared/commands';

function allItems(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((i) => [
    i,
    ...(Array.isArray(i.submenu) ? allItems(i.submenu as MenuItemConstructorOptions[]) : []),
  ]);
}

const actions = (devTools: boolean) => ({
  send: () => undefined,
  openWorkspace: () => undefined,
  recent: [],
  devTools,
});

describe('the native menu', () => {
  it('has no developer tools item or shortcut in a packaged app', () => {
    for (const isMac of [false, true]) {
      const items = allItems(menuTemplate(actions(false), isMac));
      expect(items.some((i) => i.role === 'toggleDevTools')).toBe(false);
      expect(items.some((i) => /dev ?tools|inspect/i.test(String(i.label ?? '')))).toBe(false);
      expect(items.map((i) => i.accelerator).filter(Boolean)).not.toContain('F12');
    }
  });

  it('offers them in a development run', () => {
    const items = allItems(menuTemplate(actions(true), false));
    expect(items.some((i) => i.role === 'toggleDevTools')).toBe(true);
  });

  it('lists every menu command of the command table with its accelerator, and sends its id', () => {
    const sent: string[] = [];
    const items = allItems(menuTemplate({ ...actions(false), send: (c) => sent.push(c) }, false));
    for (const id of COMMAND_IDS.filter((c) => COMMANDS[c].menu !== null)) {
      const item = items.find((i) => i.label === COMMANDS[id].title);
      expect(item?.accelerator, id).toBe(accelerator(id));
      (item?.click as () => void)();
      expect(sent.at(-1)).toBe(id);
    }
  });
});
