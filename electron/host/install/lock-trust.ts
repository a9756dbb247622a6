/**
 * Which `skills-lock.json` files this user's own skill-studio wrote or approved, so a
 * lockfile that came with a cloned project is told apart from one the user's installs
 * made: a repository can commit any lockfile, but it cannot write this record, which
 * lives in the user's settings folder (beside providers.json, user-providers.ts):
 *
 *   trusted-lockfiles.json  {"version":1,"lockfiles":{"<real path of the lockfile>":"sha256-…"}}
 *
 * A lockfile is trusted while its real path is recorded with the hash of its exact bytes:
 * any change by anyone else (a `git pull`, a hand edit) makes it a stranger again. The
 * record is the user's alone: one owned by someone else, or that others may write, is
 * ignored (nothing trusted) and replaced by the next write.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { errnoCode } from '../fs/errors';
import { logSwallowed } from '../log';
import { userProvidersPath } from '../providers/user-providers';

export const LOCK_TRUST_FILE = 'trusted-lockfiles.json';

/** Where the records live; `file` null (no home folder): nothing is trusted or recorded. */
export interface LockTrust {
  file: string | null;
}

/** The records of the user `home` (the settings folder user-providers.ts names). */
export function lockTrustFor(env: NodeJS.ProcessEnv, home: string | null): LockTrust {
  // The settings folder itself, not wherever SKILL_STUDIO_PROVIDERS points one file.
  const providers = userProvidersPath({ ...env, SKILL_STUDIO_PROVIDERS: undefined }, home);
  return { file: providers ? path.join(path.dirname(providers), LOCK_TRUST_FILE) : null };
}

/** `sha256-<hex>` of a lockfile's bytes. */
export function lockHash(bytes: string | Uint8Array): string {
  return `sha256-${createHash('sha256').update(bytes).digest('hex')}`;
}

async function readRecords(file: string): Promise<Record<string, string>> {
  try {
    const st = await stat(file);
    const foreign =
      process.platform !== 'win32' &&
      (st.uid !== process.getuid?.() || (st.mode & 0o022) !== 0 || !st.isFile());
    if (foreign) return {};
    const data = JSON.parse(await readFile(file, 'utf8')) as { lockfiles?: unknown };
    const lockfiles = data?.lockfiles;
    if (typeof lockfiles !== 'object' || lockfiles === null || Array.isArray(lockfiles)) return {};
    return Object.fromEntries(
      Object.entries(lockfiles).filter((e): e is [string, string] => typeof e[1] === 'string'),
    );
  } catch (err) {
    if (errnoCode(err) !== 'ENOENT') logSwallowed(`read ${file}`)(err);
    return {};
  }
}

/** True when this user wrote or approved the lockfile at `real` with exactly this hash. */
export async function isTrustedLockfile(
  trust: LockTrust,
  real: string,
  hash: string,
): Promise<boolean> {
  if (!trust.file) return false;
  return (await readRecords(trust.file))[real] === hash;
}

/** Records (or, with `hash` null, forgets) the lockfile at `real` as this user's. */
export async function rememberLockfile(
  trust: LockTrust,
  real: string,
  hash: string | null,
): Promise<void> {
  if (!trust.file) return;
  const records = await readRecords(trust.file);
  if (hash === null) {
    if (!(real in records)) return;
    delete records[real];
  } else records[real] = hash;
  await mkdir(path.dirname(trust.file), { recursive: true, mode: 0o700 });
  const sorted = Object.fromEntries(Object.entries(records).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeFileAtomic(
    trust.file,
    JSON.stringify({ version: 1, lockfiles: sorted }, null, 2) + '\n',
    { mode: 0o600 },
  );
}
