/**
 * New skills from the templates in resources/templates/<template>/: every file is
 * copied with `{{name}}` and `{{title}}` filled in. The new folder appears whole
 * or not at all (built in a temp folder, then renamed into place).
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import type { TemplateName } from '../../shared/api/studio-api';
import { checkName } from '../../shared/skill/name-rules';
import { templatesDir } from './app-paths';
import { ExistsError, InvalidRequestError } from './fs/errors';

export const TEMPLATE_NAMES: readonly TemplateName[] = ['basic', 'script', 'topology'];

export function titleFromName(name: string): string {
  return name
    .split('-')
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
}

async function copyFilled(from: string, to: string, vars: Record<string, string>): Promise<void> {
  await fsp.mkdir(to, { recursive: true });
  for (const entry of await fsp.readdir(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dst = path.join(to, entry.name);
    if (entry.isDirectory()) {
      await copyFilled(src, dst, vars);
    } else if (entry.isFile()) {
      const text = await fsp.readFile(src, 'utf8');
      const filled = text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => vars[key] ?? m);
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
  const staging = await fsp.mkdtemp(path.join(opts.intoDir, `.new-${opts.name}-`));
  try {
    await copyFilled(path.join(templatesDir(), opts.template), staging, {
      name: opts.name,
      title: titleFromName(opts.name),
    });
    await fsp.rename(staging, target);
  } catch (err) {
    await fsp.rm(staging, { recursive: true, force: true });
    throw err;
  }
  return target;
}
