/**
 * A property's row in the schema builder: its name (checked as it is typed, renamed when
 * committed), its type, its required flag, and the details toggle, the moves and removal.
 */
import * as build from '../../../../../shared/playground/schema-builder';
import type {
  JsonSchema,
  PropertyKind,
  PropertyView,
  ReadKind,
} from '../../../../../shared/playground/schema-builder';
import { DraftInput } from './DraftInput';
import type { BuilderScope } from './PropertyList';
import { samePath } from './property-view';

/** The two move buttons: by how many places, and how each is named and drawn. */
const MOVES = [
  { by: -1, word: 'up', glyph: '↑' },
  { by: 1, word: 'down', glyph: '↓' },
] as const;

/** The kinds the type menu offers: a kind the builder cannot make is shown, not offered. */
export function shownKinds(kind: ReadKind): readonly ReadKind[] {
  return kind === 'other' ? ['other', ...build.PROPERTY_KINDS] : build.PROPERTY_KINDS;
}

/** The details toggle's name, with how many warnings the property and its nested ones have. */
export function detailsLabel(label: string, problems: number): string {
  if (problems === 0) return `Details of ${label}`;
  return `Details of ${label} (${problems} warning${problems === 1 ? '' : 's'})`;
}

interface RowPart {
  scope: BuilderScope;
  property: PropertyView;
}

export interface PropertyRowProps extends RowPart {
  place: { index: number; count: number };
  ids: { base: string; nameErr: string; details: string };
  /** Warnings of the property and of those nested in it. */
  problems: number;
  nameDraftProblem: string | null;
  onNameDraftProblem(problem: string | null): void;
  open: boolean;
  onToggle(): void;
  onRemoved(): void;
}

/** The property's row: name, type, required, the details toggle, moves and removal. */
export function PropertyRow(props: PropertyRowProps) {
  const { scope, property, ids } = props;
  return (
    <div className="sb-row">
      <NameInput
        scope={scope}
        property={property}
        index={props.place.index}
        id={`${ids.base}-name`}
        errorId={ids.nameErr}
        problem={props.nameDraftProblem}
        onProblem={props.onNameDraftProblem}
      />
      <TypeSelect scope={scope} property={property} id={`${ids.base}-type`} />
      <RequiredCheck scope={scope} property={property} />
      <RowActions {...props} />
    </div>
  );
}

/** The name: a taken or malformed name is told while typing and never committed. */
function NameInput({
  scope,
  property: p,
  index,
  id,
  errorId,
  problem,
  onProblem,
}: RowPart & {
  index: number;
  id: string;
  errorId: string;
  problem: string | null;
  onProblem(problem: string | null): void;
}) {
  const base = scope.schema ?? {};
  return (
    <div className="sb-name">
      <label className="visually-hidden" htmlFor={id}>
        Name of property {index + 1}
      </label>
      <DraftInput
        id={id}
        className="pg-input sb-mono"
        value={p.name}
        readOnly={scope.readOnly}
        spellCheck={false}
        autoFocus={samePath(scope.focusPath, p.path)}
        aria-invalid={problem !== null}
        aria-describedby={problem ? errorId : undefined}
        data-testid="schema-property-name"
        onDraft={(v) => onProblem(v === p.name ? null : build.nameProblem(base, p.path, v))}
        onCommit={(v) => {
          if (build.nameProblem(base, p.path, v) === null) {
            onProblem(null);
            scope.onChange(build.renameProperty(base, p.path, v), [...p.path.slice(0, -1), v]);
          }
        }}
      />
    </div>
  );
}

/** The type: fixed for a shape built from $ref or a composition (edited in the text). */
function TypeSelect({ scope, property: p, id }: RowPart & { id: string }) {
  const base = scope.schema ?? {};
  return (
    <>
      <label className="visually-hidden" htmlFor={id}>
        Type of {p.path.join('.')}
      </label>
      <select
        id={id}
        className="pg-input sb-type"
        value={p.kind}
        disabled={scope.readOnly || !p.typeEditable}
        title={
          p.typeEditable ? undefined : 'Built from $ref or oneOf/anyOf/allOf: edit it in the text'
        }
        data-testid="schema-property-type"
        onChange={(e) =>
          scope.onChange(build.setKind(base, p.path, e.target.value as PropertyKind))
        }
      >
        {shownKinds(p.kind).map((k) => (
          <option key={k} value={k} disabled={k === 'other'}>
            {build.KIND_LABELS[k]}
          </option>
        ))}
      </select>
    </>
  );
}

function RequiredCheck({ scope, property: p }: RowPart) {
  const base = scope.schema ?? {};
  return (
    <label className="sb-check">
      <input
        type="checkbox"
        checked={p.required}
        disabled={scope.readOnly}
        onChange={(e) => scope.onChange(build.setRequired(base, p.path, e.target.checked))}
        data-testid="schema-property-required"
      />
      Required<span className="visually-hidden"> ({p.path.join('.')})</span>
    </label>
  );
}

/** The details toggle (marked when something inside has a warning), the moves and removal. */
function RowActions({
  scope,
  property: p,
  place: { index, count },
  ids,
  problems,
  open,
  onToggle,
  onRemoved,
}: PropertyRowProps) {
  const { readOnly } = scope;
  const base = scope.schema ?? {};
  const act = (next: JsonSchema, focus?: readonly string[]) => scope.onChange(next, focus);
  const label = p.path.join('.');
  return (
    <span className="sb-row-actions">
      <button
        type="button"
        className="sb-icon-button"
        aria-expanded={open}
        aria-controls={ids.details}
        aria-label={detailsLabel(label, problems)}
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
  );
}
