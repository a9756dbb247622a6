/**
 * The flat FileEntry listing of a skill turned into a folder tree for the Files
 * panel. Folders come first, then files, each sorted by name; folder sizes are
 * the sum of what they hold. Parent folders missing from the listing are added.
 */
import type { FileEntry } from '../../../shared/api/studio-api';

export interface TreeNode {
  name: string;
  /** Posix path relative to the skill root ('' for the root). */
  path: string;
  dir: boolean;
  bytes: number;
  children: TreeNode[];
}

export function buildFileTree(entries: readonly FileEntry[]): TreeNode {
  const root: TreeNode = { name: '', path: '', dir: true, bytes: 0, children: [] };
  const folders = new Map<string, TreeNode>([['', root]]);

  function folder(path: string): TreeNode {
    const found = folders.get(path);
    if (found) return found;
    const slash = path.lastIndexOf('/');
    const parent = folder(slash === -1 ? '' : path.slice(0, slash));
    const node: TreeNode = { name: path.slice(slash + 1), path, dir: true, bytes: 0, children: [] };
    parent.children.push(node);
    folders.set(path, node);
    return node;
  }

  for (const entry of entries) {
    const path = entry.path.replace(/\/+$/, '');
    if (!path) continue;
    if (entry.dir) {
      folder(path);
      continue;
    }
    const slash = path.lastIndexOf('/');
    const parent = folder(slash === -1 ? '' : path.slice(0, slash));
    parent.children.push({
      name: path.slice(slash + 1),
      path,
      dir: false,
      bytes: entry.bytes,
      children: [],
    });
  }

  function finish(node: TreeNode): number {
    if (!node.dir) return node.bytes;
    node.children.sort((a, b) =>
      a.dir !== b.dir ? (a.dir ? -1 : 1) : a.name.localeCompare(b.name),
    );
    node.bytes = node.children.reduce((sum, c) => sum + finish(c), 0);
    return node.bytes;
  }
  finish(root);
  return root;
}

/** The paths of a tree in display order, skipping the insides of collapsed folders. */
export function visibleNodes(
  root: TreeNode,
  collapsed: ReadonlySet<string>,
): { node: TreeNode; depth: number }[] {
  const out: { node: TreeNode; depth: number }[] = [];
  const walk = (node: TreeNode, depth: number) => {
    for (const child of node.children) {
      out.push({ node: child, depth });
      if (child.dir && !collapsed.has(child.path)) walk(child, depth + 1);
    }
  };
  walk(root, 0);
  return out;
}

/** Joins a folder and a typed name into a skill-relative path ('' folder = root). */
export function joinPath(folder: string, name: string): string {
  const clean = name.trim();
  return folder ? `${folder}/${clean}` : clean;
}

export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
