import { lazy, Suspense } from 'react';
import { useEditor, activeBuffer } from '../../stores/editor-store';
import type { EditorBuffer } from '../../stores/buffer-logic';
import { useSkills } from '../../stores/skills-store';
import { EditorTabs } from './EditorTabs';
import { ConflictBar } from './ConflictBar';
import { ImageView, BinaryView } from './FileViews';
import { EmptyEditor } from './EmptyEditor';
import { RestoreBanner } from './RestoreBanner';
import { isSkillMd } from '../../util/skill-md';
import { FormView } from '../form/FormView';
import { ViewToggle } from '../form/ViewToggle';
import { useSkillView } from '../form/view-mode';
import { DiffView, EditorActions } from './DiffView';

// Monaco is large: the sidebar and panels show before it has loaded.
const loadCodeEditor = () => import('./CodeEditor');
const CodeEditor = lazy(loadCodeEditor);

/** Starts loading Monaco once the first screen is up, so opening a file is quick. */
export function preloadEditor(): void {
  const start = () => void loadCodeEditor();
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 500);
}

/**
 * The centre: tabs and the active file (text in Monaco, images previewed, binaries
 * described). A SKILL.md may also show as a Form, beside the text or instead of it; the
 * text editor stays mounted either way, so both edit one model with one undo history.
 */
export function EditorArea({ theme }: { theme: 'dark' | 'light' }) {
  const buffer = useEditor(activeBuffer);
  // The listing no longer has the tab's skill folder: it was deleted or moved away.
  const skillGone = useSkills(
    (s) =>
      !!buffer &&
      s.listing !== null &&
      !s.listing.skills.some((item) => item.dir === buffer.skillDir),
  );
  return (
    <section className="editor-area" aria-label="Editor" data-testid="editor-area">
      <RestoreBanner />
      <div className="editor-tabs-row">
        <EditorTabs />
        <EditorActions />
      </div>
      {buffer ? (
        <div className="editor-body">
          {buffer.note && <div className="note-bar">{buffer.note}</div>}
          {skillGone && (
            <div className="note-bar warning" data-testid="skill-gone-bar">
              The folder of {buffer.skill} ({buffer.skillDir}) no longer holds a listed skill: it
              was deleted or moved. Copy what you need; saving cannot bring it back.
            </div>
          )}
          {buffer.deletedOnDisk && !buffer.conflict && !skillGone && (
            <div className="note-bar warning" data-testid="deleted-bar">
              {buffer.path} no longer exists on disk. Saving writes it again.
            </div>
          )}
          <ConflictBar buffer={buffer} theme={theme} />
          <DiffView theme={theme} />
          {buffer.kind === 'text' && isSkillMd(buffer.path) ? (
            <SkillMdView buffer={buffer} theme={theme} />
          ) : buffer.kind === 'text' ? (
            <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
              <CodeEditor buffer={buffer} theme={theme} />
            </Suspense>
          ) : buffer.kind === 'image' ? (
            <ImageView buffer={buffer} />
          ) : (
            <BinaryView buffer={buffer} />
          )}
        </div>
      ) : (
        <EmptyEditor />
      )}
    </section>
  );
}

/** A SKILL.md: its text, the Form beside it, or the Form alone (Text / Split / Form). */
function SkillMdView({ buffer, theme }: { buffer: EditorBuffer; theme: 'dark' | 'light' }) {
  const mode = useSkillView((s) => s.mode);
  const setMode = useSkillView((s) => s.setMode);
  const showText = (line: number, column: number) => {
    if (mode === 'form') setMode('split');
    useEditor.getState().revealAt(buffer.id, line, column);
  };
  return (
    <>
      <div className="view-bar">
        <ViewToggle />
      </div>
      <div className={`skill-view mode-${mode}`}>
        <Suspense fallback={<div className="editor-loading">Loading editor…</div>}>
          <CodeEditor buffer={buffer} theme={theme} />
        </Suspense>
        {mode !== 'text' && <FormView buffer={buffer} onShowText={showText} />}
      </div>
    </>
  );
}
