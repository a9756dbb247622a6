/**
 * Who a run asks: the provider and model asked for, the skill's llm_config, or the
 * default; a grader on the run's provider; and the skills the model sees beside this one.
 */
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SkillListing } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import { loadProviderSet, type LoadedProviderSet } from '../providers';
import { skillRecord, writeSkill } from '../skills/test-support/skill-records';
import { otherSkills, resolveTarget } from './eval-targets';

let tmp: string;
let set: LoadedProviderSet;
let plain: SkillRecord;
let configured: SkillRecord;

const provider = (id: string, model: string, models?: string[]) => ({
  id,
  kind: 'openai-compatible',
  base_url: `http://127.0.0.1:9/${id}`,
  model,
  ...(models ? { models } : {}),
});

beforeEach(async () => {
  tmp = await realpath(await mkdtemp(path.join(os.tmpdir(), 'eval-targets-')));
  set = await loadProviderSet(
    [provider('first', 'm1'), provider('second', 's1', ['s1', 's2'])],
    {},
    null,
    null,
    tmp,
  );
  plain = await skillRecord(await writeSkill(tmp, 'plain'));
  const dir = await writeSkill(tmp, 'configured');
  await writeFile(
    path.join(dir, 'SKILL.md'),
    '---\nname: configured\ndescription: Has its own model.\nllm_config:\n  provider_name: second\n  provider_config:\n    model: s2\n---\nBody\n',
  );
  configured = await skillRecord(dir);
});
afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const target = (t: { provider: { id: string }; model: string }) => `${t.provider.id}/${t.model}`;

describe('resolveTarget', () => {
  it('takes what is asked, else the skill’s llm_config, else the default provider', () => {
    expect(target(resolveTarget(set, { provider: 'second' }, plain))).toBe('second/s1');
    expect(target(resolveTarget(set, { provider: 'second', model: 's2' }, plain))).toBe(
      'second/s2',
    );
    expect(target(resolveTarget(set, {}, configured))).toBe('second/s2');
    expect(target(resolveTarget(set, undefined, plain))).toBe('first/m1');
    // A provider asked for by name uses its own model, not the skill's.
    expect(target(resolveTarget(set, { provider: 'second' }, configured))).toBe('second/s1');
  });

  it("puts a grader on the run's provider unless another is named", () => {
    const run = resolveTarget(set, { provider: 'second' }, plain);
    expect(target(resolveTarget(set, { model: 's2' }, plain, run))).toBe('second/s2');
    expect(target(resolveTarget(set, { provider: 'first' }, plain, run))).toBe('first/m1');
  });

  it('refuses an unknown provider, a model the provider does not list, and no provider', async () => {
    expect(() => resolveTarget(set, { provider: 'nope' }, plain)).toThrow(
      expect.objectContaining({
        code: 'invalid_params',
        message: 'no provider "nope" is configured',
      }),
    );
    expect(() => resolveTarget(set, { provider: 'second', model: 'x' }, plain)).toThrow(
      'the model "x" is not among the models of provider "second"',
    );
    const none = await loadProviderSet(
      [],
      { SKILL_STUDIO_PROVIDERS: path.join(tmp, 'none.json') },
      null,
    );
    expect(() => resolveTarget(none, undefined, plain)).toThrow(
      /^no LLM provider is configured, so evals cannot run: /,
    );
  });
});

describe('otherSkills', () => {
  const listing = {
    skills: [
      { name: 'a', description: 'A.', status: 'Active', shadowed_by: null },
      { name: 'b', description: 'B.', status: 'Archived', shadowed_by: null },
      { name: 'c', description: 'C.', status: 'Active', shadowed_by: null },
      // A skill another one shadows is not what the model sees.
      { name: 'a', description: 'Shadowed A.', status: 'Active', shadowed_by: '/elsewhere/a' },
    ],
  } as unknown as SkillListing;
  const ctx = {
    listing: () => listing,
    agents: () => [{ id: 'writer', allowed_skills: ['c', 'missing'] }] as never,
  };

  it('lists every skill but the archived ones, or only those the agent allows', () => {
    expect(otherSkills(ctx, null)).toEqual([
      { name: 'a', description: 'A.' },
      { name: 'c', description: 'C.' },
    ]);
    expect(otherSkills(ctx, 'writer')).toEqual([{ name: 'c', description: 'C.' }]);
  });

  it('refuses an agent that skill-studio.json does not name', () => {
    expect(() => otherSkills(ctx, 'nobody')).toThrow(
      expect.objectContaining({
        code: 'not_found',
        message: 'no agent "nobody" in skill-studio.json',
      }),
    );
  });
});
