/**
 * Monaco rejects a pending internal promise with its own CancellationError when the
 * work it stood for is disposed. One such promise is never awaited: the word
 * highlighter's 50 ms Delayer (`wordHighlighter.js`, `runDelayer.trigger(…)` on a
 * cursor move or focus) is disposed with the highlighter when the editor switches
 * models (a tab change, a skill opened from Ctrl+P), and its rejection reaches the
 * window as an unhandled `Canceled: Canceled` (microsoft/monaco-editor#4702, #5135).
 * Monaco's own error handler ignores exactly these errors (`onUnexpectedError` skips
 * `isCancellationError`), so the studio does the same for unhandled rejections, and
 * for nothing else: every other rejection still reaches the console and the tests.
 */
import { isCancellationError } from 'monaco-editor/esm/vs/base/common/errors.js';

/** True only for Monaco's CancellationError (its class, or its exact name and message). */
export function isMonacoCancellation(reason: unknown): boolean {
  return isCancellationError(reason);
}

/** The listener for `unhandledrejection`: swallows Monaco's cancellations, leaves the rest. */
export function ignoreMonacoCancellation(
  event: Pick<PromiseRejectionEvent, 'reason' | 'preventDefault'>,
): void {
  if (isMonacoCancellation(event.reason)) event.preventDefault();
}

let installed = false;

/** Installs the listener once per window. */
export function installMonacoCancellationFilter(target: Pick<Window, 'addEventListener'>): void {
  if (installed) return;
  installed = true;
  target.addEventListener('unhandledrejection', ignoreMonacoCancellation);
}
