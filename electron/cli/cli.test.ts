import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { runCliIn } from '../test-support/run-cli';

const cli = runCliIn;

describe('skill-studio CLI', () => {
  let ws: TempWorkspace;
  beforeEach(() => {
    ws = tempWorkspace();
    ws.addSkill(
      'good-skill',
      'name: good-skill\ndescription: Does a good thing.\nlicense: MIT',
      '# Good\nBody.\n',
      {
        'references/guide.md': '# Guide\n',
      },
    );
    ws.addSkill('Bad_Skill', 'name: Bad_Skill\ndescription: Broken name.\nunknown_key: 1');
  });
  afterEach(() => ws.cleanup());

  it('validate prints file:line:column severity CODE message and exits 1 on errors', async () => {
    const r = await cli(ws.root, ['validate', 'skills']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/skills\/Bad_Skill\/SKILL\.md:2:7 error NAME_NOT_LOWERCASE /);
    expect(r.stdout).toMatch(/skills\/Bad_Skill\/SKILL\.md:4:1 warning UNKNOWN_FIELD /);
    expect(r.stdout).toMatch(/2 skills checked/);
  });

  it('validate --json has the contract shape; the spec profile turns extension keys into errors', async () => {
    const r = await cli(ws.root, ['validate', 'skills/good-skill', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(Object.keys(json).sort()).toEqual(['errors', 'skills', 'warnings']);
    expect(json.skills[0]).toMatchObject({ name: 'good-skill', valid: true, diagnostics: [] });
    expect(Object.keys(json.skills[0]).sort()).toEqual(['diagnostics', 'name', 'path', 'valid']);
    ws.addSkill('ext', 'name: ext\ndescription: Uses an extension.\nversion: "1.0"');
    const spec = JSON.parse(
      (await cli(ws.root, ['validate', 'skills/ext/SKILL.md', '--profile', 'spec', '--json']))
        .stdout,
    );
    expect(spec.skills[0].diagnostics[0]).toMatchObject({
      code: 'NOT_PORTABLE',
      severity: 'error',
      line: 4,
      column: 1,
    });
  });

  it('exits 2 on usage mistakes and missing paths', async () => {
    expect((await cli(ws.root, ['validate', 'nowhere'])).code).toBe(2);
    expect((await cli(ws.root, ['validate'])).code).toBe(2);
    expect((await cli(ws.root, ['validate', 'skills', '--profile', 'loose'])).code).toBe(2);
    expect((await cli(ws.root, ['frobnicate'])).code).toBe(2);
    expect((await cli(ws.root, ['list', '--bogus'])).code).toBe(2);
    expect((await cli(ws.root, ['call', 'good-skill', '--args', '{nope'])).code).toBe(2);
    // An unknown skill is a missing path for call too (the run never started).
    expect((await cli(ws.root, ['call', 'no-such-skill'])).code).toBe(2);
    expect((await cli(ws.root, ['call', 'no-such-skill', '--json'])).code).toBe(2);
  });

  it('list --json shows project and bundled skills with the contract fields', async () => {
    const r = await cli(ws.root, ['list', '--json']);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    const good = json.skills.find((s: { name: string }) => s.name === 'good-skill');
    expect(good).toMatchObject({
      source: 'project',
      license: 'MIT',
      files_count: 2,
      has_warnings: false,
      status: 'Published',
    });
    for (const key of [
      'name',
      'description',
      'source',
      'path',
      'license',
      'files_count',
      'has_warnings',
      'status',
    ]) {
      expect(good).toHaveProperty(key);
    }
    expect(json.skills.map((s: { name: string }) => s.name)).toContain('time-arithmetic');
    expect(json.conflicts).toEqual([]);
  });

  it('read strips the frontmatter; files lists paths and sizes; hostile paths are refused', async () => {
    const read = await cli(ws.root, ['read', 'good-skill']);
    expect(read.stdout).toBe('# Good\nBody.\n');
    const guide = await cli(ws.root, ['read', 'good-skill', 'references/guide.md']);
    expect(guide.stdout).toBe('# Guide\n');
    const files = JSON.parse((await cli(ws.root, ['files', 'good-skill', '--json'])).stdout);
    // `files NAME` prints the contract's `[{path, bytes}]` without --json too.
    expect(JSON.parse((await cli(ws.root, ['files', 'good-skill'])).stdout)).toEqual(files);
    expect(files).toEqual([
      { path: 'SKILL.md', bytes: expect.any(Number) },
      { path: 'references/guide.md', bytes: 8 },
    ]);
    // A path that leaves the skill, and a skill that is not there: usage mistakes (2).
    const hostile = await cli(ws.root, ['read', 'good-skill', '../Bad_Skill/SKILL.md']);
    expect(hostile.code).toBe(2);
    expect(hostile.stderr).toMatch(/\.\./);
    expect((await cli(ws.root, ['read', 'no-such-skill'])).code).toBe(2);
  });

  it('to-prompt prints the escaped XML index, limited to the agent allowlist', async () => {
    ws.addSkill('amp-skill', 'name: amp-skill\ndescription: Tom & Jerry <fight>.');
    ws.write(
      'skill-studio.json',
      JSON.stringify({ agents: [{ id: 'bot', name: 'Bot', allowed_skills: ['amp-skill'] }] }),
    );
    const all = await cli(ws.root, ['to-prompt']);
    expect(all.stdout).toContain('<name>good-skill</name>');
    const bot = await cli(ws.root, ['to-prompt', '--agent', 'bot']);
    expect(bot.stdout).toContain('<description>Tom &amp; Jerry &lt;fight&gt;.</description>');
    expect(bot.stdout).not.toContain('good-skill');
    expect((await cli(ws.root, ['to-prompt', '--agent', 'ghost'])).code).toBe(2);
  });

  it('new creates a valid skill from each template; export and import round-trip it', async () => {
    for (const template of ['basic', 'script', 'topology']) {
      const r = await cli(ws.root, ['new', `from-${template}`, '--template', template]);
      expect(r.code, r.stderr).toBe(0);
      const v = await cli(ws.root, ['validate', `skills/from-${template}`, '--json']);
      expect(JSON.parse(v.stdout).errors, v.stdout).toBe(0);
    }
    expect((await cli(ws.root, ['new', 'Bad Name'])).code).toBe(2);
    ws.write('out/.keep', '');
    const exp = await cli(ws.root, [
      'export',
      'from-script',
      '--format',
      'zip',
      '-o',
      'out/from-script.zip',
    ]);
    expect(exp.code, exp.stderr).toBe(0);
    const zip = path.join(ws.root, 'out/from-script.zip');
    expect(readFileSync(zip).subarray(0, 2).toString()).toBe('PK');
    const imp = await cli(ws.root, ['import', 'out/from-script.zip', '--into', 'imported']);
    expect(imp.code, imp.stderr).toBe(0);
    expect(existsSync(path.join(ws.root, 'imported/from-script/scripts/run.mjs'))).toBe(true);
    // A skill with errors is refused unless forced.
    expect((await cli(ws.root, ['export', 'skills/Bad_Skill'])).code).toBe(1);
    expect(
      (await cli(ws.root, ['export', 'skills/Bad_Skill', '--force', '-o', 'bad.skill'])).code,
    ).toBe(0);
  });

  it('call runs a script skill and prints NDJSON of every A2E message with --json', async () => {
    await cli(ws.root, ['new', 'echo-skill', '--template', 'script']);
    const r = await cli(ws.root, ['call', 'echo-skill', '--args', '{"message":"hi"}', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(msgs[0].type).toBe('skill/call/req');
    const events = msgs.filter((m) => m.type === 'skill/event');
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const resp = msgs.at(-1);
    expect(resp).toMatchObject({
      type: 'skill/call/resp',
      req_id: msgs[0].id,
      data: { success: true, data: { echo: 'hi' } },
    });
    const bad = await cli(ws.root, ['call', 'echo-skill', '--args', '{}']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/schema_violation/);
  });

  it('a skill with errors is Blocked: list says so, discover gives the reason, call is refused with exit 1', async () => {
    const list = JSON.parse((await cli(ws.root, ['list', '--json'])).stdout);
    const status = (name: string) =>
      list.skills.find((s: { name: string }) => s.name === name)?.status;
    expect(status('Bad_Skill')).toBe('Blocked');
    expect(status('good-skill')).toBe('Published');
    const call = await cli(ws.root, ['call', 'Bad_Skill']);
    expect(call.code).toBe(1);
    expect(call.stderr + call.stdout).toMatch(/Blocked.*SKILL\.md:2: NAME_NOT_LOWERCASE/);
    const a2e = await cli(ws.root, ['a2e', '--stdio'], '{"type":"skill/discover/req","id":"d"}\n');
    const [resp] = a2e.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const bad = resp.skills.find((s: { name: string }) => s.name === 'Bad_Skill');
    expect(bad.status).toBe('Blocked');
    expect(bad.metadata.blocked_reason).toMatch(/^SKILL\.md:2: NAME_NOT_LOWERCASE/);
  });

  it('a2e --stdio answers every line, including garbage, and waits for calls before exiting', async () => {
    const input = [
      '{"type":"skill/discover/req","id":"d1"}',
      'garbage',
      '[1,2]',
      '{"type":"skill/call/req","id":"c1","name":"nope"}',
      '',
    ].join('\n');
    const r = await cli(ws.root, ['a2e', '--stdio'], input);
    expect(r.code).toBe(0);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(msgs.map((m) => m.type)).toEqual([
      'skill/discover/resp',
      'error',
      'error',
      'skill/call/resp',
    ]);
    expect(msgs[1].error.code).toBe('parse_error');
    expect(msgs[2].error.code).toBe('invalid_message');
    expect(msgs[3]).toMatchObject({ req_id: 'c1', error: { code: 'unknown_skill' } });
  });

  it('a2e --stdio answers a line too long to read, skips it, and reads on', async () => {
    const huge = 'x'.repeat(40 * 1024 * 1024);
    const input = `${huge}\n{"type":"skill/discover/req","id":"after"}\n`;
    const r = await cli(ws.root, ['a2e', '--stdio'], input);
    const msgs = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(msgs).toEqual([
      expect.objectContaining({
        type: 'error',
        error: expect.objectContaining({ code: 'parse_error' }),
      }),
      expect.objectContaining({ type: 'skill/discover/resp', req_id: 'after' }),
    ]);
  });

  it('takes the common flags before the command too, and maps missing paths to exit 2', async () => {
    const listed = await cli(ws.root, ['--json', 'list']);
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.stdout).skills.length).toBeGreaterThan(0);
    expect((await cli(ws.root, ['read', 'good-skill', 'nope.txt'])).code).toBe(2);
    expect((await cli(ws.root, ['new', 'Bad_Name'])).code).toBe(2);
    const out = await cli(ws.root, ['export', 'good-skill', '-o', 'missing-dir/x.skill']);
    expect(out.code).toBe(2);
    expect(existsSync(path.join(ws.root, 'missing-dir'))).toBe(false);
  });

  it('read ./SKILL.md strips the frontmatter like SKILL.md', async () => {
    const r = await cli(ws.root, ['read', 'good-skill', './SKILL.md']);
    expect(r.stdout).toBe('# Good\nBody.\n');
  });

  it('validate finds a cycle among the skills it checks, at the skills: line of each', async () => {
    ws.addSkill('a', 'name: a\ndescription: Calls b.\nskills: [b]');
    ws.addSkill('b', 'name: b\ndescription: Calls a back.\nskills:\n  back: a');
    ws.addSkill('c', 'name: c\ndescription: Calls a, on no cycle.\nskills: [a]');
    const r = await cli(ws.root, ['validate', 'skills']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/skills\/a\/SKILL\.md:4:1 error TOPOLOGY_SKILL_CYCLE .*\(a → b → a\)/);
    expect(r.stdout).toMatch(/skills\/b\/SKILL\.md:4:1 error TOPOLOGY_SKILL_CYCLE .*\(b → a → b\)/);
    expect(r.stdout).not.toMatch(/skills\/c\/SKILL\.md:\d+:\d+ error TOPOLOGY_SKILL_CYCLE/);
    // Checked alone, a skill has no cycle to close.
    expect((await cli(ws.root, ['validate', 'skills/a'])).stdout).not.toMatch(
      /TOPOLOGY_SKILL_CYCLE/,
    );
  });

  it('validate finds a name two checked skills share, at the name: line of each', async () => {
    ws.write('dup-one/skills/dup/SKILL.md', '---\ndescription: One.\nname: dup\n---\n');
    ws.write('dup-one/.claude/skills/dup/SKILL.md', '---\nname: dup\ndescription: Two.\n---\n');
    const r = await cli(ws.root, ['validate', 'dup-one']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/skills\/dup\/SKILL\.md:3:1 error SKILL_NAME_CONFLICT .*"dup"/);
    expect(r.stdout).toMatch(/\.claude\/skills\/dup\/SKILL\.md:2:1 error SKILL_NAME_CONFLICT/);
    // One folder named twice is one skill.
    const twice = await cli(ws.root, ['validate', 'dup-one/skills/dup', 'dup-one/skills/dup']);
    expect(twice.stdout).not.toMatch(/SKILL_NAME_CONFLICT/);
  });

  it('validate flags a shared name only among the skills of one folder argument, never under spec', async () => {
    const skill = (dir: string) =>
      ws.write(`${dir}/my-skill/SKILL.md`, `---\nname: my-skill\ndescription: From ${dir}.\n---\n`);
    skill('tree/a');
    skill('tree/b');
    const codes = (stdout: string) =>
      (
        JSON.parse(stdout) as {
          skills: Array<{ path: string; diagnostics: Array<{ code: string }> }>;
        }
      ).skills.map((s) => [path.relative(ws.root, s.path), s.diagnostics.map((d) => d.code)]);
    // Two paths, each skill in its own parent folder: not one source.
    const apart = await cli(ws.root, ['validate', '--json', 'tree/a/my-skill', 'tree/b/my-skill']);
    expect(apart.code).toBe(0);
    expect(codes(apart.stdout)).toEqual([
      ['tree/a/my-skill', []],
      ['tree/b/my-skill', []],
    ]);
    // Nor are two folder arguments, each walked on its own.
    const twoDirs = await cli(ws.root, ['validate', '--json', 'tree/a', 'tree/b']);
    expect(twoDirs.code).toBe(0);
    expect(JSON.parse(twoDirs.stdout)).toMatchObject({ errors: 0 });
    // Found under one DIR argument, they are: both flagged.
    const under = await cli(ws.root, ['validate', '--json', 'tree']);
    expect(under.code).toBe(1);
    expect(codes(under.stdout)).toEqual([
      ['tree/a/my-skill', ['SKILL_NAME_CONFLICT']],
      ['tree/b/my-skill', ['SKILL_NAME_CONFLICT']],
    ]);
    // agentskills.io has no rule across skills: never under --profile spec.
    const spec = await cli(ws.root, ['validate', '--json', '--profile', 'spec', 'tree']);
    expect(spec.code).toBe(0);
    expect(codes(spec.stdout)).toEqual([
      ['tree/a/my-skill', []],
      ['tree/b/my-skill', []],
    ]);
  });

  it('validate reports SKILL_MD_MISSING for a folder without any skill', async () => {
    ws.write('empty/README.md', 'not a skill\n');
    const r = await cli(ws.root, ['validate', 'empty', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).skills[0].diagnostics[0].code).toBe('SKILL_MD_MISSING');
  });
});
