/**
 * The catalog (docs/contracts.md, `skill-studio catalog`, `catalog.get`): for each agent
 * client, the skills it would find from this project and the user's folders, its listing
 * as it renders it (listing/<id>.ts), the listing's size against its budget, the entries
 * cut or dropped, and the confusable pairs (listing/similarity.ts).
 *
 * The folders are those of the portability profiles (CLIENT_PROFILES[id].folders, which
 * install and portability use too), in each client's own precedence, plus Codex's system
 * folder. Each folder is read once for all clients: one readdir, one read per SKILL.md.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import type { CatalogClient, CatalogReport } from '../../../shared/api/agent-catalog';
import { CLIENT_PROFILES } from '../../../shared/skill/client-profiles';
import { splitFrontmatter } from '../../../shared/check/frontmatter';
import { frontmatterTooLarge } from '../../../shared/skill/yaml-bounds';
import { AGENT_CLIENT_IDS, agentClientName, type AgentClientId } from './ids';
import {
  CLAUDE_CODE_RENDERS,
  renderClaudeCode,
  type ClaudeCodeListingOptions,
} from './listing/claude-code';
import {
  CODEX_RENDERS,
  renderCodex,
  type CodexFolderSkills,
  type CodexRootKind,
  type CodexListingOptions,
} from './listing/codex';
import {
  GEMINI_CLI_RENDERS,
  renderGeminiCli,
  type GeminiListingOptions,
} from './listing/gemini-cli';
import { OPENCODE_RENDERS, renderOpenCode } from './listing/opencode';
import {
  CONFUSABLE_THRESHOLD,
  pairsAmong,
  similarPairs,
  type SimilarityDoc,
} from './listing/similarity';
import type { ClientFolder, FolderSkills, FoundSkill, RenderedListing } from './listing/types';

export interface CatalogRoots {
  home: string | null;
  workspace: string | null;
}

export interface CatalogOptions extends CatalogRoots {
  /** One client; all four when absent. */
  client?: AgentClientId;
  claudeCode?: ClaudeCodeListingOptions;
  codex?: Omit<CodexListingOptions, 'systemDir'>;
  gemini?: GeminiListingOptions;
}

/** A SKILL.md larger than this is not read whole (its frontmatter is checked for size too). */
const MAX_SKILL_MD_BYTES = 4 * 1024 * 1024;

/** Each client's folders in its own precedence (see listing/<id>.ts); Codex's with their kind. */
const FOLDERS: Readonly<
  Record<AgentClientId, readonly { display: string; kind?: CodexRootKind }[]>
> = {
  'claude-code': [{ display: '~/.claude/skills' }, { display: '.claude/skills' }],
  codex: [
    { display: '~/.codex/skills', kind: 'user-codex' },
    { display: '~/.agents/skills', kind: 'user-agents' },
    { display: '~/.codex/skills/.system', kind: 'system' },
    { display: '.agents/skills', kind: 'project' },
  ],
  'gemini-cli': [
    { display: '~/.gemini/skills' },
    { display: '~/.agents/skills' },
    { display: '.gemini/skills' },
    { display: '.agents/skills' },
  ],
  opencode: [
    { display: '~/.claude/skills' },
    { display: '~/.agents/skills' },
    { display: '.claude/skills' },
    { display: '.agents/skills' },
    { display: '~/.config/opencode/skills' },
    { display: '.opencode/skills' },
  ],
};

/** Every folder display name a client's row above uses, for the test that keeps it in step with the profiles. */
export function catalogFolders(id: AgentClientId): readonly string[] {
  return FOLDERS[id].map((f) => f.display);
}

/** The profile's folders (project-relative, or `~/…`) a client reads; Codex's system folder besides. */
export function profileFolders(id: AgentClientId): readonly string[] {
  const p = CLIENT_PROFILES[id].folders;
  return [...p.user, ...p.project, ...(id === 'codex' ? ['~/.codex/skills/.system'] : [])];
}

function resolveFolder(display: string, roots: CatalogRoots): ClientFolder | null {
  if (display.startsWith('~/')) {
    if (!roots.home) return null;
    return { source: 'user', display, dir: path.join(roots.home, ...display.slice(2).split('/')) };
  }
  if (!roots.workspace) return null;
  return { source: 'project', display, dir: path.join(roots.workspace, ...display.split('/')) };
}

