/** Temp folders of real skills for tests; removed by the returned cleanup. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface TempWorkspace {
  root: string;
  /** Writes `skills/<name>/SKILL.md` (and extra files) and returns the skill folder. */
  addSkill(
    name: string,
    frontmatter: string,
    body?: string,
    files?: Record<string, string>,
  ): string;
  write(rel: string, text: string): string;
  cleanup(): void;
}

export function tempWorkspace(prefix = 'skill-studio-test-'): TempWorkspace {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  const write = (rel: string, text: string) => {
    const file = path.join(root, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    return file;
  };
  return {
    root,
    write,
    addSkill(name, frontmatter, body = '# Body\n', files = {}) {
      write(`skills/${name}/SKILL.md`, `---\n${frontmatter.trim()}\n---\n${body}`);
      for (const [rel, text] of Object.entries(files)) write(`skills/${name}/${rel}`, text);
      return path.join(root, 'skills', name);
    },
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
