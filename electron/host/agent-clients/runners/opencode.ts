/**
 * OpenCode (`opencode-ai`, verified at 1.18.33; `bin/opencode.exe` is the real binary):
 * runs a skill headless against the run's relay.
 *
 * Seen on the wire and on stdout at 1.18.33, against a loopback server that logged every
 * request:
 * - It takes its project folder from `$PWD`, not from the process's working directory
 *   (the driver sets PWD=cwd). Its own config is `$XDG_CONFIG_HOME/opencode/opencode.json`;
 *   data (its session database) goes to `$XDG_DATA_HOME/opencode`, caches to
 *   `$XDG_CACHE_HOME/opencode`.
 * - Project config is OFF for a run (`OPENCODE_DISABLE_PROJECT_CONFIG=1`): with it on,
 *   OpenCode reads `AGENTS.md` from the project and EVERY folder above it up to the git
 *   root, which outside a repository is `/`. A file another local user planted in /tmp
 *   went into the system prompt of every run (seen on the wire). So the run's config and
 *   skills are the run HOME's (`$XDG_CONFIG_HOME/opencode/{opencode.json,skills/}`),
 *   which OpenCode reads as the user's own; nothing above the project is read.
 * - The provider is `"npm": "@ai-sdk/openai-compatible"` with `options.baseURL`
 *   (`…/v1`; it POSTs `/v1/chat/completions`, `stream: true`, `stream_options.
 *   include_usage`, `Authorization: Bearer KEY`), or `@ai-sdk/anthropic` for an
 *   `anthropic` upstream. `options.apiKey` takes `{env:NAME}`, so the relay token lives
 *   in the environment, not in a file. Both SDKs are bundled: nothing is installed.
 * - Permissions: `"*": "deny"` with `skill`, `read`, `glob`, `grep`, `list` allowed.
 *   A denied tool is not offered at all (the request's `tools` were exactly glob, grep,
 *   read, skill), which is what least privilege means here; "allow scripts" adds `bash`.
 *   `external_directory` (any path outside the project) is denied but for the skills
 *   folder, so a skill's own files can be read and nothing else of the machine.
 *   OpenCode has no sandbox of its own, so a shell it runs runs as the studio's user, in
 *   the run's throwaway folder.
 * - The `skill` tool needs `rg` on PATH: without it the tool fails ("ripgrep execution
 *   failed") and OpenCode tries to download ripgrep from GitHub. A run puts a link to an
 *   `rg` found on the machine (PATH, OpenCode's own cached copy, or the one Codex's
 *   platform package ships) in a bin folder of the run's home, first on PATH.
 * - Left alone it fetches models.dev, checks for updates and `npm install`s
 *   `@opencode-ai/plugin` into each config folder (reaching the npm registry). The env
 *   below turns each off (`npm_config_offline` makes the install fail at once; OpenCode
 *   logs it as a warning and goes on).
 * - `opencode run MESSAGE…` does not take a prompt verbatim: it wraps each argument that
 *   holds a space in quotes, and its argument parser turns a word such as `10` into a
 *   number (which then crashes it: "G.includes is not a function"). With no message and
 *   stdin not a TTY it reads the prompt from stdin, exactly as written: the run gives the
 *   prompt on stdin.
 * - The first request of a run is the session title, on the small model, with no tools.
 *   The listing is in the first `system` message: "Skills provide specialized
 *   instructions…" then `<available_skills><skill><name>…</name><description>…
 *   </description><location>…</location></skill>…` (its built-in `customize-opencode`
 *   listed first). The tool is `skill` with `{"name": NAME}`.
 * - It reads skills from the project's `.opencode/skills`, `.agents/skills` and (unless
 *   OPENCODE_DISABLE_CLAUDE_CODE) `.claude/skills`, and the user's
 *   `$XDG_CONFIG_HOME/opencode/skills`, `~/.agents/skills`; a run installs into the run
 *   HOME's `.config/opencode/skills` (above).
 * - stdout (`--format json`), one JSON object a line, each with `type`, `timestamp`,
 *   `sessionID` and a `part`:
 *     step_start  {part:{type:"step-start"}}
 *     text        {part:{type:"text", text}}                  (a whole text part)
 *     tool_use    {part:{type:"tool", tool, callID, state:{status:"completed"|"error",
 *                  input, output?, error?, metadata?}}}       (call and result at once)
 *     step_finish {part:{type:"step-finish", reason, tokens:{input, output, reasoning,
 *                  cache:{read, write}}, cost}}
 *     error       {error:{name, data:{message, statusCode?}}} (then exit code 1)
 *   An activation is a `tool_use` with `tool: "skill"` whose state is `completed`; a
 *   failed one (no rg, a denied name) has status `error`.
 */
