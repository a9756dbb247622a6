/**
 * The Form's field components, shared with the new-skill wizard: each takes the value as
 * the frontmatter holds it and says what it should become; it never writes by itself.
 * Every input has a label; its hint and its diagnostics are tied to it with
 * aria-describedby, and an error sets aria-invalid. A value of the wrong type is shown
 * as it is written, with its diagnostic, and is not editable here (never coerced).
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Diagnostic } from '../../../../shared/check/diagnostics';
import type { FieldFix, FieldProps } from './form-types';
import { charCount } from './form-model';
import { draftKeyDown } from './draft-keys';

const ICON = { error: '✕', warning: '!', info: 'i' } as const;

/** The diagnostics of one field and their fixes as buttons. */
export function FieldProblems({
  id,
  diagnostics,
  fixes,
}: {
  id: string;
  diagnostics: readonly Diagnostic[];
  fixes: readonly FieldFix[];
}) {
  if (diagnostics.length === 0 && fixes.length === 0) return null;
  return (
    <div className="ff-problems" id={id} data-testid="field-problems">
      {diagnostics.length > 0 && (
        <ul>
          {diagnostics.map((d, i) => (
            <li
              key={`${d.code}-${i}`}
              className={`ff-diag ff-${d.severity}`}
              data-code={d.code}
              data-testid="field-diagnostic"
            >
              <span className="ff-diag-icon" aria-hidden="true">
                {ICON[d.severity]}
              </span>
              <span className="visually-hidden">{d.severity}: </span>
              {d.message} <span className="ff-code">{d.code}</span>
            </li>
          ))}
        </ul>
      )}
      {fixes.length > 0 && (
        <div className="ff-fixes">
          {fixes.map((f) => (
            <button
              key={f.title}
              type="button"
              className="ff-fix"
              onClick={f.apply}
              data-testid="field-fix"
            >
              {f.title}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

interface ShellProps {
  id: string;
  fieldKey: string;
  label: string;
  hint?: string;
  diagnostics: readonly Diagnostic[];
  fixes: readonly FieldFix[];
  /** Extra line under the input (a counter). */
  footer?: ReactNode;
  children: (described: { 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
  /** A group of inputs (chips, rows) is labelled as a group, not by `for`. */
  group?: boolean;
}

/** Label, hint, input, diagnostics: the frame every field has. */
export function FieldShell({
  id,
  fieldKey,
  label,
  hint,
  diagnostics,
  fixes,
  footer,
  children,
  group = false,
}: ShellProps) {
  const hintId = `${id}-hint`;
  const problemsId = `${id}-problems`;
  const footerId = `${id}-footer`;
  const hasProblems = diagnostics.length > 0 || fixes.length > 0;
  const describedBy =
    [hint ? hintId : null, footer ? footerId : null, hasProblems ? problemsId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  const invalid = diagnostics.some((d) => d.severity === 'error') || undefined;
  const labelId = `${id}-label`;
  const labelContent = (
    <>
      {label} <code className="ff-key">{fieldKey}</code>
    </>
  );
  return (
    <div
      className={`ff-field${invalid ? ' ff-invalid' : ''}`}
      data-field={fieldKey}
      data-testid={`form-field-${fieldKey}`}
      role={group ? 'group' : undefined}
      aria-labelledby={group ? labelId : undefined}
      aria-describedby={group ? describedBy : undefined}
    >
      {group ? (
        <div className="ff-label" id={labelId}>
          {labelContent}
        </div>
      ) : (
        <label className="ff-label" htmlFor={id} id={labelId}>
          {labelContent}
        </label>
      )}
      {hint && (
        <div className="ff-hint" id={hintId}>
          {hint}
        </div>
      )}
      {children({ 'aria-describedby': describedBy, 'aria-invalid': invalid })}
      {footer && (
        <div className="ff-footer" id={footerId}>
          {footer}
        </div>
      )}
      <FieldProblems id={problemsId} diagnostics={diagnostics} fixes={fixes} />
    </div>
  );
}

/** A field's value shown as written, when it is not of the type the field edits. */
function rawValueOf(
  props: { id: string; value: unknown; source?: string | null },
  expected: string,
  described: { 'aria-describedby'?: string; 'aria-invalid'?: boolean },
) {
  return (
    <RawValue
      id={props.id}
      source={props.source ?? fallbackSource(props.value)}
      expected={expected}
      described={described}
    />
  );
}

/** A value of another type than the field takes: shown as written, edited in the text. */
export function RawValue({
  id,
  source,
  expected,
  described,
}: {
  id: string;
  source: string;
  expected: string;
  described: { 'aria-describedby'?: string };
}) {
  return (
    <div className="ff-raw">
      <pre id={id} tabIndex={0} data-testid="field-raw" {...described}>
        {source || '(empty)'}
      </pre>
      <span className="ff-raw-note">
        Expected {expected}; shown as written. Edit it in the text.
      </span>
    </div>
  );
}

function shellProps<T>(p: FieldProps<T>) {
  return {
    id: p.id,
    fieldKey: p.fieldKey,
    label: p.label,
    hint: p.hint,
    diagnostics: p.diagnostics ?? [],
    fixes: p.fixes ?? [],
  };
}

/** The text a scalar shows in an input: strings as they are, null/absent as empty. */
function asText(value: unknown): string | null {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : null;
}

/** The source text of a wrong-typed value, when the caller has none. */
function fallbackSource(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface TextFieldProps extends FieldProps<string> {
  multiline?: boolean;
  rows?: number;
  /** Suggestions (a datalist). */
  suggestions?: readonly string[];
  /** Character limits to count against (shown under the input). */
  limits?: readonly { label: string; max: number; count?: number }[];
  /** The value as written in the file, for a wrong-typed value. */
  source?: string;
  placeholder?: string;
}

/** A string field (one line, or multi-line), with optional suggestions and counters. */
export function TextField(props: TextFieldProps) {
  const text = asText(props.value);
  const listId = useId();
  const length = text === null ? 0 : charCount(text);
  const footer =
    props.limits && text !== null ? (
      <span className="ff-counter" data-testid={`counter-${props.fieldKey}`}>
        {props.limits.map((l, i) => {
          const n = l.count ?? length;
          return (
            <span key={l.label} className={n > l.max ? 'ff-over' : undefined}>
              {i > 0 ? ' · ' : ''}
              {l.label} {n} / {l.max}
            </span>
          );
        })}
      </span>
    ) : undefined;
  return (
    <FieldShell {...shellProps(props)} footer={footer}>
      {(described) =>
        text === null ? (
          rawValueOf(props, 'text', described)
        ) : props.multiline ? (
          <textarea
            id={props.id}
            value={text}
            rows={props.rows ?? 4}
            readOnly={props.readOnly}
            placeholder={props.placeholder}
            onChange={(e) => props.onChange(e.target.value)}
            onFocus={props.onEditStart}
            onBlur={props.onEditEnd}
            {...described}
          />
        ) : (
          <>
            <input
              id={props.id}
              type="text"
              value={text}
              readOnly={props.readOnly}
              placeholder={props.placeholder}
              list={props.suggestions ? listId : undefined}
              onChange={(e) => props.onChange(e.target.value)}
              onFocus={props.onEditStart}
              onBlur={props.onEditEnd}
              spellCheck={false}
              {...described}
            />
            {props.suggestions && (
              <datalist id={listId}>
                {props.suggestions.map((s) => (
                  <option key={s} value={s} />
                ))}
              </datalist>
            )}
          </>
        )
      }
    </FieldShell>
  );
}

export interface NumberFieldProps extends FieldProps<number> {
  source?: string;
  min?: number;
}

/**
 * A whole-number field. What is typed is kept as typed until it reads as a number, so
 * a half-typed value never writes; emptying it clears the key.
 */
export function NumberField(props: NumberFieldProps) {
  const valueIsNumber = typeof props.value === 'number';
  const shown =
    props.value === null || props.value === undefined
      ? ''
      : valueIsNumber
        ? String(props.value)
        : null;
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <FieldShell {...shellProps(props)}>
      {(described) =>
        shown === null ? (
          rawValueOf(props, 'a number', described)
        ) : (
          <input
            id={props.id}
            type="text"
            inputMode="numeric"
            value={draft ?? shown}
            readOnly={props.readOnly}
            onChange={(e) => {
              const raw = e.target.value.trim();
              setDraft(e.target.value);
              if (raw === '') props.onChange(undefined);
              else if (/^-?\d+$/.test(raw)) props.onChange(Number(raw));
            }}
            onFocus={props.onEditStart}
            onBlur={() => {
              setDraft(null);
              props.onEditEnd?.();
            }}
            {...described}
          />
        )
      }
    </FieldShell>
  );
}

export interface SelectFieldProps extends FieldProps<string> {
  options: readonly string[];
  /** Options with a label of their own (value → label). */
  labels?: Readonly<Record<string, string>>;
  source?: string;
}

/** One of a few values; a value outside them stays selected, marked, never replaced. */
export function SelectField(props: SelectFieldProps) {
  const text = asText(props.value);
  const outside = text !== null && text !== '' && !props.options.includes(text);
  return (
    <FieldShell {...shellProps(props)}>
      {(described) =>
        text === null ? (
          rawValueOf(props, 'one of the listed values', described)
        ) : (
          <select
            id={props.id}
            value={text}
            disabled={props.readOnly}
            onChange={(e) => props.onChange(e.target.value === '' ? undefined : e.target.value)}
            {...described}
          >
            <option value="">(not set)</option>
            {outside && <option value={text}>{text} (not a known value)</option>}
            {props.options.map((o) => (
              <option key={o} value={o}>
                {props.labels?.[o] ?? o}
              </option>
            ))}
          </select>
        )
      }
    </FieldShell>
  );
}

export interface ChipsFieldProps extends FieldProps<string[]> {
  /** The entries, or null when the value is not a list of names (shown raw). */
  entries: readonly string[] | null;
  suggestions?: readonly string[];
  source?: string;
  /** What one entry is called ("tool", "tag"), for the add box and remove buttons. */
  noun: string;
}

/** A list of names as chips: remove with its button, add by typing and Enter. */
export function ChipsField(props: ChipsFieldProps) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const entries = props.entries;
  const add = () => {
    const next = draft.trim();
    if (!next || !entries) return;
    setDraft('');
    if (entries.includes(next)) return;
    props.onChange([...entries, next]);
  };
  return (
    <FieldShell {...shellProps(props)} group>
      {(described) =>
        entries === null ? (
          rawValueOf(props, `a list of ${props.noun} names`, described)
        ) : (
          <div className="ff-chips">
            <ul className="ff-chip-list" aria-label={`${props.label}: ${entries.length}`}>
              {entries.map((entry, i) => (
                <li key={`${entry}-${i}`} className="ff-chip" data-testid="chip">
                  <span>{entry}</span>
                  {!props.readOnly && (
                    <button
                      type="button"
                      aria-label={`Remove ${props.noun} ${entry}`}
                      onClick={() => props.onChange(entries.filter((_, j) => j !== i))}
                    >
                      ×
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {!props.readOnly && (
              <span className="ff-chip-add">
                <input
                  id={props.id}
                  type="text"
                  value={draft}
                  list={props.suggestions ? listId : undefined}
                  aria-label={`${props.label}: add a ${props.noun}`}
                  placeholder={`Add a ${props.noun}…`}
                  onChange={(e) => setDraft(e.target.value)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      add();
                    }
                  }}
                  spellCheck={false}
                  {...described}
                />
                <button type="button" onClick={add} disabled={!draft.trim()}>
                  Add
                </button>
                {props.suggestions && (
                  <datalist id={listId}>
                    {props.suggestions
                      .filter((s) => !entries.includes(s))
                      .map((s) => (
                        <option key={s} value={s} />
                      ))}
                  </datalist>
                )}
              </span>
            )}
          </div>
        )
      }
    </FieldShell>
  );
}

export interface KeyValueFieldProps extends FieldProps<Record<string, string>> {
  /** The entries, or null when the value is not a map of strings (shown raw). */
  entries: Readonly<Record<string, string>> | null;
  source?: string;
  setEntry(key: string, value: string): void;
  removeEntry(key: string): void;
  /** Returns why the key could not be renamed, or null. */
  renameEntry(from: string, to: string): string | null;
  addEntry(): void;
}

/** A key committed on Enter or blur: renaming while typing would pass through duplicates. */
function KeyInput({
  value,
  label,
  readOnly,
  onRename,
  autoFocus,
}: {
  value: string;
  label: string;
  readOnly?: boolean;
  onRename(to: string): string | null;
  autoFocus: boolean;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  const commit = () => {
    if (draft === null || draft === value) {
      setDraft(null);
      return;
    }
    const why = onRename(draft.trim());
    setError(why);
    if (!why) setDraft(null);
  };
  return (
    <span className="ff-kv-key">
      <input
        ref={ref}
        type="text"
        value={draft ?? value}
        aria-label={label}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) =>
          draftKeyDown(e, {
            pending: draft !== null || error !== null,
            commit,
            revert: () => {
              setDraft(null);
              setError(null);
            },
          })
        }
        spellCheck={false}
      />
      {error && (
        <span className="ff-kv-error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

/** A map of strings as key/value rows. */
export function KeyValueField(props: KeyValueFieldProps) {
  const entries = props.entries;
  const keys = entries ? Object.keys(entries) : [];
  const [added, setAdded] = useState<number | null>(null);
  useEffect(() => {
    if (added !== null && keys.length > added) setAdded(null);
  }, [added, keys.length]);
  return (
    <FieldShell {...shellProps(props)} group>
      {(described) =>
        entries === null ? (
          rawValueOf(props, 'a map of text values', described)
        ) : (
          <div className="ff-kv" id={props.id} {...described}>
            {keys.length === 0 && <div className="ff-empty">No entries.</div>}
            {keys.map((k, i) => (
              <div className="ff-kv-row" key={k} data-testid="kv-row">
                <KeyInput
                  value={k}
                  label={`${props.label} key ${i + 1}`}
                  readOnly={props.readOnly}
                  onRename={(to) => props.renameEntry(k, to)}
                  autoFocus={added !== null && i === keys.length - 1}
                />
                <input
                  type="text"
                  value={entries[k]}
                  aria-label={`${props.label} value of ${k}`}
                  readOnly={props.readOnly}
                  onChange={(e) => props.setEntry(k, e.target.value)}
                  onFocus={props.onEditStart}
                  onBlur={props.onEditEnd}
                />
                {!props.readOnly && (
                  <button
                    type="button"
                    aria-label={`Remove ${k}`}
                    onClick={() => props.removeEntry(k)}
                  >
                    ×
                  </button>
                )}
              </div>
            ))}
            {!props.readOnly && (
              <button
                type="button"
                className="ff-add-row"
                onClick={() => {
                  setAdded(keys.length);
                  props.addEntry();
                }}
              >
                Add entry
              </button>
            )}
          </div>
        )
      }
    </FieldShell>
  );
}
