/**
 * The bundle methods over a stand-in registry: the export policy (a skill with errors is
 * refused unless forced; a request never names where a bundle is written) and an import
 * that re-reads the sources before it returns.
 */
import { mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import {
  lookupOver,
  registryCalls,
  skillRecord,
  writeSkill,
} from '../skills/test-support/skill-records';
import { bundlesHandlers, exportSkillBundle } from './handlers';

let tmp: string;
let good: string;
let broken: string;
let into: string;
let records: SkillRecord[];
let registry: ReturnType<typeof registryCalls>;
let bundles: ReturnType<typeof bundlesHandlers>;

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'bundle-handlers-')));
  good = await writeSkill(path.join(tmp, 'src'), 'good');
  // Name and folder disagree: an error, so export must refuse without force.
  broken = await writeSkill(path.join(tmp, 'src'), 'broken', 'not-broken');
  into = path.join(tmp, 'ws', 'skills');
  records = [await skillRecord(good), await skillRecord(broken)];
  registry = registryCalls();
  bundles = bundlesHandlers({
    skillAt: lookupOver(() => records).skillAt,
    importDir: () => into,
    reload: registry.reload,
  });
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('bundle handlers', () => {
  it('refuses to export a skill with errors unless forced', async () => {
    const refused = await bundles['bundles.export']({ skill: broken, format: 'zip' });
    expect(refused).toMatchObject({ refused: true, base64: null, path: null, bytes: 0 });
    expect(refused.diagnostics.some((d) => d.severity === 'error')).toBe(true);

    const forced = await bundles['bundles.export']({ skill: broken, format: 'zip', force: true });
    expect(forced).toMatchObject({ refused: false, fileName: 'not-broken.zip' });
    expect(
      Buffer.from(forced.base64 ?? '', 'base64')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('returns the bytes and writes nothing, whoever asks', async () => {
    const res = await exportSkillBundle(records[0], 'skill');
    expect(res).toMatchObject({ path: null, refused: false, fileName: 'good.skill' });
    expect(
      Buffer.from(res.base64 ?? '', 'base64')
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect(await readdir(tmp)).not.toContain('good.skill');
  });

  it('exports a folder no workspace lists as it is, under the same policy', async () => {
    const elsewhere = await writeSkill(path.join(tmp, 'elsewhere'), 'loose', 'not-loose');
    const refused = await bundles['bundles.export']({ folder: elsewhere, format: 'zip' });
    expect(refused).toMatchObject({ refused: true, base64: null });
    const forced = await bundles['bundles.export']({
      folder: elsewhere,
      format: 'zip',
      force: true,
    });
    expect(forced).toMatchObject({ refused: false, fileName: 'not-loose.zip' });
    expect(forced.entries).toEqual(['not-loose/SKILL.md']);
  });

  it('fixes SKILL.md for a client in the archive only, and only when asked', async () => {
    const skillMd = path.join(good, 'SKILL.md');
    await writeFile(skillMd, '---\nname: good\ndescription: Good.\nauthor: me\n---\nBody\n');
    records = [await skillRecord(good), await skillRecord(broken)];
    const plain = await bundles['bundles.export']({ skill: good, format: 'zip' });
    const fixed = await bundles['bundles.export']({
      skill: good,
      format: 'zip',
      fixFor: 'claude-upload',
    });
    expect(fixed.bytes).toBeGreaterThan(plain.bytes);
    expect(fixed.base64).not.toBe(plain.base64);
    // Claude Code ignores keys it does not know: nothing to move, the same bundle.
    const unmoved = await bundles['bundles.export']({
      skill: good,
      format: 'zip',
      fixFor: 'claude-code',
    });
    expect(unmoved.base64).toBe(plain.base64);
    expect(await readFile(skillMd, 'utf8')).toContain('\nauthor: me\n');
  });

  it('imports an exported bundle into the workspace and re-reads the sources', async () => {
    const { base64 } = await bundles['bundles.export']({ skill: good, format: 'zip' });
    const preview = await bundles['bundles.inspect']({ base64: base64 ?? '', fileName: 'g.zip' });
    expect(preview.skills.map((s) => [s.folder, s.exists])).toEqual([['good', false]]);
    expect(registry.calls).toEqual([]);

    const res = await bundles['bundles.import']({ base64: base64 ?? '', fileName: 'g.zip' });
    expect(res.path).toBe(path.join(into, 'good'));
    expect(await readdir(into)).toEqual(['good']);
    expect(registry.calls).toEqual(['reload']);
  });

  it('imports bytes as they are into a folder the caller names, without the workspace', async () => {
    const { base64 } = await bundles['bundles.export']({ skill: good, format: 'zip' });
    const bytes = new Uint8Array(Buffer.from(base64 ?? '', 'base64'));
    const elsewhere = path.join(tmp, 'elsewhere', 'deep');
    const res = await bundles['bundles.import']({ bytes, fileName: 'g.zip', into: elsewhere });
    expect(res.path).toBe(path.join(elsewhere, 'good'));
    expect(await readdir(elsewhere)).toEqual(['good']);
    await expect(readdir(into)).rejects.toMatchObject({ code: 'ENOENT' });
    // Refused as any existing folder is, and nothing of it is written.
    await expect(
      bundles['bundles.import']({ bytes, fileName: 'g.zip', into: elsewhere }),
    ).rejects.toMatchObject({ code: 'exists' });
    expect(await readdir(elsewhere)).toEqual(['good']);
  });

  it('leaves nothing behind of a refused bundle, not even the folder it made for it', async () => {
    const made = path.join(tmp, 'fresh');
    const bytes = new Uint8Array(Buffer.from('PK\x03\x04 no zip at all'));
    await expect(
      bundles['bundles.import']({ bytes, fileName: 'bad.zip', into: path.join(made, 'in') }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    await expect(readdir(made)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses bytes that are not bytes (JSON can only send an object)', async () => {
    const notBytes = { 0: 80, 1: 75 } as unknown as Uint8Array;
    await expect(
      bundles['bundles.import']({ bytes: notBytes, fileName: 'g.zip' }),
    ).rejects.toMatchObject({ code: 'invalid_params' });
    expect(registry.calls).toEqual([]);
  });
});
