import { useMemo, useState, type DragEvent } from 'react';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { bufferId } from '../../stores/buffer-logic';
import { buildFileTree, visibleNodes, type TreeNode } from '../../util/file-tree';
import { formatBytes } from '../../util/format-bytes';
import {
  addDroppedFiles,
  deleteEntry,
  newFileIn,
  newFolderIn,
  renameEntry,
} from '../../actions/files';
import { openFileOfSelected } from '../../actions/skills';
import { Icon } from '../../ui/Icon';
import { IconButton } from '../../ui/IconButton';

function hasFiles(e: DragEvent): boolean {
  return Array.from(e.dataTransfer.types).includes('Files');
}

/**
 * Every file of the current skill (the active tab's) with its size; folders fold;
 * files can be added by drag and drop.
 */
export function FilesPanel() {
  const detail = useSkills((s) => s.detail);
  const selected = useSkills((s) => s.selected);
  const detailError = useSkills((s) => s.detailError);
  const activeId = useEditor((s) => s.activeId);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const tree = useMemo(() => buildFileTree(detail?.files ?? []), [detail]);
  const rows = useMemo(() => visibleNodes(tree, collapsed), [tree, collapsed]);

  if (!selected) return <div className="panel-empty">Select a skill to see its files.</div>;
  if (detailError) return <div className="panel-empty error-text">{detailError}</div>;
  if (!detail) return <div className="panel-empty">Loading files…</div>;
  const readOnly = !detail.summary.writable;

  const toggle = (path: string) =>
    setCollapsed((c) => {
      const next = new Set(c);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const onDragOver = (folder: string) => (e: DragEvent) => {
    if (readOnly || !hasFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    e.dataTransfer.dropEffect = 'copy';
    setDropTarget(folder);
  };
  const onDrop = (folder: string) => (e: DragEvent) => {
    if (readOnly || !hasFiles(e)) return;
    e.preventDefault();
    e.stopPropagation();
    setDropTarget(null);
    void addDroppedFiles(folder, Array.from(e.dataTransfer.files));
  };

  const row = ({ node, depth }: { node: TreeNode; depth: number }) => {
    const open = node.dir && !collapsed.has(node.path);
    const isActive = activeId === bufferId(detail.summary.dir, node.path);
    return (
      <li
        key={node.path}
        className={`file-row${isActive ? ' active' : ''}${dropTarget === node.path ? ' drop-target' : ''}`}
        data-testid="file-row"
        data-path={node.path}
        data-dir={node.dir ? 'true' : 'false'}
        onDragOver={node.dir ? onDragOver(node.path) : undefined}
        onDragLeave={() => setDropTarget(null)}
        onDrop={node.dir ? onDrop(node.path) : undefined}
      >
        <button
          type="button"
          className="file-main"
          style={{ paddingLeft: 8 + depth * 14 }}
          aria-expanded={node.dir ? open : undefined}
          onClick={() => (node.dir ? toggle(node.path) : void openFileOfSelected(node.path))}
          onKeyDown={(e) => {
            if (readOnly) return;
            if (e.key === 'F2') void renameEntry(node.path);
            if (e.key === 'Delete') void deleteEntry(node.path, node.dir);
          }}
          title={node.path}
        >
          {node.dir ? (
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
          ) : (
            <span className="tree-spacer" />
          )}
          <Icon
            name={
              node.dir
                ? open
                  ? 'folderOpen'
                  : 'folder'
                : /\.(png|jpe?g|gif|webp|svg|ico|bmp)$/i.test(node.name)
                  ? 'image'
                  : 'file'
            }
            size={14}
          />
          <span className="file-name">{node.name}</span>
          <span className="file-size" data-testid="file-size">
            {formatBytes(node.bytes)}
          </span>
        </button>
        {!readOnly && (
          <span className="row-tools">
            {node.dir && (
              <IconButton
                icon="newFile"
                label={`New file in ${node.path}`}
                onClick={() => void newFileIn(node.path)}
              />
            )}
            <IconButton
              icon="edit"
              label={`Rename ${node.name} (F2)`}
              onClick={() => void renameEntry(node.path)}
              data-testid="file-rename"
            />
            <IconButton
              icon="trash"
              label={`Delete ${node.name} (Delete)`}
              onClick={() => void deleteEntry(node.path, node.dir)}
              data-testid="file-delete"
            />
          </span>
        )}
      </li>
    );
  };

  return (
    <div
      className={`files${dropTarget === '' ? ' drop-target' : ''}`}
      data-testid="files-panel"
      onDragOver={onDragOver('')}
      onDragLeave={() => setDropTarget(null)}
      onDrop={onDrop('')}
    >
      <div className="files-header">
        <span className="files-title" title={detail.summary.dir}>
          {detail.summary.name} · {formatBytes(tree.bytes)}
        </span>
        {!readOnly && (
          <span className="panel-actions">
            <IconButton
              icon="newFile"
              label="New file"
              onClick={() => void newFileIn('')}
              data-testid="files-new-file"
            />
            <IconButton
              icon="newFolder"
              label="New folder"
              onClick={() => void newFolderIn('')}
              data-testid="files-new-folder"
            />
          </span>
        )}
      </div>
      {readOnly && (
        <div className="note-bar">
          Read-only: {detail.summary.readOnlyReason ?? 'the studio may not change this skill'}.
        </div>
      )}
      <ul className="file-tree" role="tree" aria-label={`Files of ${detail.summary.name}`}>
        {rows.map(row)}
      </ul>
      {!readOnly && <div className="drop-hint">Drop files here to add them to the skill.</div>}
    </div>
  );
}
