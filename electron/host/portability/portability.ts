/**
 * The portability report for skill folders on disk (CLI `validate --profile CLIENT`
 * and `portability`): a registry record read with the client's base profile, seen
 * through the client's rules (shared/skill/client-profiles.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  baseProfileFor,
  cellStatus,
  CLIENT_IDS,
  clientDiagnostics,
  type ClientId,
} from '../../../shared/skill/client-profiles';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import type { PortabilityCellJson, PortabilityRowJson } from '../../../shared/api/skill-reads';
import type { SkillRecord } from '../../../shared/skill/model';
import { parseSkillMd } from '../../../shared/skill/validate';
import type { Position } from '../../../shared/check/yaml-source';

/** Where the keys are: a quick parse of the SKILL.md the record was read from. */
function keyLayout(record: SkillRecord): Parameters<typeof clientDiagnostics>[2] {
  if (record.skillMdPath === null) return { frontmatter: null, keyPositions: {} };
  let text: string;
  try {
    text = readFileSync(record.skillMdPath, 'utf8');
  } catch {
    return { frontmatter: null, keyPositions: {} };
  }
  const parsed = parseSkillMd(text, { folderName: path.basename(record.dir) });
  // The record's frontmatter is the one its diagnostics speak of.
  return { frontmatter: record.frontmatter, keyPositions: parsed.keyPositions };
}

/**
 * A record's diagnostics as `client` sees them. The record must have been read with
 * baseProfileFor(client). `keyPositions`: where its keys are, from the read that made the
 * record (else SKILL.md is parsed again to find them).
 */
export function clientRecordDiagnostics(
  record: SkillRecord,
  client: ClientId,
  keyPositions?: Record<string, Position>,
): Diagnostic[] {
  const layout = keyPositions
    ? { frontmatter: record.frontmatter, keyPositions }
    : keyLayout(record);
  return clientDiagnostics(client, record.diagnostics, layout);
}

/**
 * One row of the matrix. `read(profile)` gives the folder's record under a base
 * profile (the caller's reader: the registry's, once per profile).
 */
export async function portabilityForFolder(
  read: (profile: 'studio' | 'spec') => Promise<SkillRecord>,
): Promise<PortabilityRowJson> {
  const studio = await read('studio');
  const spec = await read('spec');
  const layout = keyLayout(studio);
  const clients = {} as Record<ClientId, PortabilityCellJson>;
  for (const client of CLIENT_IDS) {
    const base = baseProfileFor(client) === 'spec' ? spec : studio;
    const diagnostics = clientDiagnostics(client, base.diagnostics, layout);
    clients[client] = {
      status: cellStatus(diagnostics),
      reasons: diagnostics.map(({ severity, code, message, line, column, field }) => ({
        severity,
        code,
        message,
        line,
        column,
        field,
      })),
    };
  }
  return { name: studio.summary.name, path: studio.dir, clients };
}
