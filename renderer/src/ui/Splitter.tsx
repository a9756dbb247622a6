/**
 * A drag handle between two panels. Reports the new size as the pointer moves;
 * arrow keys resize too, so it is usable without a mouse.
 */
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

interface Props {
  orientation: 'vertical' | 'horizontal';
  /** Current size of the panel this handle resizes. */
  size: number;
  /** +1 when dragging right/down grows the panel, -1 when it shrinks it. */
  direction: 1 | -1;
  onResize(size: number): void;
  label: string;
  testId?: string;
}

export function Splitter({ orientation, size, direction, onResize, label, testId }: Props) {
  const start = useRef<{ pos: number; size: number } | null>(null);
  const coord = (e: PointerEvent) => (orientation === 'vertical' ? e.clientX : e.clientY);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    start.current = { pos: coord(e), size };
    document.body.classList.add(orientation === 'vertical' ? 'resizing-x' : 'resizing-y');
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!start.current) return;
    onResize(start.current.size + direction * (coord(e) - start.current.pos));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    start.current = null;
    e.currentTarget.releasePointerCapture(e.pointerId);
    document.body.classList.remove('resizing-x', 'resizing-y');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const grow =
      orientation === 'vertical' ? ['ArrowRight', 'ArrowLeft'] : ['ArrowDown', 'ArrowUp'];
    const step = e.shiftKey ? 50 : 10;
    if (e.key === grow[0]) onResize(size + direction * step);
    else if (e.key === grow[1]) onResize(size - direction * step);
    else return;
    e.preventDefault();
  };

  return (
    <div
      className={`splitter splitter-${orientation}`}
      role="separator"
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={size}
      tabIndex={0}
      title={label}
      data-testid={testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
