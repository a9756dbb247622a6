import { describe, expect, it } from 'vitest';
import { checkLinks, findPathRefs, listDirFromPaths } from './links';
import { parseSkillMd } from './validate';

const FILES = listDirFromPaths([
  'SKILL.md',
  'reference.md',
  'references/guide.md',
  'references/My Notes.md',
  'scripts/run.py',
  'assets/logo.png',
  'assets/empty/',
]);

/** "line:column CODE" for each link problem of a body that starts on line 5. */
function problems(body: string): string[] {
  return checkLinks(body, 5, FILES).map((d) => `${d.line}:${d.column} ${d.code}`);
}

describe('listDirFromPaths', () => {
  it('lists the entries of each folder, empty listed folders too', () => {
    expect([...(FILES('') ?? [])].sort()).toEqual(
      ['SKILL.md', 'assets', 'reference.md', 'references', 'scripts'].sort(),
    );
    expect(FILES('references')).toEqual(['guide.md', 'My Notes.md']);
    expect(FILES('assets/empty')).toEqual([]);
    expect(FILES('nope')).toBeNull();
  });
});

describe('checkLinks: Markdown links', () => {
  it('accepts links to files and folders the skill holds', () => {
    expect(
      problems(
        [
          'See [the guide](references/guide.md) and [here](./reference.md#usage).',
          '![logo](assets/logo.png "The logo") [notes](references/My%20Notes.md?x=1)',
          '[notes](<references/My Notes.md>) [folder](references/) [up](references/../reference.md)',
          '[ref]: scripts/run.py "the script"',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('warns at the target of a link to a file the skill lacks', () => {
    const [d] = checkLinks('Intro\n  Read [the guide](references/missing.md) first.\n', 5, FILES);
    expect(d).toMatchObject({
      severity: 'warning',
      code: 'LINK_MISSING',
      line: 6,
      column: 20,
      field: null,
    });
    expect(d.message).toContain('references/missing.md');
    expect(problems('[a](nowhere/x.md) [b](references/guide.md/) [c][1]\n\n[1]: gone.md')).toEqual([
      '5:5 LINK_MISSING',
      '5:23 LINK_MISSING',
      '7:6 LINK_MISSING',
    ]);
  });

  it('warns when only the case differs, naming the real spelling', () => {
    const [d] = checkLinks('[r](REFERENCE.md) [g](References/Guide.MD)', 1, FILES);
    expect(d).toMatchObject({ code: 'LINK_CASE_MISMATCH', line: 1, column: 5 });
    expect(d.message).toContain('"reference.md"');
    expect(d.message).toContain('Linux');
    expect(problems('[r](REFERENCE.md) [g](References/Guide.MD)')).toEqual([
      '5:5 LINK_CASE_MISMATCH',
      '5:23 LINK_CASE_MISMATCH',
    ]);
  });

  it('skips URLs, anchors, mail, absolute paths, placeholders and paths leaving the skill', () => {
    expect(
      problems(
        [
          '[a](https://example.com/x.md) [b](#section) [c](mailto:me@example.com)',
          '[d](/etc/passwd) [e](~/notes.md) [f](C:/x.md) [g](//cdn.example.com/x.js)',
          '[h]({{name}}.md) [i]($ROOT/x.md) [j](../other-skill/SKILL.md) [k]()',
          '<https://example.com> [l](<>) [m](data:text/plain,hi)',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('ignores fenced code blocks, HTML comments and links inside code spans', () => {
    expect(
      problems(
        [
          '```sh',
          'cat [x](missing.md)',
          '```',
          '~~~~',
          '```',
          '[y](missing.md)',
          '~~~~',
          '<!-- [z](missing.md)',
          '[w](missing.md) -->',
          'Write `[v](missing.md)` to link.',
        ].join('\n'),
      ),
    ).toEqual([]);
    // After the fence closes, links count again.
    expect(problems('```\n[a](gone.md)\n```\n[b](gone.md)')).toEqual(['8:5 LINK_MISSING']);
  });

  it('reads around comments and blocks on the same line, and never past an unclosed fence', () => {
    expect(
      problems(
        [
          'a <!-- [x](gone.md) --> [y](gone.md) <!-- `scripts/gone.py`',
          '--> `scripts/gone.py` and ~~~ is not a fence here [z](gone.md)',
          '   ```js title="`[w](gone.md)`"',
          '[v](gone.md)',
          '  ```',
          'plain line',
          '````',
          '[u](gone.md)',
        ].join('\r\n'),
      ),
    ).toEqual(['5:29 LINK_MISSING', '6:6 LINK_MISSING', '6:55 LINK_MISSING']);
  });
});

describe('checkLinks: backticked paths', () => {
  it('checks a path into a folder the skill has', () => {
    expect(problems('Run `scripts/run.py`, see `references/guide.md` and `assets/`.')).toEqual([]);
    expect(problems('Run `scripts/other.py` then `references/gone/`.')).toEqual([
      '5:6 LINK_MISSING',
      '5:30 LINK_MISSING',
    ]);
    expect(problems('Open `Scripts/run.py` or `ASSETS/`.')).toEqual([
      '5:7 LINK_CASE_MISMATCH',
      '5:27 LINK_CASE_MISMATCH',
    ]);
    // A folder the skill does not have is probably the user's (their scripts/, assets/…).
    expect(problems('Put it in `templates/x.md` or `docs/guide.md`.')).toEqual([]);
  });

  it('checks a bare file name for its case only', () => {
    expect(problems('Read `REFERENCE.md` and `package.json`.')).toEqual(['5:7 LINK_CASE_MISMATCH']);
  });

  it('leaves alone what is not a relative path into the skill', () => {
    expect(
      problems(
        [
          'Edit `src/app.ts` or `.github/workflows/ci.yml` in your project.',
          'Run `python scripts/run.py --in x` or `npm test`; set `e.g.` and `v1.2`.',
          'Globs `scripts/*.py`, vars `$HOME/x.md`, URLs `https://x.org/a.md`, `/abs/x.md`.',
          'Code `a/b` is a path but `x` is a word; `foo()` and `a.b.c` are code.',
          'A topic, not a file: `references/guide` (no extension).',
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('checkLinks: placeholders', () => {
  it('skips paths that stand for a file rather than name one', () => {
    expect(
      problems(
        [
          'All `assets/...` paths; use `references/filename.md` or `scripts/your-tool.py`.',
          'Read `references/phaseN.md` and [the step](references/stepX/notes.md).',
          '[more](references/…)',
        ].join('\n'),
      ),
    ).toEqual([]);
    // A real name with N or X inside is still checked.
    expect(problems('[x](references/INDEX.md) [y](references/nginx.md)')).toEqual([
      '5:5 LINK_MISSING',
      '5:30 LINK_MISSING',
    ]);
  });
});

describe('findPathRefs', () => {
  it('handles double-backtick spans and CRLF line ends', () => {
    expect(
      findPathRefs('A ``scripts/x.py`` b\r\n`x` ``a ` b``\r\n', 1).map(
        (r) => `${r.line}:${r.column} ${r.target}`,
      ),
    ).toEqual(['1:5 scripts/x.py']);
  });
});

describe('parseSkillMd link checks', () => {
  const text = '---\nname: demo\ndescription: d\n---\nSee [x](references/nope.md).\n';

  it('runs with a folder listing, in both profiles, as warnings', () => {
    for (const profile of ['studio', 'spec'] as const) {
      const r = parseSkillMd(text, { profile, listDir: FILES });
      expect(r.diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
        '5:9 warning LINK_MISSING',
      ]);
    }
  });

  it('does not run without one', () => {
    expect(parseSkillMd(text).diagnostics).toEqual([]);
  });
});

describe('findPathRefs on ASCII and other text', () => {
  // ASCII spans take an ASCII twin of the Unicode path class: both must find the same paths.
  it('finds a backticked path of any ASCII word character, and of letters beyond ASCII', () => {
    const targets = (body: string) => findPathRefs(body, 1).map((r) => r.target);
    expect(targets('`scripts/run_2.py` and `./a-b/c.md`')).toEqual([
      'scripts/run_2.py',
      './a-b/c.md',
    ]);
    expect(targets('`références/guide.md` and `データ/表.csv`')).toEqual([
      'références/guide.md',
      'データ/表.csv',
    ]);
    for (const odd of ['`a+b/c.md`', '`-x/y.md`', '`a/b~.md`', '`.hidden/x.md`']) {
      expect(targets(odd), odd).toEqual([]);
    }
  });
});
