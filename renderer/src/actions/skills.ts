/**
 * What the user can do, as plain async functions over the stores and the backend.
 * Components call these; results and the host's error messages become toasts.
 * They act on the current skill (the active tab's) and name it to the host by its
 * folder, never by its name: two skills may share a name. This module: the current
 * skill, opening a skill or one of its files, and creating one.
 */
import type { SkillListItem, TemplateName } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { useSkills, type SkillRef } from '../stores/skills-store';
import { useEditor, type OpenTarget } from '../stores/editor-store';
import { notify } from '../stores/ui-store';
import { isSkillMd } from '../util/skill-md';

/** A listed skill as the editor opens it (backups restore through it too). */
export const targetOf = (item: SkillListItem): OpenTarget => item;

/** The current skill (the active tab's), as listed: what the files panel and the editor act on. */
export function selectedItem(): SkillListItem | null {
  const { selected, find } = useSkills.getState();
  return selected ? (find(selected) ?? null) : null;
}

export function skillMdName(files: readonly { path: string }[] | undefined): string {
  const found = files?.find((f) => isSkillMd(f.path));
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
