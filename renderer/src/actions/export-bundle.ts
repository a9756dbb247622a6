/** Exporting a skill as a bundle: saved where the user picks on the desktop, downloaded in the browser. */
import type { BundleFormat, ExportResult } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { nativeDialogs } from '../backend/native';
import type { SkillRef } from '../stores/skills-store';
import { base64ToBytes } from '../util/base64';
import { downloadBlob } from '../util/download';

export interface ExportOutcome {
  result: ExportResult | null;
  savedTo: string | null;
  cancelled: boolean;
}

/** Exports a bundle: desktop asks where to save it; the browser downloads it. */
export async function exportBundle(
  skill: SkillRef,
  format: BundleFormat,
  force: boolean,
): Promise<ExportOutcome> {
  const native = nativeDialogs();
  let outPath: string | null = null;
  if (native) {
    outPath = await native.pickSavePath(`${skill.name}.${format}`);
    if (!outPath) return { result: null, savedTo: null, cancelled: true };
  }
  const result = await backend().call('bundles.export', {
    skill: skill.dir,
    format,
    force,
    outPath,
  });
  if (result.refused) return { result, savedTo: null, cancelled: false };
  if (result.path) return { result, savedTo: result.path, cancelled: false };
  if (result.base64) downloadBase64(result.base64, result.fileName);
  return { result, savedTo: null, cancelled: false };
}

export function downloadBase64(base64: string, fileName: string): void {
  downloadBlob(fileName, new Blob([base64ToBytes(base64)], { type: 'application/zip' }));
}
