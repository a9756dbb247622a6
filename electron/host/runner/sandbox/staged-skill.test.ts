/**
 * The readable copy of a root-only skill: every path into the skill moves to the copy,
 * also one under a folder whose name starts with two dots, and nothing outside does.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { stageSkillCopy } from './staged-skill';
import type { LaunchSpec } from './types';

const base = mkdtempSync(path.join(tmpdir(), 'staged-skill-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function specFor(skillRoot: string, args: string[]): LaunchSpec {
  const scratch = path.join(base, 'scratch');
  mkdirSync(scratch, { recursive: true });
  return {
    command: '/bin/sh',
    args,
    env: { SKILL_ROOT: skillRoot },
    skillRoot,
    scratch,
    readOnlyPaths: [],
    caps: {
      dataBytes: null,
      addressSpaceBytes: null,
      fileSizeBytes: null,
      cpuSeconds: null,
      processes: null,
    },
    cgroupProcs: [],
    processesInside: null,
    tmpfs: { scratchBytes: 0, shmBytes: 0, tmpBytes: 0 },
  };
}

describe('stageSkillCopy', () => {
  it('moves a script under `..bin/` into the copy and leaves `../` paths alone', () => {
    const skill = path.join(base, 'skill');
    mkdirSync(path.join(skill, '..bin'), { recursive: true });
    writeFileSync(path.join(skill, '..bin', 'run.sh'), 'echo inside\n');
    const outside = path.join(base, 'elsewhere.sh');
    writeFileSync(outside, 'echo outside\n');
    const staged = stageSkillCopy(
      specFor(skill, [path.join(skill, '..bin', 'run.sh'), path.join(skill, '..', 'elsewhere.sh')]),
    );
    try {
      const [script, other] = staged.spec.args;
      expect(script).toBe(path.join(staged.spec.skillRoot, '..bin', 'run.sh'));
      expect(script.startsWith(skill + path.sep)).toBe(false);
      expect(readFileSync(script, 'utf8')).toBe('echo inside\n');
      expect(other).toBe(path.join(skill, '..', 'elsewhere.sh'));
      expect(staged.spec.env.SKILL_ROOT).toBe(staged.spec.skillRoot);
    } finally {
      staged.cleanup();
    }
  });
});
