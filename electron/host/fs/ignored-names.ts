/**
 * Names left out of skill listings and bundles (docs/contracts.md, Bundles): tool and OS clutter
 * that is never part of a skill. Matching is on one path segment, so a folder's whole subtree goes.
 * Import skips the same names (what export would not write is never planted), matched
 * the way the most lenient filesystem would read them: `.GIT`, `.git.`, `GIT~1`.
 */
import { isAtomicTempName } from './atomic-write';

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

/**
 * Code points that macOS (HFS+) ignores in names: `.g\u200cit` is `.git` there. Git
 * itself refuses these spellings of `.git` for the same reason.
 */
const IGNORABLE_CODE_POINTS = /[\u200b-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/**
 * A name as a case-insensitive, forgiving filesystem would store it: lower case,
 * ignorable code points gone, and Windows' trailing dots and spaces dropped.
 */
export function filesystemSpelling(name: string): string {
  return name
    .normalize('NFC')
    .replace(IGNORABLE_CODE_POINTS, '')
    .replace(/[. ]+$/, '')
    .toLowerCase();
}

const BUNDLE_IGNORED_LOWER = new Set([...BUNDLE_IGNORED_NAMES].map((n) => n.toLowerCase()));

/**
 * True for a name export would leave out under any spelling a filesystem could take for
 * it (import skips these). Also the 8.3 short name `GIT~1` Windows gives `.git`.
 */
export function isBundleIgnoredAnySpelling(name: string): boolean {
  const spelled = filesystemSpelling(name);
  return (
    BUNDLE_IGNORED_LOWER.has(spelled) ||
    BUNDLE_IGNORED_SUFFIXES.some((suffix) => spelled.endsWith(suffix)) ||
    /^git~\d+$/.test(spelled) ||
    isAtomicTempName(name)
  );
}
