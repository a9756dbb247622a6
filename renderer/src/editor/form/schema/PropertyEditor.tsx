/**
 * One property of the schema builder: its name, type, required flag, place (up/down)
 * and removal on one row, and its description, default and constraints under a
 * "Details" disclosure. Every change is a builder action (shared/playground/schema-builder)
 * handed up as the next schema; warnings (unsafe pattern, default its own schema
 * refuses) sit under the input they are about, tied to it with aria-describedby.
 */
import { useId, useState, type ReactNode } from 'react';
// The builder's actions, each (schema, path, …) → next schema.
import * as build from '../../../../../shared/playground/schema-builder';
import type {
  ConstraintKey,
  ItemKind,
  JsonSchema,
  PropertyKind,
  PropertyView,
} from '../../../../../shared/playground/schema-builder';
import { DraftInput, DraftTextarea } from './DraftInput';
import { PropertyList, type BuilderScope } from './PropertyList';
import {
  constraintsOf,
  enumLines,
  parseEnumLines,
  propertyWarnings,
  samePath,
  type PropertyWarnings,
} from './property-view';

export interface PropertyEditorProps {
  scope: BuilderScope;
  property: PropertyView;
  index: number;
  count: number;
  /** Opened on first render (a property just added). */
  initiallyOpen: boolean;
  /** After a removal: where focus goes (the list's Add button). */
  onRemoved(): void;
}

/** The two move buttons: by how many places, and how each is named and drawn. */
const MOVES = [
  { by: -1, word: 'up', glyph: '↑' },
  { by: 1, word: 'down', glyph: '↓' },
] as const;

const CONSTRAINT_LABELS: Record<ConstraintKey, string> = {
  minLength: 'Min length',
  maxLength: 'Max length',
  pattern: 'Pattern',
  minimum: 'Minimum',
  maximum: 'Maximum',
  minItems: 'Min items',
  maxItems: 'Max items',
};

function jsonText(v: unknown): string {
  return v === undefined ? '' : JSON.stringify(v);
}

function Field({
  label,
  htmlFor,
  children,
  note,
  noteId,
  warn,
}: {
  label: string;
  htmlFor: string;
  children: ReactNode;
  note?: string | null;
  noteId?: string;
  warn?: boolean;
}) {
  return (
    <div className="sb-field">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {note && (
        <div
          id={noteId}
          className={warn ? 'sb-warning' : 'sb-note'}
          role={warn ? 'alert' : undefined}
        >
          {note}
        </div>
      )}
    </div>
  );
}

export function PropertyEditor({
  scope,
  property: p,
  index,
  count,
  initiallyOpen,
  onRemoved,
}: PropertyEditorProps) {
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [nameDraftProblem, setNameDraftProblem] = useState<string | null>(null);
  const warnings = propertyWarnings(scope.warnings, p.path);
  const nameErrId = `${id}-name-err`;
  const detailsId = `${id}-details`;

  return (
    <li
      className={`sb-property${warnings.count > 0 ? ' has-warning' : ''}`}
      data-testid="schema-property"
      data-name={p.name}
    >
      <PropertyRow
        scope={scope}
        property={p}
        place={{ index, count }}
        ids={{ base: id, nameErr: nameErrId, details: detailsId }}
        problems={warnings.count}
        nameDraftProblem={nameDraftProblem}
        onNameDraftProblem={setNameDraftProblem}
        open={open}
        onToggle={() => setOpen(!open)}
        onRemoved={onRemoved}
      />
      {nameDraftProblem && (
        <div id={nameErrId} className="sb-error" role="alert">
          {nameDraftProblem}
        </div>
      )}
      {open && (
        <PropertyDetails
          scope={scope}
          property={p}
          ids={{ base: id, details: detailsId }}
          warnings={warnings}
        />
      )}
    </li>
  );
}

