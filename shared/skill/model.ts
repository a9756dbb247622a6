/**
 * The skill as the registry knows it: where it was found, what its SKILL.md says,
 * and what is wrong with it. Pure data, shared by host, CLI, server and UI.
 */
import type { Diagnostic } from '../check/diagnostics';
import type { SkillStatus } from '../protocol/a2e';

/** Discovery sources, highest priority first (docs/contracts.md, Discovery). */
export const SKILL_SOURCES = ['project', 'user', 'framework', 'plugin'] as const;
export type SkillSource = (typeof SKILL_SOURCES)[number];

export interface SkillSummary {
  name: string;
  description: string;
  source: SkillSource;
  /**
   * Absolute folder of the skill: its identity everywhere in the studio (two skills
   * may share a name, never a folder). "path" only ever means a file inside a skill.
   */
  dir: string;
  /** False when the studio refuses to change the skill's files (the host decides, in one place). */
  writable: boolean;
  /** Why the skill is read-only, in words for the user; absent when writable. */
  readOnlyReason?: string;
  license: string | null;
  files_count: number;
  has_warnings: boolean;
  has_errors: boolean;
  status: SkillStatus;
  tags: string[];
  category: string | null;
  /** How the skill runs (docs/contracts.md, Skill kinds). */
  kind: SkillKind;
  /** Set when a higher-priority skill with the same name wins; the winner's path. */
  shadowed_by: string | null;
  /** True when another skill of the same priority has this name (SKILL_NAME_CONFLICT). */
  conflict: boolean;
}

export type SkillKind = 'script' | 'llm' | 'topology';

/**
 * Everything the registry knows about one discovered skill folder. Produced by
 * electron/host/registry, consumed by the CLI, the runner and the server.
 */
export interface SkillRecord {
  summary: SkillSummary;
  /** The A2E view of this skill (shared/skill/definition.ts). */
  definition: import('../protocol/a2e').SkillDefinition;
  /** Absolute path of the skill folder (as found, not realpath'd). */
  dir: string;
  /** Absolute path of SKILL.md (or skill.md), null when missing. */
  skillMdPath: string | null;
  /** Parsed frontmatter mapping, or null when it could not be parsed. */
  frontmatter: Record<string, unknown> | null;
  /** Markdown body, frontmatter stripped. */
  body: string;
  diagnostics: Diagnostic[];
  /** Entry point relative to the skill root (script skills), or null. */
  entrypoint: string | null;
  /** Parsed topology (topology skills), or null. */
  topology: import('./topology').TopologyNode | null;
}

/** A skill as the listing gives it: its summary and its problems. */
export interface SkillListItem extends SkillSummary {
  diagnostics: Diagnostic[];
}
