/**
 * Text inputs that hold a draft while focused and commit it on blur or Enter (Escape
 * puts the committed value back). Each commit is one write into the SKILL.md buffer,
 * so one undo step per finished value, not one per keystroke.
 */
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type TextareaHTMLAttributes,
} from 'react';

type Common = {
  value: string;
  onCommit(value: string): void;
  /** Live feedback while typing (a name already taken…). */
  onDraft?(value: string): void;
};

/**
 * The draft and the handlers both inputs share: focus, typing, blur (commit) and
 * Escape, which puts the committed value back (a second Escape reaches what holds the
 * input, a dialog that closes).
 */
function useDraft<E extends HTMLInputElement | HTMLTextAreaElement>({
  value,
  onCommit,
  onDraft,
}: Common) {
  const [draft, setDraft] = useState(value);
  const focused = useRef(false);
  // Follow outside changes (typing in the text, undo) unless the user is typing here.
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  const focus = () => {
    focused.current = true;
  };
  const commit = () => {
    focused.current = false;
    if (draft !== value) onCommit(draft);
  };
  const revertOnEscape = (e: KeyboardEvent<E>) => {
    if (e.key !== 'Escape' || draft === value) return;
    e.stopPropagation();
    setDraft(value);
    onDraft?.(value);
  };
  return {
    commit,
    focus,
    revertOnEscape,
    props: {
      value: draft,
      onFocus: focus,
      onChange: (e: ChangeEvent<E>) => {
        setDraft(e.target.value);
        onDraft?.(e.target.value);
      },
      onBlur: commit,
      onKeyDown: revertOnEscape,
    },
  };
}

export function DraftInput({
  value,
  onCommit,
  onDraft,
  ...rest
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const d = useDraft<HTMLInputElement>({ value, onCommit, onDraft });
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
      {...d.props}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          d.commit();
          d.focus();
        } else d.revertOnEscape(e);
      }}
    />
  );
}

export function DraftTextarea({
  value,
  onCommit,
  onDraft,
  ...rest
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'>) {
  const d = useDraft<HTMLTextAreaElement>({ value, onCommit, onDraft });
  return <textarea {...rest} {...d.props} />;
}
