/**
 * The keys of an input that holds a draft until it is committed (a key being renamed, an
 * agent's list typed comma-separated): Enter commits it and submits no form; Escape
 * reverts it, and stops there only when there was a draft to revert, so a second Escape
 * reaches what holds the input (a dialog closes).
 */
import type { KeyboardEvent } from 'react';

export interface DraftKeys {
  /** Whether there is a draft (or its error) that Escape would drop. */
  pending: boolean;
  commit(): void;
  revert(): void;
}

export function draftKeyDown(e: KeyboardEvent, draft: DraftKeys): void {
  if (e.key === 'Enter') {
    e.preventDefault();
    draft.commit();
  } else if (e.key === 'Escape' && draft.pending) {
    e.stopPropagation();
    draft.revert();
  }
}
