/**
 * Why a command of the command table (shared/commands.ts) cannot run now, in words the
 * command palette shows beside it; null when it can. Only what the stores know for sure:
 * a command not named here always runs (and says itself what is missing).
 */
import type { CommandId } from '../../../shared/commands';
import { activeBuffer, useEditor } from '../stores/editor-store';
import { useSkills } from '../stores/skills-store';
import { headDiffUnavailable, savedDiffUnavailable } from '../editor/area/diff-view';

export function commandUnavailable(id: CommandId): string | null {
  switch (id) {
    case 'save': {
      const b = activeBuffer(useEditor.getState());
      if (!b) return 'No file is open';
      if (b.readOnly) return 'This file is read-only';
      return null;
    }
    case 'exportBundle':
      return useSkills.getState().selected ? null : 'Select a skill first';
    case 'compareWithSaved':
      return savedDiffUnavailable();
    case 'compareWithHead':
      return headDiffUnavailable();
    default:
      return null;
  }
}
