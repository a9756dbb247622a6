/** What is taken for a git URL, and what never reaches `git clone`. */
import { describe, expect, it } from 'vitest';
import { cloneShallow, looksLikeGitUrl } from './git-source';

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
});
