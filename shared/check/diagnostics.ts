/**
 * Diagnostics produced by the SKILL.md validator and the registry.
 * The codes are a public contract (docs/contracts.md, SKILL.md): never rename one, only add.
 */
export type Severity = 'error' | 'warning' | 'info';

export const DIAGNOSTIC_CODES = [
  'SKILL_MD_MISSING',
  'SKILL_MD_CASE',
  'FRONTMATTER_MISSING',
  'FRONTMATTER_UNCLOSED',
  'FRONTMATTER_YAML',
  'FRONTMATTER_NOT_MAPPING',
  'BOM',
  'NAME_MISSING',
  'DESCRIPTION_MISSING',
  'NAME_EMPTY',
  'DESCRIPTION_EMPTY',
  'NAME_TOO_LONG',
  'NAME_NOT_LOWERCASE',
  'NAME_HYPHEN_EDGE',
  'NAME_CONSECUTIVE_HYPHENS',
  'NAME_INVALID_CHARS',
  'NAME_DIR_MISMATCH',
  'NAME_NOT_ASCII',
  'DESCRIPTION_TOO_LONG',
  'COMPATIBILITY_TYPE',
  'COMPATIBILITY_LENGTH',
  'LICENSE_TYPE',
  'METADATA_TYPE',
  'ALLOWED_TOOLS_TYPE',
  'UNKNOWN_FIELD',
  'NOT_PORTABLE',
  'FIELD_TYPE',
  'INPUT_SCHEMA_INVALID',
  'OUTPUT_SCHEMA_INVALID',
  'ENTRYPOINT_MISSING',
  'ENTRYPOINT_OUTSIDE',
  'TOPOLOGY_SYNTAX',
  'TOPOLOGY_UNKNOWN_AGENT',
  'CREDENTIALS_IN_FILE',
  'SKILL_BODY_OVERSIZE',
  'SKILL_NAME_CONFLICT',
  // Studio additions (extensions of the contract, never replacements).
  'FILE_UNREADABLE',
  'FILE_TOO_LARGE',
  'FILE_BINARY',
  'WORKSPACE_CONFIG',
  'FRONTMATTER_FENCE',
  'LINK_MISSING',
  'LINK_CASE_MISMATCH',
  'SCHEMA_PATTERN_UNSAFE',
  'SCHEMA_DEFAULT_INVALID',
  'TOOL_UNKNOWN',
  // Topology state flow and composition (topology.ts, topology-contract.ts).
  'TOPOLOGY_READ_UNWRITTEN',
  'TOPOLOGY_PARALLEL_WRITE',
  'TOPOLOGY_SKILL_CYCLE',
  // Client profiles (client-profiles.ts): how one agent client reads the skill.
  'CLIENT_FIELD_IGNORED',
  'CLIENT_LISTING_TRUNCATED',
  'CLIENT_LIMIT',
  'NAME_RESERVED_WORD',
  'DESCRIPTION_ANGLE_BRACKETS',
  // Evals (shared/eval): inline `eval:`, evals/evals.json, evals/triggers.json.
  'EVAL_INVALID',
] as const;

export type DiagnosticCode = (typeof DIAGNOSTIC_CODES)[number];

export interface Diagnostic {
  severity: Severity;
  code: DiagnosticCode;
  message: string;
  /** 1-based line in the SKILL.md file (or the file named by `file`). */
  line: number;
  /** 1-based column. */
  column: number;
  /** The frontmatter key concerned (dotted for nested keys), or null. */
  field: string | null;
  /** Set when the diagnostic concerns another file than the skill's SKILL.md (e.g. skill-studio.json). */
  file?: string;
}

export function countBySeverity(diagnostics: readonly Diagnostic[]): {
  errors: number;
  warnings: number;
} {
  let errors = 0;
  let warnings = 0;
  for (const d of diagnostics) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return { errors, warnings };
}
