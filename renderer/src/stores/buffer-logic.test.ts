import { describe, expect, it } from 'vitest';
import {
  afterSave,
  applyDiskChange,
  bufferFromContent,
  folderName,
  isDirty,
  keepMine,
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
    expect(b.id).toBe('alpha/SKILL.md');
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
});
