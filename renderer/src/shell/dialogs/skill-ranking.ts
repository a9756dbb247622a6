/**
 * The order of the "go to skill" list, kept pure so it is tested without a DOM:
 * the exact name first, then names that start with the query, then names that
 * contain it, then names that hold its letters in order (fuzzy), then skills the
 * sidebar search would find by description or tag. Ties go by source priority,
 * name and folder, so two skills with one name keep a stable order.
 */
import type { SkillListItem } from '../../../../shared/api/studio-api';
import { SKILL_SOURCES } from '../../../../shared/skill/model';
import { matchesQuery } from '../../stores/skill-filter';

export type MatchTier = 'exact' | 'prefix' | 'substring' | 'fuzzy' | 'description';

/** Each tier's place, best first: the one order every picker ranks by. */
export const TIER_RANK: Readonly<Record<MatchTier, number>> = {
  exact: 0,
  prefix: 1,
  substring: 2,
  fuzzy: 3,
  description: 4,
};

interface Match {
  tier: MatchTier;
  /** Lower is better within a tier: where the match starts, or how spread out it is. */
  cost: number;
}

/** The span the query's characters take, in order, inside `name`; -1 when they are not all there. */
function fuzzySpan(name: string, query: string): number {
  let start = -1;
  let at = 0;
  for (const ch of query) {
    const found = name.indexOf(ch, at);
    if (found < 0) return -1;
    if (start < 0) start = found;
    at = found + 1;
  }
  return at - start;
}

/** How `text` (lower case) matches `query` (lower case, trimmed): by name only, no description. */
export function matchText(text: string, query: string): Match | null {
  if (text === query) return { tier: 'exact', cost: 0 };
  if (text.startsWith(query)) return { tier: 'prefix', cost: text.length };
  const index = text.indexOf(query);
  if (index >= 0) return { tier: 'substring', cost: index };
  const span = query.includes(' ') ? -1 : fuzzySpan(text, query);
  if (span >= 0) return { tier: 'fuzzy', cost: span };
  return null;
}

function matchOf(skill: SkillListItem, query: string): Match | null {
  const byName = matchText(skill.name.toLowerCase(), query);
  if (byName) return byName;
  if (matchesQuery(skill, query)) return { tier: 'description', cost: 0 };
  return null;
}

export interface RankedSkill {
  skill: SkillListItem;
  tier: MatchTier | null;
}

function sourceRank(skill: SkillListItem): number {
  return SKILL_SOURCES.indexOf(skill.source);
}

/** The skills matching `query`, best first; every skill (sidebar order) when it is empty. */
export function rankSkills(skills: readonly SkillListItem[], query: string): RankedSkill[] {
  const q = query.trim().toLowerCase();
  const ranked: (RankedSkill & { cost: number })[] = [];
  for (const skill of skills) {
    const match = q ? matchOf(skill, q) : { tier: null, cost: 0 };
    if (match) ranked.push({ skill, tier: match.tier, cost: match.cost });
  }
  const tierRank = (t: MatchTier | null) => (t ? TIER_RANK[t] : 0);
  ranked.sort(
    (a, b) =>
      tierRank(a.tier) - tierRank(b.tier) ||
      a.cost - b.cost ||
      sourceRank(a.skill) - sourceRank(b.skill) ||
      a.skill.name.localeCompare(b.skill.name) ||
      a.skill.dir.localeCompare(b.skill.dir),
  );
  return ranked.map(({ skill, tier }) => ({ skill, tier }));
}
