/**
 * Codex's skill listing (0.171.0, as recorded): a `<skills_instructions>` block with a
 * table of skill roots (`r0`, `r1`, … for the folders that hold a listed skill: the user's
 * ~/.codex/skills, ~/.agents/skills, the system skills in ~/.codex/skills/.system, then the
 * project's .agents/skills) and one line per skill, `- NAME: DESCRIPTION (file:
 * rN/FOLDER/SKILL.md)`: the system skills first, then the project's, then the user's,
 * each sorted by name. The description is made one line and cut at 1,024 characters
 * (1,021 and `...`); Codex reads no when_to_use.
 *
 * The budget: 2% of the context window (272,000 tokens, the window Codex gives its default
 * model and a model it does not know: 5,440 tokens), each entry line costing its UTF-8
 * bytes and line end over 4, rounded up (checked: real listings past the budget come to
 * exactly 5,440). Over it, Codex cuts the longest descriptions to a common length, without
 * a mark, and hands what is left to some entries in 4-byte steps; this prediction cuts to
 * the common length alone, so an entry's cut may differ from Codex's by a few characters
 * (listing.real.test.ts bounds it); which entries are cut is the same.
 */
import type { CatalogEntry } from '../../../../shared/api/agent-catalog';
import { CODEX_SYSTEM_SKILLS } from './client-builtins';
import {
  CODEX_CUT_MARK,
  CODEX_DESCRIPTION_MAX,
} from '../../../../shared/agent-clients/listing-marks';
import { byName, oneLine, type FolderSkills, type RenderedListing } from './types';

export const CODEX_RENDERS = '0.171.0';
// The cut's length and mark are shared with the "Sent to the model" view, which reads them back.
export { CODEX_DESCRIPTION_MAX };
/** 2% of 272,000 tokens. */
export const CODEX_DEFAULT_BUDGET = 5_440;

/** Bytes of UTF-8 up to each code unit of `s` (index i: the bytes of `s.slice(0, i)`). */
function utf8Prefix(s: string): Uint32Array {
  const out = new Uint32Array(s.length + 1);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const bytes =
      c < 0x80
        ? 1
        : c < 0x800
          ? 2
          : c >= 0xd800 && c < 0xdc00
            ? 4
            : c >= 0xdc00 && c < 0xe000
              ? 0
              : 3;
    out[i + 1] = out[i] + bytes;
  }
  return out;
}

const INTRO =
  'A skill is a set of local instructions to follow that is stored in a `SKILL.md` file. Below is the list of skills that can be used. Each entry includes a name, description, and a short path that can be expanded into an absolute path using the skill roots table.';

/** Where a Codex folder stands: its root-table rank and its listing rank. */
export type CodexRootKind = 'user-codex' | 'user-agents' | 'system' | 'project';
const ROOT_ORDER: readonly CodexRootKind[] = ['user-codex', 'user-agents', 'system', 'project'];
const LIST_ORDER: readonly CodexRootKind[] = ['system', 'project', 'user-agents', 'user-codex'];

export interface CodexFolderSkills extends FolderSkills {
  kind: CodexRootKind;
}

export interface CodexListingOptions {
  /** The budget in Codex's tokens (4 bytes each); 5,440 unless given. */
  budgetTokens?: number;
  /**
   * The system skills when ~/.codex/skills/.system is not there yet (Codex writes them on
   * its first run): listed from the pinned version's copy, at this folder.
   */
  systemDir?: string | null;
}

interface Row {
  entry: CatalogEntry;
  kind: CodexRootKind;
  name: string;
  folderName: string;
  rootDir: string;
  desc: string;
}

function firstCut(text: string): string {
  return text.length > CODEX_DESCRIPTION_MAX
    ? `${text.slice(0, CODEX_DESCRIPTION_MAX - CODEX_CUT_MARK.length)}${CODEX_CUT_MARK}`
    : text;
}

