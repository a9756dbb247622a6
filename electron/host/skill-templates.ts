/**
 * New skills from the templates in resources/templates/<template>/: every file is
 * copied with `{{name}}` and `{{title}}` filled in (shared/skill/skill-template.ts).
 * The new-skill wizard may bring its own SKILL.md (the template's, with the fields and
 * inputs the author set): it replaces the template's, after the same checks the
 * validator makes (it must parse, and its `name` must be the folder's). The new folder
 * appears whole or not at all (built in a temp folder, then renamed into place).
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { TemplateName } from '../../shared/api/studio-api';
import { checkName } from '../../shared/skill/name-rules';
import { fillTemplate } from '../../shared/skill/skill-template';
import { parseSkillMd } from '../../shared/skill/validate';
import { templatesDir } from './app-paths';
import { ExistsError, InvalidRequestError } from './fs/errors';
import { TEMPLATE_NAMES } from './template-names';

export { TEMPLATE_NAMES };

/** Each template's SKILL.md as written (placeholders unfilled), for the new-skill wizard. */
export async function readTemplates(): Promise<{ id: TemplateName; skillMd: string }[]> {
  return Promise.all(
    TEMPLATE_NAMES.map(async (id) => ({
      id,
      skillMd: await fsp.readFile(path.join(templatesDir(), id, 'SKILL.md'), 'utf8'),
    })),
  );
}

/** Why a wizard's SKILL.md cannot be written as `name`'s, or null. */
function skillMdProblem(text: string, name: string): string | null {
  const errors = parseSkillMd(text, { folderName: name }).diagnostics.filter(
    (d) => d.severity === 'error',
  );
  if (errors.length === 0) return null;
  return errors.map((d) => `${d.code}: ${d.message}`).join('; ');
}

async function copyFilled(from: string, to: string, name: string): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await copyFilled(src, dst, name);
    } else if (entry.isFile()) {
      const text = await fsp.readFile(src, 'utf8');
      const filled = fillTemplate(text, name);
      const { mode } = await fsp.stat(src);
      await fsp.writeFile(dst, filled, { mode });
    }
  }
}

/** Creates `<intoDir>/<name>/` from a template; returns the new folder. */
export async function createSkillFromTemplate(opts: {
  name: string;
  template: TemplateName;
  intoDir: string;
  /** The SKILL.md to write instead of the template's (the new-skill wizard's). */
  skillMd?: string;
}): Promise<string> {
  const problems = checkName(opts.name).filter((p) => p.severity === 'error');
  if (problems.length > 0) {
    throw new InvalidRequestError(
      `'${opts.name}' is not a valid skill name: ${problems.map((p) => p.message).join('; ')}`,
    );
  }
  if (!TEMPLATE_NAMES.includes(opts.template)) {
    throw new InvalidRequestError(
      `unknown template '${opts.template}' (use ${TEMPLATE_NAMES.join(', ')})`,
    );
  }
  if (opts.skillMd !== undefined) {
    const problem = skillMdProblem(opts.skillMd, opts.name);
    if (problem) throw new InvalidRequestError(`the new SKILL.md is not valid: ${problem}`);
  }
  const target = path.join(opts.intoDir, opts.name);
  if (
    await fsp.stat(target).then(
      () => true,
      () => false,
    )
  ) {
    throw new ExistsError(`${target} already exists`, target);
  }
  await fsp.mkdir(opts.intoDir, { recursive: true });
  // mkdir, not mkdtemp: the folder gets the user's usual mode (umask), as the folders
  // around it, not mkdtemp's 0700 that no one else could read (a team's shared skills).
  const staging = path.join(
    opts.intoDir,
    `.new-${opts.name}-${process.pid}-${Date.now().toString(36)}`,
  );
  await fsp.mkdir(staging);
  try {
    await copyFilled(path.join(templatesDir(), opts.template), staging, opts.name);
    if (opts.skillMd !== undefined)
      await fsp.writeFile(path.join(staging, 'SKILL.md'), opts.skillMd, 'utf8');
    await fsp.rename(staging, target);
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
  return target;
}
