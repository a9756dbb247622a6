/**
 * Only the user chooses where the desktop app writes a file. The main process
 * remembers, per window, the last path its own save dialog returned; a renderer's
 * request to save a call's bytes is honoured only for exactly that path, once. A path
 * a renderer makes up (a compromised page, say) is refused. The host is never asked to
 * write anywhere: it returns bytes, and this adapter saves them, whatever the method.
 */
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

export interface SaveWhereChosenDeps {
  grants: SaveGrants;
  windowId: number;
  /** The call whose result carries the bytes to save (the host only ever returns bytes). */
  call(): Promise<RouterResult>;
  writeFile(filePath: string, data: Buffer): Promise<void>;
}

const REFUSED: RouterResult = {
  ok: false,
  error: {
    code: 'forbidden_path',
    message: 'a bundle is saved only where you chose in the save dialog: choose the place again',
  },
};

/** A result with bytes to save: `base64`, and the `path` they are saved at (null until then). */
function savableBytes(result: unknown): string | null {
  if (typeof result !== 'object' || result === null) return null;
  const r = result as { base64?: unknown; path?: unknown };
  return typeof r.base64 === 'string' && 'path' in r ? r.base64 : null;
}

/**
 * A window's call whose bytes are saved at `savePath`, the path that window's save dialog
 * returned (and nowhere else, once); refused before the call when it is not. A result with
 * no bytes (a refused export) comes back as it is.
 */
export async function saveWhereChosen(
  savePath: unknown,
  deps: SaveWhereChosenDeps,
): Promise<RouterResult> {
  if (typeof savePath !== 'string' || !deps.grants.allows(deps.windowId, savePath)) return REFUSED;
  const res = await deps.call();
  if (!res.ok) return res;
  const base64 = savableBytes(res.result);
  if (base64 === null) return res;
  await deps.writeFile(savePath, Buffer.from(base64, 'base64'));
  deps.grants.spend(deps.windowId);
  return { ok: true, result: { ...(res.result as object), path: savePath, base64: null } };
}
