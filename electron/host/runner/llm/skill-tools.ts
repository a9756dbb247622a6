/**
 * The tools the skill agent loop offers a model (docs/contracts.md, Skill kinds: `llm`):
 *
 * - `skill`: the Skill tool of seed 003 — `read` one file of this skill (SKILL.md with
 *   its frontmatter stripped, sidecars verbatim, 50 KB cap) or list its `files`. It
 *   goes through the hardened reader of skill-files.ts (no `..`, no absolute path, the
 *   real path stays inside the skill), so references are read on demand.
 * - `run_skill_script`: runs a file of the skill (e.g. `scripts/extract.py`) with
 *   arguments, in the same sandbox as script skills (the ScriptExecutor), and returns
 *   its exit code with bounded stdout and stderr.
 * - `time` and `calculator`: small pure functions (time-tool.ts, calculator.ts).
 *
 * When the skill sets `allowed-tools`, only the tools it names are offered (Claude
 * Code's names count too: Read/Glob/Grep for `skill`, Bash for `run_skill_script`).
 */
import type { ToolSpec } from '../../providers/chat-types';
import type { SkillRecord } from '../../../../shared/skill/model';
import { listSkillFiles, readSkillFile, SKILL_READ_CAP_BYTES } from '../../skill-files';
import type { ExecContext, ExecOutcome } from '../core/types';
import { calculate } from './calculator';
import { localTimeZone, timeTool } from './time-tool';
import {
  BUILTIN_TOOL_NAMES,
  declaredToolName,
  isBuiltinTool,
  type BuiltinToolName,
} from '../../../../shared/skill/builtin-tools';
import { errorMessage } from '../../../../shared/errors';

export { BUILTIN_TOOL_NAMES, type BuiltinToolName };

/** Claude Code tool names that stand for one of ours under `allowed-tools`. */
const ALIASES: Record<string, BuiltinToolName> = {
  read: 'skill',
  glob: 'skill',
  grep: 'skill',
  ls: 'skill',
  bash: 'run_skill_script',
};

/** Bytes of stdout and of stderr a script's result hands back to the model. */
export const SCRIPT_OUTPUT_CAP = 16 * 1024;
/** Longest a script started by the model may run (and never past the run's deadline). */
export const SCRIPT_TIMEOUT_MS = 120_000;

export interface ToolOutcome {
  /** What the model receives. */
  content: string;
  isError: boolean;
}

export interface ToolEnv {
  ctx: ExecContext;
  /** Runs a script of the skill in the sandbox (the host's ScriptExecutor). */
  runScript: (ctx: ExecContext) => Promise<ExecOutcome>;
  now: () => Date;
  timeZone?: string;
  deadline: number;
}

const SPECS: Record<BuiltinToolName, ToolSpec> = {
  skill: {
    name: 'skill',
    description:
      'Read the files of this skill on demand. action "files" lists every file as [{path, bytes}]; ' +
      'action "read" returns one file (default SKILL.md, frontmatter stripped; others verbatim; 50 KB cap).',
    parameters: {
      type: 'object',
      properties: {
        action: { type: 'string', enum: ['read', 'files'] },
        file: {
          type: 'string',
          description: 'Path relative to the skill folder, e.g. references/REFERENCE.md',
        },
      },
      required: ['action'],
    },
  },
  run_skill_script: {
    name: 'run_skill_script',
    description:
      'Run a script of this skill (e.g. scripts/extract.py) in a sandbox: no network, the skill folder read-only, a scratch working folder. Returns exit_code, stdout and stderr (each cut at 16 KB).',
    parameters: {
      type: 'object',
      properties: {
        script: { type: 'string', description: 'Path of the script inside the skill folder' },
        args: { type: 'array', items: { type: 'string' }, description: 'Command-line arguments' },
        input: {
          type: 'object',
          description: 'JSON handed to the script on stdin as {"arguments": input}',
        },
      },
      required: ['script'],
    },
  },
  time: {
    name: 'time',
    description:
      'Current date and time, or a timestamp formatted. operation "now" → {iso, epoch_seconds, weekday, weekday_number (1 = Monday), timezone}; ' +
      'operation "format" with timestamp (ISO 8601 or epoch seconds) and optional pattern (YYYY MM DD HH mm ss dddd) → the same fields plus "formatted".',
    parameters: {
      type: 'object',
      properties: {
        operation: { type: 'string', enum: ['now', 'format'] },
        timestamp: { type: ['string', 'number'] },
        pattern: { type: 'string' },
        timezone: {
          type: 'string',
          description: 'IANA zone, e.g. Europe/Paris; default the local zone',
        },
      },
      required: ['operation'],
    },
  },
  calculator: {
    name: 'calculator',
    description:
      'Evaluate one arithmetic expression exactly: + - * / // (floor division) % or mod, ^ or ** (power), parentheses, ' +
      'functions abs sqrt floor ceil round min max pow log ln exp sin cos tan, constants pi e. Example: {"expression": "45 mod 7"}.',
    parameters: {
      type: 'object',
      properties: { expression: { type: 'string' } },
      required: ['expression'],
    },
  },
};

