/**
 * The Studio API methods on bundles: export a skill, preview a bundle, import one into the
 * workspace. Kept apart from studio-host.ts, which spreads them into its handler table; they
 * reach the host only through the narrow context below.
 *
 * The export policy is applied here (`exportSkillBundle`, by export-policy.ts, which the CLI's
 * export applies too): a skill with errors is refused unless
 * forced. The host never writes a bundle anywhere: it returns the bytes, and the caller saves
 * them (the desktop app where its save dialog said, the browser as a download, the command
 * line where `-o` said).
 */
import { mkdir, rm } from 'node:fs/promises';
import type { BundleFormat, ExportResult } from '../../../shared/api/studio-api';
import { moveKeysUnderMetadata } from '../../../shared/skill/client-fixes';
import type { ClientId } from '../../../shared/skill/client-profiles';
import type { SkillRecord } from '../../../shared/skill/model';
import { exportRefused } from './export-policy';
import type { Handlers } from '../handler-table';
import { bundleSkill, type ListedSkill } from './bundle-source';
import { bundleFileName, exportBundle } from './export-bundle';
import {
  importBundle,
  inspectBundle,
  type ImportedBundle,
  type ImportOptions,
} from './import-bundle';
import { InvalidRequestError } from '../fs/errors';
import { logSwallowed } from '../log';

export interface BundlesContext {
  /** A skill the workspace lists, by name or by its folder. */
  skillAt: ListedSkill;
  /** The workspace's `skills/` folder; throws when no workspace is open. */
  importDir(): string | Promise<string>;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
}

type BundlesMethods = 'bundles.export' | 'bundles.inspect' | 'bundles.import';

export interface ExportSkillOptions {
  /** Export even when the skill has errors. */
  force?: boolean;
  /** SKILL.md in the archive as this client accepts it; the skill's own file is untouched. */
  fixFor?: ClientId;
}

/**
 * A skill's bundle: refused (`refused: true`, no bytes) while the skill has errors unless
 * `force`; otherwise returned as base64.
 */
export async function exportSkillBundle(
  rec: SkillRecord,
  format: BundleFormat,
  opts: ExportSkillOptions = {},
): Promise<ExportResult> {
  const name = rec.summary.name;
  const result = (
    base64: string | null,
    bundle: { bytes: number; entries: string[] } | null,
  ): ExportResult => ({
    path: null,
    base64,
    fileName: bundleFileName(name, format),
    bytes: bundle?.bytes ?? 0,
    entries: bundle?.entries ?? [],
    diagnostics: rec.diagnostics,
    refused: bundle === null,
  });
  if (exportRefused(rec.diagnostics, opts.force)) return result(null, null);
  const { fixFor } = opts;
  const rewriteSkillMd = fixFor
    ? (text: string) => moveKeysUnderMetadata(text, fixFor)?.text ?? text
    : undefined;
  const { buffer, entries } = await exportBundle(rec.dir, { name, format, rewriteSkillMd });
  return result(buffer.toString('base64'), { bytes: buffer.length, entries });
}

/** The bundle a call brings, as it came: in memory, or as JSON's base64. */
function bundleBytes(bundle: { base64: string } | { bytes: Uint8Array }): Buffer {
  if (!('bytes' in bundle)) return Buffer.from(bundle.base64, 'base64');
  // The schema can only say it is an object: JSON never carries bytes.
  if (!(bundle.bytes instanceof Uint8Array))
    throw new InvalidRequestError('bundles.import: /bytes must be the bundle as bytes');
  return Buffer.from(bundle.bytes.buffer, bundle.bytes.byteOffset, bundle.bytes.byteLength);
}

/** `importBundle` into a folder the caller named: a refused bundle leaves nothing behind, not even the folder made for it. */
async function importBundleInto(
  buffer: Buffer,
  into: string,
  opts: ImportOptions,
): Promise<ImportedBundle> {
  const made = await mkdir(into, { recursive: true });
  try {
    return await importBundle(buffer, into, opts);
  } catch (err) {
    if (made)
      await rm(made, { recursive: true, force: true }).catch(
        logSwallowed('remove the folder a failed import made'),
      );
    throw err;
  }
}

export function bundlesHandlers(ctx: BundlesContext): Pick<Handlers, BundlesMethods> {
  return {
    // Only the user chooses where a file is written: the desktop app saves these bytes
    // where its own save dialog said (main/save-grants.ts), the command line where `-o` said.
    'bundles.export': async (params) =>
      exportSkillBundle(await bundleSkill(params, ctx.skillAt), params.format, {
        force: params.force,
        fixFor: params.fixFor,
      }),
    'bundles.inspect': async ({ base64 }) =>
      inspectBundle(Buffer.from(base64, 'base64'), await ctx.importDir()),
    'bundles.import': async (params) => {
      const { onConflict, choices } = params;
      const opts = { onConflict, choices };
      const buffer = bundleBytes(params);
      // The workspace's skills/ stays once made, as a folder of the workspace does; a folder
      // the caller named is there only for what the import brings.
      const res =
        params.into === undefined
          ? await importBundle(buffer, await ctx.importDir(), opts)
          : await importBundleInto(buffer, params.into, opts);
      await ctx.reload();
      return { name: res.name, path: res.path, skills: res.skills };
    },
  };
}
