/**
 * Which folders are scanned for skills, in priority order (docs/contracts.md, Discovery):
 * project, user, framework (bundled), plugin. Pure path arithmetic: nothing here
 * touches the disk, so a folder that does not exist yet is still listed (the
 * watcher needs to know where a new `skills/` would appear).
 */
import path from 'node:path';
import { SKILL_SOURCES, type SkillSource } from '../../../shared/skill/model';
import type { WorkspaceConfig } from '../workspace/workspace-config';
import { PROJECT_FOLDERS, USER_FOLDERS } from '../workspace/skill-folders';

export interface SourceFolder {
  source: SkillSource;
  /** Stable id: `project:<id>`, `user:<id>`, `framework`, `plugin:<entry as written>`, `root:<n>`. */
  id: string;
  /** Absolute folder scanned depth-1 for skill folders. */
  dir: string;
  /** 0 is the highest; equal to the source's index in SKILL_SOURCES, so a source is one level. */
  priority: number;
}

export interface ResolveSourcesOptions {
  /** The open workspace folder, or null (bundled skills only). */
  workspace: string | null;
  /** The home folder to read user skills from; passed explicitly so tests never touch the real one. */
  home: string | null;
  /** The bundled skills folder, or null. */
  frameworkDir: string | null;
  config: WorkspaceConfig;
  /** CLI `--root`: these folders replace the project source. */
  roots?: string[];
  /** CLI `--no-user`: skip every user folder. */
  noUser?: boolean;
}

const priorityOf = (source: SkillSource): number => SKILL_SOURCES.indexOf(source);

export function resolveSources(opts: ResolveSourcesOptions): SourceFolder[] {
  const out: SourceFolder[] = [];
  const seen = new Set<string>();
  const add = (source: SkillSource, id: string, dir: string): void => {
    const abs = path.resolve(dir);
    // The same folder reached twice (e.g. the workspace is the home folder) is scanned once,
    // as part of the higher source.
    if (seen.has(abs)) return;
    seen.add(abs);
    out.push({ source, id, dir: abs, priority: priorityOf(source) });
  };

  if (opts.roots && opts.roots.length > 0) {
    const base = opts.workspace ?? process.cwd();
    opts.roots.forEach((root, n) => add('project', `root:${n}`, path.resolve(base, root)));
  } else if (opts.workspace) {
    for (const f of PROJECT_FOLDERS)
      add('project', `project:${f.id}`, path.join(opts.workspace, f.rel));
  }

  if (opts.home && !opts.noUser) {
    const switches = opts.config.user_sources;
    for (const f of USER_FOLDERS) {
      if (switches[f.id] === false) continue;
      add('user', `user:${f.id}`, path.join(opts.home, f.rel));
    }
  }

  if (opts.frameworkDir) add('framework', 'framework', opts.frameworkDir);

  for (const entry of opts.config.plugins) {
    const dir = resolvePluginDir(entry, opts.workspace, opts.home);
    if (dir) add('plugin', `plugin:${entry}`, dir);
  }
  return out;
}

/** Absolute as written; `~/…` against home; relative against the workspace. Null when unresolvable. */
export function resolvePluginDir(
  entry: string,
  workspace: string | null,
  home: string | null,
): string | null {
  if (entry === '~' || entry.startsWith('~/') || entry.startsWith('~\\')) {
    return home ? path.join(home, entry.slice(1)) : null;
  }
  if (path.isAbsolute(entry)) return path.resolve(entry);
  return workspace ? path.resolve(workspace, entry) : null;
}
