/**
 * Names left out of skill listings and bundles (DESIGN §9): tool and OS clutter that is
 * never part of a skill. Matching is on one path segment, so a folder's whole subtree goes.
 */
import { isAtomicTempName } from '../fs/atomic-write';

/** Skipped by the file tree and the Skill tool's `files`. */
export const LIST_IGNORED_NAMES: ReadonlySet<string> = new Set([
  '.git',
  'node_modules',
  '__pycache__',
  '.DS_Store',
]);

/** Skipped by bundle export: the listing's names plus compiled Python. */
export const BUNDLE_IGNORED_NAMES: ReadonlySet<string> = LIST_IGNORED_NAMES;
export const BUNDLE_IGNORED_SUFFIXES: readonly string[] = ['.pyc'];

/** Folders a macOS archiver adds beside the real content; dropped on import. */
export const IMPORT_SKIPPED_TOP_FOLDERS: ReadonlySet<string> = new Set(['__MACOSX']);

export function isListIgnored(name: string): boolean {
  return LIST_IGNORED_NAMES.has(name) || isAtomicTempName(name);
}

export function isBundleIgnored(name: string): boolean {
  return (
    BUNDLE_IGNORED_NAMES.has(name) ||
    BUNDLE_IGNORED_SUFFIXES.some((suffix) => name.endsWith(suffix)) ||
    isAtomicTempName(name)
  );
}
