/**
 * One property of the schema builder: its name, type, required flag, place (up/down)
 * and removal on one row, and its description, default and constraints under a
 * "Details" disclosure. Every change is a builder action (shared/playground/schema-builder)
 * handed up as the next schema; warnings (unsafe pattern, default its own schema
 * refuses) sit under the input they are about, tied to it with aria-describedby.
 * The row is PropertyRow.tsx, the disclosure PropertyDetails.tsx (its default,
 * DefaultEditor.tsx); this holds what they share: the ids, the open state and the name
 * being typed.
 */
import { useId, useState } from 'react';
import type { PropertyView } from '../../../../../shared/playground/schema-builder';
import { PropertyDetails } from './PropertyDetails';
import type { BuilderScope } from './PropertyList';
import { PropertyRow } from './PropertyRow';
import { propertyWarnings } from './property-view';

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