/** `key: text` on every line, where YAML reads each text as that very string. */
const PLAIN_LINE = /^([A-Za-z_][\w-]*): ([^\s'"|>&*!%@`{[\]#,?:-][^#]*?)\s*$/;
const NOT_A_STRING =
  /^(?:true|false|yes|no|on|off|null|~|[-+]?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?|0x[\da-f]+|0o[0-7]+|\.inf|\.nan)$/i;

/**
 * The frontmatter of most skills without a YAML parser: only when every line is a plain
 * `key: text` whose text holds no `: `, ` #` or anything else YAML reads as more than a
 * string (a number, a boolean, a null). Anything else (and null here) goes to the parser.
 */
function plainFrontmatter(yaml: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const raw of yaml.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line === '') continue;
    const m = PLAIN_LINE.exec(line);
    if (!m || m[2].includes(': ') || m[2].includes(' #') || NOT_A_STRING.test(m[2])) return null;
    if (Object.prototype.hasOwnProperty.call(out, m[1])) return null;
    out[m[1]] = m[2];
  }
  return out;
}

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** One SKILL.md's frontmatter, or why it cannot be read. */
export function readFoundSkill(
  text: string,
  folderName: string,
  file: string,
): FoundSkill | string {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') return 'no frontmatter';
  const tooLarge = frontmatterTooLarge(split.yaml);
  if (tooLarge) return tooLarge;
  let data: unknown = plainFrontmatter(split.yaml);
  if (data === null)
    try {
      data = parse(split.yaml, { maxAliasCount: 100 });
    } catch {
      return 'frontmatter is not valid YAML';
    }
  if (data === null || typeof data !== 'object' || Array.isArray(data))
    return 'frontmatter is not a map';
  const fm = data as Record<string, unknown>;
  return {
    name: str(fm.name),
    description: str(fm.description),
    whenToUse: str(fm.when_to_use),
    disableModelInvocation: fm['disable-model-invocation'] === true,
    implicitInvocation: true,
    folderName,
    path: file,
  };
}

/** Codex's agents/openai.yaml: `policy.allow_implicit_invocation: false` keeps a skill out of its listing. */
function codexImplicit(skillDir: string): boolean {
  const file = path.join(skillDir, 'agents', 'openai.yaml');
  // Most skills have none: asking first costs less than a failed read's exception.
  if (!existsSync(file)) return true;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return true;
  }
  if (text.length > 256 * 1024) return true;
  try {
    const doc = parse(text, { maxAliasCount: 100 }) as {
      policy?: { allow_implicit_invocation?: unknown };
    } | null;
    return doc?.policy?.allow_implicit_invocation !== false;
  } catch {
    return true;
  }
}

interface FolderRead {
  skills: FoundSkill[];
  skipped: { path: string; reason: string }[];
}

/**
 * One folder's skills. Synchronous calls, as the registry's scan: the caller waits for the
 * whole catalog anyway, and a thousand small reads through the thread pool cost more in
 * scheduling than in reading.
 */
function readFolder(dir: string, codex: boolean): FolderRead {
  const out: FolderRead = { skills: [], skipped: [] };
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => !n.startsWith('.'))
      .sort();
  } catch {
    return out;
  }
  for (const name of names) {
    const file = path.join(dir, name, 'SKILL.md');
    let text: string;
    try {
      const st = statSync(file);
      if (!st.isFile()) continue;
      if (st.size > MAX_SKILL_MD_BYTES) {
        out.skipped.push({ path: file, reason: `larger than ${MAX_SKILL_MD_BYTES} bytes` });
        continue;
      }
      text = readFileSync(file, 'utf8');
    } catch {
      continue; // no SKILL.md: not a skill folder
    }
    const got = readFoundSkill(text, name, file);
    if (typeof got === 'string') {
      out.skipped.push({ path: file, reason: got });
      continue;
    }
    if (codex) got.implicitInvocation = codexImplicit(path.join(dir, name));
    out.skills.push(got);
  }
  return out;
}

