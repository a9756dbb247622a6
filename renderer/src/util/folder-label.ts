/**
 * Where a skill folder is, as the user knows it: relative to the workspace when inside it.
 * Two skills with one name are told apart by it (go to skill, the sidebar, the tabs).
 */

/** `dir` relative to `root` when inside it, else `dir` itself. */
export function folderLabel(dir: string, root: string | null): string {
  if (root && dir.startsWith(`${root}/`)) return dir.slice(root.length + 1);
  return dir;
}

/** The folder holding the skill folder `dir` (`.claude/skills` for `<root>/.claude/skills/x`). */
export function parentFolderLabel(dir: string, root: string | null): string {
  const slash = dir.lastIndexOf('/');
  const parent = slash > 0 ? dir.slice(0, slash) : dir;
  return parent === root ? '.' : folderLabel(parent, root);
}
