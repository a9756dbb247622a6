/**
 * The recent workspaces: newest first, no repeats, at most ten; a state folder that cannot be
 * written or a file that cannot be parsed never stops the studio, and leaves a log line.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { configureLog } from '../log';
import { RecentWorkspaces } from './recent-workspaces';

let state: string;
let lines: string[];
beforeEach(async () => {
  state = await mkdtemp(path.join(os.tmpdir(), 'recent-'));
  lines = [];
  configureLog({ level: 'info', sink: (line) => lines.push(line) });
});
afterEach(async () => {
  configureLog({ level: 'info', sink: null });
  await rm(state, { recursive: true, force: true });
});

describe('RecentWorkspaces', () => {
  it('keeps the newest first, without repeats, at most ten', async () => {
    const recent = new RecentWorkspaces(state);
    expect(await recent.list()).toEqual([]);
    for (let i = 0; i < 12; i++) await recent.add(`/w/${i}`);
    await recent.add('/w/5');
    const list = await recent.list();
    expect(list).toHaveLength(10);
    expect(list.slice(0, 3)).toEqual(['/w/5', '/w/11', '/w/10']);
    expect(lines).toEqual([]);
  });

  it('keeps nothing without a state folder', async () => {
    const recent = new RecentWorkspaces(null);
    await recent.add('/w/a');
    expect(await recent.list()).toEqual([]);
  });

  it('starts afresh from a file it cannot parse, and says so in the log', async () => {
    await writeFile(path.join(state, 'recent-workspaces.json'), '{ not json');
    expect(await new RecentWorkspaces(state).list()).toEqual([]);
    expect(lines.join('\n')).toMatch(/read the recent workspaces/);
  });

  it('goes on when the state folder cannot be written, and says so in the log', async () => {
    // A file where the folder should be: mkdir fails for root too.
    const blocked = path.join(state, 'blocked');
    await writeFile(blocked, '');
    await new RecentWorkspaces(path.join(blocked, 'state')).add('/w/a');
    expect(lines.join('\n')).toMatch(/remember the recent workspaces/);
  });
});
