/**
 * The read-only skill routes of the local server (docs/contracts.md, Local server):
 * `GET /api/v1/skills` and `GET /api/v1/skills/:name`. Their reply shapes belong to this
 * transport, so they are built here from the Studio API every adapter calls: the listing,
 * name resolution as A2E does it (`skills.resolve`: the winner of a name), and `skills.get`.
 */
import type { StudioHost } from '../host/studio-host';
import type { SkillListItem } from '../../shared/api/studio-api';
import { StudioError } from '../../shared/errors';

/** GET /api/v1/skills item. */
export interface HttpSkillSummary {
  name: string;
  description: string;
  source: string;
  license: string | null;
  files_count: number;
  has_warnings: boolean;
}

function summaryOf(s: SkillListItem): HttpSkillSummary {
  return {
    name: s.name,
    description: s.description,
    source: s.source,
    license: s.license,
    files_count: s.files_count,
    has_warnings: s.has_warnings,
  };
}

/** Every skill an agent could call by name: shadowed ones are left out. */
export async function httpSkills(host: StudioHost): Promise<HttpSkillSummary[]> {
  const { skills } = await host.invoke('skills.list', {});
  return skills.filter((s) => s.shadowed_by === null).map(summaryOf);
}

/** One skill by name (the winner, as A2E resolves it), or null when no skill has it. */
export async function httpSkill(
  host: StudioHost,
  name: string,
): Promise<Record<string, unknown> | null> {
  let dir: string;
  try {
    dir = (await host.invoke('skills.resolve', { skill: name })).dir;
  } catch (err) {
    if (err instanceof StudioError && err.code === 'not_found') return null;
    throw err;
  }
  const d = await host.invoke('skills.get', { skill: dir });
  return {
    ...summaryOf(d.summary),
    status: d.summary.status,
    files: d.files.filter((f) => !f.dir).map((f) => ({ path: f.path, bytes: f.bytes })),
    skill_md: d.skillMd,
    diagnostics: d.summary.diagnostics,
  };
}
