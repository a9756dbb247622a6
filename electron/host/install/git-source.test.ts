/** What is taken for a git URL, and what never reaches `git clone`. */
import { describe, expect, it } from 'vitest';
import { cloneShallow, looksLikeGitUrl, withoutCredentials } from './git-source';

describe('git sources', () => {
  it('takes https, ssh, git, file and scp-like addresses for URLs, nothing else', () => {
    for (const url of [
      'https://github.com/anthropics/skills.git',
      'ssh://git@example.com/skills.git',
      'git://example.com/skills',
      'file:///srv/skills',
      'git@github.com:anthropics/skills.git',
    ])
      expect(looksLikeGitUrl(url), url).toBe(true);
    for (const other of [
      'ext::sh -c touch% /tmp/pwned',
      '--upload-pack=touch',
      './skills',
      'C:\\x',
    ])
      expect(looksLikeGitUrl(other), other).toBe(false);
  });

  it('refuses a transport command or an option dressed as a path before running git', async () => {
    await expect(cloneShallow('ext::sh -c touch% /tmp/pwned')).rejects.toThrow(
      /not a git repository/,
    );
    await expect(cloneShallow('--upload-pack=touch')).rejects.toThrow(/not a git repository/);
  });

  it('takes the user:password (or an http token given as the user) out of a URL, keeping ssh login names', () => {
    expect(withoutCredentials('http://alice:TOKEN@host/repo.git')).toBe('http://host/repo.git');
    expect(withoutCredentials('https://ghp_abc123@github.com/o/r.git')).toBe(
      'https://github.com/o/r.git',
    );
    // The authority ends at the first `/`: an `@` later in the path is no credential.
    expect(withoutCredentials('https://a:p%40ss@h:8443/x@y')).toBe('https://h:8443/x@y');
    expect(withoutCredentials('ssh://u:pw@host/r')).toBe('ssh://host/r');
    for (const kept of [
      'ssh://git@example.com/skills.git',
      'git@github.com:anthropics/skills.git',
      'https://github.com/anthropics/skills.git',
      'file:///srv/skills',
    ])
      expect(withoutCredentials(kept)).toBe(kept);
  });

  it('names a failed clone without the credentials of its URL', async () => {
    const err = await cloneShallow('http://alice:S3cret-token@127.0.0.1:9/repo.git').catch(
      (e: unknown) => e as Error,
    );
    expect((err as Error).message).toMatch(/^Could not clone http:\/\/127\.0\.0\.1:9\/repo\.git: /);
    expect((err as Error).message).not.toMatch(/S3cret|alice/);
  });
});