export function renderCodex(
  folders: readonly CodexFolderSkills[],
  opts: CodexListingOptions = {},
): RenderedListing {
  const limit = opts.budgetTokens ?? CODEX_DEFAULT_BUDGET;
  const skipped: RenderedListing['skipped'] = [];
  const rows: Row[] = [];
  const haveSystem = folders.some((f) => f.kind === 'system' && f.skills.length > 0);
  for (const { folder, skills, kind } of folders) {
    for (const skill of skills) {
      if (skill.description === null) {
        skipped.push({ path: skill.path, reason: 'no description' });
        continue;
      }
      // No name: the folder's (the file path keeps the folder either way).
      const name = skill.name ?? skill.folderName;
      if (!skill.implicitInvocation) {
        skipped.push({
          path: skill.path,
          reason: 'agents/openai.yaml: policy.allow_implicit_invocation is false',
        });
        continue;
      }
      const whole = oneLine(skill.description);
      const desc = firstCut(whole);
      rows.push(
        row(name, skill.folderName, folder.dir, kind, desc, {
          // The system skills are Codex's own, even when read from the user's folder.
          source: kind === 'system' ? 'client' : folder.source,
          folder: folder.display,
          path: skill.path,
          full: whole.length,
        }),
      );
    }
  }
  if (!haveSystem && opts.systemDir) {
    for (const s of CODEX_SYSTEM_SKILLS)
      rows.push(
        row(s.name, s.name, opts.systemDir, 'system', s.description, {
          source: 'client',
          folder: '~/.codex/skills/.system',
          path: null,
          full: s.description.length,
        }),
      );
  }
  rows.sort(
    (a, b) =>
      LIST_ORDER.indexOf(a.kind) - LIST_ORDER.indexOf(b.kind) || byName<Row>((r) => r.name)(a, b),
  );

  // The root table: the folders that hold a listed skill, in Codex's order.
  const roots: { kind: CodexRootKind; dir: string }[] = [];
  for (const kind of ROOT_ORDER)
    for (const r of rows)
      if (r.kind === kind && !roots.some((x) => x.dir === r.rootDir))
        roots.push({ kind, dir: r.rootDir });
  const alias = new Map(roots.map((r, i) => [r.dir, `r${i}`]));
  const tail = (r: Row) => ` (file: ${alias.get(r.rootDir)}/${r.folderName}/SKILL.md)`;
  const head = (r: Row) => `- ${r.name}: `;

  // Each line's cost: its bytes and line end over 4, rounded up; the description cut to `cap`.
  const overhead = rows.map(
    (r) => utf8Prefix(head(r) + tail(r))[head(r).length + tail(r).length] + 1,
  );
  const descBytes = rows.map((r) => utf8Prefix(r.desc));
  const lineCost = (i: number, cap: number) =>
    Math.ceil((overhead[i] + descBytes[i][Math.min(rows[i].desc.length, cap)]) / 4);
  const total = (cap: number) => rows.reduce((n, _r, i) => n + lineCost(i, cap), 0);
  let cap = Infinity;
  if (total(Infinity) > limit) {
    // The largest common length that fits (0 when even names and paths alone do not).
    let lo = 0;
    let hi = Math.max(0, ...rows.map((r) => r.desc.length));
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (total(mid) <= limit) lo = mid;
      else hi = mid - 1;
    }
    cap = lo;
  }
  const lines = rows.map((r) => {
    const over = r.desc.length > cap;
    const shownDesc = over ? r.desc.slice(0, cap) : r.desc;
    const line = head(r) + shownDesc + tail(r);
    r.entry.chars = line.length;
    r.entry.shown_chars = shownDesc.length;
    if (over) {
      r.entry.shown = shownDesc.length === 0 ? 'dropped' : 'cut';
      r.entry.reason = `over the listing budget of ${limit} tokens: descriptions are cut to about ${cap} characters`;
    } else if (r.entry.description_chars > CODEX_DESCRIPTION_MAX) {
      r.entry.shown = 'cut';
      r.entry.shown_chars = CODEX_DESCRIPTION_MAX - 3;
      r.entry.reason = `description is ${r.entry.description_chars} characters; Codex lists ${CODEX_DESCRIPTION_MAX - 3} and "..."`;
    }
    return line;
  });
  const listing =
    rows.length === 0
      ? ''
      : [
          '<skills_instructions>',
          '## Skills',
          INTRO,
          '### Skill roots',
          ...roots.map((r) => `- \`${alias.get(r.dir)}\` = \`${r.dir}\``),
          '### Available skills',
          ...lines,
          '</skills_instructions>',
        ].join('\n');
  return {
    listing,
    budget: {
      limit,
      unit: 'tokens',
      used: total(cap),
      basis:
        "each entry line's UTF-8 bytes and line end over 4, rounded up, against 2% of the context window (272,000 tokens: the default model and any model Codex does not know)",
    },
    entries: rows.map((r) => r.entry),
    skipped,
    ownTexts: new Map(CODEX_SYSTEM_SKILLS.map((b) => [b.name, b.description])),
  };
}

function row(
  name: string,
  folderName: string,
  rootDir: string,
  kind: CodexRootKind,
  desc: string,
  at: { source: CatalogEntry['source']; folder: string; path: string | null; full: number },
): Row {
  return {
    name,
    folderName,
    rootDir,
    kind,
    desc,
    entry: {
      name,
      source: at.source,
      folder: at.folder,
      path: at.path,
      shown: 'whole',
      listed: true,
      chars: 0,
      description_chars: at.full,
      shown_chars: desc.length,
      reason: null,
    },
  };
}