/** The property's row: name, type, required, the details toggle, moves and removal. */
function PropertyRow({
  scope,
  property: p,
  place: { index, count },
  ids,
  problems,
  nameDraftProblem,
  onNameDraftProblem,
  open,
  onToggle,
  onRemoved,
}: {
  scope: BuilderScope;
  property: PropertyView;
  place: { index: number; count: number };
  ids: { base: string; nameErr: string; details: string };
  problems: number;
  nameDraftProblem: string | null;
  onNameDraftProblem(problem: string | null): void;
  open: boolean;
  onToggle(): void;
  onRemoved(): void;
}) {
  const { readOnly, focusPath } = scope;
  const base = scope.schema ?? {};
  const act = (next: JsonSchema, focus?: readonly string[]) => scope.onChange(next, focus);
  const label = p.path.join('.');
  const kind = p.kind;
  const nameId = `${ids.base}-name`;
  const typeId = `${ids.base}-type`;
  const shownKinds: readonly (PropertyKind | 'other')[] =
    kind === 'other' ? ['other', ...build.PROPERTY_KINDS] : build.PROPERTY_KINDS;
  return (
    <div className="sb-row">
      <div className="sb-name">
        <label className="visually-hidden" htmlFor={nameId}>
          Name of property {index + 1}
        </label>
        <DraftInput
          id={nameId}
          className="pg-input sb-mono"
          value={p.name}
          readOnly={readOnly}
          spellCheck={false}
          autoFocus={samePath(focusPath, p.path)}
          aria-invalid={nameDraftProblem !== null}
          aria-describedby={nameDraftProblem ? ids.nameErr : undefined}
          data-testid="schema-property-name"
          onDraft={(v) =>
            onNameDraftProblem(v === p.name ? null : build.nameProblem(base, p.path, v))
          }
          onCommit={(v) => {
            if (build.nameProblem(base, p.path, v) === null) {
              onNameDraftProblem(null);
              act(build.renameProperty(base, p.path, v), [...p.path.slice(0, -1), v]);
            }
          }}
        />
      </div>
      <label className="visually-hidden" htmlFor={typeId}>
        Type of {label}
      </label>
      <select
        id={typeId}
        className="pg-input sb-type"
        value={kind}
        disabled={readOnly || !p.typeEditable}
        title={
          p.typeEditable ? undefined : 'Built from $ref or oneOf/anyOf/allOf: edit it in the text'
        }
        data-testid="schema-property-type"
        onChange={(e) => act(build.setKind(base, p.path, e.target.value as PropertyKind))}
      >
        {shownKinds.map((k) => (
          <option key={k} value={k} disabled={k === 'other'}>
            {build.KIND_LABELS[k]}
          </option>
        ))}
      </select>
      <label className="sb-check">
        <input
          type="checkbox"
          checked={p.required}
          disabled={readOnly}
          onChange={(e) => act(build.setRequired(base, p.path, e.target.checked))}
          data-testid="schema-property-required"
        />
        Required<span className="visually-hidden"> ({label})</span>
      </label>
      <span className="sb-row-actions">
        <button
          type="button"
          className="sb-icon-button"
          aria-expanded={open}
          aria-controls={ids.details}
          aria-label={`Details of ${label}${problems > 0 ? ` (${problems} warning${problems === 1 ? '' : 's'})` : ''}`}
          title="Description, default and constraints"
          onClick={onToggle}
          data-testid="schema-property-details"
        >
          {open ? '▾' : '▸'}
          {problems > 0 && (
            <span className="sb-badge" aria-hidden="true">
              !
            </span>
          )}
        </button>
        {MOVES.map((m) => (
          <button
            key={m.word}
            type="button"
            className="sb-icon-button"
            aria-label={`Move ${label} ${m.word}`}
            title={`Move ${m.word}`}
            disabled={readOnly || index === (m.by < 0 ? 0 : count - 1)}
            onClick={() => act(build.moveProperty(base, p.path, m.by), p.path)}
          >
            {m.glyph}
          </button>
        ))}
        <button
          type="button"
          className="sb-icon-button danger"
          aria-label={`Remove ${label}`}
          title="Remove this property"
          disabled={readOnly}
          onClick={() => {
            act(build.removeProperty(base, p.path));
            onRemoved();
          }}
          data-testid="schema-property-remove"
        >
          ✕
        </button>
      </span>
    </div>
  );
}

