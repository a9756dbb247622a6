/**
 * The Monaco editor showing the active text buffer. Models belong to
 * model-registry.ts, one per open file: this component only points the editor at
 * the buffer's model (the editor saves each model's view state on the switch) and
 * never writes text itself, so no tab's text can land in another tab's buffer.
 * Diagnostics become markers; a reveal request (Problems click) moves the cursor, a focus
 * request (a skill picked with Ctrl+P) puts the keyboard there.
 */
import { useEffect, useRef } from 'react';
import Editor, { type OnMount } from '@monaco-editor/react';
import type * as MonacoNs from 'monaco-editor';
import { setupMonaco, monaco } from '../monaco-setup';
import { modelFor } from '../model-registry';
import { toMarkers, MARKER_OWNER } from '../monaco-providers';
import { THEME_IDS } from '../themes';
import { languageForPath } from '../language';
import { isSkillMd } from '../../util/skill-md';
import { useEditor, type Reveal } from '../../stores/editor-store';
import type { EditorBuffer } from '../../stores/buffer-logic';
import type { Diagnostic } from '../../../../shared/check/diagnostics';

setupMonaco();

const NO_DIAGNOSTICS: Diagnostic[] = [];

/** Carries out a reveal request: the cursor to its place (when it names one), then the focus. */
function revealIn(ed: MonacoNs.editor.IStandaloneCodeEditor, r: Reveal): void {
  if (r.at) {
    ed.setPosition({ lineNumber: r.at.line, column: r.at.column });
    ed.revealPositionInCenter({ lineNumber: r.at.line, column: r.at.column });
  }
  ed.focus();
}

interface Props {
  buffer: EditorBuffer;
  theme: 'dark' | 'light';
}

export default function CodeEditor({ buffer, theme }: Props) {
  const editorRef = useRef<MonacoNs.editor.IStandaloneCodeEditor | null>(null);
  const live = useEditor((s) => s.live[buffer.id]) ?? NO_DIAGNOSTICS;
  const reveal = useEditor((s) => s.reveal);
  const model = modelFor(monaco, buffer);
  const path = model.uri.toString();
  const skillMd = isSkillMd(buffer.path);

  const applyMarkers = () => {
    if (!model.isDisposed())
      monaco.editor.setModelMarkers(
        model,
        MARKER_OWNER,
        skillMd ? toMarkers(monaco, model, live) : [],
      );
  };

  useEffect(applyMarkers);

  useEffect(() => {
    const ed = editorRef.current;
    if (ed && reveal && reveal.id === buffer.id) revealIn(ed, reveal);
  }, [reveal, buffer.id]);

  const onMount: OnMount = (ed) => {
    editorRef.current = ed;
    const setCursor = useEditor.getState().setCursor;
    const pos = ed.getPosition();
    setCursor(pos ? { line: pos.lineNumber, column: pos.column } : null);
    ed.onDidChangeCursorPosition((e) =>
      setCursor({ line: e.position.lineNumber, column: e.position.column }),
    );
    ed.onDidDispose(() => setCursor(null));
    applyMarkers();
    const r = useEditor.getState().reveal;
    if (r && r.id === buffer.id) revealIn(ed, r);
  };

  return (
    <div className="code-editor" data-testid="code-editor" data-path={buffer.path}>
      {/* No value and no onChange: the text flows through the model (model-registry.ts). */}
      <Editor
        path={path}
        language={languageForPath(buffer.path)}
        theme={theme === 'dark' ? THEME_IDS.dark : THEME_IDS.light}
        onMount={onMount}
        keepCurrentModel
        saveViewState
        loading={<div className="editor-loading">Loading editor…</div>}
        options={{
          readOnly: buffer.readOnly,
          fontSize: 13,
          lineHeight: 20,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          wordWrap: buffer.path.toLowerCase().endsWith('.md') ? 'on' : 'off',
          renderWhitespace: 'selection',
          fixedOverflowWidgets: true,
          automaticLayout: true,
          tabSize: 2,
          quickSuggestions: { other: true, comments: false, strings: true },
          lightbulb: { enabled: monaco.editor.ShowLightbulbIconMode.On },
          padding: { top: 8 },
        }}
      />
    </div>
  );
}
