import { promises as fsp, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { countBySeverity } from '../../../shared/check/diagnostics';
import { StudioError } from '../../../shared/errors';
import { CLIENT_IDS, isClientId } from '../../../shared/skill/client-ids';
import type { BundleSource, ImportResult, TemplateName } from '../../../shared/api/studio-api';
import { TEMPLATE_NAMES } from '../../host/in-process/entry';
import { writeFileAtomic } from '../../host/in-process/saved-files';
import type { CommandContext, CommandImpl } from '../command';
import { stringFlag } from '../command';
import { colours, UsageError, writeJson } from '../io';
import { formatDiagnostic, plural } from '../format';
import { withClient } from '../client';

function isFolder(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

/** A path-like REF is a folder to export as it is; anything else names a workspace skill. */
function targetFor(ctx: CommandContext, ref: string): BundleSource {
  const asPath = path.resolve(ctx.io.cwd, ref);
  if (
    ref.includes('/') ||
    ref.includes(path.sep) ||
    ref === '.' ||
    existsSync(path.join(asPath, 'SKILL.md'))
  ) {
    if (!existsSync(asPath)) throw new UsageError(`${ref}: no such folder`);
    return { folder: asPath };
  }
  return { skill: ref };
}

export const exportCommand: CommandImpl = {
  async run(ctx) {
    const [ref] = ctx.positionals;
    if (!ref) throw new UsageError('name the skill or its folder');
    const format = stringFlag(ctx, 'format') ?? 'skill';
    if (format !== 'skill' && format !== 'zip')
      throw new UsageError(`--format must be skill or zip, not '${format}'`);
    const target = targetFor(ctx, ref);
    const force = Boolean(ctx.values.force);
    // A folder needs no workspace (nor --root); a name opens the whole host.
    return withClient(
      ctx,
      async (client) => {
        const rec = await client.invoke('export.check', { ...target, force });
        const name = rec.name;
        const c = colours(ctx.io);
        const { warnings } = countBySeverity(rec.diagnostics);
        if (!ctx.common.json) {
          for (const d of rec.diagnostics) {
            ctx.io.stderr.write(
              formatDiagnostic(rec.skillMdPath ?? rec.dir, d, c, ctx.io.cwd) + '\n',
            );
          }
        }
        // Whether it may be exported is the host's policy (the same as the studio's export).
        if (rec.refused) {
          const { errors } = countBySeverity(rec.diagnostics);
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
          throw new UsageError(
            `--fix-for must be one of ${CLIENT_IDS.join(', ')}, not '${fixFor}'`,
          );
        const bundle = await client.invoke('bundles.export', {
          ...target,
          format,
          force,
          ...(fixFor !== undefined ? { fixFor } : {}),
        });
        // The policy let it through a moment ago: a skill changed since is refused all the same.
        if (bundle.base64 === null)
          throw new StudioError(
            'invalid_params',
            `${name} has errors; fix them or export with force`,
          );
        // The host only returns the bytes: they are written here, where -o said.
        await writeFileAtomic(out, Buffer.from(bundle.base64, 'base64'));
        const { bytes, entries } = bundle;
        if (ctx.common.json)
          writeJson(ctx.io, {
            exported: true,
            path: out,
            bytes,
            entries,
            diagnostics: rec.diagnostics,
          });
        else
          ctx.io.stdout.write(
            `${c.green('exported')} ${name} → ${out} (${plural(entries.length, 'entry')}, ${bytes} bytes${warnings ? `, ${plural(warnings, 'warning')}` : ''})\n`,
          );
        return 0;
      },
      { workspace: 'skill' in target },
    );
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
    let res: ImportResult;
    try {
      res = await withClient(
        ctx,
        (client) =>
          // The file's bytes as they are: no base64 copy a third larger, and no limit but
          // the unpacked skill's own.
          client.invoke('bundles.import', {
            bytes: buffer,
            fileName: path.basename(abs),
            into,
            ...(onConflict ? { onConflict } : {}),
          }),
        { workspace: false },
      );
    } catch (err) {
      if (!(err instanceof StudioError && err.code === 'exists')) throw err;
      ctx.io.stderr.write(
        `skill-studio import: ${err.message}; pass --replace to replace it or --keep-both to import it as <name>-2\n`,
      );
      return 1;
    }
    if (ctx.common.json)
      writeJson(ctx.io, {
        name: res.name,
        path: res.path,
        // The first skill's, as `import --json` has always said (the first one written).
        skipped: res.skills.find((k) => k.path === res.path)?.skipped ?? [],
        skills: res.skills,
      });
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
    const created = await withClient(
      ctx,
      (client) => client.invoke('skills.new', { name, template, into }),
      { workspace: false },
    );
    const { dir } = created.summary;
    if (ctx.common.json) writeJson(ctx.io, { name, path: dir, template });
    else ctx.io.stdout.write(`created ${dir} (${template} template)\n`);
    return 0;
  },
};
