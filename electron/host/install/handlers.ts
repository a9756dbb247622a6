/**
 * The Studio API methods behind "Install to…": which clients this machine and the
 * workspace have, a preview of installing the current skill into one (the client's
 * portability verdict, and the skill of that name already there, with its diff), and
 * the install itself. The skill is named by its folder (SkillSummary.dir), and is
 * installed from that folder as a folder source, so the lockfile can find it again.
 * Kept apart from studio-host.ts, which spreads these into its handler table.
 */
import path from 'node:path';
import type { SkillRecord } from '../../../shared/skill/model';
import type { Handlers } from '../handler-table';
import { checkedInstallFolder, detectClients, type InstallRoots } from './clients';
import { checkSkillForClient, installSkills } from './install';
import { openSource } from './install-source';
import { existsNoFollow } from '../fs/free-name';
import { InvalidRequestError } from '../fs/errors';
import type { LockTrust } from './lock-trust';

export interface InstallContext {
  skillAt(ref: string): SkillRecord;
  /** The home folder (user installs) and the open workspace (project installs). */
  roots(): InstallRoots;
  /** Re-reads the skill sources now, so the installed skill shows at once. */
  reload(): Promise<void>;
  /** This user's record of own lockfiles (lock-trust.ts); absent: installs are not recorded. */
  trust?(): LockTrust;
}

type InstallMethods = 'install.clients' | 'install.preview' | 'install.skill';

/** The skill's folder opened as an install source, holding exactly that skill. */
async function openSkill(rec: SkillRecord) {
  const source = await openSource({ kind: 'folder', location: rec.dir });
  const skill = source.skills.find((s) => path.resolve(s.dir) === path.resolve(rec.dir));
  if (!skill) throw new InvalidRequestError(`${rec.dir} holds no SKILL.md to install`);
  return { source: { ...source, skills: [skill] }, skill };
}

export function installHandlers(ctx: InstallContext): Pick<Handlers, InstallMethods> {
  return {
    'install.clients': async () => ({ clients: await detectClients(ctx.roots()) }),
    'install.preview': async ({ skill, client, scope }) => {
      // The dialog hears of a skills folder that is a link out of the project before it asks.
      const folder = await checkedInstallFolder(client, scope, ctx.roots());
      const { skill: found } = await openSkill(ctx.skillAt(skill));
      const target = path.join(folder, found.name);
      return {
        folder,
        name: found.name,
        problem: found.problem,
        check: checkSkillForClient(found.skillMd, client, found.name),
        exists: await existsNoFollow(target),
      };
    },
    'install.skill': async ({ skill, from, client, scope, mode, onConflict, force }) => {
      // A source the command line names is the in-process host's to open, in the caller's
      // folder (source-handlers.ts); this host installs the skills of its workspace.
      if (skill === undefined || from !== undefined)
        throw new InvalidRequestError(
          'install.skill: this host installs a skill of its workspace; a source (`from`) is installed from the command line',
        );
      const { source } = await openSkill(ctx.skillAt(skill));
      const report = await installSkills(source, {
        client,
        scope,
        roots: ctx.roots(),
        mode,
        onConflict,
        force,
        trust: ctx.trust?.(),
      });
      if (report.skills.some((o) => o.result !== 'conflict' && o.result !== 'refused'))
        await ctx.reload();
      return report;
    },
  };
}
