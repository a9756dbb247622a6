/**
 * Per-client validator profiles and the portability report (docs/contracts.md, CLI: `validate
 * --profile CLIENT`, `portability`). Each agent client that reads skills gets a row
 * of facts from its own documentation: which frontmatter keys it understands, what
 * it does with the others (ignores or refuses), its name and description rules, and
 * the folders it looks in. A client's check is the shared validator (studio profile,
 * or spec for the clients that refuse unknown keys) re-read through those facts, plus
 * the client's own rules. Where a fact is not settled in the client's documentation,
 * the rule is a warning whose message says so.
 *
 * Pure: no Node or DOM APIs, so the CLI, the host and the studio's live panel share it.
 */
import type { Diagnostic, Severity } from '../check/diagnostics';
import { FIELD_BY_KEY } from './fields';
import { isPlainMap } from '../check/check-context';
import { parseSkillMd, type ParseSkillMdOptions, type ParsedSkillMd } from './validate';

// The ids live apart (client-ids.ts) so a command can check a flag without the validator.
import { CLIENT_IDS, type ClientId } from './client-ids';
export { CLIENT_IDS, isClientId, type ClientId } from './client-ids';

/** The six keys of agentskills.io, the only ones every client reads. */
export const CORE_KEYS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;

/**
 * What a client does with a key outside the ones it understands: `rejected` (the
 * skill is refused), `ignored` (documented as ignored), `unknown` (not documented:
 * a warning says so).
 */
export type UnknownKeyPolicy = 'rejected' | 'ignored' | 'unknown';

export interface ClientProfile {
  id: ClientId;
  label: string;
  /** Keys beyond the core six that the client documents and reads. */
  extraKeys: readonly string[];
  unknownKeys: UnknownKeyPolicy;
  /** `error`: the client requires name = folder; `warning`: not documented either way. */
  nameEqualsFolder: 'error' | 'warning';
  /** Where the client looks for skills (project-relative, and under the home folder). */
  folders: { project: readonly string[]; user: readonly string[] };
  /** The documentation the rules come from. */
  sources: readonly string[];
}

const CLAUDE_CODE_KEYS = [
  'when_to_use',
  'argument-hint',
  'arguments',
  'disable-model-invocation',
  'user-invocable',
  'model',
  'effort',
  'context',
  'agent',
  'hooks',
  'paths',
  'shell',
  'disallowed-tools',
  'version',
] as const;

