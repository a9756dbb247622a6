import { describe, expect, it } from 'vitest';
import {
  afterSave,
  applyDiskChange,
  bufferFromContent,
  bufferId,
  folderName,
  isDirty,
  keepMine,
  renamedBuffer,
  restoredBuffer,
  takeTheirs,
  type EditorBuffer,
} from './buffer-logic';

function open(text = 'one'): EditorBuffer {
  return bufferFromContent('alpha', '/ws/skills/alpha', {
    kind: 'text',
    path: 'SKILL.md',
    text,
    bytes: text.length,
    version: 'v1',
  });
}

describe('buffer rules', () => {
  it('is dirty only when the text differs from what is on disk', () => {
    const b = open();
    expect(b.id).toBe(bufferId('/ws/skills/alpha', 'SKILL.md'));
    expect(isDirty(b)).toBe(false);
    expect(isDirty({ ...b, text: 'two' })).toBe(true);
    expect(folderName('/ws/skills/alpha/')).toBe('alpha');
    expect(folderName('C:\\ws\\beta')).toBe('beta');
  });

  it('makes images and binaries read-only', () => {
    const img = bufferFromContent('a', '/a', {
      kind: 'image',
      path: 'i.png',
      mime: 'image/png',
      base64: 'AA==',
      bytes: 1,
      version: 'v',
    });
    expect(img.readOnly).toBe(true);
    expect(img.base64).toBe('AA==');
  });

  it('reloads a clean buffer when the disk changes, and ignores its own version', () => {
    const b = open();
    expect(applyDiskChange(b, { text: 'other', version: 'v1' })).toBe(b);
    const reloaded = applyDiskChange(b, { text: 'disk', version: 'v2' });
    expect(reloaded.text).toBe('disk');
    expect(reloaded.version).toBe('v2');
    expect(reloaded.conflict).toBeNull();
  });

  it('turns a change under a dirty buffer into a conflict, never overwriting the edits', () => {
    const dirty = { ...open(), text: 'mine' };
    const c = applyDiskChange(dirty, { text: 'theirs', version: 'v2' });
    expect(c.text).toBe('mine');
    expect(c.conflict).toEqual({ theirsText: 'theirs', theirsVersion: 'v2' });
    // Keep mine: stays dirty, the disk version becomes the base so the next save overwrites.
    const kept = keepMine(c);
    expect(kept.text).toBe('mine');
    expect(kept.version).toBe('v2');
    expect(isDirty(kept)).toBe(true);
    expect(kept.conflict).toBeNull();
    // Take theirs: clean at the disk version.
    const taken = takeTheirs(c);
    expect(taken.text).toBe('theirs');
    expect(isDirty(taken)).toBe(false);
    expect(taken.version).toBe('v2');
  });

  it('treats a touch (same bytes, new version) as no conflict', () => {
    const dirty = { ...open('base'), text: 'mine' };
    const touched = applyDiskChange(dirty, { text: 'base', version: 'v9' });
    expect(touched.conflict).toBeNull();
    expect(touched.version).toBe('v9');
    expect(touched.text).toBe('mine');
  });

  it('marks deletions: clean → deleted, dirty → conflict with nothing on disk', () => {
    expect(applyDiskChange(open(), { text: null, version: null }).deletedOnDisk).toBe(true);
    const c = applyDiskChange({ ...open(), text: 'mine' }, { text: null, version: null });
    expect(c.conflict).toEqual({ theirsText: null, theirsVersion: null });
    expect(keepMine(c).version).toBeNull();
  });

  it('after a save, what was sent is the new base (later typing stays dirty)', () => {
    const b = { ...open(), text: 'sent and more', saving: true };
    const saved = afterSave(b, 'sent', 'v3', 4);
    expect(saved.version).toBe('v3');
    expect(saved.saving).toBe(false);
    expect(isDirty(saved)).toBe(true);
  });

  it('tells two same-named skills apart by folder, whatever their paths look like', () => {
    const a = bufferFromContent('twin', '/ws/skills/twin', {
      kind: 'text',
      path: 'SKILL.md',
      text: 'a',
      bytes: 1,
      version: 'v',
    });
    const b = bufferFromContent('twin', '/ws/.claude/skills/twin', {
      kind: 'text',
      path: 'SKILL.md',
      text: 'b',
      bytes: 1,
      version: 'v',
    });
    expect(a.id).not.toBe(b.id);
    // No folder and path can spell another pair's id.
    expect(bufferId('/a', 'b/SKILL.md')).not.toBe(bufferId('/a/b', 'SKILL.md'));
  });

  it('follows a rename of the file or of a folder above it, edits and all', () => {
    const ref = bufferFromContent('alpha', '/ws/skills/alpha', {
      kind: 'text',
      path: 'references/notes.md',
      text: 'saved',
      bytes: 5,
      version: 'v1',
    });
    const dirty = { ...ref, text: 'unsaved' };
    const file = renamedBuffer(dirty, 'references/notes.md', 'references/guide.md');
    expect(file?.path).toBe('references/guide.md');
    expect(file?.id).toBe(bufferId('/ws/skills/alpha', 'references/guide.md'));
    expect(file?.text).toBe('unsaved');
    expect(file && isDirty(file)).toBe(true);
    expect(renamedBuffer(dirty, 'references', 'docs')?.path).toBe('docs/notes.md');
    // A sibling whose name merely starts the same is not inside the renamed folder.
    expect(renamedBuffer(dirty, 'ref', 'x')).toBeNull();
    expect(renamedBuffer(dirty, 'references/notes', 'x')).toBeNull();
  });

  it('restores a backup as unsaved text, or as a conflict when the file changed since', () => {
    const current = open('disk now');
    const same = restoredBuffer(current, { text: 'backup', version: 'v1' });
    expect(same.text).toBe('backup');
    expect(isDirty(same)).toBe(true);
    expect(same.conflict).toBeNull();
    const changed = restoredBuffer(current, { text: 'backup', version: 'v0' });
    expect(changed.text).toBe('backup');
    expect(changed.conflict).toEqual({ theirsText: 'disk now', theirsVersion: 'v1' });
    const readOnly = { ...current, readOnly: true };
    expect(restoredBuffer(readOnly, { text: 'backup', version: 'v1' })).toBe(readOnly);
  });
});
