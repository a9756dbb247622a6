import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RouterResult } from '../host/router';
import { saveWhereChosen, SaveGrants } from './save-grants';

const BYTES = Buffer.from('PK\u0003\u0004 a bundle');

const exported = (refused = false): RouterResult => ({
  ok: true,
  result: {
    path: null,
    base64: refused ? null : BYTES.toString('base64'),
    fileName: 'a.skill',
    bytes: refused ? 0 : BYTES.length,
    entries: [],
    diagnostics: [],
    refused,
  },
});

describe('saving a call’s bytes in the desktop app', () => {
  let dir: string;
  let grants: SaveGrants;
  let calls: number;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'save-grants-'));
    grants = new SaveGrants();
    calls = 0;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const saveFrom = (windowId: number, savePath: unknown, answer = exported()) =>
    saveWhereChosen(savePath, {
      grants,
      windowId,
      call: async () => {
        calls += 1;
        return answer;
      },
      writeFile: async (file, data) => writeFileSync(file, data),
    });

  it('writes only to the path this window’s save dialog returned, once', async () => {
    const chosen = path.join(dir, 'chosen.skill');
    grants.grant(1, chosen);
    const res = await saveFrom(1, chosen);
    expect(res).toMatchObject({ ok: true, result: { path: chosen, base64: null } });
    expect(readFileSync(chosen)).toEqual(BYTES);
    // Spent: the same path again needs the dialog again.
    rmSync(chosen);
    const again = await saveFrom(1, chosen);
    expect(again).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    expect(existsSync(chosen)).toBe(false);
    expect(calls).toBe(1);
  });

  it('refuses a path the renderer made up, or another window’s choice, before calling', async () => {
    const chosen = path.join(dir, 'chosen.skill');
    grants.grant(1, chosen);
    const madeUp = `${dir}/evil/../chosen.skill`;
    for (const [windowId, savePath] of [
      [1, path.join(dir, 'elsewhere.skill')],
      [1, madeUp],
      [1, 42],
      [2, chosen],
    ] as const) {
      const res = await saveFrom(windowId, savePath);
      expect(res, String(savePath)).toMatchObject({ ok: false, error: { code: 'forbidden_path' } });
    }
    expect(calls).toBe(0);
    expect(existsSync(chosen)).toBe(false);
    expect(existsSync(path.join(dir, 'elsewhere.skill'))).toBe(false);
  });

  it('returns a result with no bytes as it is, and keeps the grant', async () => {
    const chosen = path.join(dir, 'chosen.skill');
    grants.grant(1, chosen);
    const res = await saveFrom(1, chosen, exported(true));
    expect(res).toMatchObject({ ok: true, result: { path: null, refused: true } });
    expect(existsSync(chosen)).toBe(false);
    expect(grants.allows(1, chosen)).toBe(true);
  });
});
