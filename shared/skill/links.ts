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
import type { Diagnostic } from '../check/diagnostics';

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
  const lists = new Map<string, readonly string[]>();
  for (const [dir, names] of dirs) lists.set(dir, [...names]);
  return (dir) => lists.get(dir) ?? null;
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
const REFERENCE_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*(\S+)/;
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
/** Characters that make a target a placeholder, a glob or an expression rather than a path. */
const NOT_A_PATH = /[{}$*<>|\\"'`\s]|^~/;
const LOOSE_PATH = /^(?:\.\/)?[\p{L}\p{N}_][\p{L}\p{N}_.\-/]*$/u;
// Its ASCII twin, which answers alike for ASCII text without V8 building the Unicode
// property tables on first use (milliseconds of a short CLI run).
const LOOSE_PATH_ASCII = /^(?:\.\/)?[A-Za-z0-9_][A-Za-z0-9_.\-/]*$/;
const NON_ASCII = /[^\x00-\x7f]/;
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

/** Blanks out every [start, end) pair of `spans` (sorted), in one pass. */
function blankSpans(line: string, spans: readonly number[]): string {
  let out = '';
  let from = 0;
  for (let k = 0; k < spans.length; k += 2) {
    out += line.slice(from, spans[k]) + ' '.repeat(spans[k + 1] - spans[k]);
    from = spans[k + 1];
  }
  return out + line.slice(from);
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
  // Most code spans are words, commands or code: no "/" and no "." is no path to check.
  if (t.length > 512 || (t.indexOf('/') === -1 && t.indexOf('.') === -1)) return null;
  const loosePath = NON_ASCII.test(t) ? LOOSE_PATH : LOOSE_PATH_ASCII;
  if (!loosePath.test(t) || t.includes('//') || PLACEHOLDER.test(t)) return null;
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

/** The start of the run of backticks that closes a code span opened by `len` backticks, or -1. */
function closingTicks(line: string, from: number, len: number): number {
  for (let j = line.indexOf('`', from); j !== -1;) {
    let k = j;
    while (line.charCodeAt(k) === 96) k++;
    if (k - j === len) return j;
    j = line.indexOf('`', k);
  }
  return -1;
}

/** The line of `body` around offset `i`: [start, end), end at the '\n' or the text's end. */
function lineAround(body: string, i: number): [number, number] {
  const nl = body.indexOf('\n', i);
  return [body.lastIndexOf('\n', i - 1) + 1, nl === -1 ? body.length : nl];
}

/** The fence a line opens or closes (its run of ``` or ~~~) and what follows it, or null. */
function fenceOn(line: string): { mark: string; rest: string } | null {
  const m = FENCE.exec(line);
  return m ? { mark: m[1], rest: line.slice(m[0].length) } : null;
}

/** Starts of the lines that may be fences: those holding ``` or ~~~ within their first bytes. */
function fenceCandidates(body: string): number[] {
  const starts = new Set<number>();
  for (const marker of ['```', '~~~']) {
    for (let i = body.indexOf(marker); i !== -1; i = body.indexOf(marker, i + 3)) {
      const [start] = lineAround(body, i);
      if (i - start <= 3) starts.add(start);
    }
  }
  return [...starts].sort((a, b) => a - b);
}

/**
 * Where nothing counts: fenced code blocks (fence lines included; an unclosed fence
 * runs to the end) and HTML comments. Sorted, non-overlapping [start, end) offsets.
 */
function skippedRanges(body: string): [number, number][] {
  const ranges: [number, number][] = [];
  let open: { mark: string; start: number } | null = null;
  for (const start of fenceCandidates(body)) {
    const [, end] = lineAround(body, start);
    const fence = fenceOn(body.slice(start, end).replace(/\r$/, ''));
    if (!fence) continue;
    if (open === null) {
      open = { mark: fence.mark, start };
    } else if (
      // A fence closes with the same character, at least as many, and nothing after.
      fence.mark[0] === open.mark[0] &&
      fence.mark.length >= open.mark.length &&
      fence.rest.trim() === ''
    ) {
      ranges.push([open.start, end]);
      open = null;
    }
  }
  if (open !== null) ranges.push([open.start, body.length]);
  // Comments outside code blocks.
  for (let i = body.indexOf('<!--'); i !== -1;) {
    const inCode = ranges.find(([a, b]) => a <= i && i < b);
    if (inCode) {
      i = body.indexOf('<!--', inCode[1]);
      continue;
    }
    const close = body.indexOf('-->', i + 4);
    const end = close === -1 ? body.length : close + 3;
    ranges.push([i, end]);
    i = body.indexOf('<!--', end);
  }
  return ranges.sort((x, y) => x[0] - y[0]);
}

/**
 * Every path named in the body, with its 1-based file position. Runs on every scan,
 * so it only ever looks at lines holding a backtick or a `]`, found with indexOf
 * over the whole body; the rest of the text is passed over natively.
 */
export function findPathRefs(body: string, bodyStartLine: number): PathRef[] {
  const refs: PathRef[] = [];
  if (body.indexOf('`') === -1 && body.indexOf(']') === -1) return refs;
  const skipped = skippedRanges(body);
  let r = 0;
  let lineNo = bodyStartLine;
  let counted = 0;
  let nextTick = body.indexOf('`');
  let nextBracket = body.indexOf(']');
  for (let pos = 0; pos < body.length;) {
    if (nextTick !== -1 && nextTick < pos) nextTick = body.indexOf('`', pos);
    if (nextBracket !== -1 && nextBracket < pos) nextBracket = body.indexOf(']', pos);
    const next =
      nextTick === -1
        ? nextBracket
        : nextBracket === -1
          ? nextTick
          : Math.min(nextTick, nextBracket);
    if (next === -1) break;
    while (r < skipped.length && skipped[r][1] <= next) r++;
    const [lineStart, lineEnd] = lineAround(body, next);
    pos = lineEnd + 1;
    // A line wholly inside a code block or a comment: nothing to read.
    if (r < skipped.length && skipped[r][0] <= lineStart && skipped[r][1] >= lineEnd) continue;
    for (
      let i = body.indexOf('\n', counted);
      i !== -1 && i < lineStart;
      i = body.indexOf('\n', i + 1)
    )
      lineNo++;
    counted = lineStart;
    let line = body.slice(lineStart, lineEnd);
    if (line.endsWith('\r')) line = line.slice(0, -1);
    // Parts of the line in a comment (or a block that starts or ends on it) are blanked.
    for (let k = r; k < skipped.length && skipped[k][0] < lineEnd; k++) {
      const [a, b] = skipped[k];
      if (b > lineStart) {
        line = blank(line, Math.max(0, a - lineStart), Math.min(line.length, b - lineStart));
      }
    }
    readLine(line, lineNo, refs);
  }
  return refs;
}

/** The code spans, links and reference definitions of one line (code blocks already out). */
function readLine(text: string, lineNo: number, refs: PathRef[]): void {
  let line = text;
  const hasBracket = line.indexOf(']') !== -1;
  /** [start, end) of each code span, blanked in one go before links are read. */
  const spans: number[] = [];
  // Code spans: collect the backticked paths, then blank them so no link is read inside.
  for (let i = line.indexOf('`'); i !== -1;) {
    let runEnd = i;
    while (line.charCodeAt(runEnd) === 96) runEnd++;
    const close = closingTicks(line, runEnd, runEnd - i);
    // An unmatched run is literal text (CommonMark): look on after it.
    if (close === -1) {
      i = line.indexOf('`', runEnd);
      continue;
    }
    const code = line.slice(runEnd, close);
    const target = looseTarget(code);
    if (target !== null) {
      const lead = code.length - code.trimStart().length;
      refs.push({
        text: code.trim(),
        target,
        line: lineNo,
        column: runEnd + lead + 1,
        loose: true,
      });
    }
    const after = close + (runEnd - i);
    spans.push(i, after);
    i = line.indexOf('`', after);
  }
  if (!hasBracket) return;
  if (spans.length > 0) line = blankSpans(line, spans);

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
  const def = REFERENCE_DEFINITION.exec(line);
  if (def) {
    const target = cleanTarget(def[1]);
    const column = def[0].length - def[1].length + 1;
    if (target !== null) refs.push({ text: def[1], target, line: lineNo, column, loose: false });
  }
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
