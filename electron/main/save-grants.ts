/**
 * Only the user chooses where the desktop app writes a file. The main process
 * remembers, per window, the last path its own save dialog returned; a renderer's
 * request to write a bundle is honoured only for exactly that path, once. A path
 * a renderer makes up (a compromised page, say) is refused.
 */
import type { ExportResult } from '../../shared/api/studio-api';
import type { RouterResult } from '../host/router';

export class SaveGrants {
  private readonly byWindow = new Map<number, string>();

  /** Records what the save dialog of window `windowId` returned. */
  grant(windowId: number, filePath: string): void {
    this.byWindow.set(windowId, filePath);
  }

  /** True when `filePath` is what this window's dialog returned last (and not yet spent). */
  allows(windowId: number, filePath: string): boolean {
    return this.byWindow.get(windowId) === filePath;
  }

  spend(windowId: number): void {
    this.byWindow.delete(windowId);
  }
}

export interface ExportThroughDialogDeps {
  grants: SaveGrants;
  windowId: number;
  /** The host's own `bundles.export` (returns bytes; it never writes a path). */
  exportBytes(params: Record<string, unknown>): Promise<RouterResult>;
  writeFile(filePath: string, data: Buffer): Promise<void>;
}

const REFUSED: RouterResult = {
  ok: false,
  error: {
    code: 'forbidden_path',
    message: 'a bundle is saved only where you chose in the save dialog: choose the place again',
  },
};

/**
 * `bundles.export` from a window: bytes when no path is named, else written to the
 * path that window's save dialog returned (and nowhere else).
 */
export async function exportThroughDialog(
  params: unknown,
  deps: ExportThroughDialogDeps,
): Promise<RouterResult> {
  const p =
    typeof params === 'object' && params !== null ? (params as Record<string, unknown>) : {};
  const outPath = p.outPath;
  if (outPath === undefined || outPath === null || outPath === '')
    return deps.exportBytes({ ...p, outPath: null });
  if (typeof outPath !== 'string' || !deps.grants.allows(deps.windowId, outPath)) return REFUSED;
  const res = await deps.exportBytes({ ...p, outPath: null });
  if (!res.ok) return res;
  const result = res.result as ExportResult;
  if (result.refused || result.base64 === null) return res;
  await deps.writeFile(outPath, Buffer.from(result.base64, 'base64'));
  deps.grants.spend(deps.windowId);
  return { ok: true, result: { ...result, path: outPath, base64: null } satisfies ExportResult };
}
