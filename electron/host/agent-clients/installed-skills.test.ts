/**
 * `catalog: installed` and `own_login`, read at the boundary and from the user's folders:
 * only the client's own user-level skills folders are read, nothing is followed out of
 * them, and a login is found only where the client keeps it (or refused naming where).
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readRunIn } from '../../../shared/agent-clients/run-in';
import { runCliIn } from '../../test-support/run-cli';
import { tempWorkspace } from '../../test-support/temp-workspace';
import { installedSkills, userSkillFolders } from './installed-skills';
import { findOwnLogin } from './own-login';

let root: string;
let home: string;

function skill(dir: string, name: string): string {
  const d = path.join(dir, name);
  mkdirSync(d, { recursive: true });
  writeFileSync(
    path.join(d, 'SKILL.md'),
    `---\nname: ${name}\ndescription: ${name} does things.\n---\n`,
  );
  return d;
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'installed-skills-'));
  home = path.join(root, 'home');
  mkdirSync(home);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the skills the user installed for a client', () => {
  it("reads the client's own user folders, in its precedence, without the skill under test", async () => {
    skill(path.join(home, '.claude/skills'), 'alpha');
    skill(path.join(home, '.claude/skills'), 'under-test');
    skill(path.join(home, '.agents/skills'), 'beta');
    skill(path.join(home, '.codex/skills'), 'gamma');
    skill(path.join(home, '.codex/skills/.system'), 'sys');
    expect(userSkillFolders('codex', home)).toEqual([
      path.join(home, '.agents/skills'),
      path.join(home, '.codex/skills'),
    ]);
    expect((await installedSkills('claude-code', home, 'under-test')).map((s) => s.name)).toEqual([
      'alpha',
    ]);
    expect((await installedSkills('codex', home, 'x')).map((s) => s.name)).toEqual([
      'beta',
      'gamma',
    ]);
    // OpenCode reads Claude Code's and the shared folder too (its documentation).
    expect((await installedSkills('opencode', home, 'x')).map((s) => s.name)).toEqual([
      'alpha',
      'under-test',
      'beta',
    ]);
    expect(await installedSkills('claude-code', null, 'x')).toEqual([]);
  });

  it('follows no link out of the folders: a linked skill, a link inside, a linked folder', async () => {
    const outside = path.join(root, 'outside');
    const secretSkill = skill(outside, 'secret-skill');
    const skills = path.join(home, '.claude/skills');
    skill(skills, 'plain');
    symlinkSync(secretSkill, path.join(skills, 'linked'));
    const leaky = skill(skills, 'leaky');
    symlinkSync('/etc/passwd', path.join(leaky, 'passwd'));
    mkdirSync(path.join(skills, 'no-skill-md'));
    // The whole Gemini folder is a link out of the home folder.
    mkdirSync(path.join(home, '.gemini'));
    symlinkSync(outside, path.join(home, '.gemini/skills'));
    expect((await installedSkills('claude-code', home, 'x')).map((s) => s.name)).toEqual(['plain']);
    expect(await installedSkills('gemini-cli', home, 'x')).toEqual([]);
  });
});

describe('run_in.catalog and run_in.own_login at the boundary', () => {
  it('accepts the three catalogs and own_login, and refuses anything else naming the field', () => {
    for (const catalog of ['skill', 'workspace', 'installed'])
      expect(readRunIn({ run_in: { client: 'codex', catalog } })).toEqual({
        client: 'codex',
        catalog,
      });
    expect(readRunIn({ run_in: { client: 'codex', own_login: true } })).toEqual({
      client: 'codex',
      own_login: true,
    });
    expect(readRunIn({ run_in: { client: 'codex', catalog: 'everything' } })).toBe(
      'metadata.run_in.catalog must be one of skill, workspace, installed',
    );
    expect(readRunIn({ run_in: { client: 'codex', own_login: 'yes' } })).toBe(
      'metadata.run_in.own_login must be true or false',
    );
    expect(readRunIn({ run_in: { client: 'codex', own_login: true, provider: 'p' } })).toMatch(
      /own_login .*leave out provider/,
    );
  });
});

describe("the client's own login", () => {
  it('takes the key from the environment first, then the credential file', async () => {
    const env = { OPENAI_API_KEY: 'sk-env-0123456789abcdef' };
    expect(await findOwnLogin('codex', env, home)).toMatchObject({
      kind: 'openai-compatible',
      baseUrl: 'https://api.openai.com/v1',
      key: 'sk-env-0123456789abcdef',
      files: [],
      source: 'OPENAI_API_KEY',
    });
    mkdirSync(path.join(home, '.codex'));
    writeFileSync(
      path.join(home, '.codex/auth.json'),
      JSON.stringify({ OPENAI_API_KEY: 'sk-file-0123456789abcdef' }),
    );
    const fromFile = await findOwnLogin('codex', {}, home, {
      apis: { 'openai-compatible': 'http://127.0.0.1:9/v1' },
    });
    expect(fromFile).toMatchObject({
      key: 'sk-file-0123456789abcdef',
      baseUrl: 'http://127.0.0.1:9/v1',
    });
    expect(fromFile.secrets).toContain('sk-file-0123456789abcdef');
  });

  it("copies Claude Code's sign-in file only, and never through a link", async () => {
    mkdirSync(path.join(home, '.claude'));
    const creds = path.join(home, '.claude/.credentials.json');
    writeFileSync(
      creds,
      JSON.stringify({ claudeAiOauth: { accessToken: 'sk-ant-oat01-abcdef0123456789' } }),
    );
    const login = await findOwnLogin('claude-code', {}, home);
    expect(login).toMatchObject({
      key: null,
      files: [{ from: creds, to: '.claude/.credentials.json' }],
    });
    expect(login.secrets).toContain('sk-ant-oat01-abcdef0123456789');
    rmSync(creds);
    writeFileSync(path.join(root, 'elsewhere.json'), '{"claudeAiOauth":{}}');
    symlinkSync(path.join(root, 'elsewhere.json'), creds);
    await expect(findOwnLogin('claude-code', {}, home)).rejects.toThrow(
      /Claude Code's own login was not found: looked for ANTHROPIC_API_KEY in the environment, ~\/\.claude\/\.credentials\.json/,
    );
  });

  it('names a sign-in it cannot pass through', async () => {
    mkdirSync(path.join(home, '.codex'));
    writeFileSync(
      path.join(home, '.codex/auth.json'),
      JSON.stringify({ tokens: { access_token: 'eyJ-chatgpt-0123456789abcdef' } }),
    );
    await expect(findOwnLogin('codex', {}, home)).rejects.toThrow(
      '~/.codex/auth.json holds a ChatGPT sign-in, not an API key; set an API key instead',
    );
  });

  it('refuses naming every place it looked', async () => {
    await expect(findOwnLogin('gemini-cli', {}, home)).rejects.toThrow(
      "Gemini CLI's own login was not found: looked for GEMINI_API_KEY in the environment, GOOGLE_API_KEY in the environment, ~/.gemini/oauth_creds.json;",
    );
    await expect(findOwnLogin('opencode', {}, null)).rejects.toThrow(
      /~\/\.local\/share\/opencode\/auth\.json.*\(no home folder to look in\)/,
    );
  });
});

describe('call --client --catalog / --own-login on the command line', () => {
  it('refuses a bad catalog, --own-login with --provider, and either without --client', async () => {
    const ws = tempWorkspace();
    try {
      ws.addSkill('hello-skill', 'name: hello-skill\ndescription: Greets the user by name.');
      const call = (...args: string[]) => runCliIn(ws.root, ['call', 'hello-skill', ...args]);
      const bad = await call('--client', 'codex', '--catalog', 'everything');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('--catalog must be one of skill, workspace, installed');
      const both = await call('--client', 'codex', '--own-login', '--provider', 'p');
      expect(both.code).toBe(2);
      expect(both.stderr).toContain('--own-login');
      expect(both.stderr).toContain('cannot take --provider');
      for (const flag of [['--catalog', 'installed'], ['--own-login']]) {
        const alone = await call(...flag);
        expect(alone.code).toBe(2);
        expect(alone.stderr).toContain(`${flag[0]} chooses how an agent client runs`);
      }
      const evalBad = await runCliIn(ws.root, [
        'eval',
        'hello-skill',
        '--triggers',
        '--client',
        'codex',
        '--catalog',
        'all',
      ]);
      expect(evalBad.code).toBe(2);
      expect(evalBad.stderr).toContain('--catalog must be one of skill, workspace, installed');
    } finally {
      ws.cleanup();
    }
  });
});
