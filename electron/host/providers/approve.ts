/**
 * The user's "yes" to a workspace provider: `providers.approve` (Settings → Model
 * providers → Approve) and `skill-studio providers approve ID` both come here. What is
 * approved is exactly what the provider waits for now (secret-gate.ts): this workspace
 * (its real path), this secret (variable or stored key) and this scheme, host and port.
 * It is written to the user's own approvals file, never into the workspace. Storing a
 * key in the app for a workspace provider approves that stored key alone.
 */
import { StudioError } from '../../../shared/errors';
import { errorMessage } from '../../../shared/errors';
import { findProvider, type ProviderConfig } from '../workspace/provider-config';
import { addApproval } from './provider-approvals';
import type { ApproveOutcome, SecretRef } from '../../../shared/api/local-tools';
import { pendingApproval, secretCandidate } from './secret-gate';
import type { LoadedProviderSet } from './index';

/** Approves what provider `id` waits for; refuses with what to do instead. */
export async function approveProvider(
  set: LoadedProviderSet,
  id: string,
  env: NodeJS.ProcessEnv,
): Promise<ApproveOutcome> {
  const provider = findProvider(set, id);
  if (!provider) {
    const ids = set.providers.map((p) => p.id);
    throw new StudioError(
      'not_found',
      `no provider "${id}" is configured${ids.length > 0 ? `; configured: ${ids.join(', ')}` : ''}`,
    );
  }
  const { candidate } = secretCandidate(provider, set, env);
  if (candidate === null) return { approved: null, pending: null, file: set.approvalsFile };
  return approveSecret(set, provider, candidate.secret);
}

/**
 * A key the user stores in the app for a workspace provider is their approval of it:
 * this workspace may send that stored key (never a variable) to the provider's host:port.
 */
export function approveStoredKey(
  set: LoadedProviderSet,
  provider: ProviderConfig,
): Promise<ApproveOutcome> {
  return approveSecret(set, provider, `keychain:${provider.id}`);
}

async function approveSecret(
  set: LoadedProviderSet,
  provider: ProviderConfig,
  secret: SecretRef,
): Promise<ApproveOutcome> {
  const id = provider.id;
  const pending = pendingApproval(provider, secret, set);
  if (pending === null) return { approved: null, pending: null, file: set.approvalsFile };
  if (pending.workspace === null)
    throw new StudioError(
      'precondition',
      `open the workspace of provider "${id}" first: an approval is for one workspace`,
    );
  if (!set.approvalsFile)
    throw new StudioError(
      'precondition',
      'your own settings are not read here (no home folder, or --no-user), so there is nowhere to keep the approval: run without --no-user, or set SKILL_STUDIO_PROVIDERS to the path of your providers file (approvals go beside it)',
    );
  if (set.approvalsRefused)
    throw new StudioError('precondition', `not approved: ${set.approvalsRefused}`);
  try {
    const approved = await addApproval(set.approvalsFile, {
      workspace: pending.workspace,
      secret: pending.secret,
      origin: pending.origin,
      provider: provider.id,
    });
    return { approved, pending, file: set.approvalsFile };
  } catch (err) {
    throw new StudioError('internal', `not approved: ${errorMessage(err)}`);
  }
}
