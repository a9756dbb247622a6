/**
 * The readable copy of a root-only skill: every path into the skill moves to the copy,
 * also one under a folder whose name starts with two dots, and nothing outside does.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dropFor } from './plain';
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

describe('dropFor', () => {
  it("counts a script under `..bin/` as the skill's own, so one nobody cannot read is copied", () => {
    const skill = path.join(base, 'private-skill');
    mkdirSync(path.join(skill, '..bin'), { recursive: true });
    chmodSync(base, 0o755);
    chmodSync(skill, 0o755);
    chmodSync(path.join(skill, '..bin'), 0o755);
    const script = path.join(skill, '..bin', 'run.sh');
    writeFileSync(script, 'echo hi\n', { mode: 0o600 });
    chmodSync(script, 0o600);
    const drop = dropFor(specFor(skill, [script]));
    expect(drop.blocked).toEqual({ path: script, what: "the skill's script", inSkill: true });
  });
});
