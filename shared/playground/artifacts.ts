/**
 * Artifacts put back together from their streamed chunks: grouped by name, in
 * `seq` order, complete once a chunk says `final`. Adding a chunk is O(1) in the
 * usual in-order case (an out-of-order chunk is inserted by binary search), and
 * the text is joined lazily and incrementally, so a long stream costs nothing
 * until somebody looks.
 */

export type ArtifactKind = 'markdown' | 'json' | 'csv' | 'html' | 'image' | 'text';

export interface ArtifactChunk {
  seq: number;
  chunk: string;
}

export interface ArtifactInfo {
  name: string;
  mime: string;
  kind: ArtifactKind;
  chunks: number;
  /** Characters received so far. */
  chars: number;
  complete: boolean;
  /** Chunks that came after the final one (ignored). */
  late: number;
}

interface Entry {
  name: string;
  mime: string;
  chunks: ArtifactChunk[];
  chars: number;
  complete: boolean;
  late: number;
  /** Joined text of chunks[0..joinedCount). */
  joined: string;
  joinedCount: number;
  /** True when an out-of-order insert invalidated `joined`. */
  dirty: boolean;
}

export function artifactKind(mime: string, name = ''): ArtifactKind {
  const m = mime.toLowerCase().split(';')[0].trim();
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  if (m.startsWith('image/')) return 'image';
  if (m === 'text/markdown' || m === 'text/x-markdown' || ext === 'md' || ext === 'markdown')
    return 'markdown';
  if (m === 'application/json' || m.endsWith('+json') || m === 'text/json' || ext === 'json')
    return 'json';
  if (m === 'text/csv' || m === 'application/csv' || ext === 'csv') return 'csv';
  if (m === 'text/html' || m === 'application/xhtml+xml' || ext === 'html' || ext === 'htm')
    return 'html';
  return 'text';
}

export class ArtifactAssembler {
  private readonly entries = new Map<string, Entry>();
  private readonly order: string[] = [];

  /** One `artifact` event's data. Returns false when it was ignored (malformed or after final). */
  add(seq: number, data: Record<string, unknown>): boolean {
    const name = typeof data.name === 'string' && data.name !== '' ? data.name : 'artifact';
    const chunk =
      typeof data.chunk === 'string'
        ? data.chunk
        : data.chunk === undefined
          ? ''
          : JSON.stringify(data.chunk);
    let entry = this.entries.get(name);
    if (!entry) {
      entry = {
        name,
        mime: typeof data.mime === 'string' && data.mime !== '' ? data.mime : 'text/plain',
        chunks: [],
        chars: 0,
        complete: false,
        late: 0,
        joined: '',
        joinedCount: 0,
        dirty: false,
      };
      this.entries.set(name, entry);
      this.order.push(name);
    }
    if (entry.complete) {
      entry.late++;
      return false;
    }
    const item = { seq, chunk };
    const list = entry.chunks;
    if (list.length === 0 || list[list.length - 1].seq <= seq) {
      list.push(item);
    } else {
      // Rare: a transport that reorders. Keep seq order.
      let lo = 0;
      let hi = list.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (list[mid].seq <= seq) lo = mid + 1;
        else hi = mid;
      }
      list.splice(lo, 0, item);
      if (lo < entry.joinedCount) entry.dirty = true;
    }
    entry.chars += chunk.length;
    if (data.final === true) entry.complete = true;
    return true;
  }

  get size(): number {
    return this.order.length;
  }

  names(): string[] {
    return this.order.slice();
  }

  info(name: string): ArtifactInfo | null {
    const e = this.entries.get(name);
    if (!e) return null;
    return {
      name: e.name,
      mime: e.mime,
      kind: artifactKind(e.mime, e.name),
      chunks: e.chunks.length,
      chars: e.chars,
      complete: e.complete,
      late: e.late,
    };
  }

  list(): ArtifactInfo[] {
    return this.order.map((n) => this.info(n) as ArtifactInfo);
  }

  /** The artifact's text so far (all chunks in seq order). */
  text(name: string): string {
    const e = this.entries.get(name);
    if (!e) return '';
    if (e.dirty) {
      e.joined = '';
      e.joinedCount = 0;
      e.dirty = false;
    }
    if (e.joinedCount < e.chunks.length) {
      let add = '';
      for (let i = e.joinedCount; i < e.chunks.length; i++) add += e.chunks[i].chunk;
      e.joined += add;
      e.joinedCount = e.chunks.length;
    }
    return e.joined;
  }
}

/**
 * The `src` of an image artifact: chunks may carry a data URL or bare base64.
 * Whitespace inside base64 (line-wrapped encoders) is dropped.
 */
export function imageSource(mime: string, text: string): string {
  const t = text.trim();
  if (t.startsWith('data:')) return t;
  return `data:${mime};base64,${t.replace(/\s+/g, '')}`;
}

/** Bytes to download for an artifact: decoded for images, the text as UTF-8 otherwise. */
export function artifactBytes(
  kind: ArtifactKind,
  mime: string,
  text: string,
): { mime: string; base64: string | null; text: string | null } {
  if (kind !== 'image') return { mime, base64: null, text };
  const src = imageSource(mime, text);
  const m = /^data:([^;,]*)(;base64)?,(.*)$/s.exec(src);
  if (!m) return { mime, base64: null, text };
  if (m[2]) return { mime: m[1] || mime, base64: m[3], text: null };
  return { mime: m[1] || mime, base64: null, text: decodeURIComponent(m[3]) };
}

/** A download name for an artifact: its own name made safe for a file system. */
export function downloadName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? 'artifact';
  const clean = base.replace(/[^\w.\- ]+/g, '_').replace(/^\.+/, '');
  return clean === '' ? 'artifact' : clean.slice(0, 120);
}
