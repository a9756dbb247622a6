/**
 * The Form view of a SKILL.md: the frontmatter as fields, bound to the same buffer as the
 * text editor. It reads the buffer's text on every change (typing in Monaco updates it as
 * you type) and writes each field change through the form writer: one key's node, one
 * undoable edit in the editor's history. Diagnostics are the live validator's (the
 * Problems panel's), shown under their field with the editor's quick fixes as buttons.
 * It never deletes or rewrites what it does not understand: unknown keys and keys it has
 * no field for are listed as written; a wrong-typed value is shown raw; YAML that does
 * not parse (and a read-only skill) makes the whole form read-only.
 */
import { useMemo, type KeyboardEvent } from 'react';
import type { EditorBuffer } from '../../stores/buffer-logic';
import { folderName } from '../../stores/buffer-logic';
import { useEditor } from '../../stores/editor-store';
import { useSkills } from '../../stores/skills-store';
import { mergeLive } from '../../stores/problems';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { CoreFields } from './CoreFields';
import { ExtensionFields } from './ExtensionFields';
import { KeySections } from './KeySections';
import { SchemaSection } from './SchemaSection';
import { fieldKit, type FieldKitInput } from './field-kit';
import { readFormFrontmatter } from './form-model';
import { formWriter } from './form-writer';
import '../../styles/form.css';

const NO_DIAGNOSTICS: Diagnostic[] = [];

interface Props {
  buffer: EditorBuffer;
  /** Shows the text at a position (the "fix in text" link). */
  onShowText(line: number, column: number): void;
}

export function FormView({ buffer, onShowText }: Props) {
  const text = buffer.text;
  const read = useMemo(() => readFormFrontmatter(text), [text]);
  const live = useEditor((s) => s.live[buffer.id]) ?? NO_DIAGNOSTICS;
  const listed = useSkills(
    (s) => s.listing?.skills.find((item) => item.dir === buffer.skillDir)?.diagnostics,
  );
  const files = useSkills((s) =>
    s.detail?.summary.dir === buffer.skillDir ? s.detail.files : undefined,
  );
  const diagnostics = useMemo(
    () => mergeLive(listed ?? [], live).filter((d) => d.file === undefined),
    [listed, live],
  );
  const writer = useMemo(() => formWriter(buffer.id), [buffer.id]);
  const parseProblem = read.kind === 'ok' ? null : read;
  const readOnly = buffer.readOnly || parseProblem !== null;
  const readOnlyReason = buffer.readOnly
    ? (buffer.note ?? 'This skill is read-only.')
    : parseProblem
      ? 'The frontmatter does not parse: fix it in the text.'
      : null;
  const folder = folderName(buffer.skillDir);

  const onKeyDown = (e: KeyboardEvent) => {
    // Form edits live in the editor's history: Ctrl+Z here undoes them like in the text.
    const mod = e.ctrlKey || e.metaKey;
    if (!mod || readOnly) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) {
      e.preventDefault();
      writer.undo();
    } else if ((key === 'z' && e.shiftKey) || key === 'y') {
      e.preventDefault();
      writer.redo();
    }
  };

  return (
    <section
      className="skill-form"
      aria-label="Frontmatter form"
      data-testid="skill-form"
      data-readonly={readOnly || undefined}
      onKeyDown={onKeyDown}
    >
      {parseProblem && (
        <div className="ff-banner ff-banner-error" role="alert" data-testid="form-parse-error">
          <strong>The form is read-only:</strong> {parseProblem.message}
          {parseProblem.kind === 'parse-error' && ` (line ${parseProblem.line})`}.{' '}
          <button
            type="button"
            className="link-button"
            onClick={() =>
              onShowText(
                parseProblem.kind === 'parse-error' ? parseProblem.line : 1,
                parseProblem.kind === 'parse-error' ? parseProblem.column : 1,
              )
            }
          >
            Fix in text
          </button>
        </div>
      )}
      {/* The editor's note bar above already says why a read-only skill is read-only. */}
      {buffer.readOnly && !buffer.note && (
        <div className="ff-banner" data-testid="form-readonly">
          {readOnlyReason}
        </div>
      )}
      {read.kind === 'ok' && (
        <FormFields
          buffer={buffer}
          text={text}
          keys={read.keys}
          frontmatter={read.frontmatter}
          diagnostics={diagnostics}
          writer={writer}
          readOnly={readOnly}
          folder={folder}
          files={files?.filter((f) => !f.dir).map((f) => f.path)}
          onShowText={onShowText}
        />
      )}
    </section>
  );
}

interface FieldsProps extends FieldKitInput {
  /** The skill's files (not folders), offered as entrypoints; undefined while unknown. */
  files: string[] | undefined;
  onShowText(line: number, column: number): void;
}

/** The fields of a frontmatter that parses, section by section: each key has one place. */
export function FormFields(p: FieldsProps) {
  const kit = fieldKit(p);
  return (
    <div className="ff-body">
      <CoreFields kit={kit} folder={p.folder} />
      <ExtensionFields kit={kit} files={p.files} />
      <SchemaSection
        frontmatter={p.frontmatter}
        writer={p.writer}
        diagnostics={p.diagnostics}
        readOnly={p.readOnly}
        // The form says once, above, why it is read-only: the builders need not repeat it.
        readOnlyReason={null}
      />
      <KeySections
        keys={p.keys}
        diagnostics={p.diagnostics}
        fixesFor={kit.fixesFor}
        onShowText={p.onShowText}
      />
    </div>
  );
}
