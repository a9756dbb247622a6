/**
 * The Studio API methods on bundles: export a skill, preview a bundle, import one into the
 * workspace. Kept apart from studio-host.ts, which spreads them into its handler table; they
 * reach the host only through the narrow context below.
 *
 * The export policy is applied here (`exportSkillBundle`, by export-policy.ts, which the CLI's
 * export applies too): a skill with errors is refused unless
 * forced. The host never writes a bundle anywhere: it returns the bytes, and the caller saves
 * them (the desktop app where its save dialog said, the browser as a download).
 */
import type { BundleFormat, ExportResult } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import { exportRefused } from './export-policy';
import type { Handlers } from '../handler-table';
import { bundleFileName, exportBundle } from './export-bundle';
import { importBundle, inspectBundle } from './import-bundle';

export interface BundlesContext {
  skillAt(ref: string): SkillRecord;
  /** The workspace's `skills/` folder; throws when no workspace is open. */
  importDir(): string;
  /** Re-reads the skill sources now, rather than wait for the watcher. */
  reload(): Promise<void>;
}

type BundlesMethods = 'bundles.export' | 'bundles.inspect' | 'bundles.import';

export interface ExportSkillOptions {
  /** Export even when the skill has errors. */
  force?: boolean;
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
  const { buffer, entries } = await exportBundle(rec.dir, { name, format });
  return result(buffer.toString('base64'), { bytes: buffer.length, entries });
}

export function bundlesHandlers(ctx: BundlesContext): Pick<Handlers, BundlesMethods> {
  return {
    // Only the user chooses where a file is written: the desktop app saves these bytes
    // where its own save dialog said (main/save-grants.ts).
    'bundles.export': async ({ skill, format, force }) =>
      exportSkillBundle(ctx.skillAt(skill), format, { force }),
    'bundles.inspect': ({ base64 }) =>
      inspectBundle(Buffer.from(base64, 'base64'), ctx.importDir()),
    'bundles.import': async ({ base64, onConflict, choices }) => {
      const res = await importBundle(Buffer.from(base64, 'base64'), ctx.importDir(), {
        onConflict,
        choices,
      });
      await ctx.reload();
      return { name: res.name, path: res.path, skills: res.skills };
    },
  };
}
