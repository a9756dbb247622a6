/** The diff view (diff-view.ts) over the active tab: a bar naming it, with Close, and Monaco's diff editor. */
import { lazy, Suspense } from 'react';
import { useEditor } from '../../stores/editor-store';
import {
  closeDiff,
  useDiffView,
  compareWithHead,
  compareWithSaved,
  headDiffUnavailable,
  savedDiffUnavailable,
} from './diff-view';
import { isDirty } from '../../stores/buffer-logic';
import { useSkills } from '../../stores/skills-store';
import './diff-view.css';

const MonacoDiff = lazy(() => import('./MonacoDiff'));

export function DiffView({ theme }: { theme: 'dark' | 'light' }) {
  const shown = useDiffView((s) => s.shown);
  const buffer = useEditor((s) => (shown ? s.buffers[shown.bufferId] : undefined));
  if (!shown || !buffer) return null;
  return (
    <div className="diff-view" data-testid="diff-view" data-kind={shown.kind}>
      <div className="view-bar diff-view-bar">
        <span className="diff-view-title">
          {shown.kind === 'head' ? 'Changes since git HEAD' : 'Unsaved changes'}
        </span>
        <button type="button" className="button" onClick={closeDiff} data-testid="diff-close">
          Close diff
        </button>
      </div>
      <Suspense fallback={<div className="editor-loading">Loading diff…</div>}>
        <MonacoDiff
          path={buffer.path}
          original={shown.original}
          modified={buffer.text}
          labels={shown.labels}
          theme={theme}
          className="diff-view-body"
          testId="diff-editor"
        />
      </Suspense>
    </div>
  );
}

/** Beside the tabs: the diff view's two buttons (also in the command palette). */
export function EditorActions() {
  // Read so the buttons follow the buffer's dirty state and the current skill.
  const dirty = useEditor((s) => {
    const b = s.activeId ? s.buffers[s.activeId] : undefined;
    return b ? isDirty(b) : false;
  });
  const hasSkill = useSkills((s) => s.selected !== null);
  const any = useEditor((s) => s.order.length > 0);
  if (!any) return null;
  const savedWhy = dirty ? null : savedDiffUnavailable();
  const headWhy = hasSkill ? null : headDiffUnavailable();
  return (
    <div className="editor-actions">
      <button
        type="button"
        className="editor-action"
        disabled={savedWhy !== null}
        title={savedWhy ?? 'Compare with Saved: your unsaved changes against the file on disk'}
        onClick={compareWithSaved}
        data-testid="diff-saved"
      >
        Diff
      </button>
      <button
        type="button"
        className="editor-action"
        disabled={headWhy !== null}
        title={
          headWhy ?? "Compare SKILL.md with Git HEAD: this skill's SKILL.md against its last commit"
        }
        onClick={() => void compareWithHead()}
        data-testid="diff-head"
      >
        HEAD
      </button>
    </div>
  );
}
