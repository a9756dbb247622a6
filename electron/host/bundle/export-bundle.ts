/**
 * Skill bundle export (docs/contracts.md, Bundles): a ZIP with one top-level folder named after the
 * skill. Reproducible: the same files give byte-identical archives, whatever their mtimes, the
 * time zone or the order the disk lists them in — entries are sorted, timestamps and modes
 * fixed, compression level fixed. Validation is the caller's job (it owns the validator).
 */
import { ZipFile } from 'yazl';
import type { BundleFormat } from '../../../shared/api/studio-api';
import { InvalidRequestError, TooLargeError } from '../fs/errors';
import { readRegularFile } from '../fs/safe-read';
import { walkSkillTree } from '../fs/walk-tree';
import { checkRelativePath, pathProblem } from '../fs/safe-path';
import { isBundleIgnored } from '../fs/ignored-names';

import { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES } from '../fs/skill-tree';

export { MAX_BUNDLE_BYTES, MAX_BUNDLE_ENTRIES };

/**
 * Every entry's timestamp. Built from local-time parts because ZIP (DOS) timestamps are
 * local wall-clock fields: this encodes as 1980-01-01 00:00 in every time zone. The
 * extended (UTC) timestamp field is turned off so nothing depends on the zone.
 */
export const BUNDLE_TIMESTAMP = new Date(1980, 0, 1, 0, 0, 0);
const FILE_MODE = 0o100644;
const EXECUTABLE_MODE = 0o100755;
const FOLDER_MODE = 0o040755;
// Fixed rather than zlib's default, so a default change cannot change the bytes.
const COMPRESSION_LEVEL = 9;

export interface ExportOptions {
  /** The top-level folder inside the archive (the skill's name). */
  name: string;
  /** `.skill` and `.zip` hold the same archive; the format only names the file. */
  format: BundleFormat;
  /**
   * Rewrites the skill's SKILL.md in the archive only (a client quick fix, e.g. keys moved
   * under metadata for claude.ai); the file on disk is never touched.
   */
  rewriteSkillMd?: (text: string) => string;
}

export interface ExportedBundle {
  buffer: Buffer;
  /** Archive entry names in archive order (`name/SKILL.md`, `name/scripts/run.py`, `name/empty/`). */
  entries: string[];
}

export function bundleFileName(name: string, format: BundleFormat): string {
  return `${name}.${format}`;
}

export async function exportBundle(skillDir: string, opts: ExportOptions): Promise<ExportedBundle> {
  let top: string;
  try {
    top = checkRelativePath(opts.name, { forWrite: true });
  } catch {
    throw new InvalidRequestError(
      `Bundle name ${JSON.stringify(opts.name)} is not a valid folder name`,
    );
  }
  if (top.includes('/')) {
    throw new InvalidRequestError(
      `Bundle name ${JSON.stringify(opts.name)} must be a single folder name`,
    );
  }

  // The tree under the one symlink policy (fs/walk-tree.ts), with sizes and modes.
  const walked = await walkSkillTree(skillDir, {
    ignore: isBundleIgnored,
    includeDirs: true,
    stats: true,
    maxEntries: MAX_BUNDLE_ENTRIES,
  });
  if (walked.truncated) {
    throw new TooLargeError(
      `The skill has more than ${MAX_BUNDLE_ENTRIES} files or folders nested too deep to bundle`,
    );
  }
  // A bundle without its instructions is no skill (a SKILL.md linked from outside the
  // folder is left out of the walk, like every such link).
  if (!walked.entries.some((e) => !e.dir && e.path.toLowerCase() === 'skill.md')) {
    throw new InvalidRequestError(
      'The skill folder holds no SKILL.md of its own to bundle (a link to a file outside the folder does not count)',
    );
  }

  // Nothing of the skill may be left out unsaid: a name that is not UTF-8 cannot be read.
  if (walked.unnamed.length > 0) {
    throw new InvalidRequestError(
      `${JSON.stringify(walked.unnamed[0])} has a name that is not valid UTF-8, so it cannot be bundled. Rename it and export again`,
    );
  }
  // Every name must be one an import accepts, on any system: a zip writer would otherwise
  // turn `a\\b.txt` into the folder `a/`, and `trail.` or a control character would
  // leave a bundle that import-bundle.ts (and Windows) refuse.
  for (const e of walked.entries) {
    const problem = pathProblem(e.path, { forWrite: true });
    if (problem.why !== null)
      throw new InvalidRequestError(
        `${JSON.stringify(e.path)} cannot go into a bundle: ${problem.why}. Rename it and export again`,
      );
  }

  // Folders that hold nothing get an entry of their own so they survive the round trip;
  // other folders are implied by their files' paths.
  const nonEmpty = new Set<string>();
  for (const e of walked.entries) {
    const slash = e.path.lastIndexOf('/');
    if (slash > 0) {
      let parent = e.path.slice(0, slash);
      for (;;) {
        nonEmpty.add(parent);
        const up = parent.lastIndexOf('/');
        if (up < 0) break;
        parent = parent.slice(0, up);
      }
    }
  }

  const zip = new ZipFile();
  const entries: string[] = [];
  let total = 0;
  const ordered = walked.entries
    .map((e) => ({ ...e, entryName: e.dir ? `${top}/${e.path}/` : `${top}/${e.path}` }))
    .filter((e) => !e.dir || !nonEmpty.has(e.path))
    .sort((a, b) => (a.entryName < b.entryName ? -1 : a.entryName > b.entryName ? 1 : 0));

  for (const e of ordered) {
    if (e.dir) {
      zip.addEmptyDirectory(e.entryName, {
        mtime: BUNDLE_TIMESTAMP,
        mode: FOLDER_MODE,
        forceDosTimestamp: true,
      });
      entries.push(e.entryName);
      continue;
    }
    // The hardened reader: the walk saw a regular file, but what is opened is checked again
    // (a FIFO or device swapped in is refused without blocking), within the bundle's bound.
    const tooLarge = new TooLargeError(
      `The skill is larger than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB`,
    );
    const { data } = await readRegularFile(e.realPath, e.path, {
      real: true,
      maxBytes: MAX_BUNDLE_BYTES - total,
    }).catch((err: unknown) => {
      throw err instanceof TooLargeError ? tooLarge : err;
    });
    const bytes =
      opts.rewriteSkillMd && e.path.toLowerCase() === 'skill.md'
        ? Buffer.from(opts.rewriteSkillMd(data.toString('utf8')), 'utf8')
        : data;
    total += bytes.length;
    zip.addBuffer(bytes, e.entryName, {
      mtime: BUNDLE_TIMESTAMP,
      mode: e.executable ? EXECUTABLE_MODE : FILE_MODE,
      compressionLevel: COMPRESSION_LEVEL,
      forceDosTimestamp: true,
    });
    entries.push(e.entryName);
  }

  const buffer = await collect(zip);
  return { buffer, entries };
}

function collect(zip: ZipFile): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.end();
  });
}
