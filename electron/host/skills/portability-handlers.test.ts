/**
 * `portability.rows` as the in-process host serves it: paths read as folders, names looked
 * up among the workspace's skills (read only when one is asked for), rows in order.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ResolveSourcesOptions } from '../registry/sources';
import { defaultWorkspaceConfig } from '../workspace/workspace-file';
import { portabilityHandlers } from './portability-handlers';

let tmp: string;
let reads: number;
const sources = (): Promise<ResolveSourcesOptions> => {
  reads++;
  return Promise.resolve({
    workspace: path.join(tmp, 'ws'),
    home: null,
    frameworkDir: null,
    config: defaultWorkspaceConfig(),
  });
};

async function skill(dir: string, frontmatter: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'SKILL.md'), `---\n${frontmatter}\n---\nBody.\n`);
}

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'portability-'));
  reads = 0;
  await skill(path.join(tmp, 'ws', 'skills', 'plain'), 'name: plain\ndescription: Plain. Use it.');
  await skill(
    path.join(tmp, 'elsewhere', 'tagged'),
    'name: tagged\ndescription: Tagged. Use it.\ntags: [a]',
  );
});
afterEach(() => rm(tmp, { recursive: true, force: true }));

describe('portability.rows', () => {
  it('reads paths and names in order, every listed skill when none is named', async () => {
    const rows = portabilityHandlers({ sources })['portability.rows'];
    const named = await rows({
      targets: [{ path: path.join(tmp, 'elsewhere') }, { skill: 'plain' }],
    });
    expect(named.map((r) => r.name)).toEqual(['tagged', 'plain']);
    // A studio extension is no part of agentskills.io: the upload refuses it, Claude Code not.
    expect(named[0].clients['claude-upload'].status).toBe('fail');
    expect(named[0].clients['claude-code'].status).toBe('ok');
    expect(named[1].clients['claude-upload'].status).toBe('ok');
    expect((await rows({ targets: [] })).map((r) => r.name)).toEqual(['plain']);
    await expect(rows({ targets: [{ skill: 'nope' }] })).rejects.toThrow("no skill named 'nope'");
    // The settings are read for every call, paths alone included.
    expect(reads).toBe(3);
  });
});
