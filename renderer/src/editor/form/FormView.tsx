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
import { notify } from '../../stores/ui-store';
import { renameSkill } from '../../actions/skill-admin';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import { BUILTIN_TOOL_NAMES } from '../../../../shared/skill/builtin-tools';
import { CLAUDE_CODE_LISTING_MAX } from '../../../../shared/skill/client-profiles';
import { FIELD_BY_KEY } from '../../../../shared/skill/fields';
import { SKILL_STATUSES } from '../../../../shared/protocol/a2e';
import { SchemaSection } from './SchemaSection';
import {
  ChipsField,
  FieldProblems,
  KeyValueField,
  NumberField,
  SelectField,
  TextField,
} from './fields';
import {
  CLIENT_TOOL_NAMES,
  SPDX_SUGGESTIONS,
  charCount,
  diagnosticsFor,
  isStringList,
  EXTENSION_FORM_KEYS,
  isStringMap,
  keyKind,
  readFormFrontmatter,
  toolEntries,
  type FormKey,
} from './form-model';
import { formFixes, type FixContext, type FormFixAction } from './form-fixes';
import { formWriter, type FormWriter } from './form-writer';
import type { FieldFix, FrontmatterValue } from './form-types';
import '../../styles/form.css';

const NO_DIAGNOSTICS: Diagnostic[] = [];
const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;

interface Props {
  buffer: EditorBuffer;
  /** Shows the text at a position (the "fix in text" link). */
  onShowText(line: number, column: number): void;
}

