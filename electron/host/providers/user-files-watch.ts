/**
 * Follows the user's providers file and the approvals file beside it while `serve` or the
 * desktop app runs, so an edit made in another editor (or by `skill-studio providers`)
 * takes effect without a restart: runs already re-read both files on every call, and this
 * tells the UI to re-read its list (`providers.changed`).
 *
 * Polling stat (fs.watchFile) rather than fs.watch: it sees a file that does not exist yet
 * appear, survives an editor's or the atomic writer's rename over the file, and needs no
 * watch of a folder the studio does not own. Two files, polled once a while, cost nothing.
 */
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/** How often the files' stat is taken (ms). */
export const USER_FILES_POLL_MS = 500;
/** Edits in a burst (an editor's save writes twice) make one notice. */
const SETTLE_MS = 150;

/** Calls `onChange` (once per burst) when any of `files` appears, changes or goes; returns stop. */
export function watchUserFiles(
  files: readonly (string | null)[],
  onChange: () => void,
  pollMs = USER_FILES_POLL_MS,
): () => void {
  const watched = [...new Set(files.filter((f): f is string => !!f))];
  let timer: NodeJS.Timeout | null = null;
  const listener = (cur: Stats, prev: Stats) => {
    const same =
      cur.mtimeMs === prev.mtimeMs &&
      cur.ino === prev.ino &&
      cur.size === prev.size &&
      cur.mode === prev.mode;
    if (same) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, SETTLE_MS);
  };
  for (const file of watched) watchFile(file, { interval: pollMs, persistent: false }, listener);
  return () => {
    if (timer) clearTimeout(timer);
    for (const file of watched) unwatchFile(file, listener);
  };
}
