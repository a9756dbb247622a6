/**
 * The Problems panel's content: for every skill the listing's diagnostics, except
 * for a SKILL.md open in the editor, whose frontmatter problems come from the live
 * validator (the listing only knows what is saved). Folder-level findings that the
 * text alone cannot show (missing entrypoint files…), and findings among the workspace's
 * skills (name conflicts, cycles through other skills), are kept from the listing.
 */
import type { SkillListItem, WorkspaceInfo } from '../../../shared/api/studio-api';
import type { Diagnostic, DiagnosticCode } from '../../../shared/check/diagnostics';
import { isWorkspaceFinding } from '../../../shared/skill/validate';

const FOLDER_LEVEL: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'SKILL_MD_MISSING',
  'SKILL_MD_CASE',
  'ENTRYPOINT_MISSING',
  'ENTRYPOINT_OUTSIDE',
  'FILE_UNREADABLE',
  'FILE_TOO_LARGE',
  'FILE_BINARY',
  'WORKSPACE_CONFIG',
]);

export interface ProblemGroup {
  /** Skill name, or null for the workspace configuration. */
  skill: string | null;
  /** Skill folder (absolute), or null. */
  dir: string | null;
  label: string;
  /** True when the items are live (from the open SKILL.md buffer, saved or not). */
  live: boolean;
  /** True only while that buffer holds unsaved edits: what the "unsaved" label says. */
  unsaved: boolean;
  items: Diagnostic[];
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

function sortDiagnostics(items: Diagnostic[]): Diagnostic[] {
  return [...items].sort(
    (a, b) =>
      (a.file ?? '').localeCompare(b.file ?? '') ||
      a.line - b.line ||
      a.column - b.column ||
      SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
  );
}

function dedupe(items: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return items.filter((d) => {
    const k = `${d.file ?? ''}|${d.code}|${d.line}|${d.column}|${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Findings only the host can make (it compiles schemas; the editor's CSP forbids that). They
 * are kept from the listing while the open buffer holds what was saved, where their lines
 * are still right.
 */
const HOST_ONLY: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'INPUT_SCHEMA_INVALID',
  'OUTPUT_SCHEMA_INVALID',
  'SCHEMA_DEFAULT_INVALID',
]);

export function mergeLive(
  listed: readonly Diagnostic[],
  live: readonly Diagnostic[],
  unsaved = false,
): Diagnostic[] {
  const kept = listed.filter(
    (d) =>
      d.file !== undefined ||
      FOLDER_LEVEL.has(d.code) ||
      isWorkspaceFinding(d) ||
      (!unsaved && HOST_ONLY.has(d.code)),
  );
  return sortDiagnostics(dedupe([...live, ...kept]));
}

export function buildProblems(
  skills: readonly SkillListItem[],
  /** Live diagnostics of open SKILL.md buffers, by skill folder. */
  liveByDir: ReadonlyMap<string, readonly Diagnostic[]>,
  workspace: WorkspaceInfo | null,
  /** Skill folders whose open SKILL.md has unsaved edits. */
  unsavedDirs: ReadonlySet<string> = new Set(),
): ProblemGroup[] {
  const groups: ProblemGroup[] = [];
  if (workspace && workspace.configDiagnostics.length > 0) {
    groups.push({
      skill: null,
      dir: null,
      label: 'skill-studio.json',
      live: false,
      unsaved: false,
      items: sortDiagnostics(workspace.configDiagnostics),
    });
  }
  const sorted = [...skills].sort(
    (a, b) => a.name.localeCompare(b.name) || a.dir.localeCompare(b.dir),
  );
  for (const s of sorted) {
    const live = liveByDir.get(s.dir);
    const items = live
      ? mergeLive(s.diagnostics, live, unsavedDirs.has(s.dir))
      : sortDiagnostics(s.diagnostics);
    if (items.length > 0)
      groups.push({
        skill: s.name,
        dir: s.dir,
        label: s.name,
        live: !!live,
        unsaved: !!live && unsavedDirs.has(s.dir),
        items,
      });
  }
  return groups;
}

export function countProblems(groups: readonly ProblemGroup[]): {
  errors: number;
  warnings: number;
} {
  let errors = 0;
  let warnings = 0;
  for (const g of groups) {
    for (const d of g.items) {
      if (d.severity === 'error') errors++;
      else if (d.severity === 'warning') warnings++;
    }
  }
  return { errors, warnings };
}