/** The help line of a catalogue field. */
function docOf(key: string): string | undefined {
  return FIELD_BY_KEY.get(key)?.doc;
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

interface FieldsProps {
  buffer: EditorBuffer;
  text: string;
  keys: readonly FormKey[];
  frontmatter: Record<string, unknown>;
  diagnostics: readonly Diagnostic[];
  writer: FormWriter;
  readOnly: boolean;
  folder: string;
  files: string[] | undefined;
  onShowText(line: number, column: number): void;
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

function FormFields(p: FieldsProps) {
  const { writer, readOnly, diagnostics, text, frontmatter } = p;
  const byKey = new Map(p.keys.map((k) => [k.key, k]));
  const value = (key: string): unknown => frontmatter[key];
  const source = (key: string): string | undefined => byKey.get(key)?.source;
  const idOf = (key: string) => `ff-${key.replace(/[^\w-]/g, '_')}`;
  const report = (error: string | null) => {
    if (error) notify('error', `The form could not write that: ${error}`);
  };
  /** Writes a key; undefined removes it (an optional field emptied). */
  const write = (key: string, next: FrontmatterValue | undefined) =>
    report(next === undefined ? writer.remove([key]) : writer.set([key], next));
  const session = { onEditStart: () => writer.typing(true), onEditEnd: () => writer.typing(false) };

  const fixContext: FixContext = {
    text,
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

  const common = (key: string, label: string, hint = docOf(key)) => {
    const list = diagnosticsFor(diagnostics, key);
    return {
      id: idOf(key),
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
  };

  const optionalText = (key: string) => (next: string | undefined) =>
    write(key, next === undefined || next === '' ? undefined : next);

  const description =
    typeof value('description') === 'string' ? (value('description') as string) : '';
  const whenToUse =
    typeof value('when_to_use') === 'string' ? (value('when_to_use') as string) : '';
  const listingCount = charCount(description.trim()) + charCount(whenToUse.trim());

  const allowedTools = value('allowed-tools');
  const metadata = value('metadata');
  const hintKeys = ['argument-hint', 'argument_hint'].filter((k) => byKey.has(k));
  const argumentHintKeys = hintKeys.length > 0 ? hintKeys : ['argument-hint'];
  const entrypointFiles = p.files?.filter((f) => f !== 'SKILL.md');

  const stringList = (key: string, noun: string, suggestions?: readonly string[]) => {
    const v = value(key);
    const entries = v === undefined || v === null ? [] : isStringList(v) ? v : null;
    return (
      <ChipsField
        {...common(key, labelOf(key))}
        noun={noun}
        entries={entries}
        suggestions={suggestions}
        onChange={(next) => write(key, next && next.length > 0 ? next : undefined)}
      />
    );
  };

  const extensionPresent = p.keys.some((k) =>
    (EXTENSION_FORM_KEYS as readonly string[]).includes(k.key),
  );
  const others = p.keys.filter((k) => keyKind(k.key) === 'other-known');
  const unknown = p.keys.filter((k) => keyKind(k.key) === 'unknown');

  return (
    <div className="ff-body">
      <fieldset className="ff-section" data-testid="form-core">
        <legend>Skill</legend>
        <TextField
          {...common(
            'name',
            'Name',
            'Lowercase letters, digits and single hyphens; equal to the folder name.',
          )}
          placeholder={p.folder}
          onChange={(next) => write('name', next ?? '')}
        />
        <TextField
          {...common('description', 'Description')}
          multiline
          rows={5}
          limits={[
            { label: 'Characters', max: DESCRIPTION_MAX },
            {
              label: 'Claude Code listing (with when_to_use)',
              max: CLAUDE_CODE_LISTING_MAX,
              count: listingCount,
            },
          ]}
          onChange={(next) => write('description', next ?? '')}
        />
        <TextField
          {...common('license', 'License')}
          suggestions={SPDX_SUGGESTIONS}
          onChange={optionalText('license')}
        />
        <TextField
          {...common('compatibility', 'Compatibility')}
          multiline
          rows={2}
          limits={[{ label: 'Characters', max: COMPATIBILITY_MAX }]}
          onChange={optionalText('compatibility')}
        />
        <ChipsField
          {...common('allowed-tools', 'Allowed tools')}
          noun="tool"
          entries={toolEntries(allowedTools)}
          suggestions={[...CLIENT_TOOL_NAMES, ...BUILTIN_TOOL_NAMES]}
          onChange={(next) => {
            if (!next || next.length === 0) write('allowed-tools', undefined);
            // The spec's form is one space-separated string; a list stays a list.
            else write('allowed-tools', Array.isArray(allowedTools) ? next : next.join(' '));
          }}
        />
        <KeyValueField
          {...common('metadata', 'Metadata')}
          entries={
            metadata === undefined || metadata === null
              ? {}
              : isStringMap(metadata)
                ? metadata
                : null
          }
          onChange={(next) => write('metadata', next)}
          setEntry={(k, v) => report(writer.set(['metadata', k], v))}
          removeEntry={(k) =>
            report(
              Object.keys(metadata ?? {}).length <= 1
                ? writer.remove(['metadata'])
                : writer.remove(['metadata', k]),
            )
          }
          renameEntry={(from, to) => writer.rename(['metadata', from], to)}
          addEntry={() => {
            const taken = new Set(Object.keys(isStringMap(metadata) ? metadata : {}));
            let k = 'key';
            for (let i = 2; taken.has(k); i++) k = `key-${i}`;
            report(writer.set(['metadata', k], ''));
          }}
        />
      </fieldset>

      <details
        className="ff-section"
        open={extensionPresent || undefined}
        data-testid="form-extensions"
      >
        <summary>Studio extensions</summary>
        <TextField
          {...common('version', 'Version')}
          placeholder="1.0.0"
          onChange={optionalText('version')}
        />
        {stringList('tags', 'tag')}
        <TextField {...common('category', 'Category')} onChange={optionalText('category')} />
        {stringList('triggers', 'trigger')}
        <TextField
          {...common('when_to_use', 'When to use')}
          multiline
          rows={3}
          onChange={optionalText('when_to_use')}
        />
        {argumentHintKeys.map((k) => (
          <TextField key={k} {...common(k, 'Argument hint')} onChange={optionalText(k)} />
        ))}
        <SelectField
          {...common('status', 'Status')}
          options={SKILL_STATUSES}
          onChange={(next) => write('status', next)}
        />
        <NumberField
          {...common('timeout_seconds', 'Timeout (seconds)')}
          min={1}
          onChange={(next) => write('timeout_seconds', next)}
        />
        <NumberField
          {...common('max_turns', 'Max turns')}
          min={1}
          onChange={(next) => write('max_turns', next)}
        />
        {entrypointFiles && entrypointFiles.length > 0 ? (
          <SelectField
            {...common('entrypoint', 'Entrypoint')}
            options={entrypointFiles}
            onChange={(next) => write('entrypoint', next)}
          />
        ) : (
          <TextField
            {...common('entrypoint', 'Entrypoint')}
            onChange={optionalText('entrypoint')}
          />
        )}
        {stringList('tools', 'tool', BUILTIN_TOOL_NAMES)}
      </details>

      <SchemaSection
        frontmatter={frontmatter}
        writer={writer}
        diagnostics={diagnostics}
        readOnly={readOnly}
        // The form says once, above, why it is read-only: the builders need not repeat it.
        readOnlyReason={null}
      />

      {others.length > 0 && (
        <section className="ff-section" aria-labelledby="ff-others" data-testid="form-other-keys">
          <h3 id="ff-others">Other keys</h3>
          <p className="ff-hint">Known keys this form has no field for: edit them in the text.</p>
          <KeyList
            keys={others}
            diagnostics={diagnostics}
            fixesFor={fixesFor}
            onShowText={p.onShowText}
          />
        </section>
      )}

      {unknown.length > 0 && (
        <section
          className="ff-section"
          aria-labelledby="ff-unknown"
          data-testid="form-unknown-keys"
        >
          <h3 id="ff-unknown">Unknown keys</h3>
          <p className="ff-hint">
            No client or studio feature defines these keys. They are kept as written.
          </p>
          <KeyList
            keys={unknown}
            diagnostics={diagnostics}
            fixesFor={fixesFor}
            onShowText={p.onShowText}
          />
        </section>
      )}
    </div>
  );
}

function labelOf(key: string): string {
  const words = key.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Keys shown as written, with their diagnostics and a way to the text. */
function KeyList({
  keys,
  diagnostics,
  fixesFor,
  onShowText,
}: {
  keys: readonly FormKey[];
  diagnostics: readonly Diagnostic[];
  fixesFor(list: readonly Diagnostic[], key: string): FieldFix[];
  onShowText(line: number, column: number): void;
}) {
  return (
    <ul className="ff-keylist">
      {keys.map((k) => {
        const list = diagnosticsFor(diagnostics, k.key);
        const id = `ff-key-${k.key.replace(/[^\w-]/g, '_')}`;
        return (
          <li key={k.key} data-testid="form-listed-key" data-key={k.key}>
            <div className="ff-keylist-head">
              <code id={`${id}-name`}>{k.key}</code>
              <button
                type="button"
                className="link-button"
                aria-label={`Show ${k.key} in the text`}
                onClick={() => onShowText(k.line, 1)}
              >
                Show in text
              </button>
            </div>
            <pre
              className="ff-raw-source"
              tabIndex={0}
              aria-labelledby={`${id}-name`}
              aria-describedby={list.length > 0 ? `${id}-problems` : undefined}
            >
              {k.source || '(empty)'}
            </pre>
            <FieldProblems id={`${id}-problems`} diagnostics={list} fixes={fixesFor(list, k.key)} />
          </li>
        );
      })}
    </ul>
  );
}