/** A settings file's JSON object, or null (absent, too large, not an object). */
function readSettings(file: string): Record<string, unknown> | null {
  try {
    const st = statSync(file);
    if (!st.isFile() || st.size > 1024 * 1024) return null;
    const v: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * Claude Code's own listing settings, as it reads them (local, then project, then user
 * settings): `skillListingBudgetFraction` (of the context window, 0 < f ≤ 1) and
 * `skillListingMaxDescChars` (the per-entry cut, a positive whole number).
 */
export function claudeCodeSettings(roots: CatalogRoots): ClaudeCodeListingOptions {
  const files = [
    roots.workspace && path.join(roots.workspace, '.claude', 'settings.local.json'),
    roots.workspace && path.join(roots.workspace, '.claude', 'settings.json'),
    roots.home && path.join(roots.home, '.claude', 'settings.json'),
  ].filter((f): f is string => typeof f === 'string');
  const out: ClaudeCodeListingOptions = {};
  const from: string[] = [];
  for (const file of files) {
    const s = readSettings(file);
    if (!s) continue;
    const f = s.skillListingBudgetFraction;
    if (out.budgetChars === undefined && typeof f === 'number' && f > 0 && f <= 1) {
      out.budgetChars = Math.max(1, Math.floor(1_000_000 * 3 * f));
      from.push(`skillListingBudgetFraction ${f} in ${file}`);
    }
    const m = s.skillListingMaxDescChars;
    if (out.maxDescChars === undefined && typeof m === 'number' && Number.isInteger(m) && m > 0) {
      out.maxDescChars = m;
      from.push(`skillListingMaxDescChars ${m} in ${file}`);
    }
  }
  out.settingsNote = from.length > 0 ? `set by ${from.join(' and ')}` : null;
  return out;
}

/** Gemini CLI's `skills.disabled` from the user's and the project's settings.json, lower-cased. */
export function geminiDisabledSkills(roots: CatalogRoots): Set<string> {
  const out = new Set<string>();
  for (const file of [
    roots.home && path.join(roots.home, '.gemini', 'settings.json'),
    roots.workspace && path.join(roots.workspace, '.gemini', 'settings.json'),
  ]) {
    if (typeof file !== 'string') continue;
    const skills = readSettings(file)?.skills;
    const list =
      skills && typeof skills === 'object'
        ? (skills as { disabled?: unknown }).disabled
        : undefined;
    if (Array.isArray(list))
      for (const n of list) if (typeof n === 'string') out.add(n.toLowerCase());
  }
  return out;
}

/** Builds the catalog. Reads only; never writes. */
export async function buildCatalog(opts: CatalogOptions): Promise<CatalogReport> {
  const ids = opts.client ? [opts.client] : [...AGENT_CLIENT_IDS];
  // Codex's folders are read with its agents/openai.yaml; a folder read for Codex serves all.
  const codexDirs = new Set(
    FOLDERS.codex.flatMap((f) => resolveFolder(f.display, opts)?.dir ?? []),
  );
  const reads = new Map<string, FolderRead>();
  const readOnce = (dir: string) => {
    let r = reads.get(dir);
    if (!r) reads.set(dir, (r = readFolder(dir, codexDirs.has(dir))));
    return r;
  };
  const rendered: {
    id: AgentClientId;
    listing: RenderedListing;
    skipped: FolderRead['skipped'];
  }[] = [];
  for (const id of ids) {
    const folders: (FolderSkills & { kind?: CodexRootKind })[] = [];
    const skipped: FolderRead['skipped'] = [];
    for (const f of FOLDERS[id]) {
      const folder = resolveFolder(f.display, opts);
      if (!folder) continue;
      const got = readOnce(folder.dir);
      folders.push({ folder, skills: got.skills, kind: f.kind });
      skipped.push(...got.skipped);
    }
    const listing =
      id === 'claude-code'
        ? renderClaudeCode(folders, { ...claudeCodeSettings(opts), ...opts.claudeCode })
        : id === 'codex'
          ? renderCodex(folders as CodexFolderSkills[], {
              ...opts.codex,
              systemDir: opts.home ? path.join(opts.home, '.codex', 'skills', '.system') : null,
            })
          : id === 'gemini-cli'
            ? renderGeminiCli(folders, { disabled: geminiDisabledSkills(opts), ...opts.gemini })
            : renderOpenCode(folders);
    rendered.push({ id, listing, skipped });
  }

  // One similarity over every listed description, each skill once (by its file).
  const docs = new Map<string, SimilarityDoc>();
  const keyOf = (id: AgentClientId, e: { path: string | null; name: string }) =>
    e.path ?? `${id}:${e.name}`;
  const texts = new Map<string, string>();
  for (const f of reads.values())
    for (const s of f.skills) texts.set(s.path, [s.description ?? '', s.whenToUse ?? ''].join(' '));
  for (const { id, listing } of rendered)
    for (const e of listing.entries) {
      if (!e.listed) continue;
      const key = keyOf(id, e);
      if (!docs.has(key))
        docs.set(key, { key, text: texts.get(key) ?? listing.ownTexts.get(e.name) ?? e.name });
    }
  const pairs = similarPairs([...docs.values()]);

  const clients: CatalogClient[] = rendered.map(({ id, listing, skipped }) => {
    const names = new Map<string, string>();
    for (const e of listing.entries) if (e.listed) names.set(keyOf(id, e), e.name);
    return {
      id,
      name: agentClientName(id),
      renders_version: RENDERS[id],
      budget: listing.budget,
      listing: listing.listing,
      entries: listing.entries,
      confusable: pairsAmong(pairs, names),
      skipped: [...skipped, ...listing.skipped],
    };
  });
  return { clients, confusable_threshold: CONFUSABLE_THRESHOLD };
}

const RENDERS: Readonly<Record<AgentClientId, string>> = {
  'claude-code': CLAUDE_CODE_RENDERS,
  codex: CODEX_RENDERS,
  'gemini-cli': GEMINI_CLI_RENDERS,
  opencode: OPENCODE_RENDERS,
};