/** The `allowed-tools` entries of a skill (space-separated), or null when it sets none. */
export function allowedTools(record: SkillRecord): Set<BuiltinToolName> | null {
  const raw = record.frontmatter?.['allowed-tools'];
  const words =
    typeof raw === 'string'
      ? raw.split(/\s+/)
      : Array.isArray(raw)
        ? raw.filter((w): w is string => typeof w === 'string')
        : null;
  if (words === null) return null;
  const out = new Set<BuiltinToolName>();
  for (const w of words) {
    const name = w.replace(/\(.*$/, '').trim().toLowerCase();
    if (isBuiltinTool(name)) out.add(name);
    else if (ALIASES[name]) out.add(ALIASES[name]);
  }
  return out;
}

/** The names in the skill's `tools:` that no built-in provides (told to the user, not offered). */
export function unknownDeclaredTools(record: SkillRecord): string[] {
  const declared = record.definition.tools ?? [];
  return declared.map(declaredToolName).filter((n): n is string => n !== null && !isBuiltinTool(n));
}

const RUNNABLE = /\.(py|js|mjs|cjs|sh|bash)$/i;

/**
 * Tools by skill record: a record is replaced (not changed) when its folder changes, so
 * its files are listed once, not on every call.
 */
const toolCache = new WeakMap<SkillRecord, Promise<ToolSpec[]>>();

/** The tools this skill's run offers: all built-ins, less scripts when it has none, filtered by allowed-tools. */
export function toolsFor(record: SkillRecord): Promise<ToolSpec[]> {
  let tools = toolCache.get(record);
  if (!tools) {
    tools = listTools(record);
    toolCache.set(record, tools);
  }
  return tools;
}

async function listTools(record: SkillRecord): Promise<ToolSpec[]> {
  const allowed = allowedTools(record);
  const files = await listSkillFiles(record.dir, { maxEntries: 2000 }).catch(() => []);
  const hasScripts = files.some((f) => RUNNABLE.test(f.path));
  return BUILTIN_TOOL_NAMES.filter(
    (name) =>
      (allowed === null || allowed.has(name)) && (name !== 'run_skill_script' || hasScripts),
  ).map((name) => SPECS[name]);
}

/** Runs one tool call. Never throws: a failure is a result the model can read. */
export async function runTool(
  name: string,
  args: Record<string, unknown>,
  env: ToolEnv,
): Promise<ToolOutcome> {
  try {
    switch (name) {
      case 'calculator': {
        const r = calculate(typeof args.expression === 'string' ? args.expression : '');
        return r.ok ? ok(JSON.stringify({ result: r.value })) : fail(r.error);
      }
      case 'time': {
        const r = timeTool(args, env.now, env.timeZone ?? localTimeZone());
        return r.ok ? ok(JSON.stringify(r.value)) : fail(r.error);
      }
      case 'skill':
        return await skillTool(args, env.ctx.record);
      case 'run_skill_script':
        return await runScriptTool(args, env);
      default:
        return fail(
          `there is no tool named "${name}"; the tools are: ${BUILTIN_TOOL_NAMES.join(', ')}`,
        );
    }
  } catch (err) {
    return fail(errorMessage(err));
  }
}

const ok = (content: string): ToolOutcome => ({ content, isError: false });
const fail = (message: string): ToolOutcome => ({ content: `error: ${message}`, isError: true });

async function skillTool(args: Record<string, unknown>, record: SkillRecord): Promise<ToolOutcome> {
  const own = record.definition.name;
  if (typeof args.name === 'string' && args.name !== '' && args.name !== own)
    return fail(`only this skill ("${own}") can be read here`);
  const action = args.action ?? 'read';
  if (action === 'files') {
    const files = await listSkillFiles(record.dir);
    return ok(JSON.stringify(files.map((f) => ({ path: f.path, bytes: f.bytes }))));
  }
  if (action !== 'read') return fail('action must be "read" or "files"');
  const file = typeof args.file === 'string' && args.file !== '' ? args.file : 'SKILL.md';
  const read = await readSkillFile(record.dir, file);
  const note = read.truncated
    ? `\n\n[cut at the ${SKILL_READ_CAP_BYTES / 1024} KB cap; the file has ${read.bytes} bytes]`
    : '';
  return ok(read.text + note);
}

async function runScriptTool(args: Record<string, unknown>, env: ToolEnv): Promise<ToolOutcome> {
  const script = typeof args.script === 'string' ? args.script.trim() : '';
  if (!script) return fail('name the script to run, e.g. {"script": "scripts/extract.py"}');
  const argv = Array.isArray(args.args) ? args.args.map((a) => String(a)) : [];
  const input =
    typeof args.input === 'object' && args.input !== null && !Array.isArray(args.input)
      ? (args.input as Record<string, unknown>)
      : {};
  const { ctx } = env;
  const budget = Math.min(SCRIPT_TIMEOUT_MS, env.deadline - Date.now());
  if (budget <= 0) return fail('no time is left in this run to start a script');

  // The script's own abort: the run's (cancel, timeout) or its own time budget.
  const controller = new AbortController();
  const onRunAbort = (): void => controller.abort(ctx.signal.reason);
  if (ctx.signal.aborted) onRunAbort();
  else ctx.signal.addEventListener('abort', onRunAbort, { once: true });
  const timer = setTimeout(() => controller.abort('timeout'), budget);
  const stdout = new Capped(SCRIPT_OUTPUT_CAP);
  const stderr = new Capped(SCRIPT_OUTPUT_CAP);
  let outcome: ExecOutcome;
  try {
    outcome = await env.runScript({
      ...ctx,
      record: { ...ctx.record, entrypoint: script },
      arguments: input,
      timeoutMs: budget,
      signal: controller.signal,
      scriptArgs: argv,
      emit: (kind, data) => {
        if (kind !== 'log') return;
        const line = String(data.message ?? '');
        if (data.level === 'warn' || data.level === 'error') stderr.push(line);
        else stdout.push(line);
      },
    });
  } finally {
    clearTimeout(timer);
    ctx.signal.removeEventListener('abort', onRunAbort);
  }
  const result: Record<string, unknown> = {
    exit_code: outcome.exit_code ?? null,
    stdout: stdout.text,
    stderr: stderr.text,
  };
  if (stdout.cut || stderr.cut || outcome.truncated) result.truncated = true;
  if (outcome.success && outcome.data !== undefined) result.result = outcome.data;
  if (!outcome.success) result.error = outcome.error ?? 'the script failed';
  if (outcome.sandbox) result.sandbox = outcome.sandbox;
  return { content: JSON.stringify(result), isError: !outcome.success };
}

/** Lines of text up to a byte cap. */
class Capped {
  text = '';
  cut = false;
  private bytes = 0;
  constructor(private readonly cap: number) {}
  push(line: string): void {
    if (this.cut) return;
    const add = line + '\n';
    const size = Buffer.byteLength(add);
    if (this.bytes + size > this.cap) {
      this.cut = true;
      return;
    }
    this.bytes += size;
    this.text += add;
  }
}
