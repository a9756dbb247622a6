/**
 * What every client's listing module shares: a skill as found on disk (one SKILL.md read
 * once for all clients), the folders a client reads in its own precedence, and what a
 * rendering gives back. Each module (claude-code.ts, codex.ts, gemini-cli.ts,
 * opencode.ts) renders the listing exactly as its client does, from that client's own
 * code and from what it was recorded sending (listing.real.test.ts).
 */
import type {
  CatalogBudget,
  CatalogEntry,
  CatalogSource,
} from '../../../../shared/api/agent-catalog';

/** One SKILL.md's frontmatter as the clients read it. */
export interface FoundSkill {
  /** `name:` when it is a string, else null (each client decides what that means). */
  name: string | null;
  /** `description:` as written (a YAML string), or null. */
  description: string | null;
  /** Claude Code's `when_to_use:`, or null. */
  whenToUse: string | null;
  /** `disable-model-invocation: true`. */
  disableModelInvocation: boolean;
  /** False when Codex's agents/openai.yaml says `policy: {allow_implicit_invocation: false}`. */
  implicitInvocation: boolean;
  /** The skill's folder name. */
  folderName: string;
  /** Its SKILL.md (absolute). */
  path: string;
}

/** A folder a client reads, in the client's own words. */
export interface ClientFolder {
  source: Exclude<CatalogSource, 'client'>;
  /** As the client's documentation names it: `.claude/skills`, `~/.agents/skills`. */
  display: string;
  /** Absolute. */
  dir: string;
}

export interface FolderSkills {
  folder: ClientFolder;
  /** Its skills in folder-name order (as a sorted readdir gives them). */
  skills: FoundSkill[];
}

export interface RenderedListing {
  listing: string;
  budget: CatalogBudget;
  entries: CatalogEntry[];
  /** SKILL.md files read but not listed, with why. */
  skipped: { path: string; reason: string }[];
  /** The descriptions of the client's own skills (by name), for the similarity. */
  ownTexts: Map<string, string>;
}

/** Folder-name (code unit) order, as the clients that sort by name compare. */
export function byName<T>(key: (t: T) => string): (a: T, b: T) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : 0;
  };
}

/** Every run of white space made one space, ends trimmed (Codex's way). */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Line ends (with the white space around them) made one space, ends trimmed; other runs kept (Claude Code's way). */
export function joinLines(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** An entry the listing does not show at all (a name another folder's skill already holds). */
export function shadowedEntry(
  skill: FoundSkill,
  name: string,
  folder: ClientFolder,
  by: string,
  descriptionChars: number,
): CatalogEntry {
  return {
    name,
    source: folder.source,
    folder: folder.display,
    path: skill.path,
    shown: 'dropped',
    listed: false,
    chars: 0,
    description_chars: descriptionChars,
    shown_chars: 0,
    reason: `not listed: the skill named ${name} in ${by} wins`,
  };
}

/**
 * Skills by name where a later one replaces an earlier one, as Gemini CLI and OpenCode
 * load their folders: each replaced skill stays in the catalog, dropped, saying which
 * folder's skill replaces it.
 */
export class LaterNameWins<T extends { name: string; entry: CatalogEntry }> {
  readonly byName = new Map<string, T>();
  readonly replaced: CatalogEntry[] = [];

  add(item: T): void {
    const before = this.byName.get(item.name);
    if (before)
      this.replaced.push({
        ...before.entry,
        shown: 'dropped',
        listed: false,
        chars: 0,
        shown_chars: 0,
        reason: `not listed: the skill named ${item.name} in ${item.entry.folder} replaces it`,
      });
    this.byName.set(item.name, item);
  }
}
