import { useEffect } from 'react';
import { matchShortcut, type ShortcutId } from '../../shortcuts';
import { IS_MAC } from '../../platform';
import { useEditor } from '../../stores/editor-store';
import { useLayout } from '../../stores/layout-store';
import { useUi } from '../../stores/ui-store';
import { bindNativeMenu, isEcho } from '../../app/menu';
import { showGoToSkill, useGoToSkill } from '../dialogs/GoToSkill';
import { showProviderSettings, useProviders } from '../../settings/providers-store';

/** The native menu's command for each shortcut (its accelerator echoes the key press). */
const MENU_NAMES: Record<ShortcutId, string> = {
  save: 'save',
  // The menu's "Go to Skill…" item keeps its command name from when Ctrl+P searched.
  goToSkill: 'focus-search',
  focusSearch: 'search-skills',
  toggleSidebar: 'toggle-sidebar',
  toggleBottom: 'toggle-bottom',
  showProblems: 'show-problems',
  newSkill: 'new-skill',
  settings: 'settings',
};

export function runShortcut(id: ShortcutId): void {
  const layout = useLayout.getState();
  switch (id) {
    case 'save':
      void useEditor.getState().save();
      break;
    case 'goToSkill':
      showGoToSkill();
      break;
    case 'focusSearch':
      if (layout.sidebarCollapsed) layout.toggleSidebar();
      useUi.getState().focusSearch();
      break;
    case 'toggleSidebar':
      layout.toggleSidebar();
      break;
    case 'toggleBottom':
      layout.toggleBottom();
      break;
    case 'showProblems':
      layout.showRightTab('problems');
      break;
    case 'newSkill':
      useUi.getState().openDialog('newSkill');
      break;
    case 'settings':
      showProviderSettings();
      break;
  }
}

/** Shortcuts are caught in the capture phase so they work while Monaco has focus. */
export function useGlobalKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = matchShortcut(e, IS_MAC);
      if (!id) return;
      // With a dialog open only Save is meaningful; the rest would act behind it.
      const ui = useUi.getState();
      const modal =
        ui.dialog ||
        ui.confirm ||
        ui.prompt ||
        useGoToSkill.getState().open ||
        useProviders.getState().open;
      if (modal && id !== 'save') return;
      e.preventDefault();
      e.stopPropagation();
      // Remember it under the menu's name so the accelerator's echo is ignored.
      isEcho(MENU_NAMES[id]);
      runShortcut(id);
    };
    window.addEventListener('keydown', onKey, true);
    const unbindMenu = bindNativeMenu(runShortcut);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      unbindMenu();
    };
  }, []);
}
