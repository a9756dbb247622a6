/**
 * Monaco's diff editor over two texts (original left, modified right), read-only, from the
 * local monaco package. The diff editor and its two models are made here and released in
 * that order (editor first, its models detached before): a model disposed under a live
 * diff widget throws, and a pending request of the widget is cancelled with it
 * (editor/monaco-cancellation.ts).
 */
import { useEffect, useRef } from 'react';
import { setupMonaco, monaco } from '../monaco-setup';
import { THEME_IDS } from '../themes';
import { languageForPath } from '../language';

setupMonaco();

export interface MonacoDiffProps {
  path: string;
  original: string;
  modified: string;
  /** What each side is: [left, right]. */
  labels: readonly [string, string];
  theme: 'dark' | 'light';
  className: string;
  testId: string;
  /** Inline (one column) instead of side by side. */
  inline?: boolean;
}

export default function MonacoDiff(props: MonacoDiffProps) {
  const { path, original, modified, theme, inline } = props;
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const language = languageForPath(path);
    const left = monaco.editor.createModel(original, language);
    const right = monaco.editor.createModel(modified, language);
    const diff = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      renderSideBySide: !inline,
      minimap: { enabled: false },
      automaticLayout: true,
      fontSize: 13,
      theme: theme === 'dark' ? THEME_IDS.dark : THEME_IDS.light,
    });
    diff.setModel({ original: left, modified: right });
    return () => {
      // Detach the models first: the widget resets them lazily, after dispose() returns.
      diff.setModel(null);
      diff.dispose();
      left.dispose();
      right.dispose();
    };
  }, [path, original, modified, theme, inline]);

  return (
    <div className={props.className} data-testid={props.testId}>
      <div className="diff-labels">
        <span>{props.labels[0]}</span>
        <span>{props.labels[1]}</span>
      </div>
      <div className={`${props.className}-editor`} ref={host} />
    </div>
  );
}
