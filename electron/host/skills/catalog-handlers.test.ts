/**
 * The workspace's skills read once, as the in-process host serves `skills.list` and
 * `skills.record`: the same listing the whole host gives, kept verdicts that change nothing
 * in the answer, and a name that is no skill refused as not found.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SkillRegistry } from '../registry/registry';
import type { ResolveSourcesOptions } from '../registry/sources';
import { defaultWorkspaceConfig } from '../workspace/workspace-file';
import { catalogHandlers } from './catalog-handlers';

let tmp: string;
let sources: ResolveSourcesOptions;
beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'catalog-'));
  const skills = path.join(tmp, 'ws', 'skills');
  for (const [name, extra] of [
    ['alpha', ''],
    ['broken', 'entrypoint: scripts/missing.sh\n'],
  ]) {
    await mkdir(path.join(skills, name), { recursive: true });
    await writeFile(
      path.join(skills, name, 'SKILL.md'),
      `---\nname: ${name}\ndescription: Does ${name} things. Use for ${name}.\n${extra}---\nBody.\n`,
    );
  }
  sources = {
    workspace: path.join(tmp, 'ws'),
    home: null,
    frameworkDir: null,
    config: defaultWorkspaceConfig(),
  };
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

describe('the catalog read once', () => {
  it('lists what the watching registry lists, with or without kept verdicts', async () => {
    const watching = new SkillRegistry(sources);
    await watching.load();
    const expected = watching.listing();
    await watching.close();
    const verdicts = { dir: path.join(tmp, 'cache'), buildId: 'test' };
    for (const kept of [null, verdicts, verdicts]) {
      const listing = await catalogHandlers({ sources: async () => sources, verdicts: kept })[
        'skills.list'
      ]({});
      expect(listing).toEqual(expected);
    }
    expect(expected.skills.map((s) => [s.name, s.has_errors])).toEqual([
      ['alpha', false],
      ['broken', true],
    ]);
  });

  it("gives a skill's whole record by name or folder, with every record", async () => {
    const h = catalogHandlers({ sources: async () => sources, verdicts: null });
    const byName = await h['skills.record']({ skill: 'alpha', countFiles: false });
    expect(byName.record.summary.name).toBe('alpha');
    expect(byName.record.summary.files_count).toBe(0);
    expect(byName.all.map((r) => r.summary.name)).toEqual(['alpha', 'broken']);
    const byDir = await h['skills.record']({ skill: byName.all[1].dir });
    expect(byDir.record.summary.name).toBe('broken');
    await expect(h['skills.record']({ skill: 'nope' })).rejects.toThrow("no skill named 'nope'");
  });
});
