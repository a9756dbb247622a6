import { promises as fsp, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { countBySeverity } from '../../../shared/skill/diagnostics';
import { exportBundle } from '../../host/bundle/export-bundle';
import { CLIENT_IDS, isClientId } from '../../../shared/skill/client-profiles';
import { moveKeysUnderMetadata } from '../../../shared/skill/client-fixes';
import { importBundle } from '../../host/bundle/import-bundle';
import { writeFileAtomic } from '../../host/fs/atomic-write';
import { isFileServiceError } from '../../host/fs/errors';
import { readSkillFolder } from '../../host/registry/scan';
import { createSkillFromTemplate, TEMPLATE_NAMES } from '../../host/skill-templates';
import type { TemplateName } from '../../../shared/api/studio-api';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';
import { withHost } from '../host-context';
import type { SkillRecord } from '../../../shared/skill/model';
import { logSwallowed } from '../../host/log';

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

async function skillFor(ctx: CommandContext, ref: string): Promise<SkillRecord> {
  const asPath = path.resolve(ctx.io.cwd, ref);
  if (
    ref.includes('/') ||
    ref.includes(path.sep) ||
    ref === '.' ||
    existsSync(path.join(asPath, 'SKILL.md'))
  ) {
    if (!existsSync(asPath)) throw new UsageError(`${ref}: no such folder`);
    return readSkillFolder(asPath, 'project');
  }
  return withHost(ctx, async (host) => host.resolveSkill(ref));
}

export const exportCommand: CommandImpl = {
  async run(ctx) {
    const [ref] = ctx.positionals;
    if (!ref) throw new UsageError('name the skill or its folder');
    const format = stringFlag(ctx, 'format') ?? 'skill';
    if (format !== 'skill' && format !== 'zip')
      throw new UsageError(`--format must be skill or zip, not '${format}'`);
    const rec = await skillFor(ctx, ref);
    const name = rec.summary.name;
    const c = colours(ctx.io);
    const { errors, warnings } = countBySeverity(rec.diagnostics);
    if (!ctx.common.json) {
      for (const d of rec.diagnostics) {
        ctx.io.stderr.write(formatDiagnostic(rec.skillMdPath ?? rec.dir, d, c, ctx.io.cwd) + '\n');
      }
    }
    if (errors > 0 && !ctx.values.force) {
      ctx.io.stderr.write(
        `skill-studio export: ${name} has ${plural(errors, 'error')}; fix them or pass --force\n`,
      );
      if (ctx.common.json) writeJson(ctx.io, { exported: false, diagnostics: rec.diagnostics });
      return 1;
    }
    const out = path.resolve(ctx.io.cwd, stringFlag(ctx, 'output') ?? `${name}.${format}`);
    if (!isFolder(path.dirname(out)))
      throw new UsageError(`-o ${out}: the folder ${path.dirname(out)} does not exist`);
    const fixFor = stringFlag(ctx, 'fix-for');
    if (fixFor !== undefined && !isClientId(fixFor))
      throw new UsageError(`--fix-for must be one of ${CLIENT_IDS.join(', ')}, not '${fixFor}'`);
    // The client's quick fix rewrites SKILL.md in the archive only.
    const rewriteSkillMd = fixFor
      ? (text: string) => moveKeysUnderMetadata(text, fixFor)?.text ?? text
      : undefined;
    const { buffer, entries } = await exportBundle(rec.dir, { name, format, rewriteSkillMd });
    await writeFileAtomic(out, buffer);
    if (ctx.common.json)
      writeJson(ctx.io, {
        exported: true,
        path: out,
        bytes: buffer.length,
        entries,
        diagnostics: rec.diagnostics,
      });
    else
      ctx.io.stdout.write(
        `${c.green('exported')} ${name} → ${out} (${plural(entries.length, 'entry')}, ${buffer.length} bytes${warnings ? `, ${plural(warnings, 'warning')}` : ''})\n`,
      );
    return 0;
  },
};

export const importCommand: CommandImpl = {
  async run(ctx) {
    const [file] = ctx.positionals;
    if (!file) throw new UsageError('name the bundle to import');
    if (ctx.values.replace && ctx.values['keep-both'])
      throw new UsageError('choose one of --replace and --keep-both');
    const onConflict = ctx.values.replace
      ? 'replace'
      : ctx.values['keep-both']
        ? 'keep-both'
        : undefined;
    const abs = path.resolve(ctx.io.cwd, file);
    const buffer = await fsp.readFile(abs).catch(() => {
      throw new UsageError(`${file}: no such file`);
    });
    const into = path.resolve(ctx.io.cwd, stringFlag(ctx, 'into') ?? 'skills');
    if (existsSync(into) && !isFolder(into)) throw new UsageError(`--into ${into}: not a folder`);
    // A refused bundle leaves nothing behind, not even the folder made for it.
    const made = await fsp.mkdir(into, { recursive: true });
    let res;
    try {
      res = await importBundle(buffer, into, { onConflict });
    } catch (err) {
      if (made)
        await fsp
          .rm(made, { recursive: true, force: true })
          .catch(logSwallowed('remove the folder a failed import made'));
      if (isFileServiceError(err) && err.code === 'exists') {
        ctx.io.stderr.write(
          `skill-studio import: ${err.message}; pass --replace to replace it or --keep-both to import it as <name>-2\n`,
        );
        return 1;
      }
      throw err;
    }
    if (ctx.common.json) writeJson(ctx.io, res);
    else
      for (const skill of res.skills) {
        const how =
          skill.outcome === 'replaced'
            ? ' (replaced)'
            : skill.outcome === 'kept-both'
              ? ` (kept both: ${skill.from} exists)`
              : '';
        ctx.io.stdout.write(`imported ${skill.name} → ${skill.path}${how}\n`);
      }
    for (const entry of res.skills.flatMap((k) => k.skipped))
      ctx.io.stderr.write(`warning: skipped ${entry}: export never writes this name\n`);
    return 0;
  },
};

export const newCommand: CommandImpl = {
  async run(ctx) {
    const [name] = ctx.positionals;
    if (!name) throw new UsageError('name the new skill');
    const template = (stringFlag(ctx, 'template') ?? 'basic') as TemplateName;
    if (!TEMPLATE_NAMES.includes(template))
      throw new UsageError(`--template must be one of ${TEMPLATE_NAMES.join(', ')}`);
    const into = path.resolve(ctx.io.cwd, stringFlag(ctx, 'into') ?? 'skills');
    if (existsSync(into) && !isFolder(into)) throw new UsageError(`--into ${into}: not a folder`);
    const dir = await createSkillFromTemplate({ name, template, intoDir: into });
    if (ctx.common.json) writeJson(ctx.io, { name, path: dir, template });
    else ctx.io.stdout.write(`created ${dir} (${template} template)\n`);
    return 0;
  },
};
