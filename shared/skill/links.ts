/**
 * Link checking of a SKILL.md body: a Markdown link (`[guide](references/guide.md)`,
 * `![](assets/x.png)`, `[id]: path`) or a backticked path (`` `scripts/run.py` ``)
 * that names a file the skill does not hold is LINK_MISSING; one that names an
 * existing file in another case (`REFERENCE.md` for `reference.md`) is
 * LINK_CASE_MISMATCH — it works on macOS and Windows and breaks on Linux.
 *
 * Built to rarely cry wolf, since a body also talks about the *user's* files:
 * - URLs, `mailto:`, anchors (`#x`), absolute paths, `~`, templates (`{{x}}`,
 *   `$VAR`, `<path>`), globs and paths that leave the skill (`../`) are skipped;
 *   `?query` and `#fragment` are stripped and `%20` is decoded;
 * - nothing inside fenced code blocks or HTML comments counts (commands and
 *   examples live there);
 * - placeholders (`assets/...`, `references/filename.md`, `phaseN.md`) are skipped;
 * - backticked text counts only when it is one relative path naming a file with a
 *   known extension (or a folder, with a trailing `/`), and then only when it points
 *   into the skill: its first folder exists in the skill. A bare backticked file
 *   name is only checked for case, since `package.json` may well be the user's.
 *   On a corpus of 443 public skills this finds broken references and case slips
 *   with a couple of false alarms, both in prose that invents example paths.
 *
 * Pure: the skill's files come from a `ListDir` the caller provides (the registry
 * reads the folder; the editor uses the Files panel's listing).
 */
import type { Diagnostic } from './diagnostics';

/**
 * The names of the entries of a folder of the skill (`''` is the skill root, else
 * a posix path without a trailing `/`), or null when the skill has no such folder.
 */
export type ListDir = (dir: string) => readonly string[] | null;

/** A ListDir over a list of skill-relative posix paths (files, and folders if listed). */
export function listDirFromPaths(paths: Iterable<string>): ListDir {
  const dirs = new Map<string, Set<string>>([['', new Set()]]);
  for (const p of paths) {
    const parts = p.split('/').filter((s) => s !== '' && s !== '.');
    for (let i = 0; i < parts.length; i++) {
      const parent = parts.slice(0, i).join('/');
      let names = dirs.get(parent);
      if (!names) dirs.set(parent, (names = new Set()));
      names.add(parts[i]);
    }
    // A listed folder with nothing in it is still a folder.
    const self = parts.join('/');
    if (p.endsWith('/') && !dirs.has(self)) dirs.set(self, new Set());
  }
  return (dir) => {
    const names = dirs.get(dir);
    return names ? [...names] : null;
  };
}

/** File extensions that make a bare backticked word a file name. */
const FILE_EXTENSIONS = new Set(
  (
    'md markdown mdx txt rst py js mjs cjs ts mts cts jsx tsx sh bash zsh ps1 bat cmd rb go rs java kt ' +
    'swift c h cpp hpp cs php pl lua r sql json jsonl yaml yml toml ini cfg conf xml html htm css ' +
    'csv tsv png jpg jpeg gif svg webp ico pdf docx xlsx pptx doc xls ppt zip ipynb'
  ).split(' '),
);

