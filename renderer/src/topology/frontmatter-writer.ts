/**
 * The one door through which the agents editor changes a SKILL.md: set or delete one key
 * path of the frontmatter and get the whole new text back (the caller puts it into the
 * editor buffer as one edit, so it is one undo step). The edit itself is the Form view's
 * (shared/skill/frontmatter-edit.ts): only that key's node is rewritten, so comments, key
 * order, quoting and the Markdown body stay as the author wrote them.
 */
import {
  applyTextEdits,
  deleteFrontmatterValue,
  setFrontmatterValue,
  type FrontmatterEditResult,
  type FrontmatterPath,
  type FrontmatterValue,
} from '../../../shared/skill/frontmatter-edit';

export type { FrontmatterPath, FrontmatterValue };

export type EditOutcome = { ok: true; text: string } | { ok: false; error: string };

function applied(text: string, r: FrontmatterEditResult): EditOutcome {
  return r.ok ? { ok: true, text: applyTextEdits(text, r.edits) } : r;
}

/** Sets the value at `path`, creating the maps on the way. */
export function setFrontmatterKey(
  text: string,
  path: FrontmatterPath,
  value: FrontmatterValue,
): EditOutcome {
  return applied(text, setFrontmatterValue(text, path, value));
}

/** Deletes the key at `path`; a missing key is no change. */
export function deleteFrontmatterKey(text: string, path: FrontmatterPath): EditOutcome {
  return applied(text, deleteFrontmatterValue(text, path));
}
