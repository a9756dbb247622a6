/**
 * Bundles from the command line: what an export would be, and the bundle methods and the
 * new skill every host serves (bundle/file-handlers.ts, bundle/handlers.ts,
 * skills/new-skill-handlers.ts), over the proxy's context, so a folder given by path needs
 * no workspace.
 */
import { bundleFileHandlers } from '../bundle/file-handlers';
import { bundlesHandlers } from '../bundle/handlers';
import { listedOrNull, newSkillHandlers } from '../skills/new-skill-handlers';
import type { ProxyContext } from './context';
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
  // A skill made in a folder of the command line's is listed only by a host that lists it.
  const listedAt = async (dir: string) => {
    const host = await ctx.studio;
    return host ? listedOrNull(() => host.resolveSkill(dir)) : null;
  };
  return {
    ...bundleFileHandlers({ skillAt }),
    ...bundlesHandlers({ skillAt, importDir, reload }),
    ...newSkillHandlers({ importDir, reload, listedAt }),
  };
}
