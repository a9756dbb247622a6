/**
 * Whether a call that names a found, allowed skill may run, and where: pure checks of
 * the skill's record and the call's metadata, each refusal with the code and words the
 * caller sees (docs/contracts.md, A2E).
 */
import type { A2EErrorCode, SkillCallRequest } from '../../../shared/protocol/a2e';
import type { RunInClient } from '../../../shared/api/agent-clients';
import type { SkillRecord } from '../../../shared/skill/model';
import { readRunIn } from '../../../shared/agent-clients/run-in';
import type { SandboxPreference } from '../workspace/runner-config';
import { isSandboxPreference, SANDBOX_PREFERENCES } from '../workspace/runner-config';
import { blockage } from './skill-readiness';

export interface Refusal {
  code: A2EErrorCode;
  message: string;
  details?: unknown;
}

/**
 * Why the skill cannot be run as it stands: a name two skills share (unless the call
 * pinned its folder), an error that Blocks it, a status other than Published.
 */
export function readinessRefusal(
  record: SkillRecord,
  /** The name the call asked for, as its refusal says it. */
  name: string,
  pinned: boolean,
): Refusal | null {
  if (record.summary.conflict && !pinned) {
    // Two skills of one priority share the name: running either would be a guess.
    return {
      code: 'skill_error',
      message: `two skills in the same source are named "${name}" (SKILL_NAME_CONFLICT); rename one of them`,
    };
  }
  const def = record.definition;
  // A pinned call names its folder: the name conflict that blocks a guess blocks nothing here.
  const judged = pinned
    ? {
        ...record,
        diagnostics: record.diagnostics.filter((d) => d.code !== 'SKILL_NAME_CONFLICT'),
      }
    : record;
  const blocked = def.status === 'Archived' ? null : blockage(judged);
  if (blocked) {
    return {
      code: 'skill_error',
      message: `the skill "${name}" is Blocked by an error in its folder: ${blocked.reason}; fix it, then call again`,
    };
  }
  if (def.status !== 'Published') {
    return {
      code: 'skill_error',
      message: `the skill "${name}" is ${def.status}; only Published skills can be called`,
    };
  }
  return null;
}

/** Where a call runs: inside an agent client or not, and in which sandbox (absent: the settings'). */
export interface Placement {
  runIn: RunInClient | null;
  sandbox: SandboxPreference | undefined;
}

/**
 * Where the call asks to run. An agent's connection never chooses; the studio's own
 * (agent null) may ask for an agent client (`metadata.run_in`) or a sandbox
 * (`metadata.sandbox`, `call --sandbox`).
 */
export function placementOf(
  req: Pick<SkillCallRequest, 'metadata'>,
  agent: string | null,
  canRunInClients: boolean,
): Placement | { refusal: Refusal } {
  const runIn = agent === null ? readRunIn(req.metadata) : null;
  if (typeof runIn === 'string') return { refusal: { code: 'invalid_message', message: runIn } };
  if (runIn && !canRunInClients)
    return {
      refusal: {
        code: 'runtime_error',
        message: 'this host cannot run skills inside agent clients',
      },
    };
  const sandbox = agent === null ? req.metadata?.sandbox : undefined;
  if (sandbox !== undefined && !isSandboxPreference(sandbox))
    return {
      refusal: {
        code: 'invalid_message',
        message: `metadata.sandbox must be one of ${SANDBOX_PREFERENCES.map((s) => `"${s}"`).join(', ')}`,
      },
    };
  return { runIn, sandbox };
}
