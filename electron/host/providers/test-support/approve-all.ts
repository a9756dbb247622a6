/**
 * Test support: a provider set whose workspace providers are approved in memory, as if
 * the user had run `skill-studio providers approve` for each. For tests of what a run
 * does with a provider (the agent loop, errors, cancel), not of the approval itself
 * (workspace-secrets.test.ts and the CLI's provider-approval.test.ts test that).
 */
import type { ProviderSet } from '../../workspace/provider-config';
import { pendingApproval, secretCandidate } from '../secret-gate';

export function approveAll<S extends ProviderSet>(set: S, env: NodeJS.ProcessEnv): S {
  const workspace = set.workspace ?? '/approved-in-test';
  const approvals = [...set.approvals];
  for (const p of set.providers) {
    const { candidate } = secretCandidate(p, set, env);
    const pending = candidate && pendingApproval(p, candidate.secret, { ...set, workspace });
    if (pending)
      approvals.push({
        workspace,
        secret: pending.secret,
        origin: pending.origin,
        provider: p.id,
        approved_at: new Date(0).toISOString(),
      });
  }
  return { ...set, workspace, approvals };
}
