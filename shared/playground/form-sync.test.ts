import { describe, expect, it } from 'vitest';
import { argsFromValue, editField, editJson, parseArgsText, removeField } from './form-sync';
import { errorsByPointer, unplacedErrors } from './field-errors';
import { fromPointer, getAt, setAt, toPointer } from './json-path';

describe('form ⇄ JSON', () => {
  it('a form edit rewrites the JSON text; clearing a field removes its key', () => {
    let s = argsFromValue({ text: 'hi' });
    s = editField(s, ['top'], 5);
    expect(JSON.parse(s.text)).toEqual({ text: 'hi', top: 5 });
    s = editField(s, ['nested', 'level'], 3);
    expect(s.value).toEqual({ text: 'hi', top: 5, nested: { level: 3 } });
    s = editField(s, ['top'], undefined);
    expect(JSON.parse(s.text)).toEqual({ text: 'hi', nested: { level: 3 } });
    expect(s.jsonError).toBeNull();
  });

  it('arrays: add at the end, edit an item, remove an item', () => {
    let s = argsFromValue({});
    s = editField(s, ['tags', 0], 'a');
    s = editField(s, ['tags', 1], 'b');
    s = editField(s, ['tags', 2], 'c');
    s = editField(s, ['tags', 1], 'B');
    expect(s.value.tags).toEqual(['a', 'B', 'c']);
    s = removeField(s, ['tags', 0]);
    expect(JSON.parse(s.text)).toEqual({ tags: ['B', 'c'] });
  });

  it('a JSON edit that parses becomes the value; one that does not keeps the last good value and says where', () => {
    let s = argsFromValue({ text: 'hi' });
    s = editJson(s, '{"text": "new", "top": 2}');
    expect(s.value).toEqual({ text: 'new', top: 2 });
    expect(s.jsonError).toBeNull();
    const typed = '{"text": "new",\n  "top": }';
    s = editJson(s, typed);
    expect(s.text).toBe(typed); // never reformatted under the user's hands
    expect(s.value).toEqual({ text: 'new', top: 2 });
    expect(s.jsonError?.line).toBe(2);
    s = editJson(s, '[1, 2]');
    expect(s.jsonError?.message).toMatch(/must be a JSON object/);
    s = editJson(s, '   ');
    expect(s.value).toEqual({});
    expect(s.jsonError).toBeNull();
    // A form edit after a broken text replaces the text with the form's value.
    s = editJson(s, '{oops');
    s = editField(s, ['text'], 'x');
    expect(s.text).toBe('{\n  "text": "x"\n}');
    expect(s.jsonError).toBeNull();
  });

  it('says a broken text is not arguments, with where it breaks', () => {
    expect(parseArgsText('{"a":')).toMatchObject({ ok: false, error: { line: 1 } });
  });

  it('JSON Pointers round-trip with ~ and / in keys', () => {
    const p = toPointer(['a/b', 'c~d', 0]);
    expect(p).toBe('/a~1b/c~0d/0');
    expect(fromPointer(p)).toEqual(['a/b', 'c~d', '0']);
    const v = setAt({}, ['a/b', 'c~d'], 1);
    expect(getAt(v, fromPointer('/a~1b/c~0d'))).toBe(1);
  });
});

describe('ajv errors on fields', () => {
  it('puts required on the missing property, others where they point', () => {
    const errors = errorsByPointer([
      {
        path: '/',
        keyword: 'required',
        message: "must have required property 'text'",
        params: { missingProperty: 'text' },
      },
      { path: '/top', keyword: 'maximum', message: 'must be <= 50', params: { limit: 50 } },
      {
        path: '/nested',
        keyword: 'required',
        message: "must have required property 'level'",
        params: { missingProperty: 'level' },
      },
      {
        path: '/',
        keyword: 'additionalProperties',
        message: 'must NOT have additional properties',
        params: { additionalProperty: 'zzz' },
      },
    ]);
    expect(errors).toEqual({
      '/text': ['Required'],
      '/top': ['Must be <= 50'],
      '/nested/level': ['Required'],
      '/zzz': ['Not allowed by the schema'],
    });
    expect(unplacedErrors(errors, new Set(['/text', '/top', '/nested/level']))).toEqual([
      { pointer: '/zzz', message: 'Not allowed by the schema' },
    ]);
  });
});

describe('locating JSON errors', () => {
  it('finds the first bad character whatever the engine says', async () => {
    const { jsonErrorPosition } = await import('../json/json-position');
    const col = (text: string) => jsonErrorPosition(text)?.column ?? null;
    expect(jsonErrorPosition('{"a": 1}')).toBeNull();
    expect(col('{"a": }')).toBe(7);
    expect(col('{"a": 1,}')).toBe(9);
    expect(col('[1, 2] x')).toBe(8);
    expect(jsonErrorPosition('{\n"a": }')).toEqual({ line: 2, column: 6 });
    expect(jsonErrorPosition('')).not.toBeNull();
  });
});

describe('key order', () => {
  it('puts the schema’s properties first, in its order, then the rest', async () => {
    const { orderArgs } = await import('./form-sync');
    expect(
      Object.keys(orderArgs({ z: 1, fail: false, text: 'x' }, ['text', 'fail', 'sleep_ms'])),
    ).toEqual(['text', 'fail', 'z']);
  });
});
