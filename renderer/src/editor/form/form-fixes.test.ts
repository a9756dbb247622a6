/**
 * The fixes a form field offers: the editor's quick fixes, a number YAML read from a
 * version written back as its text, the folder renamed to the skill's name, and none
 * in a read-only form.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../../../../shared/check/diagnostics';
import { formFixes, type FixContext } from './form-fixes';

const diagnostic = (code: string, line: number, field: string | null): Diagnostic => ({
  severity: 'error',
  code: code as DiagnosticCode,
  message: code,
  line,
  column: 1,
  field,
});

const TEXT = '---\nname: tide-notes\ndescription: Notes on tides.\nversion: 1.0\n---\nBody\n';

const context = (over: Partial<FixContext> = {}): FixContext => ({
  text: TEXT,
  folder: 'tides',
  frontmatter: { name: 'tide-notes', description: 'Notes on tides.', version: 1 },
  sourceOf: (key) => (key === 'version' ? '1.0' : undefined),
  readOnly: false,
  bufferReadOnly: false,
  ...over,
});

describe('formFixes', () => {
  it('offers the name as the folder, or the folder renamed to the name', () => {
    const fixes = formFixes([diagnostic('NAME_DIR_MISMATCH', 2, 'name')], 'name', context());
    expect(fixes).toEqual([
      {
        title: 'Set the name to the folder name "tides"',
        action: {
          kind: 'edit',
          edit: {
            line: 2,
            startColumn: expect.any(Number),
            endColumn: expect.any(Number),
            text: 'tides',
          },
        },
      },
      {
        title: 'Rename the folder to "tide-notes"',
        action: { kind: 'rename-folder', name: 'tide-notes' },
      },
    ]);
    // A skill that cannot be renamed keeps only the edit.
    expect(
      formFixes(
        [diagnostic('NAME_DIR_MISMATCH', 2, 'name')],
        'name',
        context({ bufferReadOnly: true }),
      ),
    ).toHaveLength(1);
  });

  it('writes a version YAML read as a number back as the text it was written as', () => {
    const fixes = formFixes([diagnostic('FIELD_TYPE', 4, 'version')], 'version', context());
    expect(fixes).toContainEqual({
      title: 'Write it as the text "1.0"',
      action: { kind: 'write-text', key: 'version', text: '1.0' },
    });
  });

  it('offers nothing in a read-only form', () => {
    expect(
      formFixes([diagnostic('NAME_DIR_MISMATCH', 2, 'name')], 'name', context({ readOnly: true })),
    ).toEqual([]);
  });
});