export const CLIENT_PROFILES: Readonly<Record<ClientId, ClientProfile>> = {
  'claude-code': {
    id: 'claude-code',
    label: 'Claude Code',
    extraKeys: CLAUDE_CODE_KEYS,
    unknownKeys: 'ignored',
    nameEqualsFolder: 'warning',
    folders: { project: ['.claude/skills'], user: ['~/.claude/skills'] },
    sources: ['https://code.claude.com/docs/en/skills'],
  },
  'claude-upload': {
    id: 'claude-upload',
    label: 'claude.ai upload',
    extraKeys: [],
    unknownKeys: 'rejected',
    nameEqualsFolder: 'warning',
    folders: { project: [], user: [] },
    sources: [
      'https://github.com/anthropics/skills/blob/main/skills/skill-creator/scripts/quick_validate.py',
      'https://docs.claude.com/en/docs/agents-and-tools/agent-skills/overview',
    ],
  },
  codex: {
    id: 'codex',
    label: 'Codex',
    extraKeys: [],
    unknownKeys: 'unknown',
    nameEqualsFolder: 'warning',
    folders: { project: ['.agents/skills'], user: ['~/.agents/skills', '~/.codex/skills'] },
    sources: ['https://developers.openai.com/codex/skills'],
  },
  copilot: {
    id: 'copilot',
    label: 'GitHub Copilot',
    extraKeys: [],
    unknownKeys: 'unknown',
    nameEqualsFolder: 'warning',
    folders: {
      project: ['.github/skills', '.claude/skills', '.agents/skills'],
      user: ['~/.copilot/skills', '~/.claude/skills', '~/.agents/skills'],
    },
    sources: [
      'https://docs.github.com/en/copilot/how-tos/use-copilot-agents/cloud-agent/create-skills',
    ],
  },
  cursor: {
    id: 'cursor',
    label: 'Cursor',
    extraKeys: ['disable-model-invocation'],
    unknownKeys: 'unknown',
    nameEqualsFolder: 'error',
    folders: {
      project: ['.cursor/skills', '.agents/skills', '.claude/skills', '.codex/skills'],
      user: ['~/.cursor/skills', '~/.agents/skills', '~/.claude/skills', '~/.codex/skills'],
    },
    sources: ['https://cursor.com/docs/context/skills'],
  },
  'gemini-cli': {
    id: 'gemini-cli',
    label: 'Gemini CLI',
    extraKeys: [],
    unknownKeys: 'unknown',
    nameEqualsFolder: 'error',
    folders: {
      project: ['.gemini/skills', '.agents/skills'],
      user: ['~/.gemini/skills', '~/.agents/skills'],
    },
    sources: [
      'https://geminicli.com/docs/cli/skills',
      'https://geminicli.com/docs/cli/creating-skills',
    ],
  },
  opencode: {
    id: 'opencode',
    label: 'OpenCode',
    extraKeys: [],
    unknownKeys: 'ignored',
    nameEqualsFolder: 'error',
    folders: {
      project: ['.opencode/skills', '.claude/skills', '.agents/skills'],
      user: ['~/.config/opencode/skills', '~/.claude/skills', '~/.agents/skills'],
    },
    sources: ['https://opencode.ai/docs/skills'],
  },
  adk: {
    id: 'adk',
    label: 'Google ADK',
    extraKeys: [],
    unknownKeys: 'unknown',
    nameEqualsFolder: 'error',
    folders: { project: ['skills'], user: [] },
    sources: ['https://google.github.io/adk-docs/skills'],
  },
  spec: {
    id: 'spec',
    label: 'agentskills.io',
    extraKeys: [],
    unknownKeys: 'rejected',
    nameEqualsFolder: 'error',
    folders: { project: [], user: [] },
    sources: ['https://agentskills.io/specification'],
  },
};

/** Claude Code lists a skill with its description and when_to_use cut at this length. */
export const CLAUDE_CODE_LISTING_MAX = 1536;
/** Codex reads `metadata.short-description` up to this length. */
export const CODEX_SHORT_DESCRIPTION_MAX = 500;
const CLAUDE_RESERVED_WORDS = ['anthropic', 'claude'] as const;

