/**
 * A running studio (serve, the desktop app) follows the user's providers file and the
 * approvals file beside it: an edit shows without a restart, the UI is told
 * (`providers.changed`), and a file broken mid-edit keeps the providers it had, with the
 * problem named, while a file opened to other users gets no such grace.
 */
import { chmod, mkdir, mkdtemp, realpath, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StudioEvent } from '../../../shared/api/studio-api';
import { StudioHost } from '../studio-host';
import { USER_PROVIDERS_ENV } from './user-providers';

let tmp: string;
let file: string;
let host: StudioHost;
const saved = process.env[USER_PROVIDERS_ENV];

/** Written as editors and the atomic writer do: a new file renamed over the old one. */
async function writeProviders(content: string, mode = 0o600): Promise<void> {
  const next = `${file}.tmp`;
  await writeFile(next, content, { mode });
  await chmod(next, mode);
  await rename(next, file);
}

const provider = (id: string) =>
  JSON.stringify({
    providers: [{ id, kind: 'openai-compatible', base_url: 'http://127.0.0.1:9/v1', model: 'm' }],
  });

/** The next `providers.changed` the host emits. */
function changed(): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no providers.changed within 5 s')), 5000);
    const off = host.onEvent((e: StudioEvent) => {
      if (e.type !== 'providers.changed') return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

const ids = async () => (await host.invoke('providers.list', {})).providers.map((p) => p.id).sort();

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'user-providers-watch-')));
  await mkdir(path.join(tmp, 'config'));
  file = path.join(tmp, 'config', 'providers.json');
  process.env[USER_PROVIDERS_ENV] = file;
  await writeProviders(provider('alpha'));
  await mkdir(path.join(tmp, 'ws'));
  host = await StudioHost.create({
    workspace: path.join(tmp, 'ws'),
    home: tmp,
    stateDir: null,
    noUser: true,
    frameworkDir: null,
    watch: true,
  });
});

afterEach(async () => {
  await host?.close();
  if (saved === undefined) delete process.env[USER_PROVIDERS_ENV];
  else process.env[USER_PROVIDERS_ENV] = saved;
  await rm(tmp, { recursive: true, force: true });
});

describe("the user's providers file while the studio runs", () => {
  it('an edit takes effect without a restart, and the UI is told', async () => {
    expect(await ids()).toEqual(['alpha']);
    const told = changed();
    await writeProviders(provider('beta'));
    await told;
    expect(await ids()).toEqual(['beta']);
  });

  it('a file broken mid-edit keeps the providers it had and names the problem', async () => {
    expect(await ids()).toEqual(['alpha']);
    const told = changed();
    await writeProviders('{"providers": [ {"id": "beta",');
    await told;
    const info = await host.invoke('providers.list', {});
    expect(info.providers.map((p) => p.id)).toEqual(['alpha']);
    expect(info.user_file_refused).toBeNull();
    expect(info.problems.join('\n')).toContain(`${file}:1:`);
    expect(info.problems.join('\n')).toContain('stay in use until it is fixed');
    // Fixed: the new version is used and the problem is gone.
    const again = changed();
    await writeProviders(provider('gamma'));
    await again;
    const fixed = await host.invoke('providers.list', {});
    expect(fixed.providers.map((p) => p.id)).toEqual(['gamma']);
    expect(fixed.problems).toEqual([]);
  });

  it('a file others may read gets no grace: nothing of it, nor of its last version, is used', async () => {
    expect(await ids()).toEqual(['alpha']);
    const told = changed();
    await writeProviders(provider('alpha'), 0o644);
    await told;
    const info = await host.invoke('providers.list', {});
    expect(info.providers).toEqual([]);
    expect(info.user_file_refused).toContain('chmod 600');
  });

  it('the approvals file beside it is followed too', async () => {
    const told = changed();
    await writeFile(path.join(tmp, 'config', 'provider-approvals.json'), '{"approvals": []}', {
      mode: 0o600,
    });
    await told;
  });
});
