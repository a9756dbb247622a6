/**
 * A copy of a skill folder that `nobody` can read, for process mode when the host is root
 * (plain.ts) and the skill lives where only root can read: under /root (a root user's
 * ~/.claude/skills), or in a folder made with mode 0700. The skill runs from the copy as
 * `nobody`, with no capability: before, it kept CAP_DAC_READ_SEARCH to reach its own
 * files, which let it read every file of the machine (/etc/shadow, root's SSH keys).
 *
 * The copy holds the skill's folders, regular files and links as they are (links are not
 * followed), every entry readable by others. It is not `copySkillTree` (skills-admin): a
 * launch is prepared synchronously, and a run needs what a bundle leaves out
 * (`node_modules`). It sits beside the scratch folder, owned by root so the skill cannot
 * change it, and is removed when the run ends. Paths into the skill in the command, its
 * arguments and the environment (SKILL_ROOT) point into it.
 */
import { chmodSync, cpSync, lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { relativeInside } from '../../fs/safe-path';
import type { LaunchSpec } from './types';

export interface StagedSkill {
  /** The launch with every path into the skill moved to the copy. */
  spec: LaunchSpec;
  cleanup(): void;
}

export function stageSkillCopy(spec: LaunchSpec): StagedSkill {
  const holder = mkdtempSync(path.join(path.dirname(spec.scratch), 'skill-copy-'));
  const cleanup = (): void => rmSync(holder, { recursive: true, force: true });
  try {
    chmodSync(holder, 0o755);
    const root = path.join(holder, path.basename(spec.skillRoot));
    cpSync(spec.skillRoot, root, {
      recursive: true,
      verbatimSymlinks: true,
      errorOnExist: true,
      // No FIFO, socket or device: opening one could block the copy, and no skill needs one.
      filter: (src) => {
        const st = lstatSync(src);
        return st.isDirectory() || st.isFile() || st.isSymbolicLink();
      },
    });
    openToOthers(root);
    const moved = (p: string): string => {
      if (!path.isAbsolute(p)) return p;
      const rel = relativeInside(spec.skillRoot, p);
      if (rel === null) return p;
      return rel === '' ? root : path.join(root, rel);
    };
    const env = Object.fromEntries(Object.entries(spec.env).map(([k, v]) => [k, moved(v)]));
    return {
      spec: {
        ...spec,
        skillRoot: root,
        command: moved(spec.command),
        args: spec.args.map(moved),
        env,
      },
      cleanup,
    };
  } catch (err) {
    cleanup();
    throw err;
  }
}

/** Folders searchable and files readable by others (executables stay executable); links as they are. */
function openToOthers(dir: string): void {
  chmodSync(dir, 0o755);
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) openToOthers(p);
    else if (e.isFile()) {
      chmodSync(p, lstatSync(p).mode & 0o100 ? 0o755 : 0o644);
    }
  }
}
