/**
 * Ctrl+P's file listings: asked of the host a few at a time (a large workspace must not
 * flood it), once per skill until that skill changes, and an answer that arrives after the
 * workspace changed is not kept.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Backend } from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { filesOf, forgetFilesOf, forgetFilesOfSkills, requestFiles } from './skill-files-cache';

function fakeBackend() {
  const asked: string[] = [];
  const waiting: (() => void)[] = [];
  let inFlight = 0;
  let peak = 0;
  const backend = {
    asked,
    peak: () => peak,
    releaseAll: () => waiting.splice(0).forEach((go) => go()),
    async call(method: string, params: { skill: string }) {
      if (method !== 'skills.get') throw new Error(`not faked: ${method}`);
      asked.push(params.skill);
      peak = Math.max(peak, ++inFlight);
      await new Promise<void>((resolve) => waiting.push(resolve));
      inFlight--;
      const name = params.skill.split('/').pop() ?? '';
      return {
        summary: { name },
        files: [
          { path: 'references', bytes: 0, dir: true },
          { path: 'references/a.md', bytes: 1 },
        ],
      };
    },
    onEvent: () => () => undefined,
  };
  setBackend(backend as unknown as Backend);
  return backend;
}

const settle = async (fake: ReturnType<typeof fakeBackend>) => {
  for (let i = 0; i < 20; i++) {
    fake.releaseAll();
    await new Promise((r) => setTimeout(r, 0));
  }
};

afterEach(() => forgetFilesOfSkills(null));

describe('the file listings cache', () => {
  it('asks four at a time, keeps files (not folders), and never asks twice', async () => {
    const fake = fakeBackend();
    const dirs = Array.from({ length: 10 }, (_, i) => `/w/skills/s${i}`);
    requestFiles(dirs);
    requestFiles(dirs);
    await settle(fake);
    expect(fake.peak()).toBe(4);
    expect(new Set(fake.asked).size).toBe(10);
    expect(fake.asked).toHaveLength(10);
    expect(filesOf(dirs[3])).toEqual(['references/a.md']);
    requestFiles(dirs);
    await settle(fake);
    expect(fake.asked).toHaveLength(10);
  });

  it('asks again after the skill changed, by folder or by name', async () => {
    const fake = fakeBackend();
    requestFiles(['/w/skills/one', '/w/skills/two']);
    await settle(fake);
    forgetFilesOf('/w/skills/one');
    forgetFilesOfSkills(['two']);
    expect(filesOf('/w/skills/one')).toBeUndefined();
    expect(filesOf('/w/skills/two')).toBeUndefined();
    requestFiles(['/w/skills/one', '/w/skills/two']);
    await settle(fake);
    expect(fake.asked).toHaveLength(4);
  });

  it('drops an answer that comes back after the workspace changed', async () => {
    const fake = fakeBackend();
    requestFiles(['/old/skills/x']);
    forgetFilesOfSkills(null);
    await settle(fake);
    expect(filesOf('/old/skills/x')).toBeUndefined();
  });
});
