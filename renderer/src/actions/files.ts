/**
 * The Files panel's operations on the current skill's files and folders. The host refuses
 * hostile names with a clear message, shown as is.
 */
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { useSkills } from '../stores/skills-store';
import { useEditor } from '../stores/editor-store';
import { notify, askConfirm, askText } from '../stores/ui-store';
import { isDirty } from '../stores/buffer-logic';
import { fileToBase64 } from '../util/base64';
import { baseName, joinPath, parentOf } from '../util/file-tree';
import { openFileOfSelected, selectedItem } from './skills';

export async function newFileIn(folder: string): Promise<void> {
  const item = selectedItem();
  if (!item) return;
  const name = await askText({
    title: 'New file',
    label: folder ? `Name (in ${folder}/)` : 'Name',
    confirmLabel: 'Create',
  });
  if (!name) return;
  const path = joinPath(folder, name);
  try {
    await backend().call('files.createFile', { skill: item.dir, path, text: '' });
    await useSkills.getState().reloadDetail();
    await openFileOfSelected(path);
  } catch (err) {
    notify('error', `Could not create ${path}: ${errorMessage(err)}`);
  }
}

export async function newFolderIn(folder: string): Promise<void> {
  const item = selectedItem();
  if (!item) return;
  const name = await askText({
    title: 'New folder',
    label: folder ? `Name (in ${folder}/)` : 'Name',
    confirmLabel: 'Create',
  });
  if (!name) return;
  const path = joinPath(folder, name);
  try {
    await backend().call('files.createFolder', { skill: item.dir, path });
    await useSkills.getState().reloadDetail();
  } catch (err) {
    notify('error', `Could not create ${path}/: ${errorMessage(err)}`);
  }
}

export async function renameEntry(path: string): Promise<void> {
  const item = selectedItem();
  if (!item) return;
  const name = await askText({
    title: `Rename ${baseName(path)}`,
    label: 'New name',
    initial: baseName(path),
    confirmLabel: 'Rename',
  });
  if (!name || name === baseName(path)) return;
  const to = joinPath(parentOf(path), name);
  try {
    await backend().call('files.rename', { skill: item.dir, from: path, to });
    // Its tabs follow the file, unsaved edits and undo history included.
    useEditor.getState().renamed(item.dir, path, to);
    await useSkills.getState().reloadDetail();
  } catch (err) {
    notify('error', `Could not rename ${path}: ${errorMessage(err)}`);
  }
}

export async function deleteEntry(path: string, dir: boolean): Promise<void> {
  const item = selectedItem();
  if (!item) return;
  // Unsaved edits to what goes are lost with it: the question says so.
  const unsaved = Object.values(useEditor.getState().buffers).some(
    (b) =>
      b.skillDir === item.dir &&
      (b.path === path || (dir && b.path.startsWith(`${path}/`))) &&
      isDirty(b),
  );
  const what = dir ? `the folder "${path}" and everything in it` : `"${path}"`;
  const ok = await askConfirm({
    title: `Delete ${dir ? 'folder' : 'file'}`,
    message: `Delete ${what}? This cannot be undone.${unsaved ? ' Its unsaved changes in the editor are lost too.' : ''}`,
    confirmLabel: 'Delete',
    danger: true,
  });
  if (!ok) return;
  try {
    await backend().call('files.delete', { skill: item.dir, path });
    useEditor.getState().forget(item.dir, path);
    await useSkills.getState().reloadDetail();
  } catch (err) {
    notify('error', `Could not delete ${path}: ${errorMessage(err)}`);
  }
}

/** Files dropped from the desktop onto the Files panel become sidecars of the selected skill. */
export async function addDroppedFiles(folder: string, files: readonly File[]): Promise<void> {
  const item = selectedItem();
  if (!item) {
    notify('info', 'Select a skill first, then drop files on its Files panel.');
    return;
  }
  let added = 0;
  for (const file of files) {
    const path = joinPath(folder, file.name);
    try {
      const base64 = await fileToBase64(file);
      await backend().call('files.createFile', { skill: item.dir, path, base64 });
      added++;
    } catch (err) {
      notify('error', `Could not add ${file.name}: ${errorMessage(err)}`);
    }
  }
  if (added > 0) {
    notify('success', `Added ${added} file${added === 1 ? '' : 's'} to ${item.name}.`);
    await useSkills.getState().reloadDetail();
  }
}
