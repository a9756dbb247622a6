/**
 * Under a property's "Details" disclosure: its title and description, its values (enum)
 * or item type (array), the constraints its kind takes, its default, what is kept as
 * written, and the properties nested in an object.
 */
import * as build from '../../../../../shared/playground/schema-builder';
import type {
  ConstraintKey,
  ItemKind,
  PropertyView,
} from '../../../../../shared/playground/schema-builder';
import { BuilderField } from './BuilderField';
import { DefaultEditor } from './DefaultEditor';
import { DraftInput, DraftTextarea } from './DraftInput';
import { PropertyList, type BuilderScope } from './PropertyList';
import { constraintsOf, enumLines, parseEnumLines, type PropertyWarnings } from './property-view';

const CONSTRAINT_LABELS: Record<ConstraintKey, string> = {
  minLength: 'Min length',
  maxLength: 'Max length',
  pattern: 'Pattern',
  minimum: 'Minimum',
  maximum: 'Maximum',
  minItems: 'Min items',
  maxItems: 'Max items',
};

interface DetailPart {
  scope: BuilderScope;
  property: PropertyView;
  /** The base of the ids of the property's inputs. */
  idBase: string;
}

/** Under the disclosure: title, description, values or item type, constraints, default, nested properties. */
export function PropertyDetails({
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
  const id = ids.base;
  const kind = p.kind;
  return (
    <div className="sb-details" id={ids.details} data-testid="schema-property-panel">
      <BuilderField label="Title (form label)" htmlFor={`${id}-title`}>
        <DraftInput
          id={`${id}-title`}
          className="pg-input"
          value={p.title ?? ''}
          readOnly={readOnly}
          onCommit={(v) => scope.onChange(build.setText(base, p.path, 'title', v))}
        />
      </BuilderField>
      <BuilderField label="Description" htmlFor={`${id}-desc`}>
        <DraftTextarea
          id={`${id}-desc`}
          className="pg-input pg-textarea"
          rows={2}
          value={p.description ?? ''}
          readOnly={readOnly}
          onCommit={(v) => scope.onChange(build.setText(base, p.path, 'description', v))}
          data-testid="schema-property-description"
        />
      </BuilderField>
      {kind === 'enum' && <EnumValuesField scope={scope} property={p} idBase={id} />}
      {kind === 'array' && <ItemTypeField scope={scope} property={p} idBase={id} />}
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
        onValue={(v) => scope.onChange(build.setDefault(base, p.path, v))}
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

/** An enum's values, one per line: JSON lines when any value is not text; none never written. */
function EnumValuesField({ scope, property: p, idBase: id }: DetailPart) {
  const base = scope.schema ?? {};
  return (
    <BuilderField label="Values (one per line)" htmlFor={`${id}-enum`}>
      <DraftTextarea
        id={`${id}-enum`}
        className="pg-input pg-textarea sb-mono"
        rows={Math.min(6, Math.max(2, p.enumValues.length))}
        value={enumLines(p.enumValues)}
        readOnly={scope.readOnly}
        spellCheck={false}
        data-testid="schema-property-enum"
        onCommit={(v) => {
          const asJson = !p.enumValues.every((x) => typeof x === 'string');
          const values = parseEnumLines(v, asJson);
          if (values.length > 0) scope.onChange(build.setEnumValues(base, p.path, values));
        }}
      />
    </BuilderField>
  );
}

/** An array's item type; items that are not one plain type are left to the text. */
function ItemTypeField({ scope, property: p, idBase: id }: DetailPart) {
  const base = scope.schema ?? {};
  return (
    <BuilderField label="Item type" htmlFor={`${id}-items`}>
      <select
        id={`${id}-items`}
        className="pg-input"
        value={p.itemKind ?? ''}
        disabled={scope.readOnly}
        onChange={(e) =>
          scope.onChange(build.setItemKind(base, p.path, e.target.value as ItemKind))
        }
      >
        {p.itemKind === null && <option value="">Other (edit in text)</option>}
        {build.ITEM_KINDS.map((k) => (
          <option key={k} value={k}>
            {build.KIND_LABELS[k]}
          </option>
        ))}
      </select>
    </BuilderField>
  );
}

/** The constraints the property's kind takes: the pattern (with its warning) and the numbers. */
function ConstraintFields({
  scope,
  property: p,
  idBase: id,
  patternWarning,
}: DetailPart & { patternWarning: string }) {
  const { readOnly } = scope;
  const base = scope.schema ?? {};
  const kind = p.kind;
  const patternId = `${id}-pattern`;
  const patternWarnId = `${id}-pattern-warn`;
  return (
    <div className="sb-constraints">
      {constraintsOf(kind).map((c) =>
        c === 'pattern' ? (
          <BuilderField
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
                scope.onChange(build.setConstraint(base, p.path, 'pattern', v === '' ? null : v))
              }
            />
          </BuilderField>
        ) : (
          <BuilderField key={c} label={CONSTRAINT_LABELS[c]} htmlFor={`${id}-${c}`}>
            <DraftInput
              id={`${id}-${c}`}
              className="pg-input pg-number small"
              type="number"
              step={kind === 'number' && (c === 'minimum' || c === 'maximum') ? 'any' : 1}
              value={typeof p.constraints[c] === 'number' ? String(p.constraints[c]) : ''}
              readOnly={readOnly}
              data-testid={`schema-property-${c}`}
              onCommit={(v) =>
                scope.onChange(
                  build.setConstraint(base, p.path, c, v.trim() === '' ? null : Number(v)),
                )
              }
            />
          </BuilderField>
        ),
      )}
    </div>
  );
}
