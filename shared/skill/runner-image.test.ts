import { describe, expect, it } from 'vitest';
import { isImageReference, skillImageRefusal, skillRunnerImage } from './runner-image';
import { parseSkillMd } from './validate';

const skill = (...extra: string[]): string =>
  [
    '---',
    'name: demo',
    'description: Does things.',
    'entrypoint: run.js',
    ...extra,
    '---',
    'Body',
    '',
  ].join('\n');
const problems = (text: string): string[] =>
  parseSkillMd(text, {})
    .diagnostics.filter((d) => d.field?.startsWith('runner'))
    .map((d) => `${d.line}:${d.column} ${d.field} ${d.message}`);

describe('runner.image, the image a script skill asks for', () => {
  it('accepts image references and refuses what an engine would not take', () => {
    for (const ok of [
      'python:3.12-slim',
      'node',
      'ghcr.io/acme/tools:1.2',
      'localhost:5000/a/b_c__d',
      `alpine@sha256:${'a'.repeat(64)}`,
    ])
      expect(isImageReference(ok), ok).toBe(true);
    for (const bad of ['', 'Python:3', '-v /:/host', 'a b', 'a:', '../x', 'x'.repeat(300)])
      expect(isImageReference(bad), bad).toBe(false);
  });

  it('is validated with the skill, at its line', () => {
    expect(problems(skill('runner:', '  image: python:3.12-slim'))).toEqual([]);
    expect(problems(skill('runner:', '  image: "--privileged"'))).toEqual([
      '6:10 runner.image runner.image must be a container image reference such as "python:3.12-slim", not a string',
    ]);
    expect(problems(skill('runner:', '  privileged: true'))).toEqual([
      '6:3 runner.privileged runner has no key "privileged" (known: image)',
    ]);
    expect(problems(skill('runner: python'))[0]).toMatch(/runner must be a map with an image: key/);
  });

  it('is read from the frontmatter', () => {
    expect(skillRunnerImage({ runner: { image: ' python:3 ' } })).toBe('python:3');
    expect(skillRunnerImage({ runner: 'python:3' })).toBeNull();
    expect(skillRunnerImage(null)).toBeNull();
  });

  it('runs only where the workspace allows it', () => {
    expect(skillImageRefusal('python:3', true)).toBeNull();
    expect(skillImageRefusal('python:3', false)).toMatch(
      /allow_skill_images in skill-studio.json is false/,
    );
    expect(skillImageRefusal('ghcr.io/acme/x:1', ['ghcr.io/acme/*'])).toBeNull();
    // A pattern's dots are dots, and it must match the whole name.
    expect(skillImageRefusal('ghcr.io/acmex/x:1', ['ghcr.io/acme/*'])).toMatch(/no pattern/);
    expect(skillImageRefusal('evil/ghcr.io/acme/x', ['ghcr.io/acme/*'])).toMatch(/no pattern/);
    expect(skillImageRefusal('ghcrXio/acme/x', ['ghcr.io/acme/*'])).toMatch(/no pattern/);
  });
});
