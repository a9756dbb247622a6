/**
 * What every field of the Form is made with, over one read of the frontmatter: a key's
 * value and its source as written, the props each field takes (id, label, help line, its
 * diagnostics and the fixes for them as buttons), and writes that go through the form
 * writer — one key's node, one undoable edit — with a refused write told, never lost.
 */
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { FIELD_BY_KEY } from '../../../../shared/skill/fields';
import type { EditorBuffer } from '../../stores/buffer-logic';
import { useEditor } from '../../stores/editor-store';
import { useSkills } from '../../stores/skills-store';
import { notify } from '../../stores/ui-store';
import { renameSkill } from '../../actions/skill-admin';
import { diagnosticsFor, type FormKey } from './form-model';
import { formFixes, type FixContext, type FormFixAction } from './form-fixes';
import type { FormWriter } from './form-writer';
import type { FieldFix, FieldProps, FrontmatterValue } from './form-types';

/** One read of the frontmatter, and how the Form may change it. */
export interface FieldKitInput {
  buffer: EditorBuffer;
  text: string;
  keys: readonly FormKey[];
  frontmatter: Record<string, unknown>;
  diagnostics: readonly Diagnostic[];
  writer: FormWriter;
  readOnly: boolean;
  folder: string;
}

/** The props every field of the Form takes for its key, but its change handler. */
export type CommonFieldProps = Omit<FieldProps<unknown>, 'onChange'> & {
  /** The value as written in the file, for a wrong-typed value. */
  source?: string;
};

export interface FieldKit {
  readonly writer: FormWriter;
  readonly readOnly: boolean;
  /** The key's value as parsed (undefined: absent). */
  value(key: string): unknown;
  /** True when the frontmatter has the key. */
  has(key: string): boolean;
  /** Writes a key; undefined removes it (an optional field emptied). */
  write(key: string, next: FrontmatterValue | undefined): void;
  /** Tells a write the form writer refused. */
  report(error: string | null): void;
  /** The change handler of an optional text: emptied, the key goes. */
  optionalText(key: string): (next: string | undefined) => void;
  /** The fixes offered for a key's diagnostics, as buttons. */
  fixesFor(list: readonly Diagnostic[], key: string): FieldFix[];
  /** A field's props for `key`; the help line is the catalogue's unless given. */
  common(key: string, label: string, hint?: string): CommonFieldProps;
}

/** The help line of a catalogue field. */
function docOf(key: string): string | undefined {
  return FIELD_BY_KEY.get(key)?.doc;
}

/** The id of a key's input: the label and the diagnostics hang off it. */
export function fieldId(key: string): string {
  return `ff-${key.replace(/[^\w-]/g, '_')}`;
}

/** Saves the buffer, then renames the skill folder (and name) to `name`, after a confirm. */
async function renameFolderTo(buffer: EditorBuffer, name: string): Promise<void> {
  const saved = await useEditor.getState().save(buffer.id);
  if (!saved) return;
  const item = useSkills.getState().find({ name: buffer.skill, dir: buffer.skillDir });
  if (!item) {
    notify('error', `${buffer.skill} is no longer listed.`);
    return;
  }
  await renameSkill(item, name);
}

export function fieldKit(p: FieldKitInput): FieldKit {
  const { writer, readOnly, frontmatter } = p;
  const byKey = new Map(p.keys.map((k) => [k.key, k]));
  const value = (key: string): unknown => frontmatter[key];
  const source = (key: string): string | undefined => byKey.get(key)?.source;
  const report = (error: string | null) => {
    if (error) notify('error', `The form could not write that: ${error}`);
  };
  const write = (key: string, next: FrontmatterValue | undefined) =>
    report(next === undefined ? writer.remove([key]) : writer.set([key], next));
  // Typing in a field is one undo step per visit (focus to blur).
  const session = { onEditStart: () => writer.typing(true), onEditEnd: () => writer.typing(false) };

  const fixContext: FixContext = {
    text: p.text,
    folder: p.folder,
    frontmatter,
    sourceOf: source,
    readOnly,
    bufferReadOnly: p.buffer.readOnly,
  };
  const run = (action: FormFixAction): void => {
    if (action.kind === 'edit') writer.applyLineEdit(action.edit);
    else if (action.kind === 'write-text') write(action.key, action.text);
    else void renameFolderTo(p.buffer, action.name);
  };
  const fixesFor = (list: readonly Diagnostic[], key: string): FieldFix[] =>
    formFixes(list, key, fixContext).map((fix) => ({
      title: fix.title,
      apply: () => run(fix.action),
    }));

  return {
    writer,
    readOnly,
    value,
    has: (key) => byKey.has(key),
    write,
    report,
    optionalText: (key) => (next) =>
      write(key, next === undefined || next === '' ? undefined : next),
    fixesFor,
    common: (key, label, hint = docOf(key)) => {
      const list = diagnosticsFor(p.diagnostics, key);
      return {
        id: fieldId(key),
        fieldKey: key,
        label,
        hint,
        diagnostics: list,
        fixes: fixesFor(list, key),
        readOnly,
        source: source(key),
        value: value(key),
        ...session,
      };
    },
  };
}