/** The top-level key a diagnostic's field belongs to (`llm_config.provider_name` → `llm_config`). */
function rootKey(field: string | null): string | null {
  if (field === null) return null;
  const m = /^[^.[]+/.exec(field);
  return m ? m[0] : field;
}

function understands(p: ClientProfile, key: string): boolean {
  return (CORE_KEYS as readonly string[]).includes(key) || p.extraKeys.includes(key);
}

/** Codes that stay as they are whatever the client: they break the skill, or leak. */
const ALWAYS_KEEP = new Set(['CREDENTIALS_IN_FILE', 'FRONTMATTER_YAML']);

/**
 * Re-reads the studio profile's diagnostics as the client sees them: a problem in a
 * key the client never reads cannot break the skill there (an error becomes a
 * warning saying so), and keys outside the client's set are flagged by its policy.
 */
function reinterpret(p: ClientProfile, base: readonly Diagnostic[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const d of base) {
    const key = rootKey(d.field);
    if (d.code === 'UNKNOWN_FIELD' && key !== null) {
      // A key nobody in the studio defines, but that this client reads: fine here.
      if (p.extraKeys.includes(key)) continue;
      out.push({ ...d, message: `${d.message} (${unknownKeyNote(p)})` });
      continue;
    }
    if (d.code === 'NAME_DIR_MISMATCH' && p.nameEqualsFolder === 'warning') {
      out.push({
        ...d,
        severity: 'warning',
        message: `${d.message} (${p.label} does not document that the name must equal the folder; the spec requires it)`,
      });
      continue;
    }
    if (
      d.severity === 'error' &&
      key !== null &&
      !ALWAYS_KEEP.has(d.code) &&
      !understands(p, key) &&
      FIELD_BY_KEY.has(key)
    ) {
      out.push({
        ...d,
        severity: 'warning',
        message: `${d.message} (${p.label} does not read "${key}", so only the studio is affected)`,
      });
      continue;
    }
    out.push(d);
  }
  return out;
}

function unknownKeyNote(p: ClientProfile): string {
  switch (p.unknownKeys) {
    case 'ignored':
      return `${p.label} ignores it`;
    case 'rejected':
      return `${p.label} refuses it`;
    case 'unknown':
      return `${p.label}'s documentation does not say whether it ignores or refuses it`;
  }
}

function diag(
  severity: Severity,
  code: Diagnostic['code'],
  message: string,
  at: { line: number; column: number } | undefined,
  field: string | null,
): Diagnostic {
  return { severity, code, message, line: at?.line ?? 1, column: at?.column ?? 1, field };
}

/** Studio-extension keys this client does not read: info, or a warning when its policy is unknown. */
function extensionKeys(
  p: ClientProfile,
  parsed: Pick<ParsedSkillMd, 'frontmatter' | 'keyPositions'>,
  out: Diagnostic[],
): void {
  const fm = parsed.frontmatter;
  if (!fm || p.unknownKeys === 'rejected') return; // the spec profile already made them errors
  for (const key of Object.keys(fm)) {
    if (understands(p, key) || !FIELD_BY_KEY.has(key)) continue;
    const at = parsed.keyPositions[key];
    if (p.unknownKeys === 'ignored') {
      out.push(
        diag(
          'info',
          'CLIENT_FIELD_IGNORED',
          `"${key}" is a studio extension; ${p.label} ignores it`,
          at,
          key,
        ),
      );
    } else {
      out.push(
        diag(
          'warning',
          'CLIENT_FIELD_IGNORED',
          `"${key}" is a studio extension; ${p.label}'s documentation does not say whether it ignores or refuses keys it does not know (uncertain)`,
          at,
          key,
        ),
      );
    }
  }
}

function stringField(fm: Record<string, unknown> | null, key: string): string | null {
  const v = fm?.[key];
  return typeof v === 'string' ? v : null;
}

/** Code points, as the clients' validators count. */
function charCount(s: string): number {
  return [...s].length;
}

/** The rules a client adds to the shared ones. */
function clientRules(
  p: ClientProfile,
  parsed: Pick<ParsedSkillMd, 'frontmatter' | 'keyPositions'>,
  out: Diagnostic[],
): void {
  const fm = parsed.frontmatter;
  const pos = parsed.keyPositions;
  if (!fm) return;
  const name = stringField(fm, 'name');
  const description = stringField(fm, 'description');
  switch (p.id) {
    case 'claude-code': {
      const whenToUse = stringField(fm, 'when_to_use') ?? '';
      const n = charCount((description ?? '').trim()) + charCount(whenToUse.trim());
      if (n > CLAUDE_CODE_LISTING_MAX) {
        out.push(
          diag(
            'warning',
            'CLIENT_LISTING_TRUNCATED',
            `description and when_to_use are ${n} characters together; Claude Code's skill listing cuts them at ${CLAUDE_CODE_LISTING_MAX}`,
            pos.description,
            'description',
          ),
        );
      }
      return;
    }
    case 'claude-upload': {
      if (name !== null) {
        const lower = name.toLowerCase();
        for (const word of CLAUDE_RESERVED_WORDS) {
          if (lower.includes(word)) {
            out.push(
              diag(
                'error',
                'NAME_RESERVED_WORD',
                `name contains the reserved word "${word}"; claude.ai refuses the upload`,
                pos.name,
                'name',
              ),
            );
          }
        }
      }
      if (description !== null && /[<>]/.test(description)) {
        out.push(
          diag(
            'error',
            'DESCRIPTION_ANGLE_BRACKETS',
            'description contains "<" or ">"; claude.ai and package_skill.py refuse angle brackets there',
            pos.description,
            'description',
          ),
        );
      }
      return;
    }
    case 'codex': {
      const meta = fm.metadata;
      const short = isPlainMap(meta) ? meta['short-description'] : undefined;
      if (typeof short === 'string' && charCount(short) > CODEX_SHORT_DESCRIPTION_MAX) {
        out.push(
          diag(
            'error',
            'CLIENT_LIMIT',
            `metadata.short-description is ${charCount(short)} characters; Codex reads at most ${CODEX_SHORT_DESCRIPTION_MAX}`,
            pos.metadata,
            'metadata.short-description',
          ),
        );
      }
      return;
    }
    default:
      return;
  }
}

export interface ClientCheckOptions {
  folderName?: string;
  fileName?: string;
  checkPath?: ParseSkillMdOptions['checkPath'];
  listDir?: ParseSkillMdOptions['listDir'];
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.line - b.line || a.column - b.column;
}

/** The shared validator's profile a client's check starts from. */
export function baseProfileFor(client: ClientId): 'studio' | 'spec' {
  return CLIENT_PROFILES[client].unknownKeys === 'rejected' ? 'spec' : 'studio';
}

/**
 * A client's view of diagnostics the shared validator made with baseProfileFor(client)
 * (the registry's record of a folder, or a fresh parse of a buffer); `parsed` gives the
 * frontmatter and where its keys are.
 */
export function clientDiagnostics(
  client: ClientId,
  base: readonly Diagnostic[],
  parsed: Pick<ParsedSkillMd, 'frontmatter' | 'keyPositions'>,
): Diagnostic[] {
  const p = CLIENT_PROFILES[client];
  if (client === 'spec') return [...base];
  const strict = p.unknownKeys === 'rejected';
  const out = strict ? [...base] : reinterpret(p, base);
  if (strict) {
    // claude.ai names the refusal: say so on the spec profile's key errors.
    for (let i = 0; i < out.length; i++) {
      const d = out[i];
      if (d.code === 'UNKNOWN_FIELD' || d.code === 'NOT_PORTABLE')
        out[i] = { ...d, message: `${d.message}; ${p.label} accepts only ${CORE_KEYS.join(', ')}` };
      if (d.code === 'NAME_DIR_MISMATCH')
        out[i] = {
          ...d,
          severity: 'warning',
          message: `${d.message} (the upload reads the name, not the folder; the spec requires them equal)`,
        };
    }
  }
  extensionKeys(p, parsed, out);
  clientRules(p, parsed, out);
  return out.sort(byPosition);
}

/**
 * The diagnostics of one SKILL.md as one client sees it. The `spec` client is the
 * shared validator's spec profile exactly.
 */
export function checkForClient(
  text: string,
  client: ClientId,
  opts: ClientCheckOptions = {},
): Diagnostic[] {
  const parsed = parseSkillMd(text, { ...opts, profile: baseProfileFor(client) });
  return clientDiagnostics(client, parsed.diagnostics, parsed);
}

export type CellStatus = 'ok' | 'warn' | 'fail';

export interface PortabilityCell {
  client: ClientId;
  status: CellStatus;
  /** Errors and warnings, with their line: why the cell is not ok. Infos follow. */
  reasons: Diagnostic[];
}

export function cellStatus(diagnostics: readonly Diagnostic[]): CellStatus {
  if (diagnostics.some((d) => d.severity === 'error')) return 'fail';
  if (diagnostics.some((d) => d.severity === 'warning')) return 'warn';
  return 'ok';
}

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };

export function portabilityCell(
  text: string,
  client: ClientId,
  opts: ClientCheckOptions = {},
): PortabilityCell {
  const diagnostics = checkForClient(text, client, opts);
  const reasons = [...diagnostics].sort(
    (a, b) => SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity] || byPosition(a, b),
  );
  return { client, status: cellStatus(diagnostics), reasons };
}

/** One skill against every client, in the order of CLIENT_IDS. */
export function portabilityRow(text: string, opts: ClientCheckOptions = {}): PortabilityCell[] {
  return CLIENT_IDS.map((c) => portabilityCell(text, c, opts));
}
