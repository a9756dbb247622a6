/**
 * What the user can do, as plain async functions over the stores and the backend.
 * Components call these; results and the host's error messages become toasts.
 * They act on the current skill (the active tab's) and name it to the host by its
 * folder, never by its name: two skills may share a name.
 */
import type {
  BundleFormat,
  ExportResult,
  SkillListItem,
  TemplateName,
} from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { nativeDialogs } from '../backend/native';
import { useSkills, type SkillRef } from '../stores/skills-store';
import { useEditor, type OpenTarget } from '../stores/editor-store';
import { useWorkspace } from '../stores/workspace-store';
import { useUi, notify, askConfirm, askText } from '../stores/ui-store';
import { useLayout } from '../stores/layout-store';
import { base64ToBytes, fileToBase64 } from '../util/base64';
import { downloadBlob } from '../util/download';
import { baseName, joinPath, parentOf } from '../util/file-tree';
import { isDirty, restoredBuffer } from '../stores/buffer-logic';
import { cancelPendingBackup, flushBackups, loadBackups } from './backups';
import { restoreTabs, withoutTabWrites } from './tabs';
import { previewImport } from './import-flow';

const targetOf = (item: SkillListItem): OpenTarget => item;

/** The current skill (the active tab's), as listed: what the files panel and the editor act on. */
export function selectedItem(): SkillListItem | null {
  const { selected, find } = useSkills.getState();
  return selected ? (find(selected) ?? null) : null;
}

export function skillMdName(files: readonly { path: string }[] | undefined): string {
  const found = files?.find((f) => f.path.toLowerCase() === 'skill.md');
  return found?.path ?? 'SKILL.md';
}

/** Selects a skill and opens its SKILL.md. */
export async function openSkill(
  ref: SkillRef,
  at?: { line: number; column: number },
): Promise<void> {
  const detail = await useSkills.getState().select(ref);
  const item = useSkills.getState().find(ref);
  if (!item || !detail) return;
  await useEditor.getState().open(targetOf(item), skillMdName(detail.files), at);
}

export async function openFileOfSelected(
  path: string,
  at?: { line: number; column: number },
): Promise<void> {
  const item = selectedItem();
  if (!item) return;
  await useEditor.getState().open(targetOf(item), path, at);
}

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

/** `skillMd`: the new-skill wizard's SKILL.md, written instead of the template's. */
export async function createSkill(
  name: string,
  template: TemplateName,
  skillMd?: string,
): Promise<boolean> {
  try {
    const detail = await backend().call('skills.new', {
      name,
      template,
      ...(skillMd !== undefined ? { skillMd } : {}),
    });
    await useSkills.getState().refresh();
    await openSkill({ name: detail.summary.name, dir: detail.summary.dir });
    notify('success', `Created ${detail.summary.name}.`);
    return true;
  } catch (err) {
    notify('error', `Could not create "${name}": ${errorMessage(err)}`);
    return false;
  }
}

function isBundleName(name: string): boolean {
  return /\.(skill|zip)$/i.test(name);
}

export async function importBundle(file: File): Promise<void> {
  if (!isBundleName(file.name)) {
    notify('error', `${file.name} is not a .skill or .zip bundle.`);
    return;
  }
  // The import dialog shows what the bundle holds before anything is written.
  await previewImport(file);
}

export interface ExportOutcome {
  result: ExportResult | null;
  savedTo: string | null;
  cancelled: boolean;
}

/** Exports a bundle: desktop asks where to save it; the browser downloads it. */
export async function exportBundle(
  skill: SkillRef,
  format: BundleFormat,
  force: boolean,
): Promise<ExportOutcome> {
  const native = nativeDialogs();
  const params = { skill: skill.dir, format, force };
  if (native) {
    const savePath = await native.pickSavePath(`${skill.name}.${format}`);
    if (!savePath) return { result: null, savedTo: null, cancelled: true };
    // Saved by the desktop app where its dialog said: `path` is set unless refused.
    const result = await native.callAndSave('bundles.export', params, savePath);
    return { result, savedTo: result.path, cancelled: false };
  }
  const result = await backend().call('bundles.export', params);
  if (!result.refused && result.base64) downloadBase64(result.base64, result.fileName);
  return { result, savedTo: null, cancelled: false };
}

export function downloadBase64(base64: string, fileName: string): void {
  downloadBlob(fileName, new Blob([base64ToBytes(base64)], { type: 'application/zip' }));
}

/* Files panel operations — the host refuses hostile names with a clear message, shown as is. */

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

export async function restoreBackups(): Promise<void> {
  const entries = useEditor.getState().restorable;
  useEditor.getState().setRestorable([]);
  let restored = 0;
  for (const entry of entries) {
    // By folder; backups written before folders were kept fall back to the name's winner.
    const item = entry.dir
      ? useSkills.getState().find({ name: entry.skill, dir: entry.dir })
      : useSkills.getState().winner(entry.skill);
    if (!item) {
      notify(
        'error',
        `Could not restore ${entry.skill}/${entry.path}: the skill is no longer listed.`,
      );
      continue;
    }
    const id = await useEditor.getState().open(targetOf(item), entry.path);
    if (!id) continue;
    const b = useEditor.getState().buffers[id];
    if (!b || b.readOnly) continue;
    useEditor.setState((s) => ({
      buffers: { ...s.buffers, [id]: restoredBuffer(s.buffers[id], entry) },
    }));
    restored++;
  }
  if (restored > 0)
    notify('success', `Restored ${restored} unsaved file${restored === 1 ? '' : 's'}.`);
}

export function discardBackups(): void {
  useEditor.getState().setRestorable([]);
}
