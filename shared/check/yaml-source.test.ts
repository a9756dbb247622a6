/**
 * The line table YamlSource makes on demand gives every offset the line and column that
 * yaml's own LineCounter, filled during the parse, gives: for text that parses cleanly
 * and for broken text (where yaml's parser counts fewer lines than the text has).
 */
import { describe, expect, it } from 'vitest';
import { LineCounter, parseDocument } from 'yaml';
import { YamlSource } from './yaml-source';

const FRAGMENTS = [
  'a: 1',
  'b:',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '|',
  '>',
  '|-',
  '- ',
  '#c',
  '---',
  '...',
  '%YAML 1.2',
  '&x',
  '*x',
  '!!str',
  '? ',
  ': ',
  'k: "multi',
  'line"',
  '\t',
  'x: |\n  blk\n  more\n',
  '`',
  'key: [a,\n b]',
  '\\',
  '\n\n',
  'name: x\n',
];

/** Texts made of YAML's pieces in a fixed pseudo-random order (the same every run). */
function* texts(count: number): Generator<string> {
  let seed = 12345;
  const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let k = 0; k < count; k++) {
    let text = '';
    const pieces = 1 + Math.floor(next() * 14);
    for (let j = 0; j < pieces; j++) text += FRAGMENTS[Math.floor(next() * FRAGMENTS.length)];
    yield text;
  }
}

describe('YamlSource.ofParsed', () => {
  it('places every offset where a LineCounter filled by the parse places it', () => {
    let broken = 0;
    for (const yaml of texts(2_000)) {
      const counter = new LineCounter();
      const doc = parseDocument(yaml, { lineCounter: counter, uniqueKeys: false });
      if (doc.errors.length > 0) broken++;
      const filled = new YamlSource(yaml, counter, 2);
      const onDemand = YamlSource.ofParsed(yaml, doc.errors.length === 0, 2);
      for (let offset = 0; offset <= yaml.length; offset++) {
        const [asked, expected] = [onDemand.at(offset), filled.at(offset)];
        if (asked.line !== expected.line || asked.column !== expected.column)
          expect({ yaml, offset, at: asked }).toEqual({ yaml, offset, at: expected });
      }
    }
    // Both kinds were met: clean texts and broken ones.
    expect(broken).toBeGreaterThan(100);
    expect(broken).toBeLessThan(1_900);
  });
});
