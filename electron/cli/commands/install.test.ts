/**
 * `skill-studio install / uninstall / outdated / update` against a temporary HOME, a
 * temporary workspace and git repositories made here (git init, commit): copy and
 * link, conflicts, the lockfile, updates after a new commit, hostile repositories and
 * a URL that fails, which must leave nothing behind; and a cloned project as an attacker
 * would commit it: a lockfile whose keys climb out, a skills folder that is a link, a
 * lockfile whose sources were never approved here, and a git URL carrying a token.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../main';
import { zipFiles as zip } from '../../test-support/zip-files';
import type { CliIO } from '../io';
import { startGitHttpServer, type GitHttpServer } from '../../test-support/git-http-server';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let base: string;
let home: string;
let ws: string;
let tmp: string;
let savedTmp: string | undefined;

async function cli(...args: string[]): Promise<Run> {
  return cliWith(new PassThrough(), args);
}

/** The CLI on a terminal whose user types `answer`. */
function cliTty(answer: string, ...args: string[]): Promise<Run> {
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  stdin.end(answer);
  return cliWith(stdin, args);
}

async function cliWith(stdin: NodeJS.ReadableStream, args: string[]): Promise<Run> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = '';
  let stderr = '';
  out.on('data', (c) => (stdout += c));
  err.on('data', (c) => (stderr += c));
  const io: CliIO = {
    stdout: out,
    stderr: err,
    stdin,
    cwd: ws,
    env: { PATH: process.env.PATH, HOME: home },
    onInterrupt: () => () => {},
    onOutputClosed: () => () => {},
  };
  const code = await runCli(args, io);
  return { code, stdout, stderr };
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const skillMd = (name: string, body = 'Do the thing.\n', extra = '') =>
  `---\nname: ${name}\ndescription: ${name} helps with tests.${extra}\n---\n${body}`;

function git(repo: string, ...args: string[]): string {
  return execFileSync(
    'git',
    [
      '-c',
      'user.name=Test',
      '-c',
      'user.email=test@example.com',
      '-c',
      'commit.gpgsign=false',
      ...args,
    ],
    { cwd: repo, encoding: 'utf8', env: { PATH: process.env.PATH, HOME: home } },
  );
}

/** A repository with skills/<name>/SKILL.md for each name, committed. */
function makeRepo(names: string[]): string {
  const repo = path.join(base, 'repo');
  for (const n of names) write(path.join(repo, 'skills', n, 'SKILL.md'), skillMd(n));
  git(base, 'init', '--quiet', '-b', 'main', repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'skills');
  return repo;
}

const claudeProject = () => path.join(ws, '.claude', 'skills');
const lock = (folder: string) =>
  JSON.parse(readFileSync(path.join(folder, 'skills-lock.json'), 'utf8')) as {
    skills: Record<
      string,
      {
        source: { kind: string };
        commit: string | null;
        mode: string;
        files: Record<string, string>;
      }
    >;
  };

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-install-'));
  home = path.join(base, 'home');
  ws = path.join(base, 'ws');
  tmp = path.join(base, 'tmp');
  for (const d of [home, ws, tmp]) mkdirSync(d);
  // Clones and unpacked bundles go here, so the test can see that none is left behind.
  savedTmp = process.env.TMPDIR;
  process.env.TMPDIR = tmp;
});

