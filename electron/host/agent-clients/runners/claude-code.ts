/**
 * Claude Code (`claude -p … --output-format stream-json --verbose`), against the run's relay
 * through ANTHROPIC_BASE_URL, with the skills in `.claude/skills/`.
 *
 * Least privilege: `--tools` limits what the model is offered (`--allowedTools` only
 * approves): the Skill tool and Read by default, and Read is confined to the run's project
 * folder by Claude Code's own default permission mode (a read elsewhere asks for approval,
 * which a headless run denies); so only Skill is in `--allowedTools`. Bash comes only with allow_scripts, under Claude Code's own
 * sandbox. `--setting-sources project` and `--strict-mcp-config` keep the user's settings,
 * hooks and MCP servers out; HOME is the run's own. Never --dangerously-skip-permissions.
 *
 * Activation: a `tool_use` named Skill (`{"skill": NAME}`) answered by a successful tool
 * result ("Launching skill: NAME").
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentClientRunner, ClientEvent, ClientRunPlan } from '../core/types';
import { arr, contentText, jsonLine, num, obj, str } from './shared';

const SKILLS_FOLDER = '.claude/skills';

async function prepare(plan: ClientRunPlan) {
  const tools = plan.allowScripts ? ['Skill', 'Read', 'Glob', 'Grep', 'Bash'] : ['Skill', 'Read'];
  if (plan.allowScripts) {
    // Bash runs under Claude Code's sandbox (bubblewrap on Linux), no network.
    await mkdir(path.join(plan.projectDir, '.claude'), { recursive: true });
    await writeFile(
      path.join(plan.projectDir, '.claude', 'settings.json'),
      JSON.stringify({ sandbox: { enabled: true, autoAllowBashIfSandboxed: true } }, null, 2),
    );
  }
  return {
    cwd: plan.projectDir,
    argv: [
      plan.binary,
      // The prompt comes on stdin: as an argument, one that starts with "--" is taken for
      // an option ("error: unknown option '--version please'").
      '-p',
      '--output-format',
      'stream-json',
      '--verbose',
      '--model',
      plan.upstream.model,
      '--setting-sources',
      'project',
      '--strict-mcp-config',
      '--tools',
      tools.join(','),
      // Only the Skill tool is approved up front: Read keeps Claude Code's default rule (the
      // run's project folder, where the skill is, without asking; elsewhere it asks, and a
      // headless run is refused). Approving Read here would let it read any file.
      '--allowedTools',
      'Skill',
      '--permission-mode',
      'default',
    ],
    stdin: plan.prompt,
    env: {
      ANTHROPIC_BASE_URL: plan.relayUrl,
      ANTHROPIC_API_KEY: plan.relayKey,
      CLAUDE_CONFIG_DIR: path.join(plan.homeDir, '.claude'),
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
      // Claude Code retries even a 401 ten times with back-off; one answer is the answer.
      CLAUDE_CODE_MAX_RETRIES: '0',
      // It reads CLAUDE.md from every folder above the project, and a throwaway project
      // under /tmp has folders any local user can write: none of it may reach the model.
      CLAUDE_CODE_DISABLE_CLAUDE_MDS: '1',
    },
  };
}

function parser(): (line: string) => ClientEvent[] {
  /** Skill tool calls waiting for their result, by tool_use id. */
  const skillCalls = new Map<string, string>();
  return (line) => {
    const ev = jsonLine(line);
    if (!ev) return [];
    const out: ClientEvent[] = [];
    const message = obj(ev.message);
    if (ev.type === 'assistant' && (message.model === '<synthetic>' || ev.error)) {
      // Claude Code's own words about a failed request ("Invalid API key"), not the model's.
      const said = arr(message.content)
        .map((p) => str(obj(p).text) ?? '')
        .join(' ');
      out.push({ type: 'notice', level: 'error', message: said || String(ev.error) });
    } else if (ev.type === 'system' && ev.subtype === 'api_retry') {
      out.push({
        type: 'notice',
        level: 'warn',
        message: `retrying a model request (attempt ${num(ev.attempt)}, status ${num(ev.error_status)})`,
      });
    } else if (ev.type === 'assistant') {
      for (const part of arr(message.content).map(obj)) {
        if (part.type === 'text' && str(part.text))
          out.push({ type: 'text', text: part.text as string });
        if (part.type === 'tool_use') {
          const id = str(part.id) ?? '';
          const name = str(part.name) ?? '?';
          out.push({ type: 'tool_call', id, name, input: part.input ?? null });
          const skill = str(obj(part.input).skill);
          if (name === 'Skill' && skill) skillCalls.set(id, skill);
        }
      }
    } else if (ev.type === 'user') {
      for (const part of arr(message.content).map(obj)) {
        if (part.type !== 'tool_result') continue;
        const id = str(part.tool_use_id) ?? '';
        const isError = part.is_error === true;
        out.push({ type: 'tool_result', id, output: contentText(part.content), isError });
        const skill = skillCalls.get(id);
        if (skill && !isError) out.push({ type: 'skill_activated', name: skill });
        skillCalls.delete(id);
      }
    } else if (ev.type === 'result') {
      const usage = obj(ev.usage);
      out.push({
        type: 'usage',
        input_tokens:
          num(usage.input_tokens) +
          num(usage.cache_read_input_tokens) +
          num(usage.cache_creation_input_tokens),
        output_tokens: num(usage.output_tokens),
      });
      const isError = ev.is_error === true || (str(ev.subtype) ?? 'success') !== 'success';
      const text = str(ev.result);
      out.push({
        type: 'final',
        text: isError ? null : text,
        isError,
        ...(isError ? { message: text ?? str(ev.subtype) ?? 'Claude Code reported an error' } : {}),
      });
    }
    return out;
  };
}

export const claudeCodeRunner: AgentClientRunner = {
  id: 'claude-code',
  speaks: ['anthropic'],
  skillsFolder: SKILLS_FOLDER,
  prepare,
  parser,
};
