/**
 * The host's one answer to "which skill does this call name, and may it be changed": by
 * folder, by a name only one skill answers to, never a guess between two, and a read-only
 * skill refused for writing.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import { lookupOver, skillRecord, writeSkill } from './test-support/skill-records';

let tmp: string;
let records: SkillRecord[];
const lookup = lookupOver(() => records);

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'skill-lookup-')));
  records = [
    await skillRecord(await writeSkill(tmp, 'mine')),
    await skillRecord(await writeSkill(tmp, 'shipped'), { readOnly: true }),
  ];
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

describe('skill lookup', () => {
  it('finds a skill by its folder or by its name', () => {
    expect(lookup.skillAt(path.join(tmp, 'mine')).summary.name).toBe('mine');
    expect(lookup.skillAt('mine').dir).toBe(path.join(tmp, 'mine'));
    expect(lookup.resolveSkill(path.join(tmp, 'shipped')).summary.name).toBe('shipped');
  });

  it('refuses what is not listed', () => {
    expect(() => lookup.skillAt(path.join(tmp, 'nope'))).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
    expect(() => lookup.resolveSkill('nope')).toThrow(
      expect.objectContaining({ code: 'not_found' }),
    );
  });

  it('refuses a name two skills share rather than guess, and takes either by folder', async () => {
    const other = await skillRecord(await writeSkill(path.join(tmp, 'more'), 'mine'));
    records = [{ ...records[0], summary: { ...records[0].summary, conflict: true } }, other];
    expect(() => lookup.skillAt('mine')).toThrow(
      expect.objectContaining({ code: 'invalid_params' }),
    );
    expect(lookup.skillAt(other.dir)).toBe(other);
  });

  it('gives a writable skill for writing and refuses a read-only one, naming why', () => {
    expect(lookup.writableSkill('mine').summary.name).toBe('mine');
    expect(() => lookup.writableSkill(path.join(tmp, 'shipped'))).toThrow(
      expect.objectContaining({ code: 'read_only', message: expect.stringMatching(/bundled/) }),
    );
    // Reading is never refused for being read-only.
    expect(lookup.skillAt('shipped').summary.writable).toBe(false);
  });
});
