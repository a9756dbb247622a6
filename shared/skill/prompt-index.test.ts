import { describe, expect, it } from 'vitest';
import { escapeXml, shortDescription, toPromptXml } from './prompt-index';

describe('toPromptXml', () => {
  it('escapes every XML special character and drops control characters', () => {
    const xml = toPromptXml([{ name: 'a&b', description: '<tag attr="x">\'q\'\u0001</tag>' }]);
    expect(xml).toContain('<name>a&amp;b</name>');
    expect(xml).toContain(
      '<description>&lt;tag attr=&quot;x&quot;&gt;&apos;q&apos;&lt;/tag&gt;</description>',
    );
    expect(xml).not.toContain('\u0001');
  });

  it('lists skills in order with their location', () => {
    const xml = toPromptXml([
      { name: 'one', description: 'first', location: '/s/one/SKILL.md' },
      { name: 'two', description: 'second' },
    ]);
    expect(xml.indexOf('one')).toBeLessThan(xml.indexOf('two'));
    expect(xml).toContain('<location>/s/one/SKILL.md</location>');
    expect(xml.startsWith('<available_skills>\n')).toBe(true);
    expect(xml.trimEnd().endsWith('</available_skills>')).toBe(true);
  });

  it('renders an empty index', () => {
    expect(toPromptXml([])).toBe('<available_skills>\n</available_skills>\n');
  });
});

describe('shortDescription', () => {
  it('keeps short text and cuts long text on a word boundary', () => {
    expect(shortDescription('short')).toBe('short');
    const cut = shortDescription('word '.repeat(40));
    expect(cut.length).toBeLessThanOrEqual(80);
    expect(cut.endsWith('…')).toBe(true);
    expect(escapeXml(cut)).toBe(cut);
  });
});
