/**
 * Hostile skill folders against every read the host makes of them, through the Studio
 * API and the local server: links out of the skill (a private key), /dev/zero, FIFOs and
 * files that are not what they claim to be. Nothing outside a skill is ever served, no
 * error quotes the bytes of such a file, and no special file blocks the thread pool.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../server/server';
import { serveWorkspace } from '../test-support/serve-workspace';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { readSkillFile } from './skill-files';
import type { StudioHost } from './studio-host';
import { loadWorkspaceConfig } from './workspace/workspace-config';

const TOKEN = 'host-reads-token-0123456789';
const SECRET = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n';
/** Looks like frontmatter, so a reader that follows the link would happily serve it. */
const SECRET_SKILL_MD = `---\nname: linked\ndescription: d\n---\n${SECRET}`;

const mkfifo = (file: string): void => {
  execFileSync('mkfifo', [file]);
};

describe.runIf(process.platform !== 'win32')('host reads of hostile skill folders', () => {
  let ws: TempWorkspace;
  let host: StudioHost;
  let server: RunningServer;

  beforeAll(async () => {
    ws = tempWorkspace('skill-studio-host-reads-');
    const outside = ws.write('outside/id_rsa', SECRET);
    ws.write('outside/skill.md', SECRET_SKILL_MD);

    // SKILL.md is a link to a file outside the skill.
    const linked = path.join(ws.root, 'skills', 'linked');
    mkdirSync(linked, { recursive: true });
    symlinkSync(path.join(ws.root, 'outside', 'skill.md'), path.join(linked, 'SKILL.md'));

    // SKILL.md is a FIFO.
    const piped = path.join(ws.root, 'skills', 'piped');
    mkdirSync(piped, { recursive: true });
    mkfifo(path.join(piped, 'SKILL.md'));

    // Saved cases that are links out, a device, FIFOs, and a file that is not JSON.
    const cased = ws.addSkill('cased', 'name: cased\ndescription: Cases.', '# Cased\n', {
      'tests/cases/good.json': JSON.stringify({
        name: 'good',
        arguments: {},
        expect: { success: true },
      }),
      'tests/cases/passwd.json': 'root:x:0:0:root:/root:/bin/bash\n',
      'sidecar.md': 'a sidecar',
    });
    const cases = path.join(cased, 'tests', 'cases');
    symlinkSync(outside, path.join(cases, 'key.json'));
    symlinkSync('/dev/zero', path.join(cases, 'zero.json'));
    for (let i = 0; i < 3; i++) mkfifo(path.join(cases, `pipe-${i}.json`));
    for (let i = 0; i < 6; i++) mkfifo(path.join(cased, `pipe-${i}.md`));

    ({ host, server } = await serveWorkspace(ws.root, TOKEN));
  });

  afterAll(async () => {
    await server?.close();
    await host?.close();
    ws?.cleanup();
  });

  const get = async (urlPath: string): Promise<{ status: number; body: string }> => {
    const res = await fetch(`http://127.0.0.1:${server.port}${urlPath}`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    return { status: res.status, body: await res.text() };
  };

  const call = async (method: string, params: unknown): Promise<unknown> => {
    const r = await host.call(method, params);
    if (!r.ok) throw Object.assign(new Error(r.error.message), { code: r.error.code });
    return r.result;
  };

  it('flags a SKILL.md linked outside its skill and never serves it (skills.get, HTTP)', async () => {
    const detail = (await host.invoke('skills.get', { skill: 'linked' })) as {
      skillMd: string;
      summary: { diagnostics: { code: string }[] };
    };
    expect(detail.summary.diagnostics.map((d) => d.code)).toContain('FILE_UNREADABLE');
    expect(detail.skillMd).toBe('');
    expect(JSON.stringify(detail)).not.toContain('PRIVATE KEY');

    const http = await get('/api/v1/skills/linked');
    expect(http.status).toBe(200);
    expect(JSON.parse(http.body).skill_md).toBe('');
    expect(http.body).not.toContain('PRIVATE KEY');
  });

  it('reads saved cases only from regular files inside the skill, quoting none of their bytes', async () => {
    const listed = (await call('cases.list', { skill: 'cased' })) as {
      file: string;
      case: unknown;
      error: string | null;
    }[];
    const byFile = new Map(listed.map((c) => [c.file.slice('tests/cases/'.length), c]));
    expect(byFile.get('good.json')).toMatchObject({ error: null, case: { name: 'good' } });
    expect(byFile.get('key.json')?.error).toMatch(/outside the skill folder/);
    expect(byFile.get('zero.json')?.error).toMatch(/outside the skill folder/);
    for (let i = 0; i < 3; i++)
      expect(byFile.get(`pipe-${i}.json`)?.error).toMatch(/named pipe \(FIFO\)/);
    // Where the parse stopped, never what it met there.
    expect(byFile.get('passwd.json')?.error).toBe('tests/cases/passwd.json:1:1: not valid JSON');
    const all = JSON.stringify(listed);
    expect(all).not.toContain('PRIVATE KEY');
    expect(all).not.toContain('root:x');
    expect(all).not.toContain('"root');
  });

  it('answers a FIFO as SKILL.md, as a sidecar and as skill-studio.json with a clear error', async () => {
    const piped = (await host.invoke('skills.get', { skill: 'piped' })) as {
      skillMd: string;
      summary: { diagnostics: { code: string; message: string }[] };
    };
    expect(piped.summary.diagnostics[0]).toMatchObject({ code: 'FILE_UNREADABLE' });
    expect(piped.skillMd).toBe('');

    await expect(call('files.read', { skill: 'cased', path: 'pipe-0.md' })).rejects.toMatchObject({
      code: 'invalid_params',
      message: 'pipe-0.md: is a named pipe (FIFO), not a regular file',
    });
    const cased = path.join(ws.root, 'skills', 'cased');
    await expect(readSkillFile(cased, 'pipe-1.md')).rejects.toMatchObject({
      code: 'invalid_params',
    });

    const other = tempWorkspace('skill-studio-fifo-config-');
    try {
      mkfifo(path.join(other.root, 'skill-studio.json'));
      const loaded = await loadWorkspaceConfig(other.root);
      expect(loaded.diagnostics).toHaveLength(1);
      expect(loaded.diagnostics[0].message).toBe(
        'skill-studio.json: is a named pipe (FIFO), not a regular file',
      );
    } finally {
      other.cleanup();
    }
  });

  it('keeps the thread pool free: many FIFO reads at once, then the server still answers', async () => {
    // More FIFO reads than libuv has threads (4), over every route that reads skill files.
    const reads = await Promise.allSettled([
      ...Array.from({ length: 6 }, (_, i) =>
        call('files.read', { skill: 'cased', path: `pipe-${i}.md` }),
      ),
      ...Array.from({ length: 3 }, () => call('cases.list', { skill: 'cased' })),
      ...Array.from({ length: 3 }, () => get('/api/v1/skills/piped')),
    ]);
    expect(reads.filter((r) => r.status === 'rejected')).toHaveLength(6);
    // Had any open blocked, these reads (index.html, a sidecar) would never finish.
    const index = await get('/');
    expect(index.body).toContain('<title>studio</title>');
    expect(await call('files.read', { skill: 'cased', path: 'sidecar.md' })).toMatchObject({
      kind: 'text',
      text: 'a sidecar',
    });
  });
});
