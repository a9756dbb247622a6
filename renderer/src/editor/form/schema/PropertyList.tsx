/**
 * The properties of one object schema (the root, or a nested object property) as a
 * list of property editors, with "Add property" at its end.
 */
import { useRef } from 'react';
import {
  addProperty,
  type BuilderWarning,
  type JsonSchema,
  type PropertyPath,
  type PropertyView,
} from '../../../../../shared/playground/schema-builder';
import { PropertyEditor } from './PropertyEditor';

/** What every list and row of one builder shares, handed down the nesting as is. */
export interface BuilderScope {
  schema: JsonSchema | undefined;
  warnings: BuilderWarning[];
  readOnly: boolean;
  onChange(next: JsonSchema, focus?: readonly string[]): void;
  focusPath: readonly string[] | null;
}

export function PropertyList({
  scope,
  parent,
  properties,
}: {
  scope: BuilderScope;
  parent: PropertyPath;
  properties: PropertyView[];
}) {
  const { schema, readOnly, onChange, focusPath } = scope;
  const addButton = useRef<HTMLButtonElement>(null);
  const where = parent.length === 0 ? '' : ` to ${parent.join('.')}`;
  return (
    <div className="sb-list-wrap">
      {properties.length > 0 ? (
        <ol
          className="sb-list"
          aria-label={parent.length === 0 ? 'Properties' : `Properties of ${parent.join('.')}`}
        >
          {properties.map((p, i) => (
            <PropertyEditor
              key={p.name}
              scope={scope}
              property={p}
              index={i}
              count={properties.length}
              initiallyOpen={
                !!focusPath &&
                focusPath.length === p.path.length &&
                focusPath.every((s, k) => s === p.path[k])
              }
              onRemoved={() => addButton.current?.focus()}
            />
          ))}
        </ol>
      ) : (
        <div className="sb-note">
          {parent.length === 0 ? 'No properties yet.' : 'No nested properties yet.'}
        </div>
      )}
      {!readOnly && (
        <button
          ref={addButton}
          type="button"
          className="button secondary small sb-add"
          onClick={() => {
            const added = addProperty(schema, parent);
            onChange(added.schema, added.path);
          }}
          data-testid="schema-add-property"
        >
          + Add property{where}
        </button>
      )}
    </div>
  );
}
