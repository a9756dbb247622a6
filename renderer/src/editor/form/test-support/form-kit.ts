/**
 * Test support for the Form's sections (imported by tests only): a field kit over the
 * frontmatter of a SKILL.md text, writing into a writer that records what it is asked.
 */
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Diagnostic, DiagnosticCode } from '../../../../../shared/check/diagnostics';
import type { EditorBuffer } from '../../../stores/buffer-logic';
import { fieldKit, type FieldKit, type FieldKitInput } from '../field-kit';
import { readFormFrontmatter } from '../form-model';
import type { FormWriter } from '../form-writer';
import type { FrontmatterPath, FrontmatterValue } from '../form-types';

export type WriterCall =
  | ['set', FrontmatterPath, FrontmatterValue]
  | ['remove', FrontmatterPath]
  | ['rename', FrontmatterPath, string]
  | ['edit', unknown]
  | ['typing', boolean];

/** A writer that records each call; `refuse` makes set and remove answer with that reason. */
export function recordingWriter(
  refuse: string | null = null,
): FormWriter & { calls: WriterCall[] } {
  const calls: WriterCall[] = [];
  return {
    calls,
    set: (path, value) => (calls.push(['set', path, value]), refuse),
    remove: (path) => (calls.push(['remove', path]), refuse),
    rename: (path, to) => (calls.push(['rename', path, to]), null),
    applyLineEdit: (edit) => void calls.push(['edit', edit]),
    typing: (active) => void calls.push(['typing', active]),
    undo: () => undefined,
    redo: () => undefined,
  };
}

export const diagnostic = (
  code: string,
  line: number,
  field: string | null,
  severity: Diagnostic['severity'] = 'error',
): Diagnostic => ({
  severity,
  code: code as DiagnosticCode,
  message: `${code} here`,
  line,
  column: 1,
  field,
});

/** The kit's input over `text` (its frontmatter must parse), in the folder `tides`. */
export function kitInput(text: string, over: Partial<FieldKitInput> = {}): FieldKitInput {
  const read = readFormFrontmatter(text);
  if (read.kind !== 'ok') throw new Error(`the test frontmatter does not parse: ${read.kind}`);
  const buffer = { id: 'b1', skill: 'tides', skillDir: '/ws/tides', readOnly: false };
  return {
    buffer: buffer as EditorBuffer,
    text,
    keys: read.keys,
    frontmatter: read.frontmatter,
    diagnostics: [],
    writer: recordingWriter(),
    readOnly: false,
    folder: 'tides',
    ...over,
  };
}

export function kitOf(text: string, over: Partial<FieldKitInput> = {}): FieldKit {
  return fieldKit(kitInput(text, over));
}

/** A component's static markup. */
export function markup<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

/** The `data-testid`s of the markup's fields, in document order. */
export function fieldOrder(html: string): string[] {
  return [...html.matchAll(/data-testid="form-field-([^"]+)"/g)].map((m) => m[1]);
}
