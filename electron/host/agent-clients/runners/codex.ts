/**
 * Codex (`codex exec --json`), with its config in the run's own CODEX_HOME: one model
 * provider pointing at the relay (`wire_api = "responses"`: Codex speaks only the Responses
 * API), the relay key in the variable the provider names, and the skills in `.agents/skills/`.
 *
 * Least privilege: Codex has no skill tool; it activates a skill by reading its SKILL.md
 * with its shell tool, so the shell is always there, but under Codex's own sandbox: read-only
 * by default (a write anywhere fails: "Read-only file system"), workspace-write without
 * network with allow_scripts. `approval_policy = "never"` means a command the sandbox refuses
 * fails instead of waiting for a person; web search is off. No retries: a provider error
 * ends the run at once instead of after Codex's back-off.
 *
 * Codex refuses to set up its sandbox helper under the temporary folder when CODEX_HOME is
 * inside it: the driver's TMPDIR is a folder of the run beside HOME, never above it.
 *
 * Activation: a command_execution that read `<skills>/NAME/SKILL.md` and exited 0.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentClientRunner, ClientEvent, ClientRunPlan } from '../core/types';
import { jsonLine, num, obj, str } from './shared';

const SKILLS_FOLDER = '.agents/skills';
export const CODEX_KEY_ENV = 'SKILL_STUDIO_RELAY_KEY';

/** A TOML basic string. */
const toml = (s: string) => JSON.stringify(s);

export function codexConfig(plan: ClientRunPlan): string {
  return [
    `model = ${toml(plan.upstream.model)}`,
    'model_provider = "skill-studio"',
    'approval_policy = "never"',
    `sandbox_mode = ${toml(plan.allowScripts ? 'workspace-write' : 'read-only')}`,
    'web_search = "disabled"',
    '',
    '[sandbox_workspace_write]',
    'network_access = false',
    '',
    '[model_providers.skill-studio]',
    'name = "Skill Studio relay"',
    `base_url = ${toml(`${plan.relayUrl}/v1`)}`,
    `env_key = ${toml(CODEX_KEY_ENV)}`,
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    '',
  ].join('\n');
}

async function prepare(plan: ClientRunPlan) {
  const codexHome = path.join(plan.homeDir, '.codex');
  await mkdir(codexHome, { recursive: true });
  await writeFile(path.join(codexHome, 'config.toml'), codexConfig(plan));
  return {
    cwd: plan.projectDir,
    argv: [plan.binary, 'exec', '--json', '--skip-git-repo-check', '--', plan.prompt],
    env: { CODEX_HOME: codexHome, [CODEX_KEY_ENV]: plan.relayKey },
  };
}

/** The skill whose SKILL.md the command reads, if any (by its path in the project or absolute). */
function skillRead(command: string, plan: ClientRunPlan): string | null {
  for (const s of plan.skills) {
    const rel = `${SKILLS_FOLDER}/${s.name}/SKILL.md`;
    if (command.includes(rel) || command.includes(path.join(s.dir, 'SKILL.md'))) return s.name;
  }
  return null;
}

function parser(plan: ClientRunPlan): (line: string) => ClientEvent[] {
  return (line) => {
    const ev = jsonLine(line);
    if (!ev) return [];
    const item = obj(ev.item);
    const id = str(item.id) ?? '';
    const out: ClientEvent[] = [];
    switch (ev.type) {
      case 'item.started':
        if (item.type === 'command_execution')
          out.push({ type: 'tool_call', id, name: 'exec_command', input: { cmd: item.command } });
        break;
      case 'item.completed':
        if (item.type === 'agent_message' && str(item.text))
          out.push({ type: 'text', text: item.text as string });
        else if (item.type === 'command_execution') {
          const ok = item.exit_code === 0;
          out.push({
            type: 'tool_result',
            id,
            output: str(item.aggregated_output) ?? '',
            isError: !ok,
          });
          const skill = ok ? skillRead(str(item.command) ?? '', plan) : null;
          if (skill) out.push({ type: 'skill_activated', name: skill });
        } else if (item.type === 'error')
          out.push({ type: 'notice', level: 'warn', message: str(item.message) ?? 'error' });
        break;
      case 'turn.completed': {
        const usage = obj(ev.usage);
        out.push({
          type: 'usage',
          input_tokens: num(usage.input_tokens),
          output_tokens: num(usage.output_tokens),
        });
        break;
      }
      case 'turn.failed':
        out.push({
          type: 'final',
          text: null,
          isError: true,
          message: str(obj(ev.error).message) ?? 'Codex ended the turn with an error',
        });
        break;
      case 'error':
        out.push({ type: 'notice', level: 'error', message: str(ev.message) ?? 'error' });
        break;
    }
    return out;
  };
}

export const codexRunner: AgentClientRunner = {
  id: 'codex',
  speaks: ['openai-compatible'],
  skillsFolder: SKILLS_FOLDER,
  prepare,
  parser,
};
