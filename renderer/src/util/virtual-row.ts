import type { CSSProperties } from 'react';

/** Where a row of a virtualised list sits (absolutely placed, moved by transform). */
export function virtualRowStyle(start: number, height: number): CSSProperties {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    height,
    transform: `translateY(${start}px)`,
  };
}
