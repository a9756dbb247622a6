/** `skill-studio portability` and `validate --profile CLIENT`: the matrix and the client rules. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../../test-support/temp-workspace';
import { runCliIn as cli } from '../../test-support/run-cli';

describe('skill-studio portability', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = tempWorkspace();
    ws.addSkill('pdf-tools', 'name: pdf-tools\ndescription: Work with PDFs.\ntags: [pdf]');
    ws.addSkill('plain', 'name: plain\ndescription: Portable everywhere.');
  });
  afterEach(() => ws.cleanup());

  it('prints a skill × client matrix as JSON, each cell with status and lined reasons', async () => {
    const r = await cli(ws.root, ['portability', '--json']);
    expect(r.code).toBe(1); // pdf-tools fails claude.ai and the spec
    const out = JSON.parse(r.stdout) as {
      clients: string[];
      skills: Array<{
        name: string;
        clients: Record<string, { status: string; reasons: Array<{ code: string; line: number }> }>;
      }>;
    };
    expect(out.clients).toContain('claude-upload');
    const pdf = out.skills.find((s) => s.name === 'pdf-tools');
    expect(pdf?.clients['claude-code'].status).toBe('ok');
    expect(pdf?.clients['claude-upload'].status).toBe('fail');
    expect(pdf?.clients['claude-upload'].reasons[0]).toMatchObject({
      code: 'NOT_PORTABLE',
      line: 4,
    });
    const plain = out.skills.find((s) => s.name === 'plain');
    expect(Object.values(plain?.clients ?? {}).every((c) => c.status === 'ok')).toBe(true);
  });

  it('takes a skill by name, and exits 0 when every client accepts it', async () => {
    const r = await cli(ws.root, ['portability', 'plain']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('plain');
    expect(r.stdout).not.toContain('pdf-tools');
  });

  it('an unknown name is a usage error', async () => {
    expect((await cli(ws.root, ['portability', 'nope'])).code).toBe(2);
  });

  it('validate --profile CLIENT applies that client', async () => {
    const upload = await cli(ws.root, [
      'validate',
      '--profile',
      'claude-upload',
      'skills/pdf-tools',
    ]);
    expect(upload.code).toBe(1);
    expect(upload.stdout).toMatch(/SKILL\.md:4:1 error NOT_PORTABLE .*accepts only/);
    const code = await cli(ws.root, ['validate', '--profile', 'claude-code', 'skills/pdf-tools']);
    expect(code.code).toBe(0);
    expect((await cli(ws.root, ['validate', '--profile', 'nope', 'skills'])).code).toBe(2);
  });
});