afterEach(() => {
  if (savedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmp;
  rmSync(base, { recursive: true, force: true });
});

describe('skill-studio install', () => {
  it('copies a skill of a local git repository into Claude Code (project) and records it', async () => {
    const repo = makeRepo(['alpha', 'beta']);
    const res = await cli(
      'install',
      repo,
      '--to',
      'claude-code',
      '--scope',
      'project',
      '--skill',
      'alpha',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const installed = path.join(claudeProject(), 'alpha');
    expect(readFileSync(path.join(installed, 'SKILL.md'), 'utf8')).toBe(skillMd('alpha'));
    expect(lstatSync(installed).isDirectory()).toBe(true);
    expect(existsSync(path.join(claudeProject(), 'beta'))).toBe(false);
    const entry = lock(claudeProject()).skills.alpha;
    expect(entry.source.kind).toBe('git');
    expect(entry.commit).toBe(git(repo, 'rev-parse', 'HEAD').trim());
    expect(entry.mode).toBe('copy');
    expect(Object.keys(entry.files)).toEqual(['SKILL.md']);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it("installs a repository that is itself the skill, leaving out the clone's .git; --link links its working tree", async () => {
    const repo = path.join(base, 'solo');
    write(path.join(repo, 'SKILL.md'), skillMd('solo'));
    git(base, 'init', '--quiet', '-b', 'main', repo);
    git(repo, 'add', '-A');
    git(repo, 'commit', '--quiet', '-m', 'solo');
    expect((await cli('install', repo, '--to', 'opencode', '--scope', 'user')).code).toBe(0);
    const folder = path.join(home, '.config', 'opencode', 'skills');
    expect(readdirSync(path.join(folder, 'solo'))).toEqual(['SKILL.md']);
    expect(lock(folder).skills.solo.source.kind).toBe('git');

    const linked = await cli('install', repo, '--to', 'opencode', '--link');
    expect(linked.code).toBe(0);
    const link = path.join(ws, '.opencode', 'skills', 'solo');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(lock(path.join(ws, '.opencode', 'skills')).skills.solo.source.kind).toBe('folder');
  });

  it('lists the skills and the clients found when no --to is given, writing nothing', async () => {
    const repo = makeRepo(['alpha']);
    mkdirSync(path.join(home, '.codex'));
    const res = await cli('install', repo, '--json');
    expect(res.code).toBe(0);
    const out = JSON.parse(res.stdout) as {
      skills: { name: string }[];
      clients: { id: string; userFound: string | null; userFolder: string }[];
    };
    expect(out.skills.map((s) => s.name)).toEqual(['alpha']);
    const codex = out.clients.find((k) => k.id === 'codex');
    expect(codex?.userFound).toBe('~/.codex');
    expect(codex?.userFolder).toBe(path.join(home, '.agents', 'skills'));
    expect(out.clients.find((k) => k.id === 'cursor')?.userFound).toBeNull();
    expect(existsSync(claudeProject())).toBe(false);
  });

  it('links a folder for live development, and uninstall removes only the link', async () => {
    const src = path.join(base, 'dev', 'gamma');
    write(path.join(src, 'SKILL.md'), skillMd('gamma'));
    const res = await cli('install', src, '--to', 'codex', '--scope', 'user', '--link');
    expect(res.code).toBe(0);
    const link = path.join(home, '.agents', 'skills', 'gamma');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    write(path.join(src, 'notes.md'), 'live\n');
    expect(readFileSync(path.join(link, 'notes.md'), 'utf8')).toBe('live\n');

    const un = await cli('uninstall', 'gamma', '--from', 'codex', '--scope', 'user');
    expect(un.code).toBe(0);
    expect(existsSync(link)).toBe(false);
    expect(readFileSync(path.join(src, 'SKILL.md'), 'utf8')).toBe(skillMd('gamma'));
    // The last uninstall takes the lockfile install made away too.
    expect(readdirSync(path.join(home, '.agents', 'skills'))).toEqual([]);
  });

  it('stops at an existing skill of that name with its diff; replace, keep and rename resolve it', async () => {
    write(path.join(claudeProject(), 'alpha', 'SKILL.md'), skillMd('alpha', 'Mine.\n'));
    write(path.join(claudeProject(), 'alpha', 'mine.txt'), 'x');
    const repo = makeRepo(['alpha']);
    const refused = await cli('install', repo, '--to', 'claude-code');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /alpha exists; pass --replace, --keep, or --rename \(installs as alpha-2\)/,
    );
    expect(refused.stderr).toMatch(/- mine\.txt/);
    expect(refused.stderr).toMatch(/~ SKILL\.md/);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toMatch(/Mine/);

    expect((await cli('install', repo, '--to', 'claude-code', '--keep')).code).toBe(0);
    expect(existsSync(path.join(claudeProject(), 'alpha', 'mine.txt'))).toBe(true);

    expect((await cli('install', repo, '--to', 'claude-code', '--rename')).code).toBe(0);
    const renamed = readFileSync(path.join(claudeProject(), 'alpha-2', 'SKILL.md'), 'utf8');
    expect(renamed).toMatch(/^name: alpha-2$/m);

    expect((await cli('install', repo, '--to', 'claude-code', '--replace')).code).toBe(0);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toBe(
      skillMd('alpha'),
    );
    expect(existsSync(path.join(claudeProject(), 'alpha', 'mine.txt'))).toBe(false);
    expect(readdirSync(claudeProject()).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('uninstall removes exactly what was installed, refusing an edited copy unless forced', async () => {
    const repo = makeRepo(['alpha']);
    await cli('install', repo, '--to', 'claude-code');
    write(path.join(claudeProject(), 'alpha', 'edit.md'), 'mine');
    const refused = await cli('uninstall', 'alpha', '--from', 'claude-code');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/changed since it was installed \(edit\.md\)/);
    expect(existsSync(path.join(claudeProject(), 'alpha'))).toBe(true);
    expect((await cli('uninstall', 'alpha', '--from', 'claude-code', '--force')).code).toBe(0);
    expect(existsSync(path.join(claudeProject(), 'alpha'))).toBe(false);

    // A skill nobody installed through the lockfile is never removed.
    write(path.join(claudeProject(), 'hand', 'SKILL.md'), skillMd('hand'));
    const notOurs = await cli('uninstall', 'hand', '--from', 'claude-code');
    expect(notOurs.code).toBe(2);
    expect(existsSync(path.join(claudeProject(), 'hand', 'SKILL.md'))).toBe(true);
  });

  it('refuses a skill the client check fails, unless forced', async () => {
    const src = path.join(base, 'src', 'my-claude-helper');
    write(
      path.join(src, 'SKILL.md'),
      skillMd('my-claude-helper', 'Body\n', '\nwhen_to_use: often'),
    );
    const res = await cli('install', src, '--to', 'gemini-cli', '--scope', 'user');
    // Gemini CLI does not fail on unknown keys: the install goes through with a warning.
    expect(res.code).toBe(0);
    const bad = path.join(base, 'src', 'Bad_Name');
    write(path.join(bad, 'SKILL.md'), skillMd('Bad_Name'));
    const refused = await cli('install', bad, '--to', 'cursor');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Bad_Name refused for cursor/);
    expect(existsSync(path.join(ws, '.cursor', 'skills', 'Bad_Name'))).toBe(false);
    expect((await cli('install', bad, '--to', 'cursor', '--force')).code).toBe(0);
    expect(existsSync(path.join(ws, '.cursor', 'skills', 'Bad_Name', 'SKILL.md'))).toBe(true);
  });
});

describe('skill-studio install from a bundle', () => {
  it('unpacks through bundle import and installs the picked skill, leaving no temp folder', async () => {
    const bundle = path.join(base, 'two.zip');
    writeFileSync(
      bundle,
      await zip({ 'one/SKILL.md': skillMd('one'), 'two/SKILL.md': skillMd('two') }),
    );
    const res = await cli(
      'install',
      bundle,
      '--to',
      'copilot',
      '--scope',
      'user',
      '--skill',
      'two',
    );
    expect(res.code).toBe(0);
    const folder = path.join(home, '.copilot', 'skills');
    expect(readdirSync(folder).sort()).toEqual(['skills-lock.json', 'two']);
    expect(lock(folder).skills.two.source.kind).toBe('bundle');
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses a bundle with a link entry as import does', async () => {
    const bundle = path.join(base, 'slip.zip');
    writeFileSync(
      bundle,
      await zip({ 'one/SKILL.md': skillMd('one'), 'one/passwd': '/etc/passwd' }, ['one/passwd']),
    );
    const res = await cli('install', bundle, '--to', 'copilot');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Refused bundle entry/);
    expect(readdirSync(tmp)).toEqual([]);
    expect(existsSync(path.join(ws, '.github'))).toBe(false);
  });
});

describe('skill-studio outdated / update', () => {
  it('shows the files a new commit changes, and applies them only with --yes', async () => {
    const repo = makeRepo(['alpha']);
    await cli('install', repo, '--to', 'claude-code');
    expect((await cli('outdated')).code).toBe(0);

    write(path.join(repo, 'skills', 'alpha', 'SKILL.md'), skillMd('alpha', 'Better.\n'));
    write(path.join(repo, 'skills', 'alpha', 'reference.md'), 'more\n');
    git(repo, 'add', '-A');
    git(repo, 'commit', '--quiet', '-m', 'v2');
    const head = git(repo, 'rev-parse', 'HEAD').trim();

    const out = await cli('outdated');
    expect(out.code).toBe(1);
    expect(out.stdout).toMatch(/alpha \(claude-code, project\) outdated/);
    expect(out.stdout).toMatch(/\+ reference\.md/);
    expect(out.stdout).toMatch(/~ SKILL\.md/);

    const plan = await cli('update');
    expect(plan.code).toBe(0);
    expect(plan.stdout).toMatch(/nothing written; run again with --yes/);
    expect(existsSync(path.join(claudeProject(), 'alpha', 'reference.md'))).toBe(false);

    const applied = await cli('update', '--yes');
    expect(applied.code).toBe(0);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'reference.md'), 'utf8')).toBe(
      'more\n',
    );
    expect(lock(claudeProject()).skills.alpha.commit).toBe(head);
    expect((await cli('outdated')).code).toBe(0);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('leaves an edited copy alone unless forced', async () => {
    const repo = makeRepo(['alpha']);
    await cli('install', repo, '--to', 'claude-code');
    write(path.join(claudeProject(), 'alpha', 'SKILL.md'), skillMd('alpha', 'Local edit.\n'));
    write(path.join(repo, 'skills', 'alpha', 'SKILL.md'), skillMd('alpha', 'Upstream.\n'));
    git(repo, 'commit', '--quiet', '-am', 'v2');
    const res = await cli('update', '--yes');
    expect(res.code).toBe(1);
    expect(res.stdout).toMatch(/skipped/);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toMatch(
      /Local edit/,
    );
    expect((await cli('update', '--yes', '--force')).code).toBe(0);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toMatch(
      /Upstream/,
    );
  });
});

describe('hostile and failing sources', () => {
  it('refuses a repository whose skill holds a link pointing outside, writing nothing', async () => {
    const repo = path.join(base, 'repo');
    write(path.join(repo, 'skills', 'evil', 'SKILL.md'), skillMd('evil'));
    symlinkSync('/etc/passwd', path.join(repo, 'skills', 'evil', 'passwd'));
    git(base, 'init', '--quiet', '-b', 'main', repo);
    git(repo, 'add', '-A');
    git(repo, 'commit', '--quiet', '-m', 'evil');
    const res = await cli('install', repo, '--to', 'claude-code');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Refused skill evil: "passwd" is a symbolic link/);
    expect(existsSync(path.join(ws, '.claude'))).toBe(false);
    expect(readdirSync(tmp)).toEqual([]);
  });

  it('refuses a skill whose name would leave the skills folder', async () => {
    const repo = path.join(base, 'repo');
    write(path.join(repo, 'skills', 'dots', 'SKILL.md'), skillMd('../../escape'));
    git(base, 'init', '--quiet', '-b', 'main', repo);
    git(repo, 'add', '-A');
    git(repo, 'commit', '--quiet', '-m', 'dots');
    const res = await cli('install', repo, '--to', 'claude-code');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/cannot be a folder name/);
    expect(existsSync(path.join(ws, '.claude'))).toBe(false);
    expect(existsSync(path.join(base, 'escape'))).toBe(false);
  });

  it('refuses a .git folder inside a skill of a plain folder', async () => {
    const src = path.join(base, 'src', 'sneaky');
    write(path.join(src, 'SKILL.md'), skillMd('sneaky'));
    write(path.join(src, 'sub', '.git', 'config'), '[core]\n\tfsmonitor = touch /tmp/pwned\n');
    const res = await cli('install', path.join(base, 'src'), '--to', 'claude-code');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/"sub\/\.git" is a Git folder inside the skill/);
    expect(existsSync(path.join(ws, '.claude'))).toBe(false);
  });

  it('a URL that fails says so and leaves nothing behind; so does a repository without skills', async () => {
    const res = await cli('install', `file://${path.join(base, 'nowhere')}`, '--to', 'claude-code');
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/Could not clone file:\/\/.*nowhere/);
    expect(readdirSync(tmp)).toEqual([]);
    expect(existsSync(path.join(ws, '.claude'))).toBe(false);

    const empty = path.join(base, 'empty');
    write(path.join(empty, 'README.md'), 'no skills\n');
    git(base, 'init', '--quiet', '-b', 'main', empty);
    git(empty, 'add', '-A');
    git(empty, 'commit', '--quiet', '-m', 'none');
    const none = await cli('install', empty, '--to', 'claude-code');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/holds no skills/);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

// ── a cloned project is hostile input ───────────────────────────────────────────

/** Every path under `dir` with what it is (content hash, link target, folder), `skip` left out. */
function tree(dir: string, skip: readonly string[] = []): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (skip.some((s) => p === s || p.startsWith(s + path.sep))) continue;
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out.set(p, `link ${readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(p, `dir ${st.mode}`);
        walk(p);
      } else
        out.set(p, `file ${st.mode} ${createHash('sha256').update(readFileSync(p)).digest('hex')}`);
    }
  };
  walk(dir);
  return out;
}

/** A lockfile entry as install writes one, for a lockfile a repository commits. */
function entry(location: string, files: Record<string, string>, extra: object = {}) {
  return {
    name: 'payload',
    client: 'claude-code',
    source: { kind: 'git', location, subpath: 'skills/payload' },
    commit: '0'.repeat(40),
    hash: 'sha256-old',
    mode: 'copy',
    installed_at: '2026-01-01T00:00:00.000Z',
    files,
    ...extra,
  };
}

function commitLockfile(skills: Record<string, unknown>): void {
  write(
    path.join(claudeProject(), 'skills-lock.json'),
    JSON.stringify({ version: 1, skills }, null, 2),
  );
}

/** The attacker's repository: skills/payload holds an authorized_keys of theirs. */
function attackerRepo(): string {
  const repo = path.join(base, 'attacker');
  write(path.join(repo, 'skills', 'payload', 'SKILL.md'), skillMd('payload'));
  write(path.join(repo, 'skills', 'payload', 'authorized_keys'), 'ssh-ed25519 AAAA attacker\n');
  git(base, 'init', '--quiet', '-b', 'main', repo);
  git(repo, 'add', '-A');
  git(repo, 'commit', '--quiet', '-m', 'payload');
  return repo;
}

describe('a hostile lockfile in a cloned project', () => {
  let keys: string;
  const original = 'ssh-ed25519 AAAA me@laptop\n';
  beforeEach(() => {
    keys = path.join(home, '.ssh', 'authorized_keys');
    write(keys, original);
  });

  it('a key climbing out to ~/.ssh is refused by outdated, update --yes (even trusted) and uninstall --force; nothing outside the skills folder changes', async () => {
    const repo = attackerRepo();
    const climb = '../'.repeat(30) + path.join(home, '.ssh').slice(1);
    commitLockfile({ [climb]: entry(repo, { 'SKILL.md': 'sha256-x' }) });
    const before = tree(base, [tmp]);
    const runs: Run[] = [];
    for (const args of [
      ['outdated'],
      ['update', '--yes', '--force'],
      ['update', '--yes', '--force', '--trust-lockfile'],
      ['uninstall', climb, '--from', 'claude-code', '--force'],
    ])
      runs.push(await cli(...args));
    expect(readFileSync(keys, 'utf8')).toBe(original);
    expect(tree(base, [tmp])).toEqual(before);
    expect(readdirSync(tmp)).toEqual([]);
    for (const res of runs) {
      expect(res.code).toBe(2);
      expect(res.stderr).toMatch(/not one plain folder name|"\.\." is not allowed/);
    }
  });

  it('uninstall ../x --force is refused and the folder beside the skills folder survives', async () => {
    write(path.join(ws, '.claude', 'x', 'keep.txt'), 'mine\n');
    // A key a repository committed for that very name.
    commitLockfile({ '../x': entry('/nowhere', { 'SKILL.md': 'sha256-x' }) });
    const before = tree(base);
    const res = await cli('uninstall', '../x', '--from', 'claude-code', '--force');
    expect(readFileSync(path.join(ws, '.claude', 'x', 'keep.txt'), 'utf8')).toBe('mine\n');
    expect(tree(base)).toEqual(before);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/not an installed skill's folder name/);
  });

  it('a recorded name that holds a folder without SKILL.md is never replaced or removed, forced or not', async () => {
    const repo = attackerRepo();
    write(path.join(claudeProject(), 'payload', 'notes.md'), 'my notes\n');
    // No SKILL.md recorded: the whole lockfile is refused.
    commitLockfile({ payload: entry(repo, {}) });
    expect((await cli('update', '--yes', '--force', '--trust-lockfile')).code).toBe(2);
    // SKILL.md recorded, but the folder there is not that skill.
    commitLockfile({ payload: entry(repo, { 'SKILL.md': 'sha256-x' }) });
    const before = tree(base, [tmp]);
    const upd = await cli('update', '--yes', '--force', '--trust-lockfile');
    const un = await cli('uninstall', 'payload', '--from', 'claude-code', '--force');
    expect(tree(base, [tmp])).toEqual(before);
    expect(readFileSync(path.join(claudeProject(), 'payload', 'notes.md'), 'utf8')).toBe(
      'my notes\n',
    );
    expect(upd.code).toBe(1);
    expect(upd.stdout).toMatch(/refused: .*payload is not the skill installed/);
    expect(un.code).toBe(1);
    expect(un.stderr).toMatch(/not the skill installed.*nothing removed/);
  });
});

describe('a lockfile that came with the project', () => {
  let server: GitHttpServer;
  let served: string;
  beforeEach(async () => {
    served = path.join(base, 'served');
    mkdirSync(served);
    server = await startGitHttpServer(served);
  });
  afterEach(() => server.close());

  /** A repository installed once by someone else, whose lockfile was committed; then v2. */
  async function clonedProject(): Promise<string> {
    const repo = makeRepo(['alpha']);
    git(base, 'clone', '--quiet', '--bare', repo, path.join(served, 'skills.git'));
    const url = `${server.url}/skills.git`;
    const other = path.join(base, 'other-home');
    mkdirSync(other);
    // Someone else's install: their HOME holds the trust record, not ours.
    const saved = home;
    home = other;
    expect((await cli('install', url, '--to', 'claude-code')).code).toBe(0);
    home = saved;
    write(path.join(repo, 'skills', 'alpha', 'SKILL.md'), skillMd('alpha', 'v2\n'));
    git(repo, 'commit', '--quiet', '-am', 'v2');
    git(repo, 'push', '--quiet', path.join(served, 'skills.git'), 'main');
    server.requests.length = 0;
    return url;
  }

  it('is shown with its sources and not fetched from without an answer; a no fetches nothing', async () => {
    const url = await clonedProject();
    const before = tree(base, [tmp, served]);
    const ci = await cli('update', '--yes');
    expect(ci.code).toBe(1);
    expect(ci.stderr).toMatch(/skills-lock\.json came with this project/);
    expect(ci.stderr).toContain(`alpha  git ${url} (skills/alpha)`);
    expect(ci.stderr).toMatch(/--trust-lockfile/);
    expect(ci.stdout).toMatch(/alpha \(claude-code, project\) not checked/);
    expect(ci.stdout).not.toMatch(/up to date/);
    expect((await cli('outdated')).code).toBe(1);
    const no = await cliTty('n\n', 'update', '--yes');
    expect(no.code).toBe(1);
    expect(server.requests).toEqual([]);
    expect(tree(base, [tmp, served])).toEqual(before);
  });

  it('a yes on a terminal fetches and is remembered; --trust-lockfile fetches this once', async () => {
    await clonedProject();
    const once = await cli('outdated', '--trust-lockfile');
    expect(once.code).toBe(1);
    expect(once.stdout).toMatch(/alpha \(claude-code, project\) outdated/);
    expect(server.requests.length).toBeGreaterThan(0);
    // Not remembered: asked again.
    expect((await cli('update', '--yes')).stderr).toMatch(/came with this project/);

    const yes = await cliTty('y\n', 'update', '--yes');
    expect(yes.code).toBe(0);
    expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toMatch(/v2/);
    // Written by this user's update now: trusted without a question.
    const again = await cli('outdated');
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
  });
});

describe('credentials in a git URL', () => {
  let server: GitHttpServer;
  const token = 'ghp_S3cretT0kenValue';
  beforeEach(async () => {
    const served = path.join(base, 'served');
    mkdirSync(served);
    git(base, 'clone', '--quiet', '--bare', makeRepo(['alpha']), path.join(served, 'private.git'));
    server = await startGitHttpServer(served, { user: 'alice', password: token });
  });
  afterEach(() => server.close());

  it('are used for the clone but never recorded or printed, also when the clone fails', async () => {
    const url = `${server.url.replace('://', `://alice:${token}@`)}/private.git`;
    const ok = await cli('install', url, '--to', 'claude-code');
    expect(ok.code).toBe(0);
    const installed = await cli('install', url, '--to', 'claude-code', '--json', '--replace');
    const bad = await cli(
      'install',
      url.replace(token, `${token}x`).replace('private', 'nope'),
      '--to',
      'claude-code',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/Could not clone http:\/\/127\.0\.0\.1:\d+\/nope\.git/);
    const outdated = await cli('outdated', '--json');
    const lockText = readFileSync(path.join(claudeProject(), 'skills-lock.json'), 'utf8');
    expect(lock(claudeProject()).skills.alpha.source).toMatchObject({
      location: `${server.url}/private.git`,
    });
    for (const text of [ok.stdout, ok.stderr, installed.stdout, bad.stdout, bad.stderr]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain('alice:');
    }
    for (const text of [lockText, outdated.stdout, outdated.stderr])
      expect(text).not.toContain(token);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe('credentials an older lockfile recorded', () => {
  it('are dropped when update records the new version', async () => {
    const token = 'glpat-0ldT0kenInLock';
    const served = path.join(base, 'served');
    mkdirSync(served);
    const repo = makeRepo(['alpha']);
    git(base, 'clone', '--quiet', '--bare', repo, path.join(served, 'r.git'));
    const server = await startGitHttpServer(served, { user: 'bob', password: token });
    try {
      const url = `${server.url.replace('://', `://bob:${token}@`)}/r.git`;
      expect((await cli('install', url, '--to', 'claude-code')).code).toBe(0);
      // As a version that kept the URL whole wrote it.
      const file = path.join(claudeProject(), 'skills-lock.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace(`${server.url}/r.git`, url));
      write(path.join(repo, 'skills', 'alpha', 'SKILL.md'), skillMd('alpha', 'v2\n'));
      git(repo, 'commit', '--quiet', '-am', 'v2');
      git(repo, 'push', '--quiet', path.join(served, 'r.git'), 'main');
      const res = await cli('update', '--yes', '--trust-lockfile');
      expect(res.code).toBe(0);
      expect(readFileSync(path.join(claudeProject(), 'alpha', 'SKILL.md'), 'utf8')).toMatch(/v2/);
      expect(readFileSync(file, 'utf8')).not.toContain(token);
      expect(res.stdout + res.stderr).not.toContain(token);
    } finally {
      await server.close();
    }
  });
});

describe('a skills folder committed as a link', () => {
  it('refuses an install, uninstall and update that would land outside the project, naming the real path', async () => {
    const elsewhere = path.join(base, 'elsewhere');
    mkdirSync(elsewhere);
    mkdirSync(path.join(ws, '.claude'));
    symlinkSync(elsewhere, claudeProject());
    const src = path.join(base, 'src', 'alpha');
    write(path.join(src, 'SKILL.md'), skillMd('alpha'));
    const res = await cli('install', src, '--to', 'claude-code');
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(
      `resolves (through a symbolic link) to ${realpathSync(elsewhere)}`,
    );
    expect(readdirSync(elsewhere)).toEqual([]);
    write(path.join(elsewhere, 'skills-lock.json'), JSON.stringify({ version: 1, skills: {} }));
    expect((await cli('update', '--yes', '--trust-lockfile')).code).toBe(2);
    expect((await cli('uninstall', 'alpha', '--from', 'claude-code')).code).toBe(2);

    // The link one level up, and a user install through a home folder link, alike.
    rmSync(path.join(ws, '.claude'), { recursive: true });
    symlinkSync(elsewhere, path.join(ws, '.claude'));
    expect((await cli('install', src, '--to', 'claude-code')).code).toBe(2);
    symlinkSync(elsewhere, path.join(home, '.agents'));
    expect((await cli('install', src, '--to', 'codex', '--scope', 'user')).code).toBe(2);
    expect(readdirSync(elsewhere)).toEqual(['skills-lock.json']);
  });
});

describe('a skill folder committed as a link to a device', () => {
  it('an install meeting it reports the conflict without reading the device', async () => {
    mkdirSync(path.join(claudeProject(), 'alpha'), { recursive: true });
    symlinkSync('/dev/zero', path.join(claudeProject(), 'alpha', 'SKILL.md'));
    const src = path.join(base, 'src', 'alpha');
    write(path.join(src, 'SKILL.md'), skillMd('alpha'));
    const res = await cli('install', src, '--to', 'claude-code', '--json');
    expect(res.code).toBe(1);
    const report = JSON.parse(res.stdout) as {
      skills: { result: string; conflict: { existingSkillMd: string | null } }[];
    };
    expect(report.skills[0].result).toBe('conflict');
    expect(report.skills[0].conflict.existingSkillMd).toBeNull();
  });
});