/** One place in the body that names a path. */
interface PathRef {
  /** As written (for messages). */
  text: string;
  /** Decoded and stripped of query and fragment. */
  target: string;
  line: number;
  column: number;
  /** Backticked text: only checked when it points into the skill (see the module header). */
  loose: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** Characters that make a target a placeholder, a glob or an expression rather than a path. */
const NOT_A_PATH = /[{}$*<>|\\"'`\s]|^~/;
const LOOSE_PATH = /^(?:\.\/)?[\p{L}\p{N}_][\p{L}\p{N}_.\-/]*$/u;
/**
 * Names that stand for a file rather than name one: `...`, `filename.md`,
 * `your-file.md`, `phaseN.md` / `stepX/` (a word ending in a capital N or X).
 */
const PLACEHOLDER =
  /(?:^|\/)(?:\.{3}|…)|(?:^|[/_-])(?:file-?name|file_name|your[-_][\w-]+|foo|bar|xxx+)(?:[./]|$)|[a-z][NX](?:[./]|$)/;

/** Blanks out `[from, to)` of a line, keeping every column where it was. */
function blank(line: string, from: number, to: number): string {
  return line.slice(0, from) + ' '.repeat(to - from) + line.slice(to);
}

/** The target of a link destination, cleaned; null when it is not a relative path. */
function cleanTarget(raw: string): string | null {
  let t = raw.trim();
  if (t.startsWith('<') && t.endsWith('>')) t = t.slice(1, -1).trim();
  if (t === '' || t.startsWith('#') || t.startsWith('/') || SCHEME.test(t)) return null;
  t = t.replace(/[?#].*$/, '');
  try {
    t = decodeURIComponent(t);
  } catch {
    // A stray % is taken as written.
  }
  if (t === '' || t.startsWith('/') || NOT_A_PATH.test(t.replace(/ /g, ''))) return null;
  return PLACEHOLDER.test(t) ? null : t;
}

/** Whether backticked text is a relative path worth checking. */
function looseTarget(code: string): string | null {
  const t = code.trim();
  if (!LOOSE_PATH.test(t) || t.includes('//') || PLACEHOLDER.test(t)) return null;
  // A folder (`scripts/`) or a file with a known extension; `references/open-coding`
  // is more likely a topic or a prefix than a file.
  if (t.endsWith('/')) return t;
  const ext = /\.([A-Za-z0-9]+)$/.exec(t.split('/').pop() ?? '')?.[1]?.toLowerCase();
  return ext && FILE_EXTENSIONS.has(ext) ? t : null;
}

/**
 * The end of a link destination starting at `i` (just after `](`): a `<…>` form,
 * or text up to a blank or an unbalanced `)`.
 */
function destinationEnd(line: string, i: number): number {
  if (line[i] === '<') {
    const close = line.indexOf('>', i);
    return close === -1 ? i : close + 1;
  }
  let depth = 0;
  let j = i;
  for (; j < line.length; j++) {
    const c = line[j];
    if (c === ' ' || c === '\t') break;
    if (c === '(') depth++;
    else if (c === ')') {
      if (depth === 0) break;
      depth--;
    }
  }
  return j;
}

/** Every path named in the body, with its 1-based file position. */
export function findPathRefs(body: string, bodyStartLine: number): PathRef[] {
  const refs: PathRef[] = [];
  const lines = body.split('\n');
  let fence: string | null = null;
  let inComment = false;
  for (let n = 0; n < lines.length; n++) {
    let line = lines[n].endsWith('\r') ? lines[n].slice(0, -1) : lines[n];
    const lineNo = bodyStartLine + n;
    const fenceMatch = FENCE.exec(line);
    if (fence !== null) {
      // A fence closes with the same character, at least as many, and nothing after.
      if (fenceMatch && fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length) {
        if (line.slice(fenceMatch[0].length).trim() === '') fence = null;
      }
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      continue;
    }

    // HTML comments, possibly over several lines.
    let from = 0;
    while (from <= line.length) {
      if (inComment) {
        const end = line.indexOf('-->', from);
        const stop = end === -1 ? line.length : end + 3;
        line = blank(line, from, stop);
        if (end === -1) break;
        inComment = false;
        from = stop;
      } else {
        const start = line.indexOf('<!--', from);
        if (start === -1) break;
        inComment = true;
        line = blank(line, start, start + 4);
        from = start + 4;
      }
    }

    // Code spans: collect the backticked paths, then blank them so no link is read inside.
    const tick = /`+/g;
    let m: RegExpExecArray | null;
    while ((m = tick.exec(line)) !== null) {
      const open = m[0];
      const close = line.indexOf(open, m.index + open.length);
      // Only a run of exactly the same length closes a code span.
      let end = close;
      while (end !== -1 && line[end + open.length] === '`') {
        end = line.indexOf(open, end + open.length + 1);
      }
      if (end === -1) continue;
      const contentStart = m.index + open.length;
      const code = line.slice(contentStart, end);
      const target = looseTarget(code);
      if (target !== null) {
        const lead = code.length - code.trimStart().length;
        refs.push({
          text: code.trim(),
          target,
          line: lineNo,
          column: contentStart + lead + 1,
          loose: true,
        });
      }
      line = blank(line, m.index, end + open.length);
      tick.lastIndex = end + open.length;
    }

    // Inline links and images: [text](dest "title").
    for (let i = line.indexOf(']('); i !== -1; i = line.indexOf('](', i + 2)) {
      if (line.lastIndexOf('[', i) === -1) continue;
      let start = i + 2;
      while (line[start] === ' ' || line[start] === '\t') start++;
      const end = destinationEnd(line, start);
      const raw = line.slice(start, end);
      const target = cleanTarget(raw);
      if (target !== null) {
        refs.push({ text: raw, target, line: lineNo, column: start + 1, loose: false });
      }
    }
    // Reference definitions: [id]: dest "title".
    const def = /^ {0,3}\[[^\]]+\]:[ \t]*(\S+)/.exec(line);
    if (def) {
      const target = cleanTarget(def[1]);
      const column = def[0].length - def[1].length + 1;
      if (target !== null) refs.push({ text: def[1], target, line: lineNo, column, loose: false });
    }
  }
  return refs;
}

/** Case-folded form for comparing names (NFC too: macOS hands out decomposed names). */
function fold(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

type Resolution =
  { kind: 'ok' } | { kind: 'missing' } | { kind: 'case'; actual: string } | { kind: 'skip' };

/**
 * Walks the path through the skill's folders, segment by segment, comparing names
 * exactly (as Linux does) and, failing that, without case (as macOS does).
 */
function resolve(target: string, listDir: ListDir, loose: boolean): Resolution {
  const wantsDir = target.endsWith('/');
  const segments: string[] = [];
  for (const s of target.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      // Leaving the skill: another skill's business, not ours.
      if (segments.length === 0) return { kind: 'skip' };
      segments.pop();
    } else {
      segments.push(s);
    }
  }
  if (segments.length === 0) return { kind: 'skip' };
  const actual: string[] = [];
  let caseDiffers = false;
  for (let i = 0; i < segments.length; i++) {
    const names = listDir(actual.join('/'));
    const seg = segments[i];
    if (names === null) return loose ? { kind: 'skip' } : { kind: 'missing' };
    if (names.includes(seg)) {
      actual.push(seg);
      continue;
    }
    const folded = fold(seg);
    const other = names.find((x) => fold(x) === folded);
    if (other !== undefined) {
      actual.push(other);
      caseDiffers = true;
      continue;
    }
    // A backticked path only counts when it leads into the skill: a bare name, or a
    // first folder the skill lacks, may well be the user's.
    if (loose && i === 0) return { kind: 'skip' };
    return { kind: 'missing' };
  }
  if (wantsDir && listDir(actual.join('/')) === null) return { kind: 'missing' };
  return caseDiffers
    ? { kind: 'case', actual: actual.join('/') + (wantsDir ? '/' : '') }
    : { kind: 'ok' };
}

/** LINK_MISSING and LINK_CASE_MISMATCH warnings for the paths the body names. */
export function checkLinks(body: string, bodyStartLine: number, listDir: ListDir): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const ref of findPathRefs(body, bodyStartLine)) {
    const r = resolve(ref.target, listDir, ref.loose);
    const what = ref.loose ? `\`${ref.text}\`` : `the link "${ref.text}"`;
    if (r.kind === 'missing') {
      out.push({
        severity: 'warning',
        code: 'LINK_MISSING',
        message: `${what} names a file that is not in the skill`,
        line: ref.line,
        column: ref.column,
        field: null,
      });
    } else if (r.kind === 'case') {
      out.push({
        severity: 'warning',
        code: 'LINK_CASE_MISMATCH',
        message: `${what} is written "${r.actual}" in the skill: a different case works on macOS and Windows but breaks on Linux`,
        line: ref.line,
        column: ref.column,
        field: null,
      });
    }
  }
  return out;
}
