import { describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { parseSkillMd } from './validate';
import { duplicateKeys, frontmatterTooLarge, MAX_FRONTMATTER_NODES } from './yaml-bounds';

const duplicates = (text: string) =>
  parseSkillMd(text, { folderName: 'dup' })
    .diagnostics.filter((d) => d.message.includes('duplicate key'))
    .map((d) => [d.line, d.column]);

describe('duplicate keys, found in linear time', () => {
  it('reports each repeated key where it is repeated, at every depth and in flow maps', () => {
    const text = [
      '---', // 1
      'name: dup', // 2
      'description: d', // 3
      'metadata:', // 4
      '  a: "1"', // 5
      '  b: "2"', // 6
      '  a: "3"', // 7
      'input_schema: {type: object, type: object}', // 8
      'name: dup', // 9
      '---',
      '',
    ].join('\n');
    expect(duplicates(text)).toEqual([
      [7, 3],
      [8, 30],
      [9, 1],
    ]);
  });

  it('compares keys as yaml does: by scalar value, not by how they are written', () => {
    const samples: [string, number[]][] = [
      ['1: a\n1.0: b\n', [5]], // the same number
      ['"a": 1\na: 2\n', [7]], // the same string
      ['1: a\n"1": b\n', []], // a number and a string
      ['true: a\n"true": b\n', []],
      ['~: a\nnull: b\n', [5]], // both null
      ['.nan: a\n.nan: b\n', []], // NaN equals nothing
      ['[a]: 1\n[a]: 2\n', []], // collections only equal themselves
      ['m: {x: 1, y: 2, x: 3}\n', [16]],
    ];
    for (const [yaml, expected] of samples) {
      expect(duplicateKeys(parseDocument(yaml, { uniqueKeys: false })), yaml).toEqual(expected);
      // The same places yaml's own (quadratic) check reports.
      const own = parseDocument(yaml, { uniqueKeys: true })
        .errors.filter((e) => e.code === 'DUPLICATE_KEY')
        .map((e) => e.pos[0]);
      expect(own, yaml).toEqual(expected);
    }
  });

  it('finds duplicates with their lines in a large frontmatter', () => {
    const lines = ['---', 'name: dup', 'description: d', 'metadata:'];
    const count = 15_000;
    for (let i = 0; i < count; i++) lines.push(`  k${i}: "${i}"`);
    lines.push('  k7: "again"', '  k14999: "again"', '---', '');
    // k0 is on line 5, so the two repeats are on lines count + 5 and count + 6.
    expect(duplicates(lines.join('\n'))).toEqual([
      [count + 5, 3],
      [count + 6, 3],
    ]);
  });
});

describe('bounds before parsing', () => {
  it('refuses a frontmatter of 100,000 keys with one clear error, without parsing it', () => {
    const lines = ['---', 'name: many', 'description: d', 'metadata:'];
    for (let i = 0; i < 100_000; i++) lines.push(`  k${i.toString(36)}: ${i % 10}`);
    lines.push('  k0: again', '---', '# Body', '');
    const parsed = parseSkillMd(lines.join('\n'), { folderName: 'many' });
    expect(parsed.frontmatter).toBeNull();
    expect(parsed.diagnostics).toEqual([
      expect.objectContaining({
        severity: 'error',
        code: 'FRONTMATTER_YAML',
        line: 2,
        message: expect.stringMatching(/^the frontmatter is 1,\d{3},\d{3} characters long/),
      }),
    ]);
  });

  it('counts nodes as lines and flow items, so a single long line of items counts too', () => {
    expect(frontmatterTooLarge('a: 1\n'.repeat(100))).toBeNull();
    const flow = `list: [${'1,'.repeat(MAX_FRONTMATTER_NODES)}1]\n`;
    expect(frontmatterTooLarge(flow)).toMatch(
      /^the frontmatter holds 20,00\d lines and list or map items; at most 20,000/,
    );
  });
});