/** Under the disclosure: title, description, values or item type, constraints, default, nested properties. */
function PropertyDetails({
  scope,
  property: p,
  ids,
  warnings,
}: {
  scope: BuilderScope;
  property: PropertyView;
  ids: { base: string; details: string };
  warnings: PropertyWarnings;
}) {
  const { readOnly } = scope;
  const base = scope.schema ?? {};
  const act = (next: JsonSchema) => scope.onChange(next);
  const id = ids.base;
  const kind = p.kind;
  return (
    <div className="sb-details" id={ids.details} data-testid="schema-property-panel">
      <Field label="Title (form label)" htmlFor={`${id}-title`}>
        <DraftInput
          id={`${id}-title`}
          className="pg-input"
          value={p.title ?? ''}
          readOnly={readOnly}
          onCommit={(v) => act(build.setText(base, p.path, 'title', v))}
        />
      </Field>
      <Field label="Description" htmlFor={`${id}-desc`}>
        <DraftTextarea
          id={`${id}-desc`}
          className="pg-input pg-textarea"
          rows={2}
          value={p.description ?? ''}
          readOnly={readOnly}
          onCommit={(v) => act(build.setText(base, p.path, 'description', v))}
          data-testid="schema-property-description"
        />
      </Field>
      {kind === 'enum' && (
        <Field label="Values (one per line)" htmlFor={`${id}-enum`}>
          <DraftTextarea
            id={`${id}-enum`}
            className="pg-input pg-textarea sb-mono"
            rows={Math.min(6, Math.max(2, p.enumValues.length))}
            value={enumLines(p.enumValues)}
            readOnly={readOnly}
            spellCheck={false}
            data-testid="schema-property-enum"
            onCommit={(v) => {
              const asJson = !p.enumValues.every((x) => typeof x === 'string');
              const values = parseEnumLines(v, asJson);
              if (values.length > 0) act(build.setEnumValues(base, p.path, values));
            }}
          />
        </Field>
      )}
      {kind === 'array' && (
        <Field label="Item type" htmlFor={`${id}-items`}>
          <select
            id={`${id}-items`}
            className="pg-input"
            value={p.itemKind ?? ''}
            disabled={readOnly}
            onChange={(e) => act(build.setItemKind(base, p.path, e.target.value as ItemKind))}
          >
            {p.itemKind === null && <option value="">Other (edit in text)</option>}
            {build.ITEM_KINDS.map((k) => (
              <option key={k} value={k}>
                {build.KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </Field>
      )}
      {kind !== 'other' && (
        <ConstraintFields
          scope={scope}
          property={p}
          idBase={id}
          patternWarning={warnings.pattern}
        />
      )}
      <DefaultEditor
        property={p}
        inputId={`${id}-default`}
        warnId={`${id}-default-warn`}
        warning={warnings.default}
        readOnly={readOnly}
        onValue={(v) => act(build.setDefault(base, p.path, v))}
      />
      {p.otherKeys.length > 0 && (
        <div className="sb-note">
          Also kept as written: <code>{p.otherKeys.join(', ')}</code> (edit in the text).
        </div>
      )}
      {kind === 'object' && (
        <div className="sb-nested">
          <PropertyList scope={scope} parent={p.path} properties={p.children} />
        </div>
      )}
    </div>
  );
}

/** The constraints the property's kind takes: the pattern (with its warning) and the numbers. */
function ConstraintFields({
  scope,
  property: p,
  idBase: id,
  patternWarning,
}: {
  scope: BuilderScope;
  property: PropertyView;
  idBase: string;
  patternWarning: string;
}) {
  const { readOnly } = scope;
  const base = scope.schema ?? {};
  const act = (next: JsonSchema) => scope.onChange(next);
  const kind = p.kind;
  const patternId = `${id}-pattern`;
  const patternWarnId = `${id}-pattern-warn`;
  return (
    <div className="sb-constraints">
      {constraintsOf(kind).map((c) =>
        c === 'pattern' ? (
          <Field
            key={c}
            label={CONSTRAINT_LABELS[c]}
            htmlFor={patternId}
            note={patternWarning || null}
            noteId={patternWarnId}
            warn
          >
            <DraftInput
              id={patternId}
              className="pg-input sb-mono"
              value={typeof p.constraints.pattern === 'string' ? p.constraints.pattern : ''}
              readOnly={readOnly}
              spellCheck={false}
              placeholder="e.g. ^[a-z-]+$"
              aria-invalid={patternWarning !== ''}
              aria-describedby={patternWarning ? patternWarnId : undefined}
              data-testid="schema-property-pattern"
              onCommit={(v) =>
                act(build.setConstraint(base, p.path, 'pattern', v === '' ? null : v))
              }
            />
          </Field>
        ) : (
          <Field key={c} label={CONSTRAINT_LABELS[c]} htmlFor={`${id}-${c}`}>
            <DraftInput
              id={`${id}-${c}`}
              className="pg-input pg-number small"
              type="number"
              step={kind === 'number' && (c === 'minimum' || c === 'maximum') ? 'any' : 1}
              value={typeof p.constraints[c] === 'number' ? String(p.constraints[c]) : ''}
              readOnly={readOnly}
              data-testid={`schema-property-${c}`}
              onCommit={(v) =>
                act(build.setConstraint(base, p.path, c, v.trim() === '' ? null : Number(v)))
              }
            />
          </Field>
        ),
      )}
    </div>
  );
}

/** The default, with the widget its kind needs; empty means none. */
function DefaultEditor({
  property: p,
  inputId,
  warnId,
  warning,
  readOnly,
  onValue,
}: {
  property: PropertyView;
  inputId: string;
  warnId: string;
  warning: string;
  readOnly: boolean;
  onValue(v: unknown): void;
}) {
  const [jsonError, setJsonError] = useState<string | null>(null);
  const note = jsonError ?? (warning || null);
  const described = note ? warnId : undefined;
  const common = {
    id: inputId,
    'aria-invalid': note !== null,
    'aria-describedby': described,
    'data-testid': 'schema-property-default',
  };
  let control: ReactNode;
  switch (p.kind) {
    case 'string':
    case 'multiline':
      control = (
        <DraftInput
          {...common}
          className="pg-input"
          readOnly={readOnly}
          placeholder="none"
          value={
            typeof p.default === 'string' ? p.default : p.hasDefault ? jsonText(p.default) : ''
          }
          onCommit={(v) => onValue(v === '' ? undefined : v)}
        />
      );
      break;
    case 'number':
    case 'integer':
      control = (
        <DraftInput
          {...common}
          className="pg-input pg-number"
          type="number"
          readOnly={readOnly}
          placeholder="none"
          step={p.kind === 'integer' ? 1 : 'any'}
          value={typeof p.default === 'number' ? String(p.default) : ''}
          onCommit={(v) => onValue(v.trim() === '' ? undefined : Number(v))}
        />
      );
      break;
    case 'boolean':
    case 'enum': {
      const options = p.kind === 'boolean' ? [true, false] : p.enumValues;
      const at = options.findIndex((o) => JSON.stringify(o) === JSON.stringify(p.default));
      control = (
        <select
          {...common}
          className="pg-input"
          disabled={readOnly}
          value={p.hasDefault ? (at < 0 ? 'other' : String(at)) : ''}
          onChange={(e) =>
            onValue(e.target.value === '' ? undefined : options[Number(e.target.value)])
          }
        >
          <option value="">— none —</option>
          {p.hasDefault && at < 0 && (
            <option value="other" disabled>
              {jsonText(p.default)}
            </option>
          )}
          {options.map((o, i) => (
            <option key={i} value={String(i)}>
              {typeof o === 'string' ? o : JSON.stringify(o)}
            </option>
          ))}
        </select>
      );
      break;
    }
    default:
      control = (
        <DraftInput
          {...common}
          className="pg-input sb-mono"
          readOnly={readOnly}
          placeholder="none (JSON)"
          spellCheck={false}
          value={jsonText(p.default)}
          onDraft={() => setJsonError(null)}
          onCommit={(v) => {
            if (v.trim() === '') {
              onValue(undefined);
              return;
            }
            try {
              onValue(JSON.parse(v));
            } catch {
              setJsonError('Not JSON: write the default as JSON ([1, 2], {"a": 1}).');
            }
          }}
        />
      );
  }
  return (
    <Field label="Default" htmlFor={inputId} note={note} noteId={warnId} warn>
      {control}
    </Field>
  );
}
