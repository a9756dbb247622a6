/**
 * Managing whole skills from the UI: delete (to the trash, or permanently after a
 * confirm that says so), rename (folder and name together; the skill's open tabs follow)
 * and duplicate (a bundled skill is copied into the workspace, ready to edit). Each
 * names the skill to the host by its folder; results and errors become toasts.
 */
import type { SkillListItem } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { folderName, isDirty } from '../stores/buffer-logic';
import { useEditor } from '../stores/editor-store';
import { useSkills } from '../stores/skills-store';
import { askConfirm, askText, notify } from '../stores/ui-store';
import { openSkill } from './skills';

type SkillItem = Pick<SkillListItem, 'name' | 'dir' | 'writable' | 'readOnlyReason'>;

/** The open buffers of a skill folder, in tab order. */
function buffersOf(dir: string) {
  const { buffers, order } = useEditor.getState();
  return order.map((id) => buffers[id]).filter((b) => b !== undefined && b.skillDir === dir);
}

export async function duplicateSkill(item: SkillItem): Promise<void> {
  try {
    const copy = await backend().call('skills.duplicate', { skill: item.dir });
    await useSkills.getState().refresh();
    await openSkill({ name: copy.name, dir: copy.dir });
    notify(
      'success',
      item.writable
        ? `Duplicated ${item.name} as ${copy.name}.`
        : `Copied ${item.name} into your workspace as ${copy.name}; edit it there.`,
    );
  } catch (err) {
    notify('error', `Could not duplicate ${item.name}: ${errorMessage(err)}`);
  }
}

/** `suggested` fills the prompt (the Form offers the name written in SKILL.md). */
export async function renameSkill(item: SkillItem, suggested?: string): Promise<void> {
  if (!item.writable) {
    notify('error', `${item.name} is read-only: ${item.readOnlyReason ?? 'it cannot be renamed'}.`);
    return;
  }
  // Unsaved edits would be written to the old folder: save them first.
  if (buffersOf(item.dir).some(isDirty)) {
    notify('error', `Save or revert the unsaved changes of ${item.name} before renaming it.`);
    return;
  }
  const to = await askText({
    title: `Rename ${item.name}`,
    label: 'New name (the folder is renamed too)',
    initial: suggested ?? item.name,
    confirmLabel: 'Rename',
  });
  // Same name and folder: nothing to do (a name that differs from its folder may be renamed to it).
  if (!to || (to === item.name && to === folderName(item.dir))) return;
  const open = buffersOf(item.dir);
  const activeId = useEditor.getState().activeId;
  const activePath = open.find((b) => b.id === activeId)?.path ?? null;
  try {
    const moved = await backend().call('skills.rename', { skill: item.dir, to });
    await useSkills.getState().refresh();
    // The skill's tabs follow it: the same files, opened from the new folder.
    for (const b of open) useEditor.getState().close(b.id);
    const target = useSkills.getState().find({ name: moved.name, dir: moved.dir });
    if (target) {
      for (const b of open) await useEditor.getState().open(target, b.path);
      if (activePath !== null) await useEditor.getState().open(target, activePath);
      else if (open.length === 0 && useSkills.getState().selected?.dir === item.dir)
        await openSkill({ name: moved.name, dir: moved.dir });
    }
    notify('success', `Renamed ${item.name} to ${moved.name}.`);
  } catch (err) {
    notify('error', `Could not rename ${item.name}: ${errorMessage(err)}`);
  }
}

export async function deleteSkill(item: SkillItem): Promise<void> {
  if (!item.writable) {
    notify('error', `${item.name} is read-only: ${item.readOnlyReason ?? 'it cannot be deleted'}.`);
    return;
  }
  let trash: string | null;
  try {
    ({ trash } = await backend().call('skills.trash', {}));
  } catch (err) {
    notify('error', `Could not delete ${item.name}: ${errorMessage(err)}`);
    return;
  }
  const unsaved = buffersOf(item.dir).filter(isDirty).length;
  const lost =
    unsaved > 0 ? ` Its ${unsaved} unsaved change${unsaved === 1 ? ' is' : 's are'} lost.` : '';
  const ok = await askConfirm(
    trash
      ? {
          title: `Delete ${item.name}`,
          message: `Move the skill folder ${item.dir} to ${trash}?${lost}`,
          confirmLabel: `Move to ${trash.replace(/^the /, '')}`,
          danger: true,
        }
      : {
          title: `Delete ${item.name} permanently`,
          message: `There is no trash here: ${item.dir} and everything in it will be deleted permanently. This cannot be undone.${lost}`,
          confirmLabel: 'Delete permanently',
          danger: true,
        },
  );
  if (!ok) return;
  try {
    const res = await backend().call('skills.delete', {
      skill: item.dir,
      permanent: trash === null,
    });
    for (const b of buffersOf(item.dir)) useEditor.getState().close(b.id);
    if (useSkills.getState().selected?.dir === item.dir) await useSkills.getState().select(null);
    await useSkills.getState().refresh();
    notify(
      'success',
      res.trashed ? `Moved ${item.name} to ${trash ?? 'the trash'}.` : `Deleted ${item.name}.`,
    );
  } catch (err) {
    notify('error', `Could not delete ${item.name}: ${errorMessage(err)}`);
  }
}
