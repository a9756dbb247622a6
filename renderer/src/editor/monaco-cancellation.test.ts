import { describe, expect, it } from 'vitest';
import { CancellationError } from 'monaco-editor/esm/vs/base/common/errors.js';
import { ignoreMonacoCancellation, isMonacoCancellation } from './monaco-cancellation';

function rejection(reason: unknown): {
  reason: unknown;
  prevented: boolean;
  preventDefault(): void;
} {
  const event = {
    reason,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
  };
  return event;
}

describe('the Monaco cancellation filter', () => {
  it("swallows Monaco's own CancellationError", () => {
    const event = rejection(new CancellationError());
    ignoreMonacoCancellation(event);
    expect(event.prevented).toBe(true);
  });

  it('swallows an error of the same name and message (another copy of the class)', () => {
    const err = new Error('Canceled');
    err.name = 'Canceled';
    expect(isMonacoCancellation(err)).toBe(true);
  });

  it.each([
    ['an Error whose message only is Canceled', new Error('Canceled')],
    ['a TypeError', new TypeError('x is undefined')],
    ['the string Canceled', 'Canceled'],
    ['undefined', undefined],
    ['an AbortError', new DOMException('aborted', 'AbortError')],
  ])('lets %s through', (_what, reason) => {
    const event = rejection(reason);
    ignoreMonacoCancellation(event);
    expect(event.prevented).toBe(false);
  });
});
