/** Side by side: what is on disk now (left) and the unsaved text (right). */
import { DiffEditor } from '@monaco-editor/react';
import { setupMonaco } from '../../editor/monaco-setup';
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
  return (
    <div className="conflict-diff" data-testid="conflict-diff">
      <div className="diff-labels">
        <span>On disk (theirs)</span>
        <span>Your unsaved text (mine)</span>
      </div>
      <DiffEditor
        original={theirs}
        modified={mine}
        language={languageForPath(path)}
        theme={theme === 'dark' ? THEME_IDS.dark : THEME_IDS.light}
        options={{
          readOnly: true,
          originalEditable: false,
          renderSideBySide: true,
          minimap: { enabled: false },
          automaticLayout: true,
          fontSize: 13,
        }}
      />
    </div>
  );
}
