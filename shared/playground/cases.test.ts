import { describe, expect, it } from 'vitest';
import { makeCallResponse, transportError } from '../protocol/messages';
import {
  caseFromCall,
  checkCase,
  isValidCaseName,
  parseCase,
  partialMismatches,
  serializeCase,
  slugCaseName,
  type SavedCase,
} from './cases';

const ok = (data: unknown, summary = '5 words, 2 sentences') =>
  makeCallResponse('r', 's', { data: { success: true, data, summary, duration_ms: 3 } });

describe('saved cases', () => {
  it('round-trips through a git-friendly file', () => {
    const c: SavedCase = {
      name: 'two-fish',
      arguments: { text: 'One fish. Two fish.' },
      timeout: 10,
      expect: { success: true, data: { words: 4 }, summary_contains: 'words' },
    };
    const text = serializeCase(c);
    expect(text.endsWith('\n')).toBe(true);
    expect(Object.keys(JSON.parse(text))).toEqual(['name', 'arguments', 'timeout', 'expect']);
    expect(parseCase(text, 'tests/cases/two-fish.json')).toEqual({ ok: true, case: c });
  });

  it('names the file (and line) of a broken case', () => {
    const bad = parseCase('{\n  "name": "x",\n  "expect": }', 'tests/cases/x.json');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^tests\/cases\/x\.json:3:\d+: not valid JSON/);
    const noExpect = parseCase('{"name": "x"}', 'tests/cases/x.json');
    expect(!noExpect.ok && noExpect.message).toBe(
      'tests/cases/x.json: "expect" must be an object with at least {"success": true|false}',
    );
    const wrong = parseCase(
      '{"name": "x", "arguments": [], "expect": {"success": true}}',
      'f.json',
    );
    expect(!wrong.ok && wrong.message).toMatch(/"arguments" must be a JSON object/);
    expect(parseCase('{"name": "x", "expect": {"success": "yes"}}', 'f.json').ok).toBe(false);
  });

  it('checks success, partial data and the summary', () => {
    const c: SavedCase = {
      name: 'c',
      arguments: {},
      expect: {
        success: true,
        data: { words: 5, top_terms: [{ term: 'fish' }, {}] },
        summary_contains: 'words',
      },
    };
    expect(
      checkCase(
        c,
        ok({
          words: 5,
          sentences: 2,
          top_terms: [
            { term: 'fish', count: 2 },
            { term: 'one', count: 1 },
          ],
        }),
      ),
    ).toEqual({ pass: true, failures: [] });
    const miss = checkCase(c, ok({ words: 6, top_terms: [{ term: 'cat' }] }, 'nothing'));
    expect(miss.pass).toBe(false);
    expect(miss.failures).toEqual([
      'data/words: expected 5, got 6',
      'data/top_terms: expected 2 items, got 1',
      'summary: expected it to contain "words", got "nothing"',
    ]);
    const refused = checkCase(
      c,
      makeCallResponse('r', 's', { error: transportError('unauthorized', 'no') }),
    );
    expect(refused.failures[0]).toBe('success: expected true, got false (unauthorized: no)');
    expect(
      checkCase(
        { name: 'f', arguments: {}, expect: { success: false } },
        makeCallResponse('r', 's', {
          data: { success: false, error: 'x', error_code: 'skill_error', duration_ms: 1 },
        }),
      ).pass,
    ).toBe(true);
    expect(partialMismatches({ a: { b: 1 } }, { a: 3 })).toEqual([
      'data/a: expected an object, got 3',
    ]);
    expect(partialMismatches({ a: 1 }, {})).toEqual(['data/a: missing (expected 1)']);
  });

  it('makes names safe and a case from a finished call', () => {
    expect(slugCaseName('  Two Fish / Ünïcode ')).toBe('two-fish-unicode');
    expect(slugCaseName('../../etc')).toBe('etc');
    expect(isValidCaseName('two-fish')).toBe(true);
    expect(isValidCaseName('../x')).toBe(false);
    expect(isValidCaseName('A')).toBe(false);
    expect(caseFromCall('c', { text: 'x' }, 30, { success: true, data: { words: 1 } })).toEqual({
      name: 'c',
      arguments: { text: 'x' },
      timeout: 30,
      expect: { success: true, data: { words: 1 } },
    });
    expect(
      caseFromCall('c', {}, undefined, { success: true, data: { big: 'x'.repeat(5000) } }).expect,
    ).toEqual({ success: true });
    expect(caseFromCall('c', {}, undefined, null).expect).toEqual({ success: false });
  });
});

describe('a model run saved as a case', () => {
  it('keeps the provider and model, pins no model words, and refuses credentials in the file', () => {
    const result = { success: true, data: { answer: 'Paris, of course.' } };
    const llm = {
      provider_name: 'local',
      provider_credentials: {},
      provider_config: { model: 'm2' },
    };
    const c = caseFromCall('capital', { question: 'q' }, 30, result, llm);
    expect(c).toEqual({
      name: 'capital',
      arguments: { question: 'q' },
      timeout: 30,
      llm_override: { provider_name: 'local', provider_config: { model: 'm2' } },
      expect: { success: true },
    });
    const back = parseCase(serializeCase(c), 'tests/cases/capital.json');
    expect(back).toEqual({ ok: true, case: c });
    const leaky = JSON.stringify({
      ...c,
      llm_override: { provider_name: 'local', provider_credentials: { api_key: 'sk-x' } },
    });
    const refused = parseCase(leaky, 'tests/cases/leaky.json');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/may not carry credentials/);
  });

  it('refuses a credential key at any depth of llm_override, as an A2E call does', () => {
    for (const llm_override of [
      { provider_name: 'local', provider_config: { model: 'm', headers: { Authorization: 'x' } } },
      { provider_name: 'local', provider_config: { model: 'm', auth: { password: 'p' } } },
      { provider_name: 'local', provider_credentials: {} },
    ]) {
      const text = JSON.stringify({
        name: 'c',
        arguments: {},
        llm_override,
        expect: { success: true },
      });
      const read = parseCase(text, 'tests/cases/c.json');
      expect(read.ok, JSON.stringify(llm_override)).toBe(false);
      if (!read.ok) expect(read.message).toMatch(/may not carry credentials/);
    }
  });
});
