import { useEffect } from 'react';
import { matchShortcut } from '../shortcuts';
import type { CommandId } from '../../../shared/commands';
import { chooseWorkspace } from '../actions/workspace';
import { useSkills } from '../stores/skills-store';
import { IS_MAC } from '../platform';
import { useEditor } from '../stores/editor-store';
import { useLayout } from '../stores/layout-store';
import { notify, useUi } from '../stores/ui-store';
import { bindNativeMenu, isEcho } from './menu';
import { showGoToSkill, useGoToSkill } from './dialogs/GoToSkill';
import { showProviderSettings, useProviders } from '../settings/providers-store';
import { showCommandPalette, useCommandPalette } from './command-palette-store';
import { useContentSearch } from './right/search-store';
import { compareWithHead, compareWithSaved } from '../editor/area/diff-view';

/** What every command of the command table does, for its key and its menu item alike. */
export function runCommand(id: CommandId): void {
  const layout = useLayout.getState();
  switch (id) {
    case 'openWorkspace':
      void chooseWorkspace();
      break;
    case 'toggleTheme':
      layout.cycleTheme();
      break;
    case 'importBundle':
      document.querySelector<HTMLInputElement>('[data-testid="import-input"]')?.click();
      break;
    case 'exportBundle': {
      const sel = useSkills.getState().selected;
      if (sel) useUi.getState().openDialog('export', sel);
      else notify('info', 'Select a skill to export.');
      break;
    }
    case 'save':
      void useEditor.getState().save();
      break;
    case 'goToSkill':
      showGoToSkill();
      break;
    case 'commandPalette':
      showCommandPalette();
      break;
    case 'findInFiles':
      layout.showRightTab('search');
      useContentSearch.getState().focus();
      break;
    case 'compareWithSaved':
      compareWithSaved();
      break;
    case 'compareWithHead':
      void compareWithHead();
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
    case 'maximizeRun':
      // From the maximized Evals panel too: the key always goes to (or back from) the run view.
      if (layout.maximized === 'evals') layout.toggleMaximized('evals');
      else layout.toggleMaximized('run');
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
        useCommandPalette.getState().open ||
        useProviders.getState().open;
      if (modal && id !== 'save') return;
      e.preventDefault();
      e.stopPropagation();
      // Remember it so the menu accelerator's echo of the same key is ignored.
      isEcho(id);
      runCommand(id);
    };
    window.addEventListener('keydown', onKey, true);
    const unbindMenu = bindNativeMenu(runCommand);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      unbindMenu();
    };
  }, []);
}