import { access, constants, mkdir, readdir, realpath, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { writeFileAtomic } from '../../fs/atomic-write';
import { ClientRunRefused } from '../core/refused';
import type {
  AgentClientRunner,
  ClientEvent,
  ClientLaunch,
  ClientRunPlan,
  ProviderKind,
} from '../core/types';
import { jsonLine, num, obj, startingWith, str as strOrNull } from './shared';

/** The tool through which OpenCode activates a skill. */
export const OPENCODE_SKILL_TOOL = 'skill';

/** The provider id the run's config defines (models are `studio/MODEL`). */
const PROVIDER_ID = 'studio';
const KEY_ENV = 'SKILL_STUDIO_RELAY_KEY';

const SDK_BY_KIND: Partial<Record<ProviderKind, string>> = {
  'openai-compatible': '@ai-sdk/openai-compatible',
  anthropic: '@ai-sdk/anthropic',
};

async function isExecutable(file: string): Promise<boolean> {
  try {
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function pathDirs(env: NodeJS.ProcessEnv): string[] {
  return (env.PATH ?? '').split(path.delimiter).filter((d) => d !== '');
}

/** Codex's platform package ships `rg` in `vendor/<target>/codex-path/`, beside codex. */
async function codexRipgrep(env: NodeJS.ProcessEnv): Promise<string | null> {
  for (const dir of pathDirs(env)) {
    const codex = path.join(dir, 'codex');
    if (!(await isExecutable(codex))) continue;
    // …/node_modules/.bin/codex → …/node_modules/@openai/codex/bin/codex.js
    const real = await realpath(codex).catch(() => null);
    const nodeModules = real?.split(`${path.sep}@openai${path.sep}`)[0];
    if (!nodeModules || nodeModules === real) continue;
    const scope = path.join(nodeModules, '@openai');
    for (const pkg of await readdir(scope).catch(() => [])) {
      if (!pkg.startsWith('codex-')) continue;
      const vendor = path.join(scope, pkg, 'vendor');
      for (const target of await readdir(vendor).catch(() => [])) {
        const rg = path.join(vendor, target, 'codex-path', 'rg');
        if (await isExecutable(rg)) return rg;
      }
    }
  }
  return null;
}

/**
 * An `rg` for OpenCode's skill tool: on PATH, else OpenCode's own downloaded copy in the
 * user's cache, else the one Codex ships. Null when the machine has none.
 */
export async function findRipgrep(
  env: NodeJS.ProcessEnv = process.env,
  home: string = os.homedir(),
): Promise<string | null> {
  for (const dir of pathDirs(env)) {
    const rg = path.join(dir, 'rg');
    if (await isExecutable(rg)) return rg;
  }
  const cacheRoot = env.XDG_CACHE_HOME || path.join(home, '.cache');
  const cached = path.join(cacheRoot, 'opencode', 'bin', 'rg');
  if (await isExecutable(cached)) return cached;
  return codexRipgrep(env);
}

export const RIPGREP_MISSING =
  'OpenCode needs ripgrep (rg) for its skill tool, and none was found: install ripgrep ' +
  '(e.g. `apt install ripgrep`) or put rg on PATH';

function permissions(allowScripts: boolean): Record<string, string> {
  return {
    '*': 'deny',
    skill: 'allow',
    read: 'allow',
    glob: 'allow',
    grep: 'allow',
    list: 'allow',
    ...(allowScripts ? { bash: 'allow' } : {}),
  };
}

/** Where the run's config and skills live: its HOME's OpenCode config folder. */
const CONFIG_DIR = '.config/opencode';

function config(plan: ClientRunPlan, skillsDir: string): Record<string, unknown> {
  const sdk = SDK_BY_KIND[plan.upstream.kind];
  if (!sdk) throw new Error(`OpenCode cannot speak a ${plan.upstream.kind} provider`);
  const model = plan.upstream.model;
  return {
    $schema: 'https://opencode.ai/config.json',
    provider: {
      [PROVIDER_ID]: {
        npm: sdk,
        name: 'Skill Studio relay',
        options: { baseURL: `${plan.relayUrl}/v1`, apiKey: `{env:${KEY_ENV}}` },
        models: { [model]: { name: model } },
      },
    },
    model: `${PROVIDER_ID}/${model}`,
    small_model: `${PROVIDER_ID}/${model}`,
    share: 'disabled',
    autoupdate: false,
    permission: {
      ...permissions(plan.allowScripts),
      external_directory: { '*': 'deny', [`${skillsDir}/**`]: 'allow' },
    },
  };
}

async function prepare(plan: ClientRunPlan): Promise<ClientLaunch> {
  const rg = await findRipgrep();
  if (!rg) throw new ClientRunRefused(RIPGREP_MISSING);
  const bin = path.join(plan.homeDir, '.skill-studio-bin');
  await mkdir(bin, { recursive: true });
  await symlink(rg, path.join(bin, 'rg'));
  const project = await realpath(plan.projectDir);
  const configHome = path.join(await realpath(plan.homeDir), '.config');
  const configDir = path.join(configHome, 'opencode');
  await mkdir(configDir, { recursive: true });
  const skillsDir = path.join(configDir, 'skills');
  await writeFileAtomic(
    path.join(configDir, 'opencode.json'),
    JSON.stringify(config(plan, skillsDir), null, 2),
    { mode: 0o600 },
  );
  return {
    cwd: project,
    argv: [
      plan.binary,
      'run',
      '--format',
      'json',
      '--model',
      `${PROVIDER_ID}/${plan.upstream.model}`,
    ],
    stdin: plan.prompt,
    env: {
      PATH: [bin, ...pathDirs(process.env)].join(path.delimiter),
      PWD: project,
      XDG_CONFIG_HOME: configHome,
      [KEY_ENV]: plan.relayKey,
      // Nothing of the project's folders or those above it (see the header).
      OPENCODE_DISABLE_PROJECT_CONFIG: '1',
      OPENCODE_DISABLE_AUTOUPDATE: '1',
      OPENCODE_DISABLE_MODELS_FETCH: '1',
      OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
      OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
      OPENCODE_DISABLE_SHARE: '1',
      // Only the skills the run installed: not the user's Claude Code folders.
      OPENCODE_DISABLE_CLAUDE_CODE: '1',
      npm_config_offline: 'true',
    },
  };
}

/** A string field, or '' when absent. */
const str = (v: unknown): string => strOrNull(v) ?? '';

function toolEvents(part: Record<string, unknown>): ClientEvent[] {
  const state = obj(part.state);
  const id = str(part.callID);
  const name = str(part.tool);
  const input = obj(state.input);
  const ok = state.status === 'completed';
  const out: ClientEvent[] = [
    { type: 'tool_call', id, name, input },
    { type: 'tool_result', id, output: ok ? str(state.output) : str(state.error), isError: !ok },
  ];
  if (name === OPENCODE_SKILL_TOOL && ok && typeof input.name === 'string')
    out.push({ type: 'skill_activated', name: input.name });
  return out;
}

function errorMessage(error: unknown): string {
  const data = obj(obj(error).data);
  const status = typeof data.statusCode === 'number' ? ` (HTTP ${data.statusCode})` : '';
  return `${str(data.message) || str(obj(error).name) || 'OpenCode reported an error'}${status}`;
}

/**
 * A parser of one run's `--format json` lines. OpenCode prints no end-of-run event: the
 * driver ends the run on exit; an `error` line is the final word when one comes.
 */
export function opencodeParser(): (line: string) => ClientEvent[] {
  return (line) => {
    const ev = jsonLine(line);
    if (!ev) return [];
    const part = obj(ev.part);
    switch (ev.type) {
      case 'text':
        return str(part.text) === '' ? [] : [{ type: 'text', text: str(part.text) }];
      case 'tool_use':
        return toolEvents(part);
      case 'step_finish': {
        const tokens = obj(part.tokens);
        return [
          {
            type: 'usage',
            input_tokens: num(tokens.input),
            output_tokens: num(tokens.output) + num(tokens.reasoning),
          },
        ];
      }
      case 'error':
        return [{ type: 'final', text: null, isError: true, message: errorMessage(ev.error) }];
      default:
        return [];
    }
  };
}

export const opencodeRunner: AgentClientRunner = {
  id: 'opencode',
  speaks: ['openai-compatible', 'anthropic'],
  skillsFolder: `${CONFIG_DIR}/skills`,
  skillsIn: 'home',
  prepare,
  parser: (plan) =>
    plan.allowScripts
      ? startingWith(
          [
            {
              type: 'notice',
              level: 'warn',
              message:
                'OpenCode has no sandbox: with scripts allowed, its shell runs as you (in the throwaway run folder)',
            },
          ],
          opencodeParser(),
        )
      : opencodeParser(),
};
