/**
 * The one check of a name that becomes a folder in a client's skills folder: a skill's
 * install name, a `skills-lock.json` key and the NAME of `uninstall`. It must be a single
 * plain path segment that any platform can hold, so joining it to the skills folder can
 * never name anything but a child of that folder.
 */
import { pathProblem } from '../fs/safe-path';

/** What is wrong with `name` as one folder's name, or null when nothing is. */
export function folderNameProblem(name: unknown): string | null {
  if (typeof name !== 'string') return 'not a string';
  const checked = pathProblem(name, { forWrite: true });
  if (checked.why !== null) return checked.why;
  if (checked.clean !== name || name.includes('/')) return 'not one plain folder name';
  return null;
}
