/**
 * Whether a file may hold a secret: a regular file of the current user that group and
 * others can neither read nor write. `serve --token-file` (server/token-file.ts), the
 * client's `a2e --connect --token-file` and the remote hosts' token file all apply it.
 */

/** Why `mode`/`uid` make the file unsafe for a secret, or null when it is fine. */
export function tokenFileProblem(
  stat: { uid: number; mode: number; isFile(): boolean },
  currentUid: number | null,
): string | null {
  if (!stat.isFile()) return 'is not a regular file';
  // Windows has no uid or POSIX mode bits worth checking: its ACLs are not handled here.
  if (currentUid === null) return null;
  if (stat.uid !== currentUid) return `is owned by another user (uid ${stat.uid})`;
  if ((stat.mode & 0o077) !== 0)
    return `can be read or written by others (mode ${(stat.mode & 0o777).toString(8).padStart(3, '0')}; run chmod 600 on it)`;
  return null;
}
