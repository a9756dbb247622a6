/** Exporting a skill as a bundle: saved where the user picks on the desktop, downloaded in the browser. */
import type { BundleFormat, ExportResult } from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { nativeDialogs } from '../backend/native';
import type { SkillRef } from '../stores/skills-store';
import { downloadFile } from '../util/browser-utils';

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
  const params = { skill: skill.dir, format, force };
  if (native) {
    const savePath = await native.pickSavePath(`${skill.name}.${format}`);
    if (!savePath) return { result: null, savedTo: null, cancelled: true };
    // Saved by the desktop app where its dialog said: `path` is set unless refused.
    const result = await native.callAndSave('bundles.export', params, savePath);
    return { result, savedTo: result.path, cancelled: false };
  }
  const result = await backend().call('bundles.export', params);
  if (!result.refused && result.base64)
    downloadFile(result.fileName, { text: null, base64: result.base64 }, 'application/zip');
  return { result, savedTo: null, cancelled: false };
}
