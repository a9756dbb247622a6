/**
 * What Ctrl+P lists, kept pure so it is tested without a DOM: skills (ranked by
 * skill-ranking.ts, an exact name first) and the files of skills, typed as `skill/path`
 * (`alpha/ref` finds `alpha-skill/references/notes.md`) or by a file's own name. Files come
 * from each skill's listing, which the dialog fetches lazily: `wantedFiles` says whose.
 */
import type { SkillListItem } from '../../../../shared/api/studio-api';
import { matchText, rankSkills, TIER_RANK } from './skill-ranking';

/** The files of a skill, when fetched (undefined: not yet). */
export type FilesOf = (dir: string) => readonly string[] | undefined;

export type QuickItem =
  { kind: 'skill'; skill: SkillListItem } | { kind: 'file'; skill: SkillListItem; path: string };

/** Skills whose files are fetched for a query naming a skill (`name/…`). */
export const SKILLS_FOR_PATH_QUERY = 20;
/** Skills whose files are fetched for a bare query, in sidebar order; the rest wait for `name/`. */
export const SKILLS_INDEXED = 300;

interface Ranked {
  item: QuickItem;
  group: number;
  cost: number;
}

function splitQuery(query: string): { skill: string; path: string } | null {
  const q = query.trim().toLowerCase();
  const slash = q.indexOf('/');
  return slash < 0 ? null : { skill: q.slice(0, slash), path: q.slice(slash + 1) };
}

/** Skills matching the part before the first `/`, best first (every skill when it is empty). */
function skillsForPath(skills: readonly SkillListItem[], part: string) {
  const out: { skill: SkillListItem; rank: number; cost: number }[] = [];
  for (const skill of skills) {
    const m = part
      ? matchText(skill.name.toLowerCase(), part)
      : { tier: 'exact' as const, cost: 0 };
    if (m) out.push({ skill, rank: TIER_RANK[m.tier], cost: m.cost });
  }
  return out.sort((a, b) => a.rank - b.rank || a.cost - b.cost);
}

/** How a path (lower case) matches the part after the `/`: from its start, a segment's, anywhere, fuzzy. */
function pathCost(path: string, part: string): number | null {
  if (!part) return 0;
  if (path.startsWith(part)) return 0;
  const seg = path.indexOf(`/${part}`);
  if (seg >= 0) return 1000 + seg;
  const at = path.indexOf(part);
  if (at >= 0) return 2000 + at;
  const m = matchText(path, part);
  return m ? 3000 + m.cost : null;
}

/** How a bare query matches a file: by its own name first, then anywhere in its path. */
function bareFileMatch(path: string, q: string): { group: number; cost: number } | null {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const byName = matchText(base, q);
  if (byName && byName.tier !== 'fuzzy')
    return { group: 3, cost: TIER_RANK[byName.tier] * 1000 + byName.cost };
  const at = path.indexOf(q);
  if (at >= 0) return { group: 3, cost: 3000 + at };
  const fuzzy = matchText(path, q);
  return fuzzy ? { group: 5, cost: fuzzy.cost } : null;
}

/** The skills whose file listings the query needs, best first. */
export function wantedFiles(skills: readonly SkillListItem[], query: string): string[] {
  const split = splitQuery(query);
  if (split)
    return skillsForPath(skills, split.skill)
      .slice(0, SKILLS_FOR_PATH_QUERY)
      .map((s) => s.skill.dir);
  if (!query.trim()) return [];
  return skills.slice(0, SKILLS_INDEXED).map((s) => s.dir);
}

/**
 * Every match, best first, cut at `limit`, with how many more there were. A bare query
 * lists skills by name (exact, prefix, substring), then files by name or path, then skills
 * matched loosely (fuzzy, description), then files matched loosely; a `skill/path` query
 * lists the files of matching skills.
 */
export function rankQuickOpen(
  skills: readonly SkillListItem[],
  filesOf: FilesOf,
  query: string,
  limit: number,
): { items: QuickItem[]; more: number } {
  const ranked: Ranked[] = [];
  const split = splitQuery(query);
  if (split) {
    skillsForPath(skills, split.skill).forEach(({ skill, rank }, order) => {
      for (const path of filesOf(skill.dir) ?? []) {
        const c = pathCost(path.toLowerCase(), split.path);
        if (c !== null)
          ranked.push({ item: { kind: 'file', skill, path }, group: rank, cost: order * 1e6 + c });
      }
    });
  } else {
    const q = query.trim().toLowerCase();
    for (const { skill, tier } of rankSkills(skills, q)) {
      const group = tier === null || TIER_RANK[tier] <= 2 ? 0 : tier === 'fuzzy' ? 4 : 6;
      ranked.push({ item: { kind: 'skill', skill }, group, cost: 0 });
    }
    if (q) {
      for (const skill of skills) {
        for (const path of filesOf(skill.dir) ?? []) {
          const m = bareFileMatch(path.toLowerCase(), q);
          if (m) ranked.push({ item: { kind: 'file', skill, path }, ...m });
        }
      }
    }
  }
  // Stable: skills keep rankSkills' order within a group, files their listing's.
  ranked.sort((a, b) => a.group - b.group || a.cost - b.cost);
  return {
    items: ranked.slice(0, limit).map((r) => r.item),
    more: Math.max(0, ranked.length - limit),
  };
}
