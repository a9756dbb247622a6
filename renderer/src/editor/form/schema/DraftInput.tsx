/**
 * Text inputs that hold a draft while focused and commit it on blur or Enter (Escape
 * puts the committed value back). Each commit is one write into the SKILL.md buffer,
 * so one undo step per finished value, not one per keystroke.
 */
import { useEffect, useRef, useState, type InputHTMLAttributes } from 'react';

type Common = {
  value: string;
  onCommit(value: string): void;
  /** Live feedback while typing (a name already taken…). */
  onDraft?(value: string): void;
};

function useDraft({ value, onCommit, onDraft }: Common) {
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);
  // Follow outside changes (typing in the text, undo) unless the user is typing here.
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  return {
    draft,
    change(next: string) {
      setDraft(next);
      onDraft?.(next);
    },
    focus() {
      focused.current = true;
    },
    commit() {
      focused.current = false;
      if (draft !== value) onCommit(draft);
    },
    revert() {
      setDraft(value);
      onDraft?.(value);
    },
  };
}

export function DraftInput({
  value,
  onCommit,
  onDraft,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const d = useDraft({ value, onCommit, onDraft });
  const input = useRef<HTMLInputElement>(null);
  const selectFirst = rest.autoFocus === true;
  // A field focused for the user (a property just added) has its text selected, so
  // typing replaces the suggested name instead of appending to it.
  useEffect(() => {
    if (selectFirst) input.current?.select();
  }, [selectFirst]);
  return (
    <input
      ref={input}
      {...rest}
      value={d.draft}
      onFocus={d.focus}
      onChange={(e) => d.change(e.target.value)}
      onBlur={d.commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          d.commit();
          d.focus();
        } else if (e.key === 'Escape' && d.draft !== value) {
          // Escape reverts the draft first; a second Escape closes what holds the input.
          e.stopPropagation();
          d.revert();
        }
      }}
    />
  );
}

export function DraftTextarea({
  value,
  onCommit,
  onDraft,
  ...rest
}: Common & Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) {
  const d = useDraft({ value, onCommit, onDraft });
  return (
    <textarea
      {...rest}
      value={d.draft}
      onFocus={d.focus}
      onChange={(e) => d.change(e.target.value)}
      onBlur={d.commit}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && d.draft !== value) {
          e.stopPropagation();
          d.revert();
        }
      }}
    />
  );
}
