/**
 * Side by side: what is on disk now (left) and the unsaved text (right). The diff
 * editor and its two models are made here and released in that order (editor
 * first), which Monaco requires: a model disposed under a live diff widget throws.
 */
import { useEffect, useRef } from 'react';
import { setupMonaco, monaco } from '../../editor/monaco-setup';
import { THEME_IDS } from '../../editor/themes';
import { languageForPath } from '../../editor/language';

setupMonaco();

interface Props {
  path: string;
  theirs: string;
  mine: string;
  theme: 'dark' | 'light';
}

export default function ConflictDiff({ path, theirs, mine, theme }: Props) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!host.current) return;
    const language = languageForPath(path);
    const original = monaco.editor.createModel(theirs, language);
    const modified = monaco.editor.createModel(mine, language);
    const diff = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      renderSideBySide: true,
      minimap: { enabled: false },
      automaticLayout: true,
      fontSize: 13,
      theme: theme === 'dark' ? THEME_IDS.dark : THEME_IDS.light,
    });
    diff.setModel({ original, modified });
    return () => {
      // Detach the models first: the widget resets them lazily, after dispose() returns.
      diff.setModel(null);
      diff.dispose();
      original.dispose();
      modified.dispose();
    };
  }, [path, theirs, mine, theme]);

  return (
    <div className="conflict-diff" data-testid="conflict-diff">
      <div className="diff-labels">
        <span>On disk (theirs)</span>
        <span>Your unsaved text (mine)</span>
      </div>
      <div className="conflict-diff-editor" ref={host} />
    </div>
  );
}
