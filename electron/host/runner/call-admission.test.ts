/**
 * The checks a call passes once its skill is found and allowed: readiness (a shared
 * name, a Blocked folder, a status other than Published) and where it may run.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SkillRecord } from '../../../shared/skill/model';
import { placementOf, readinessRefusal } from './call-admission';
import { FIXTURES_DIR, readFixture } from './fixtures/fixture-catalog';

let published: SkillRecord;
let draft: SkillRecord;
let archived: SkillRecord;

beforeAll(async () => {
  published = await readFixture(join(FIXTURES_DIR, 'fx-llm'));
  draft = await readFixture(join(FIXTURES_DIR, 'fx-draft'));
  archived = await readFixture(join(FIXTURES_DIR, 'fx-archived'));
});

const conflicted = (r: SkillRecord): SkillRecord => ({
  ...r,
  summary: { ...r.summary, conflict: true },
  diagnostics: [
    {
      severity: 'error',
      code: 'SKILL_NAME_CONFLICT',
      message: 'another skill of this source is named fx-llm',
      line: 2,
      column: 1,
      field: 'name',
    },
  ],
});

describe('readinessRefusal', () => {
  it('lets a Published skill with nothing wrong run', () => {
    expect(readinessRefusal(published, 'fx-llm', false)).toBeNull();
  });

  it('refuses a name two skills share, unless the call pinned the folder', () => {
    expect(readinessRefusal(conflicted(published), 'fx-llm', false)).toEqual({
      code: 'skill_error',
      message:
        'two skills in the same source are named "fx-llm" (SKILL_NAME_CONFLICT); rename one of them',
    });
    expect(readinessRefusal(conflicted(published), 'fx-llm', true)).toBeNull();
  });

  it('refuses a Blocked skill with its first error, and one that is not Published', () => {
    const blocked = { ...conflicted(published), summary: published.summary };
    expect(readinessRefusal(blocked, 'fx-llm', false)?.message).toMatch(
      /^the skill "fx-llm" is Blocked by an error in its folder: SKILL\.md:2: SKILL_NAME_CONFLICT .*; fix it, then call again$/,
    );
    expect(readinessRefusal(draft, 'fx-draft', false)).toEqual({
      code: 'skill_error',
      message: 'the skill "fx-draft" is Created; only Published skills can be called',
    });
    expect(readinessRefusal(archived, 'fx-archived', false)?.message).toBe(
      'the skill "fx-archived" is Archived; only Published skills can be called',
    );
  });
});

describe('placementOf', () => {
  const runIn = { run_in: { client: 'claude-code' } };

  it("takes the studio's run_in and sandbox, and ignores an agent's", () => {
    expect(placementOf({ metadata: { ...runIn, sandbox: 'process' } }, null, true)).toEqual({
      runIn: { client: 'claude-code' },
      sandbox: 'process',
    });
    expect(placementOf({ metadata: { ...runIn, sandbox: 'bogus' } }, 'writer', false)).toEqual({
      runIn: null,
      sandbox: undefined,
    });
    expect(placementOf({ metadata: {} }, null, false)).toEqual({ runIn: null, sandbox: undefined });
  });

  it('refuses a bad run_in or sandbox, and a client run this host cannot make', () => {
    expect(placementOf({ metadata: { run_in: 'claude' } }, null, true)).toEqual({
      refusal: {
        code: 'invalid_message',
        message: 'metadata.run_in must be an object such as {"client": "claude-code"}',
      },
    });
    expect(placementOf({ metadata: runIn }, null, false)).toEqual({
      refusal: {
        code: 'runtime_error',
        message: 'this host cannot run skills inside agent clients',
      },
    });
    const bad = placementOf({ metadata: { sandbox: 'bogus' } }, null, true);
    expect('refusal' in bad && bad.refusal.message).toMatch(/^metadata\.sandbox must be one of "/);
  });
});
