/**
 * The quick-pick dialog the studio's palettes share (Ctrl+P, Ctrl+Shift+P): a filter box
 * that keeps the keyboard while a listbox below it shows the choices, the active one named
 * by `aria-activedescendant`. Arrow keys and Page Up/Down move, Enter picks, Escape closes
 * (Modal gives the focus back to where it was); the mouse picks without taking the focus.
 * A disabled row is shown greyed with why, and is never picked.
 */
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Modal } from './Modal';

/** One row: its content, its data attributes (test ids and the like), its tooltip. */
export interface PickRow {
  content: ReactNode;
  attrs: Record<string, string>;
  title?: string;
}

export interface PickListProps<T> {
  title: string;
  /** Prefix of the test ids and element ids: `<id>`, `<id>-input`, `<id>-list`. */
  id: string;
  inputLabel: string;
  listLabel: string;
  placeholder: string;
  query: string;
  onQuery(query: string): void;
  items: readonly T[];
  active: number;
  onActive(index: number): void;
  keyOf(item: T): string;
  render(item: T): PickRow;
  /** Why the item cannot be picked now; null when it can. */
  disabledWhy?(item: T): string | null;
  onPick(item: T): void;
  onClose(): void;
  /** Shown when no item is listed. */
  empty: ReactNode;
  /** Shown below the list (a count of what is not listed, a status). */
  footer?: ReactNode;
}

export function PickList<T>(props: PickListProps<T>) {
  const { items, id } = props;
  const list = useRef<HTMLUListElement>(null);
  const current = Math.min(props.active, Math.max(0, items.length - 1));

  useEffect(() => {
    list.current
      ?.querySelector<HTMLElement>(`[data-index="${current}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  const pick = (item: T | undefined) => {
    if (item === undefined || props.disabledWhy?.(item)) return;
    props.onPick(item);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, current + 1),
      ArrowUp: Math.max(0, current - 1),
      PageDown: Math.min(last, current + 10),
      PageUp: Math.max(0, current - 10),
    };
    if (e.key in moves) props.onActive(Math.max(0, moves[e.key]));
    else if (e.key === 'Enter') pick(items[current]);
    else return;
    e.preventDefault();
  };

  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <Modal title={props.title} onClose={props.onClose} testId={id}>
      <input
        className="pick-input"
        role="combobox"
        aria-label={props.inputLabel}
        aria-expanded="true"
        aria-controls={`${id}-list`}
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
        autoFocus
        value={props.query}
        placeholder={props.placeholder}
        spellCheck={false}
        onChange={(e) => {
          props.onQuery(e.target.value);
          props.onActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid={`${id}-input`}
      />
      <ul
        ref={list}
        id={`${id}-list`}
        className="pick-list"
        role="listbox"
        aria-label={props.listLabel}
      >
        {items.map((item, i) => {
          const { content, attrs, title } = props.render(item);
          const why = props.disabledWhy?.(item) ?? null;
          return (
            <li
              key={props.keyOf(item)}
              id={optionId(i)}
              role="option"
              aria-selected={i === current}
              aria-disabled={why ? true : undefined}
              className={`pick-item${i === current ? ' active' : ''}${why ? ' disabled' : ''}`}
              data-index={i}
              title={why ?? title}
              {...attrs}
              // Keep the focus in the box: a click picks, it does not blur.
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => props.onActive(i)}
              onClick={() => pick(item)}
            >
              {content}
              {why && <span className="pick-why">{why}</span>}
            </li>
          );
        })}
      </ul>
      {items.length === 0 && (
        <div className="pick-empty" data-testid={`${id}-empty`}>
          {props.empty}
        </div>
      )}
      {props.footer && <div className="pick-footer">{props.footer}</div>}
    </Modal>
  );
}
