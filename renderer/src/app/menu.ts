/**
 * Native menu commands (desktop) run the same actions as the keyboard shortcuts.
 * A shortcut pressed in the page may also fire its menu accelerator; the second
 * of the two within a short time is dropped so nothing toggles twice.
 */
import type { MenuCommand } from '../../../shared/api/studio-api';
import type { ShortcutId } from '../shortcuts';
import { onNativeMenu } from '../backend/native';
import { useLayout } from '../stores/layout-store';
import { useSkills } from '../stores/skills-store';
import { useUi, notify } from '../stores/ui-store';
import { chooseWorkspace } from './actions';

const recent = new Map<string, number>();
const ECHO_MS = 300;

/** Records that an action ran; true when the same action already ran just before. */
export function isEcho(action: string, now = Date.now()): boolean {
  const last = recent.get(action);
  recent.set(action, now);
  return last !== undefined && now - last < ECHO_MS;
}

const TO_SHORTCUT: Partial<Record<MenuCommand, ShortcutId>> = {
  'new-skill': 'newSkill',
  save: 'save',
  'toggle-sidebar': 'toggleSidebar',
  'toggle-bottom': 'toggleBottom',
  'focus-search': 'goToSkill',
  'show-problems': 'showProblems',
};

export function bindNativeMenu(runShortcut: (id: ShortcutId) => void): () => void {
  return onNativeMenu((command) => {
    if (isEcho(command)) return;
    const shortcut = TO_SHORTCUT[command];
    if (shortcut) {
      runShortcut(shortcut);
      return;
    }
    switch (command) {
      case 'open-workspace':
        void chooseWorkspace();
        break;
      case 'toggle-theme':
        useLayout.getState().cycleTheme();
        break;
      case 'import':
        document.querySelector<HTMLInputElement>('[data-testid="import-input"]')?.click();
        break;
      case 'export': {
        const sel = useSkills.getState().selected;
        if (sel) useUi.getState().openDialog('export', sel);
        else notify('info', 'Select a skill to export.');
        break;
      }
      default:
        break;
    }
  });
}
