/** The install table agrees with the clients' documented folders and with discovery. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_PROFILES } from '../../../shared/skill/client-profiles';
import { defaultWorkspaceConfig } from '../workspace/workspace-config';
import { resolveSources } from '../registry/sources';
import { detectClients, INSTALLABLE_CLIENTS, installFolder, installFolderOrNull } from './clients';

let base: string;
let home: string;
let ws: string;
beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-clients-'));
  home = path.join(base, 'home');
  ws = path.join(base, 'ws');
  mkdirSync(home);
  mkdirSync(ws);
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe('install clients', () => {
  it("installs into a folder the client's profile says it reads, and that discovery scans", () => {
    const roots = { home, workspace: ws };
    const scanned = resolveSources({
      workspace: ws,
      home,
      frameworkDir: null,
      config: defaultWorkspaceConfig(),
    }).map((s) => s.dir);
    for (const id of INSTALLABLE_CLIENTS) {
      const { folders } = CLIENT_PROFILES[id];
      for (const scope of ['project', 'user'] as const) {
        const dir = installFolderOrNull(id, scope, roots);
        if (dir === null) {
          expect(folders[scope], `${id} ${scope}`).toEqual([]);
          continue;
        }
        const documented = folders[scope].map((rel) =>
          scope === 'user' ? path.join(home, rel.replace(/^~\//, '')) : path.join(ws, rel),
        );
        expect(documented, `${id} ${scope}`).toContain(dir);
        expect(scanned, `${id} ${scope}`).toContain(dir);
      }
    }
  });

  it('says why a client has no folder to install into', () => {
    const roots = { home, workspace: ws };
    expect(() => installFolder('claude-upload', 'user', roots)).toThrow(/export a bundle/);
    expect(() => installFolder('spec', 'project', roots)).toThrow(/not a client/);
    expect(() => installFolder('adk', 'user', roots)).toThrow(/reads no user skills folder/);
    expect(() => installFolder('codex', 'project', { home, workspace: null })).toThrow(
      /open a workspace first/,
    );
  });

  it('detects clients by their folders and config files, in the home and the workspace', async () => {
    mkdirSync(path.join(home, '.gemini'));
    mkdirSync(path.join(home, '.config', 'opencode'), { recursive: true });
    writeFileSync(path.join(ws, 'CLAUDE.md'), '# project\n');
    mkdirSync(path.join(ws, '.github', 'skills'), { recursive: true });
    const found = await detectClients({ home, workspace: ws });
    const byId = new Map(found.map((c) => [c.id, c]));
    expect(byId.get('gemini-cli')?.userFound).toBe('~/.gemini');
    expect(byId.get('opencode')?.userFound).toBe('~/.config/opencode');
    expect(byId.get('claude-code')).toMatchObject({ userFound: null, projectFound: 'CLAUDE.md' });
    expect(byId.get('copilot')?.projectFound).toBe('.github/skills');
    expect(byId.get('cursor')).toMatchObject({ userFound: null, projectFound: null });
    expect(byId.has('claude-upload')).toBe(false);
  });
});
