/**
 * Bundles written to and read from paths the command line names. Local-process methods
 * (./local-process.ts), beside the params of the bundle methods every host serves that only
 * a local process may give (a folder read as it is, a folder to unpack or create into).
 */
import type { Diagnostic } from '../check/diagnostics';

/**
 * The skill a bundle is made of: one the workspace lists (`skill`, by name or by its
 * folder), or a folder of this machine read as it is (`folder`, absolute), which needs no
 * workspace and only a local process may name.
 */
export type BundleSource = { skill: string } | { folder: string };

/** What an export would be, known before any byte of it is built. */
export interface ExportCheck {
  name: string;
  dir: string;
  skillMdPath: string | null;
  diagnostics: Diagnostic[];
  /** The host's export policy: errors refuse the export unless forced. */
  refused: boolean;
}

export interface BundleFileMethods {
  /**
   * The skill an export names and whether the export policy refuses it, with its
   * diagnostics; builds nothing. Its own method, not a form of `bundles.export`: the
   * command line tells the diagnostics and the refusal before it checks where the bundle
   * is to go, and a bundle it then throws away would have cost the zipping of the skill.
   */
  'export.check': [BundleSource & { force?: boolean }, ExportCheck];
}
