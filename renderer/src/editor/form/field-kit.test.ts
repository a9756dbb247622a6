/**
 * The field kit the Form's sections are made with: each field's props for its key, writes
 * that remove an emptied optional key, a refused write told, and fixes as buttons that
 * act through the writer — none where nothing may be written.
 */
import { describe, expect, it } from 'vitest';
import { useUi } from '../../stores/ui-store';
import { fieldId } from './field-kit';
import { diagnostic, kitOf, recordingWriter } from './test-support/form-kit';

const TEXT = '---\nname: tide-notes\ndescription: Notes on tides.\nversion: 1.0\n---\nBody\n';

describe('fieldKit', () => {
  it("gives a field its key's value, source, diagnostics and the catalogue's help line", () => {
    const problem = diagnostic('FIELD_TYPE', 4, 'version');
    const kit = kitOf(TEXT, { diagnostics: [problem, diagnostic('X', 2, 'name')] });
    const props = kit.common('version', 'Version');
    expect(props).toMatchObject({
      id: 'ff-version',
      fieldKey: 'version',
      label: 'Version',
      value: 1,
      source: '1.0',
      diagnostics: [problem],
      readOnly: false,
    });
    expect(props.hint).toMatch(/./);
    expect(kit.common('version', 'Version', 'Mine.').hint).toBe('Mine.');
    expect(kit.common('tags', 'Tags')).toMatchObject({ value: undefined, source: undefined });
    expect(kit.has('name')).toBe(true);
    expect(kit.has('tags')).toBe(false);
  });

  it('names inputs by key, with what an id cannot hold replaced', () => {
    expect(fieldId('argument-hint')).toBe('ff-argument-hint');
    expect(fieldId('a.b c')).toBe('ff-a_b_c');
  });

  it('writes a value, removes an emptied optional text, and makes each visit one undo step', () => {
    const writer = recordingWriter();
    const kit = kitOf(TEXT, { writer });
    kit.write('name', 'tides');
    kit.optionalText('license')('');
    kit.optionalText('license')(undefined);
    kit.optionalText('license')('MIT');
    const { onEditStart, onEditEnd } = kit.common('name', 'Name');
    onEditStart?.();
    onEditEnd?.();
    expect(writer.calls).toEqual([
      ['set', ['name'], 'tides'],
      ['remove', ['license']],
      ['remove', ['license']],
      ['set', ['license'], 'MIT'],
      ['typing', true],
      ['typing', false],
    ]);
  });

  it('tells a write the writer refused', () => {
    useUi.setState({ toasts: [] });
    kitOf(TEXT, { writer: recordingWriter('the key is inside a flow map') }).write('name', 'x');
    expect(useUi.getState().toasts.map((t) => [t.kind, t.text])).toEqual([
      ['error', 'The form could not write that: the key is inside a flow map'],
    ]);
  });

  it('offers fixes that write through the writer, and none in a read-only form', () => {
    const writer = recordingWriter();
    const list = [diagnostic('FIELD_TYPE', 4, 'version')];
    const kit = kitOf(TEXT, { writer, diagnostics: list });
    const fixes = kit.fixesFor(list, 'version');
    expect(fixes.map((f) => f.title)).toEqual(['Write it as the text "1.0"']);
    fixes[0].apply();
    expect(writer.calls).toEqual([['set', ['version'], '1.0']]);
    expect(kit.common('version', 'Version').fixes?.map((f) => f.title)).toEqual([
      'Write it as the text "1.0"',
    ]);
    expect(kitOf(TEXT, { diagnostics: list, readOnly: true }).fixesFor(list, 'version')).toEqual(
      [],
    );
  });
});
