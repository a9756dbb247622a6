/**
 * Accepting a suggested description: the new text goes into the skill's SKILL.md
 * buffer as one edit (nothing is saved; the author saves, or undoes it with one
 * Ctrl+Z). The frontmatter edit itself is shared/skill/frontmatter-edit.ts, so the
 * comments, key order and quoting around `description:` stay as written.
 */
import { applyTextEdits, setFrontmatterValue } from '../../../shared/skill/frontmatter-edit';
import { openSkill, skillMdName } from '../actions/skills';
import { useEditor } from '../stores/editor-store';
import { bufferId } from '../stores/buffer-logic';
import { useSkills, type SkillRef } from '../stores/skills-store';

export type DescriptionEdit =
  { ok: true; text: string; line: number } | { ok: false; error: string };

/** The SKILL.md text with `description:` set, and the 1-based line where the change starts. */
export function withDescription(text: string, description: string): DescriptionEdit {
  const result = setFrontmatterValue(text, ['description'], description);
  if (!result.ok) return { ok: false, error: result.error };
  const first = Math.min(...result.edits.map((e) => e.offset), text.length);
  const line = text.slice(0, first).split('\n').length;
  return { ok: true, text: applyTextEdits(text, result.edits), line };
}

/** How long to wait for the editor to show a freshly opened file (so the edit lands in its undo history). */
const SHOW_FRAMES = 30;

function nextFrame(): Promise<void> {
  return new Promise((resolve) =>
    typeof requestAnimationFrame === 'function'
      ? requestAnimationFrame(() => resolve())
      : setTimeout(resolve, 16),
  );
}

/**
 * Opens the skill's SKILL.md and puts `description` into its buffer. Resolves to an
 * error message, or null when the edit is in the editor.
 */
export async function acceptDescription(
  ref: SkillRef,
  description: string,
  onScreen: () => boolean = () => document.querySelector('[data-testid="code-editor"]') !== null,
): Promise<string | null> {
  const wasOpen = Object.values(useEditor.getState().buffers).some((b) => b.skillDir === ref.dir);
  await openSkill(ref);
  const detail = useSkills.getState().detail;
  if (!detail || detail.summary.dir !== ref.dir) return `${ref.name} could not be opened.`;
  const id = bufferId(ref.dir, skillMdName(detail.files));
  // A file opened just now gets its editor on the next frames: the edit must reach that
  // editor as an edit (undoable), not as the text it starts from.
  if (!wasOpen) {
    for (let i = 0; i < SHOW_FRAMES && !onScreen(); i++) await nextFrame();
    await nextFrame();
  }
  const buffer = useEditor.getState().buffers[id];
  if (!buffer) return `${ref.name}'s SKILL.md is not open.`;
  if (buffer.readOnly) return `${ref.name} is read-only: copy it into the workspace to change it.`;
  const next = withDescription(buffer.text, description);
  if (!next.ok) return next.error;
  useEditor.getState().edit(id, next.text);
  useEditor.getState().revealAt(id, next.line, 1);
  return null;
}
