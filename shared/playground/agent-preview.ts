/**
 * "What the agent's model sees": for one allowlist, the stage-1 list of skills
 * (name and a description cut to ~80 characters), the `<available_skills>` XML
 * an agent client puts in its system prompt (the same skills `to-prompt
 * --agent` prints), its token estimate, and warnings about allowed skills that
 * will not work: missing, broken, blocked, archived or not yet published.
 */
import type { SkillListItem } from '../skill/model';
import {
  estimateTokens,
  shortDescription,
  toPromptXml,
  type IndexedSkill,
} from '../skill/prompt-index';

export type AllowWarningKind = 'missing' | 'broken' | 'blocked' | 'archived' | 'draft' | 'conflict';

export interface AllowWarning {
  skill: string;
  kind: AllowWarningKind;
  message: string;
}

export interface AgentPreview {
  stage1: { name: string; description: string }[];
  xml: string;
  tokens: number;
  /** Tokens of the stage-1 list alone (names and short descriptions). */
  stage1Tokens: number;
  warnings: AllowWarning[];
}

/** The skill that answers to each name: the one no other shadows. */
export function winners(skills: readonly SkillListItem[]): Map<string, SkillListItem> {
  const out = new Map<string, SkillListItem>();
  for (const s of skills) if (s.shadowed_by === null && !out.has(s.name)) out.set(s.name, s);
  return out;
}

export function agentPreview(
  allowed: readonly string[],
  skills: readonly SkillListItem[],
): AgentPreview {
  const byName = winners(skills);
  const indexed: IndexedSkill[] = [];
  const warnings: AllowWarning[] = [];
  const seen = new Set<string>();
  for (const name of allowed) {
    if (seen.has(name)) continue;
    seen.add(name);
    const s = byName.get(name);
    if (!s) {
      warnings.push({
        skill: name,
        kind: 'missing',
        message: `${name}: no such skill in this workspace — the agent cannot use it`,
      });
      continue;
    }
    if (s.status === 'Archived') {
      warnings.push({
        skill: name,
        kind: 'archived',
        message: `${name}: archived — hidden from discovery and never offered to the model`,
      });
      continue;
    }
    if (s.has_errors)
      warnings.push({
        skill: name,
        kind: 'broken',
        message: `${name}: its SKILL.md has errors — fix them before an agent relies on it`,
      });
    if (s.conflict)
      warnings.push({
        skill: name,
        kind: 'conflict',
        message: `${name}: two skills in one source share this name — calls are refused`,
      });
    if (s.status === 'Blocked')
      warnings.push({
        skill: name,
        kind: 'blocked',
        message: `${name}: blocked — listed, but every call is refused`,
      });
    if (s.status === 'Created')
      warnings.push({
        skill: name,
        kind: 'draft',
        message: `${name}: not published yet (status Created) — calls are refused`,
      });
    const sep = s.dir.includes('\\') && !s.dir.includes('/') ? '\\' : '/';
    indexed.push({ name: s.name, description: s.description, location: `${s.dir}${sep}SKILL.md` });
  }
  const stage1 = indexed.map((s) => ({
    name: s.name,
    description: shortDescription(s.description),
  }));
  const xml = toPromptXml(indexed);
  const stage1Text = stage1.map((s) => `${s.name}: ${s.description}`).join('\n');
  return {
    stage1,
    xml,
    tokens: estimateTokens(xml),
    stage1Tokens: estimateTokens(stage1Text),
    warnings,
  };
}

/** Every tag of the listed skills with how many skills carry it, most used first. */
export function tagCounts(skills: readonly SkillListItem[]): { tag: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const s of winners(skills).values())
    for (const t of s.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts.entries()]
    .map(([tag, count]) => ({ tag, count }))
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : 1));
}

/** A new agent id that is not taken: "agent", "agent-2", … (ids are kebab-case). */
export function freshAgentId(base: string, taken: ReadonlySet<string>): string {
  const slug =
    base
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'agent';
  if (!taken.has(slug)) return slug;
  for (let i = 2; ; i++) if (!taken.has(`${slug}-${i}`)) return `${slug}-${i}`;
}
