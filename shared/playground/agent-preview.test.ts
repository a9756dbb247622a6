import { describe, expect, it } from 'vitest';
import type { SkillListItem } from '../api/studio-api';
import { agentPreview, freshAgentId, tagCounts } from './agent-preview';
import { skillListItem } from '../test-support/skill-list-item';

const skill = (name: string, over: Partial<SkillListItem> = {}): SkillListItem =>
  skillListItem(name, {
    description: `${name} does a thing that is described at some length so that the short form has to cut it somewhere sensible.`,
    dir: `/ws/skills/${name}`,
    kind: 'script',
    ...over,
  });

describe("what the agent's model sees", () => {
  const skills = [
    skill('alpha', { tags: ['dates', 'demo'] }),
    skill('alpha', { source: 'user', shadowed_by: '/ws/skills/alpha', dir: '/home/alpha' }),
    skill('broken', { has_errors: true, tags: ['demo'] }),
    skill('blocked', { status: 'Blocked' }),
    skill('gone', { status: 'Archived' }),
    skill('draft', { status: 'Created' }),
  ];

  it('lists allowed skills with short descriptions, the XML and a token estimate', () => {
    const p = agentPreview(['alpha', 'broken'], skills);
    expect(p.stage1.map((s) => s.name)).toEqual(['alpha', 'broken']);
    expect(p.stage1[0].description.length).toBeLessThanOrEqual(80);
    expect(p.stage1[0].description.endsWith('…')).toBe(true);
    expect(p.xml).toContain('<name>alpha</name>');
    expect(p.xml).toContain('<location>/ws/skills/alpha/SKILL.md</location>');
    expect(p.xml).not.toContain('/home/alpha');
    expect(p.tokens).toBe(Math.ceil(p.xml.length / 4));
    expect(p.stage1Tokens).toBeGreaterThan(0);
  });

  it('warns about missing, broken, blocked, archived and unpublished skills', () => {
    const p = agentPreview(
      ['nope', 'broken', 'blocked', 'gone', 'draft', 'alpha', 'alpha'],
      skills,
    );
    expect(p.warnings.map((w) => [w.skill, w.kind])).toEqual([
      ['nope', 'missing'],
      ['broken', 'broken'],
      ['blocked', 'blocked'],
      ['gone', 'archived'],
      ['draft', 'draft'],
    ]);
    // Archived and missing skills are not offered to the model.
    expect(p.stage1.map((s) => s.name)).toEqual(['broken', 'blocked', 'draft', 'alpha']);
  });

  it('counts tags and makes fresh agent ids', () => {
    expect(tagCounts(skills)).toEqual([
      { tag: 'demo', count: 2 },
      { tag: 'dates', count: 1 },
    ]);
    expect(freshAgentId('Support Bot', new Set())).toBe('support-bot');
    expect(freshAgentId('Support Bot', new Set(['support-bot', 'support-bot-2']))).toBe(
      'support-bot-3',
    );
    expect(freshAgentId('!!!', new Set())).toBe('agent');
  });
});
