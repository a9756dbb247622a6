/**
 * An agent's instruction: a textarea that offers the state keys after `{` (a listbox under
 * the field; ↑/↓ to move, Enter or Tab to take, Escape to close), and lists the
 * placeholders that no input or earlier `writes` provides, since the run would stop there.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { applyCompletion, completionAt, type PlaceholderCompletion } from './instruct-completion';
import { placeholdersOf } from './topology-source';

interface Props {
  agent: string;
  value: string;
  stateKeys: readonly string[];
  readOnly: boolean;
  onChange(value: string): void;
  onBlur(): void;
}

export function InstructField({ agent, value, stateKeys, readOnly, onChange, onBlur }: Props) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [open, setOpen] = useState<PlaceholderCompletion | null>(null);
  const [active, setActive] = useState(0);
  const unknown = placeholdersOf(value).filter((k) => !stateKeys.includes(k));

  const refresh = (text: string, caret: number) => {
    const c = completionAt(text, caret, stateKeys);
    setOpen(c);
    setActive(0);
  };

  const take = (key: string) => {
    const el = area.current;
    if (!el || !open) return;
    const next = applyCompletion(value, el.selectionStart, open, key);
    onChange(next.text);
    setOpen(null);
    // After React wrote the new value: the caret goes after the inserted `}`.
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const n = open.options.length;
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : n - 1)) % n);
    } else if (e.key === 'Enter' || e.key === 'Tab') {
      e.preventDefault();
      take(open.options[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      setOpen(null);
    }
  };

  const listId = `${id}-keys`;
  const hintId = `${id}-hint`;
  return (
    <div className="topo-field topo-instruct">
      <label htmlFor={id}>Instruction</label>
      <textarea
        id={id}
        ref={area}
        className="pg-input topo-textarea"
        value={value}
        readOnly={readOnly}
        rows={Math.min(8, Math.max(3, value.split('\n').length + Math.floor(value.length / 60)))}
        spellCheck={false}
        role="combobox"
        aria-expanded={open !== null}
        aria-controls={open ? listId : undefined}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        aria-describedby={hintId}
        data-testid="topo-instruct"
        data-agent={agent}
        onChange={(e) => {
          onChange(e.target.value);
          refresh(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(null);
          onBlur();
        }}
      />
      {open && (
        <ul className="topo-complete" id={listId} role="listbox" aria-label="State keys">
          {open.options.map((k, i) => (
            <li
              key={k}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              data-testid="topo-complete-option"
              // mousedown, not click: the textarea keeps its focus and caret.
              onMouseDown={(e) => {
                e.preventDefault();
                take(k);
              }}
            >
              {`{${k}}`}
            </li>
          ))}
        </ul>
      )}
      <div id={hintId} className={unknown.length > 0 ? 'topo-field-error' : 'topo-field-hint'}>
        {unknown.length > 0
          ? `No input or writes provides ${unknown.map((k) => `{${k}}`).join(', ')}: the run stops at this agent.`
          : 'Type { to insert a state key.'}
      </div>
    </div>
  );
}
