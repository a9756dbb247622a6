/**
 * Bundles from the command line: what an export would be and the bundle methods every host
 * serves (bundle/file-handlers.ts, bundle/handlers.ts) over the proxy's context, so a
 * folder given by path needs no workspace; and, until they join them, import into a folder
 * and a skill from a template.
 */
import { promises as fsp } from 'node:fs';
import { bundleFileHandlers } from '../bundle/file-handlers';
import { bundlesHandlers } from '../bundle/handlers';
import { importBundle } from '../bundle/import-bundle';
import { isFileServiceError } from '../fs/errors';
import { logSwallowed } from '../log';
import { createSkillFromTemplate } from '../skill-templates';
import type { ProxyContext } from './context';
import type { DomainHandlers } from './domain';
import { openStudio } from './studio';

/**
 * The bundle methods the in-process host serves itself. A skill by name resolves as the
 * command line names one (the winner of a shared name, as `skills.resolve` says), and it
 * and the workspace's `skills/` come from the whole host, opened only for them; a folder
 * by path is read as it is.
 */
export function localHandlers(ctx: ProxyContext) {
  const skillAt = async (ref: string) => (await openStudio(ctx)).resolveSkill(ref);
  const importDir = async () => (await openStudio(ctx)).importDir();
  // Only a host that was opened lists skills that could need reading again.
  const reload = async () => {
    if (ctx.studio) await (await ctx.studio).reload();
  };
  return {
    ...bundleFileHandlers({ skillAt }),
    ...bundlesHandlers({ skillAt, importDir, reload }),
  };
}

export const handlers: DomainHandlers<'bundles.importInto' | 'skills.create'> = {
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
