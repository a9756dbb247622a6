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

/** The names held by skills in more than one folder: those are shown with their folders. */
export function namesInSeveralFolders(items: Iterable<{ name: string; dir: string }>): Set<string> {
  const dirs = new Map<string, Set<string>>();
  for (const { name, dir } of items) dirs.set(name, (dirs.get(name) ?? new Set()).add(dir));
  return new Set([...dirs].filter(([, d]) => d.size > 1).map(([name]) => name));
}
