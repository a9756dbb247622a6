/**
 * Bundles from the command line: export a skill (named, or a folder given by path) under
 * the one export policy (bundle/export-policy.ts), import a bundle into a folder, create a
 * skill from a template.
 */
import { promises as fsp } from 'node:fs';
import { moveKeysUnderMetadata } from '../../../shared/skill/client-fixes';
import type { SkillRecord } from '../../../shared/skill/model';
import { exportBundle } from '../bundle/export-bundle';
import { bundleFileHandlers } from '../bundle/file-handlers';
import { exportRefused } from '../bundle/export-policy';
import { importBundle } from '../bundle/import-bundle';
import { writeFileAtomic } from '../fs/atomic-write';
import { InvalidRequestError, isFileServiceError } from '../fs/errors';
import { logSwallowed } from '../log';
import { readSkillFolder } from '../registry/scan';
import { createSkillFromTemplate } from '../skill-templates';
import type { SkillTarget } from './cli-methods';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';
import { openStudio } from './studio';

async function recordOf(target: SkillTarget, ctx: ProxyContext): Promise<SkillRecord> {
  if ('folder' in target) return readSkillFolder(target.folder, 'project');
  return (await openStudio(ctx)).resolveSkill(target.skill);
}

/**
 * The bundle methods the in-process host serves itself: a folder by path is read as it is,
 * and a skill by name resolves as the command line names one (the winner of a shared
 * name, as `skills.resolve` says), through the whole host, opened only then.
 */
export const localHandlers = (ctx: ProxyContext) =>
  bundleFileHandlers({ skillAt: async (ref) => (await openStudio(ctx)).resolveSkill(ref) });

export const handlers: DomainHandlers<'export.write' | 'bundles.importInto' | 'skills.create'> = {
  async 'export.write'({ target, force, format, outPath, fixFor }, ctx) {
    const rec = await recordOf(target, ctx);
    if (exportRefused(rec.diagnostics, force))
      throw new InvalidRequestError(
        `${rec.summary.name} has errors; fix them or export with force`,
      );
    // The client's quick fix rewrites SKILL.md in the archive only.
    const rewriteSkillMd = fixFor
      ? (text: string) => moveKeysUnderMetadata(text, fixFor)?.text ?? text
      : undefined;
    const { buffer, entries } = await exportBundle(rec.dir, {
      name: rec.summary.name,
      format,
      rewriteSkillMd,
    });
    await writeFileAtomic(outPath, buffer);
    return { bytes: buffer.length, entries };
  },

  async 'bundles.importInto'({ buffer, into, onConflict }) {
    // A refused bundle leaves nothing behind, not even the folder made for it.
    const made = await fsp.mkdir(into, { recursive: true });
    try {
      return { imported: await importBundle(Buffer.from(buffer), into, { onConflict }) };
    } catch (err) {
      if (made)
        await fsp
          .rm(made, { recursive: true, force: true })
          .catch(logSwallowed('remove the folder a failed import made'));
      if (isFileServiceError(err) && err.code === 'exists') return { exists: err.message };
      throw err;
    }
  },

  async 'skills.create'({ name, template, into }) {
    return { dir: await createSkillFromTemplate({ name, template, intoDir: into }) };
  },
};
