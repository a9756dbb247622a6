/** The native menu, built from menu-template.ts. */
import { Menu } from 'electron';
import { menuTemplate, type MenuActions } from './menu-template';

export type { MenuActions } from './menu-template';

export function buildMenu(actions: MenuActions): Menu {
  return Menu.buildFromTemplate(menuTemplate(actions));
}
