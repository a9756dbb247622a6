/**
 * A throw-away workspace for the end-to-end tests: a few skills that are valid,
 * one with a warning, some with sidecars, and an agents allowlist. Each spec
 * works on its own skill so the specs do not disturb each other.
 */
import { mkdtemp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

// A 16×16 checkered PNG, so the image preview has something to show.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJUlEQVR4nGOw7X8AR7Xx1+AIlzjDINRAjCJk8cGoYRAG60iMBwCjra8Q6V2wmgAAAABJRU5ErkJggg==';

export function skillMd(
  name: string,
  description: string,
  extra = '',
  body = `# ${name}\n\nSteps to follow.\n`,
): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra}---\n${body}`;
}

type Files = Record<string, string | Buffer>;

const SKILLS: Record<string, Files> = {
  'alpha-skill': {
    'SKILL.md': skillMd(
      'alpha-skill',
      'Adds days to a date and explains the result.',
      'license: MIT\ntags:\n  - dates\n  - demo\n',
      '# Alpha skill\n\nUse this skill to **add days** to a date.\n\n## Steps\n\n1. Read the date.\n2. Add the days.\n\n```bash\ndate -d "+3 days"\n```\n\n![remote](https://example.com/tracker.png)\n',
    ),
  },
  'beta-tools': {
    'SKILL.md': skillMd(
      'beta-tools',
      'Fills PDF forms from a JSON answer sheet.',
      'tags:\n  - documents\n',
    ),
    'scripts/run.py': 'import json, sys\nprint(json.dumps({"type": "result", "data": {}}))\n',
    'references/guide.md': '# Guide\n\nHow the forms are filled.\n',
    'assets/logo.png': Buffer.from(PNG_BASE64, 'base64'),
  },
  'gamma-warn': {
    'SKILL.md': skillMd(
      'gamma-warn',
      'Has a key nobody defines, which is a warning.',
      'colour: blue\n',
    ),
  },
  'validate-target': {
    'SKILL.md': skillMd('validate-target', 'The skill whose name the validation spec breaks.'),
  },
  'save-target': { 'SKILL.md': skillMd('save-target', 'The skill the save spec edits.') },
  'conflict-target': {
    'SKILL.md': skillMd('conflict-target', 'The skill changed on disk while edited.'),
  },
  'sidecar-target': {
    'SKILL.md': skillMd('sidecar-target', 'The skill that gets new sidecar files.'),
    'references/notes.md': '# Notes\n',
  },
  'export-target': {
    'SKILL.md': skillMd(
      'export-target',
      'The skill exported as a bundle.',
      'license: Apache-2.0\n',
    ),
    'scripts/run.sh': '#!/bin/sh\necho \'{"type":"result","data":{"ok":true}}\'\n',
    'references/deep/notes.md': '# Deep notes\n',
  },
};

export interface Workspace {
  /** The temporary folder holding the workspace (and the server's state). */
  base: string;
  /** The workspace root (the folder the studio opens). */
  root: string;
  skillsDir: string;
  stateDir: string;
  home: string;
  skillDir(name: string): string;
  cleanup(): Promise<void>;
}

export async function createWorkspace(): Promise<Workspace> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'skill-studio-e2e-'));
  const root = path.join(base, 'workspace');
  const skillsDir = path.join(root, 'skills');
  const stateDir = path.join(base, 'state');
  const home = path.join(base, 'home');
  await mkdir(stateDir, { recursive: true });
  await mkdir(home, { recursive: true });
  for (const [name, files] of Object.entries(SKILLS)) {
    for (const [rel, content] of Object.entries(files)) {
      const file = path.join(skillsDir, name, rel);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
  await writeFile(
    path.join(root, 'skill-studio.json'),
    JSON.stringify(
      { agents: [{ id: 'writer', name: 'Writer', allowed_skills: ['alpha-skill', 'beta-tools'] }] },
      null,
      2,
    ) + '\n',
  );
  return {
    base,
    root,
    skillsDir,
    stateDir,
    home,
    skillDir: (name) => path.join(skillsDir, name),
    cleanup: () => rm(base, { recursive: true, force: true }),
  };
}

/**
 * Rewrites a file the open studio watches (skill-studio.json) in one step, as an editor
 * that saves atomically does: written in place, a reload that runs between the truncation
 * and the write would see an empty file and, for a moment, a workspace with no agents.
 */
export async function rewriteWatched(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text);
  await rename(temp, file);
}
