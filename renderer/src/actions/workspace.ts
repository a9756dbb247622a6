/**
 * Opening a workspace: by path, or picked (the native folder picker on the desktop, the
 * in-page dialog in the browser), and what a change of workspace does to open tabs,
 * backups and the layout.
 */
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { nativeDialogs } from '../backend/native';
import { useSkills } from '../stores/skills-store';
import { useEditor } from '../stores/editor-store';
import { useWorkspace } from '../stores/workspace-store';
import { useUi, notify } from '../stores/ui-store';
import { useLayout } from '../stores/layout-store';
import { isDirty } from '../stores/buffer-logic';
import { cancelPendingBackup, flushBackups, loadBackups } from './backups';
import { restoreTabs, withoutTabWrites } from './tabs';

export async function openWorkspace(root: string): Promise<boolean> {
  try {
    const info = await backend().call('workspace.open', { root });
    // The host's workspace.changed event may have switched the stores already: compare with now.
    const current = useWorkspace.getState().info?.root ?? null;
    if ((info.root ?? null) !== current) {
      afterWorkspaceChange(current, () => useWorkspace.getState().set(info));
    } else {
      useWorkspace.getState().set(info);
    }
    return true;
  } catch (err) {
    notify('error', `Could not open ${root}: ${errorMessage(err)}`);
    return false;
  }
}

/** Desktop: the native folder picker; browser: the in-page dialog. */
export async function chooseWorkspace(): Promise<void> {
  const native = nativeDialogs();
  if (!native) {
    useUi.getState().openDialog('openWorkspace');
    return;
  }
  const root = await native.pickFolder();
  if (root) await openWorkspace(root);
}

/**
 * Another workspace: open files belong to the old one (a save would land in a
 * same-named skill of the new one), so unsaved text is kept as backups of the old
 * workspace, every tab is closed, and the new workspace's layout and backups load.
 */
export function afterWorkspaceChange(before: string | null, apply: () => void): void {
  cancelPendingBackup();
  flushBackups(before);
  const dirty = Object.values(useEditor.getState().buffers).filter(isDirty).length;
  // The old workspace keeps its list of tabs for when it is opened again.
  void withoutTabWrites(() => {
    for (const id of [...useEditor.getState().order]) useEditor.getState().close(id);
  });
  useEditor.getState().setRestorable([]);
  apply();
  const root = useWorkspace.getState().info?.root ?? null;
  useLayout.getState().loadFor(root);
  useEditor.getState().setRestorable(loadBackups(root));
  if (dirty > 0)
    notify(
      'info',
      `Unsaved changes in ${dirty} file${dirty === 1 ? '' : 's'} were kept; reopen ${before ?? 'the previous workspace'} to restore them.`,
    );
  void useSkills.getState().select(null);
  void useSkills
    .getState()
    .refresh()
    .then(() => restoreTabs(root));
}
