/**
 * A row of buttons that picks one of several views: a tab list (role="tab", aria-selected)
 * or a radio group (role="radio", aria-checked, one stop in the Tab order, the arrow keys
 * move the choice and the focus). The picked button's class also has `active`, which is
 * what the panels' tab styles key on; by default the row and its buttons are the
 * playground's sub-tabs (pg-subtabs, pg-subtab).
 */
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  title?: string;
}

interface Props<T extends string> {
  items: readonly TabItem<T>[];
  selected: T;
  onSelect(id: NoInfer<T>): void;
  /** The row's class. */
  className?: string;
  /** Each button's class (the picked one adds `active`); empty: no class. */
  itemClass?: string;
  /** The row's accessible name. */
  label?: string;
  role?: 'tablist' | 'radiogroup';
  testId?: string;
  /** Each button's data-testid. */
  itemTestId?(id: NoInfer<T>): string;
  /** Each tab's element id, for a panel labelled by it. */
  itemId?(id: NoInfer<T>): string;
  /** The id of the panel the tabs control. */
  controls?: string;
}

export function TabBar<T extends string>({
  items,
  selected,
  onSelect,
  className = 'pg-subtabs',
  itemClass = 'pg-subtab',
  label,
  role = 'tablist',
  testId,
  itemTestId,
  itemId,
  controls,
}: Props<T>) {
  const radio = role === 'radiogroup';
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (!radio || (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft')) return;
    e.preventDefault();
    const i = items.findIndex((item) => item.id === selected);
    const next = (i + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length;
    onSelect(items[next].id);
    (e.currentTarget.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      className={className}
      role={role}
      aria-label={label}
      data-testid={testId}
      onKeyDown={radio ? onKeyDown : undefined}
    >
      {items.map((item) => {
        const on = item.id === selected;
        return (
          <button
            key={item.id}
            type="button"
            role={radio ? 'radio' : 'tab'}
            id={itemId?.(item.id)}
            aria-selected={radio ? undefined : on}
            aria-checked={radio ? on : undefined}
            aria-controls={controls}
            tabIndex={radio ? (on ? 0 : -1) : undefined}
            className={itemClass ? `${itemClass}${on ? ' active' : ''}` : undefined}
            title={item.title}
            onClick={() => onSelect(item.id)}
            data-testid={itemTestId?.(item.id)}
          >
            {item.label}
          </button>
        );
      })}
    </div>
  );
}
