/**
 * Gemini CLI (`@google/gemini-cli`, verified at 0.61.0): runs a skill headless against the
 * run's relay.
 *
 * Seen on the wire and on stdout at 0.61.0, against a loopback server that logged every
 * request:
 * - Config: `$HOME/.gemini/settings.json` needs `security.auth.selectedType =
 *   "gemini-api-key"`; the key comes from `GEMINI_API_KEY` and `GOOGLE_GEMINI_BASE_URL`
 *   points the API at the relay. `$HOME/.gemini/trustedFolders.json` must map the run
 *   folder (its real path) to `TRUST_FOLDER`, or project skills are not read.
 *   `GEMINI_CLI_SYSTEM_SETTINGS_PATH` names the system settings file, which would
 *   otherwise be `/etc/gemini-cli/settings.json` (a machine's admin settings).
 * - `-m MODEL` is needed: the default `auto` first makes classifier calls.
 * - Headless mode DENIES `activate_skill` unless a policy allows it: the bundled
 *   `policies/write.toml` has `activate_skill` → `deny` for `interactive = false`, and a
 *   denied tool is not even offered (the model calling it gets "Tool not found"). So every
 *   run passes `--policy FILE` with one rule allowing `activate_skill` (priority above the
 *   bundled tier). Reading tools (`read_file`, `list_directory`, `glob`, `grep_search`)
 *   are allowed headless by `read-only.toml`; writing and shell tools stay denied, and
 *   with "allow scripts" the policy also allows `run_shell_command`. The policy also
 *   denies `google_web_search` and `invoke_agent`, which headless runs allow by default;
 *   a denied tool is not offered, so the model sees activate_skill and reading tools
 *   (`update_topic` and `enter_plan_mode` change nothing outside the session). Gemini CLI's own
 *   sandbox on Linux is a docker/podman container with an image it pulls, so it is not
 *   used; the run's folder and home are throwaway either way.
 * - Request: `POST /v1beta/models/MODEL:streamGenerateContent?alt=sse`, key in
 *   `x-goog-api-key`. The listing is in `systemInstruction.parts[0].text` under
 *   "# Available Agent Skills", as `<available_skills><skill><name>…</name>
 *   <description>…</description><location>…/SKILL.md</location></skill>…`; its bundled
 *   skills (`skill-creator`, `antigravity-support`) are listed too. The tool is
 *   `activate_skill` with `{"name": enum of the skill names}`.
 * - It reads `.gemini/skills` and `.agents/skills` of the project (the latter wins a
 *   name both hold); a run installs into `.gemini/skills`, its own folder.
 * - stdout (`--output-format stream-json`), one JSON object a line:
 *     {"type":"init","session_id","model"}
 *     {"type":"message","role":"user"|"assistant","content","delta"?:true}
 *     {"type":"tool_use","tool_name","tool_id","parameters"}
 *     {"type":"tool_result","tool_id","status":"success"|"error","output"?,"error"?:{type,message}}
 *     {"type":"error","severity":"warning"|"error","message"}
 *     {"type":"result","status":"success"|"error","error"?:{type,message},
 *      "stats":{"input_tokens","output_tokens","tool_calls","models":{…}}}
 *   An activation is a `tool_use` of `activate_skill` whose `tool_result` is `success`
 *   ("Skill **NAME** activated…"); a refused one comes back `error`. A provider error
 *   (a 401) ends with a `result` of status `error` and exit code 1.
 * - Without `rg` it warns "Ripgrep is not available. Falling back to GrepTool." on
 *   stderr and works; an API error also writes a report to `os.tmpdir()` (the run's own
 *   TMPDIR, removed with it).
 */
import { mkdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write';
import type { AgentClientRunner, ClientEvent, ClientLaunch, ClientRunPlan } from '../core/types';
import { jsonLine, num, obj, startingWith, str as strOrNull } from './shared';

/** The tool through which Gemini CLI activates a skill. */
export const GEMINI_ACTIVATE_TOOL = 'activate_skill';

/**
 * Tools a run never offers, though headless Gemini CLI allows them by default: a web search
 * (a second model call with Google Search grounding) and sub-agents (a second loop whose
 * tools a run does not choose). What a skill run should show is the skill and its files.
 */
const DENIED_TOOLS = ['google_web_search', 'invoke_agent'];

function policyToml(allowScripts: boolean): string {
  const allowed = allowScripts ? ['activate_skill', 'run_shell_command'] : ['activate_skill'];
  // Priority 100 sits above the bundled default tier (write.toml's headless deny is 10).
  const rule = (tool: string, decision: string) =>
    `[[rule]]\ntoolName = "${tool}"\ndecision = "${decision}"\npriority = 100\n`;
  return [
    ...allowed.map((t) => rule(t, 'allow')),
    ...DENIED_TOOLS.map((t) => rule(t, 'deny')),
  ].join('\n');
}

async function prepare(plan: ClientRunPlan): Promise<ClientLaunch> {
  const dotGemini = path.join(plan.homeDir, '.gemini');
  await mkdir(dotGemini, { recursive: true });
  // Trust is keyed on the real path: a /tmp that is a symlink would not match otherwise.
  const project = await realpath(plan.projectDir);
  const settings = {
    security: { auth: { selectedType: 'gemini-api-key' } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  };
  const write = (name: string, text: string): Promise<void> =>
    writeFileAtomic(path.join(dotGemini, name), text, { mode: 0o600 });
  await write('settings.json', JSON.stringify(settings, null, 2));
  await write('trustedFolders.json', JSON.stringify({ [project]: 'TRUST_FOLDER' }, null, 2));
  await write('studio-policy.toml', policyToml(plan.allowScripts));
  // The machine's system settings could turn skills off or force another auth: a run
  // reads an empty one of its own instead.
  await write('system-settings.json', '{}');
  return {
    cwd: project,
    argv: [
      plan.binary,
      '-m',
      plan.upstream.model,
      // `--prompt=` keeps a prompt that starts with "-" from being read as a flag.
      `--prompt=${plan.prompt}`,
      '--output-format',
      'stream-json',
      '--policy',
      path.join(dotGemini, 'studio-policy.toml'),
    ],
    env: {
      GEMINI_API_KEY: plan.relayKey,
      GOOGLE_GEMINI_BASE_URL: plan.relayUrl,
      GEMINI_CLI_SYSTEM_SETTINGS_PATH: path.join(dotGemini, 'system-settings.json'),
      // Left alone it starts itself again with a heap of half the machine's memory: a
      // second Node process per run, for a run that needs the default heap.
      GEMINI_CLI_NO_RELAUNCH: 'true',
      NO_COLOR: '1',
    },
  };
}

/** A string field, or '' when absent. */
const str = (v: unknown): string => strOrNull(v) ?? '';

function toolOutput(ev: Record<string, unknown>): string {
  if (typeof ev.output === 'string') return ev.output;
  const err = ev.error;
  return str(obj(err).message);
}

/**
 * A parser of one run's stream-json lines. Gemini CLI prints a turn's text as deltas
 * (`"delta": true`, a word or a sentence each); they are gathered and handed on as one
 * text event when the turn's text ends (a tool call, an error, the result), since each
 * text event is a piece of the answer of its own.
 */
export function geminiParser(): (line: string) => ClientEvent[] {
  const turns: string[] = [];
  let turnText = '';
  // tool_id → skill name, for activate_skill calls whose result has not come yet.
  const pending = new Map<string, string>();
  const flush = (): ClientEvent[] => {
    if (turnText === '') return [];
    const text = turnText;
    turnText = '';
    turns.push(text);
    return [{ type: 'text', text }];
  };
  const read = (ev: Record<string, unknown>): ClientEvent[] => {
    switch (ev.type) {
      case 'tool_use': {
        const id = str(ev.tool_id);
        const name = str(ev.tool_name);
        const input = obj(ev.parameters);
        if (name === GEMINI_ACTIVATE_TOOL && typeof input.name === 'string')
          pending.set(id, input.name);
        return [{ type: 'tool_call', id, name, input }];
      }
      case 'tool_result': {
        const id = str(ev.tool_id);
        const ok = ev.status === 'success';
        const out: ClientEvent[] = [
          { type: 'tool_result', id, output: toolOutput(ev), isError: !ok },
        ];
        const skill = pending.get(id);
        pending.delete(id);
        if (skill !== undefined && ok) out.push({ type: 'skill_activated', name: skill });
        return out;
      }
      case 'error': {
        const level = ev.severity === 'warning' ? 'warn' : 'error';
        return [{ type: 'notice', level, message: str(ev.message) }];
      }
      case 'result': {
        const stats = obj(ev.stats);
        const isError = ev.status !== 'success';
        const usage: ClientEvent = {
          type: 'usage',
          input_tokens: num(stats.input_tokens),
          output_tokens: num(stats.output_tokens),
        };
        const message =
          str(obj(ev.error).message) || `Gemini CLI ended with status ${str(ev.status)}`;
        return [
          usage,
          {
            type: 'final',
            text: turns.length > 0 ? turns.join('\n\n') : null,
            isError,
            ...(isError ? { message } : {}),
          },
        ];
      }
      default:
        return [];
    }
  };
  return (line) => {
    const ev = jsonLine(line);
    if (!ev || ev.type === 'init') return [];
    if (ev.type === 'message') {
      if (ev.role === 'assistant' && typeof ev.content === 'string') turnText += ev.content;
      return [];
    }
    return [...flush(), ...read(ev)];
  };
}

export const geminiCliRunner: AgentClientRunner = {
  id: 'gemini-cli',
  speaks: ['gemini'],
  skillsFolder: '.gemini/skills',
  prepare,
  parser: (plan) =>
    plan.allowScripts
      ? startingWith(
          [
            {
              type: 'notice',
              level: 'warn',
              message:
                'Gemini CLI runs scripts without a sandbox here: its own needs docker or podman and an image from the network; the run folder and HOME are throwaway, but a script runs as you',
            },
          ],
          geminiParser(),
        )
      : geminiParser(),
};
