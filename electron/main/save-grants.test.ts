import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouterResult } from '../host/router';
import { exportThroughDialog, SaveGrants } from './save-grants';

const BYTES = Buffer.from('PK\u0003\u0004 a bundle');

describe('bundles.export in the desktop app', () => {
  let dir: string;
  let grants: SaveGrants;
  let asked: Record<string, unknown>[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'save-grants-'));
    grants = new SaveGrants();
    asked = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const exportFrom = (windowId: number, params: unknown) =>
    exportThroughDialog(params, {
      grants,
      windowId,
      exportBytes: async (p): Promise<RouterResult> => {
        asked.push(p);
        return {
          ok: true,
          result: {
            path: null,
            base64: BYTES.toString('base64'),
            fileName: 'a.skill',
            bytes: BYTES.length,
            entries: [],
            diagnostics: [],
            refused: false,
          },
        };
      },
      writeFile: async (file, data) => writeFileSync(file, data),
    });

  it('writes only to the path this window’s save dialog returned, once', async () => {
    const chosen = path.join(dir, 'chosen.skill');
    grants.grant(1, chosen);
    const res = await exportFrom(1, { skill: 'a', format: 'skill', outPath: chosen });
    expect(res).toMatchObject({ ok: true, result: { path: chosen, base64: null } });
    expect(readFileSync(chosen)).toEqual(BYTES);
    // The host itself was never asked to write anywhere.
    expect(asked.every((p) => p.outPath === null)).toBe(true);
    // Spent: the same path again needs the dialog again.
    rmSync(chosen);
    const again = await exportFrom(1, { skill: 'a', format: 'skill', outPath: chosen });
    expect(again).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    expect(existsSync(chosen)).toBe(false);
  });

  it('refuses a path the renderer made up, or another window’s choice', async () => {
    const chosen = path.join(dir, 'chosen.skill');
    grants.grant(1, chosen);
    const madeUp = `${dir}/evil/../chosen.skill`;
    for (const [windowId, outPath] of [
      [1, path.join(dir, 'elsewhere.skill')],
      [1, madeUp],
      [1, 42],
      [2, chosen],
    ] as const) {
      const res = await exportFrom(windowId, { skill: 'a', format: 'skill', outPath });
      expect(res, String(outPath)).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    }
    expect(asked).toEqual([]);
    expect(existsSync(chosen)).toBe(false);
    expect(existsSync(path.join(dir, 'elsewhere.skill'))).toBe(false);
  });

  it('returns the bytes when no path is named', async () => {
    const res = await exportFrom(1, { skill: 'a', format: 'zip' });
    expect(res).toMatchObject({
      ok: true,
      result: { path: null, base64: BYTES.toString('base64') },
    });
  });
});
