/**
 * The user's approvals of workspace providers: which secret a workspace's provider may
 * send to which server. A workspace is often someone else's (a cloned repository), and
 * its skill-studio.json may name any environment variable and point `base_url` at any
 * server, a port on this machine included (another local user can listen there). So a
 * secret goes to a workspace provider only once this user has approved that exact
 * combination:
 *
 *   workspace (its real path) · secret (`env:NAME`, `keychain:ID`, `user-file:ID`) ·
 *   origin (scheme, host and port: `http://127.0.0.1:8080`)
 *
 * The approvals live in the user's own settings, next to the user's providers file
 * (`provider-approvals.json`, mode 0600, written atomically), never in a workspace. A
 * file others may read or change, or that another user owns, is not used (the same
 * rule as the providers file).
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';
import { NotFoundError } from '../fs/errors';
import { openRegularFile, readOpened } from '../fs/safe-read';
import { errorMessage } from '../../../shared/errors';
import { logSwallowed } from '../log';
import { privacyProblem, userProvidersPath } from './user-providers';
import type { ProviderApproval, SecretRef } from '../../../shared/api/local-tools';

export const APPROVALS_FILE = 'provider-approvals.json';
const MAX_BYTES = 1024 * 1024;

export interface LoadedApprovals {
  approvals: ProviderApproval[];
  /** Why the file was not used (permissions, bad JSON), or null. */
  refused: string | null;
}

/** Where approvals are kept: beside the user's providers file; null without a home. */
export function approvalsPath(
  env: NodeJS.ProcessEnv,
  home: string | null,
  platform: NodeJS.Platform = process.platform,
): string | null {
  const providers = userProvidersPath(env, home, platform);
  return providers ? path.join(path.dirname(providers), APPROVALS_FILE) : null;
}

/** `scheme://host:port` of an http(s) URL, the default port written out; null otherwise. */
export function originOf(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  return `${u.protocol}//${u.hostname.toLowerCase()}:${port}`;
}

const SECRET_REF = /^(env|keychain|user-file):[A-Za-z0-9_.-]+$/;

function isApproval(v: unknown): v is ProviderApproval {
  if (typeof v !== 'object' || v === null) return false;
  const a = v as Record<string, unknown>;
  return (
    typeof a.workspace === 'string' &&
    path.isAbsolute(a.workspace) &&
    typeof a.secret === 'string' &&
    SECRET_REF.test(a.secret) &&
    typeof a.origin === 'string' &&
    originOf(a.origin) === a.origin &&
    typeof a.provider === 'string' &&
    typeof a.approved_at === 'string'
  );
}

/** Reads the approvals; never throws (a refused or broken file approves nothing). */
export async function loadApprovals(file: string | null): Promise<LoadedApprovals> {
  if (!file) return { approvals: [], refused: null };
  let text: string;
  try {
    const opened = await openRegularFile(file, file);
    try {
      const refusal = privacyProblem(
        file,
        opened.st,
        undefined,
        undefined,
        'it says where your keys may go',
      );
      if (refusal) return { approvals: [], refused: refusal };
      text = (await readOpened(opened, file, { maxBytes: MAX_BYTES })).toString('utf8');
    } finally {
      await opened.handle.close().catch(logSwallowed('close the provider approvals file'));
    }
  } catch (err) {
    if (err instanceof NotFoundError) return { approvals: [], refused: null };
    return { approvals: [], refused: `${file} cannot be read: ${errorMessage(err)}` };
  }
  try {
    const raw = JSON.parse(text) as { approvals?: unknown };
    const list = Array.isArray(raw.approvals) ? raw.approvals : [];
    return { approvals: list.filter(isApproval), refused: null };
  } catch {
    return {
      approvals: [],
      refused: `${file} is not valid JSON; remove it and approve the providers again`,
    };
  }
}

/** Whether `secret` may go to `origin` for the workspace at `workspace` (a real path). */
export function isApproved(
  approvals: readonly ProviderApproval[],
  workspace: string | null,
  secret: SecretRef,
  origin: string,
): boolean {
  if (workspace === null) return false;
  return approvals.some(
    (a) => a.workspace === workspace && a.secret === secret && a.origin === origin,
  );
}

/**
 * Records an approval (once: the same combination is not written twice). A refused file
 * (another owner, a loose mode, bad JSON) is left alone: the error says how to fix it.
 */
export async function addApproval(
  file: string,
  approval: Omit<ProviderApproval, 'approved_at'>,
  now: Date = new Date(),
): Promise<ProviderApproval> {
  const { approvals, refused } = await loadApprovals(file);
  if (refused) throw new Error(refused);
  const kept = approvals.filter(
    (a) =>
      !(
        a.workspace === approval.workspace &&
        a.secret === approval.secret &&
        a.origin === approval.origin
      ),
  );
  const added: ProviderApproval = { ...approval, approved_at: now.toISOString() };
  await writeApprovals(file, [...kept, added]);
  return added;
}

async function writeApprovals(file: string, approvals: ProviderApproval[]): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, JSON.stringify({ version: 1, approvals }, null, 2) + '\n', {
    mode: 0o600,
  });
}
