/**
 * How a part of the editor writes into the frontmatter of the skill being edited: the Form
 * view decides how a change reaches the text (one undoable Monaco edit), and the parts it
 * mounts (the schema builder among them) never touch the text themselves.
 */
import type { FrontmatterPath, FrontmatterValue } from '../../../shared/skill/frontmatter-edit';

/**
 * Writes into the frontmatter of the skill being edited. Each call is one edit (one undo
 * step). Returns null when written, or why nothing was written (say, the YAML does not
 * parse, or the path crosses a value of another type).
 */
export interface FrontmatterWriter {
  set(path: FrontmatterPath, value: FrontmatterValue): string | null;
  remove(path: FrontmatterPath): string | null;
}
