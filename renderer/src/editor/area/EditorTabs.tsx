import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { useEditor } from '../../stores/editor-store';
import { isDirty } from '../../stores/buffer-logic';
import { askChoice } from '../../stores/ui-store';
import { baseName } from '../../util/file-tree';
import { namesInSeveralFolders, parentFolderLabel } from '../../util/folder-label';
import { useWorkspace } from '../../stores/workspace-store';
import { Icon } from '../../ui/Icon';

async function closeTab(id: string): Promise<void> {
  const b = useEditor.getState().buffers[id];
  if (b && isDirty(b)) {
    const answer = await askChoice({
      title: 'Save changes before closing?',
      message: `${b.skill}/${b.path} has unsaved changes.`,
      confirmLabel: 'Save',
      extra: { label: 'Close without saving', danger: true },
    });
    if (answer === 'cancel') return;
    // A save that fails (a conflict, a read-only folder) keeps the tab open with its edits.
    if (answer === 'confirm' && !(await useEditor.getState().save(id))) return;
  }
  useEditor.getState().close(id);
}

/**
 * The open files; a dot marks unsaved ones, middle-click or × closes. Two skills
 * may share a name: each tab is one file of one skill folder, and when two open skills
 * share one, their tabs show which folder each is in (the tooltip shows the whole path).
 */
export function EditorTabs() {
  const order = useEditor((s) => s.order);
  const buffers = useEditor((s) => s.buffers);
  const activeId = useEditor((s) => s.activeId);
  const activate = useEditor((s) => s.activate);
  const root = useWorkspace((s) => s.info?.root ?? null);
  const strip = useRef<HTMLDivElement>(null);
  // The active tab is always in view, however many are open (opened from the sidebar, Ctrl+P…).
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [activeId, order.length]);
  /** Skill names open from more than one folder. */
  const sharedNames = useMemo(
    () =>
      namesInSeveralFolders(
        Object.values(buffers).map((b) => ({ name: b.skill, dir: b.skillDir })),
      ),
    [buffers],
  );
  return (
    <div
      ref={strip}
      className="tabs"
      role="tablist"
      aria-label="Open files"
      data-testid="editor-tabs"
    >
      {order.map((id) => {
        const b = buffers[id];
        if (!b) return null;
        const dirty = isDirty(b);
        const active = id === activeId;
        const onAux = (e: MouseEvent) => {
          if (e.button === 1) void closeTab(id);
        };
        return (
          <div
            key={id}
            role="tab"
            aria-selected={active}
            tabIndex={active ? 0 : -1}
            className={`tab${active ? ' active' : ''}${dirty ? ' dirty' : ''}${b.conflict ? ' conflict' : ''}`}
            data-testid="editor-tab"
            data-path={b.path}
            data-skill={b.skill}
            data-dir={b.skillDir}
            data-dirty={dirty ? 'true' : 'false'}
            title={`${b.skill}/${b.path}${b.readOnly ? ' (read-only)' : ''}\n${b.skillDir}`}
            onClick={() => activate(id)}
            onAuxClick={onAux}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') activate(id);
            }}
          >
            <span className="tab-skill">{b.skill}</span>
            {sharedNames.has(b.skill) && (
              <span className="tab-where" data-testid="tab-where">
                {parentFolderLabel(b.skillDir, root)}
              </span>
            )}
            <span className="tab-name">{baseName(b.path)}</span>
            {dirty && (
              <span className="dirty-dot" data-testid="dirty-marker" aria-label="unsaved" />
            )}
            <button
              type="button"
              className="tab-close"
              aria-label={`Close ${b.skill}/${b.path}`}
              title={`Close ${b.skill}/${b.path}`}
              onClick={(e) => {
                e.stopPropagation();
                void closeTab(id);
              }}
            >
              <Icon name="close" size={12} />
            </button>
          </div>
        );
      })}
    </div>
  );
}
