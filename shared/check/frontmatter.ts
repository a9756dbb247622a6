/**
 * Splits a SKILL.md text into its YAML frontmatter and Markdown body (docs/contracts.md, SKILL.md).
 *
 * Done by scanning lines by hand rather than with a regular expression because
 * every diagnostic the validator reports is a line/column in the original file:
 * the split has to say exactly where the YAML and the body start.
 *
 * Rules:
 * - an optional UTF-8 BOM (U+FEFF) is stripped first; columns never count it
 *   (editors such as Monaco hide it too);
 * - the frontmatter opens on the first line with `---` and closes at the next line
 *   that is `---`. The contract says "exactly"; trailing spaces or tabs are tolerated
 *   (YAML itself reads `--- ` as a document marker, so treating it as text would
 *   only produce a confusing YAML error) but listed in `looseFences`, and the
 *   validator warns (FRONTMATTER_FENCE): a stricter client would see no fence;
 * - a `---` inside a value (indented, or followed by text like `--- foo`) is text;
 * - LF and CRLF line ends are both accepted, also mixed.
 */

export type FrontmatterStatus = 'ok' | 'missing' | 'unclosed';

export interface SplitFrontmatter {
  /** The text started with a UTF-8 BOM (stripped from yaml/body). */
  bom: boolean;
  status: FrontmatterStatus;
  /** The YAML between the two `---` lines, line ends as in the file; '' unless status is 'ok'. */
  yaml: string;
  /** 1-based line (in the file) of the first YAML line. */
  yamlStartLine: number;
  /** The Markdown after the closing `---` line; the whole text (minus BOM) unless status is 'ok'. */
  body: string;
  /** 1-based line (in the file) where the body starts. */
  bodyStartLine: number;
  /** The line end of the first line ('\n' when the file has no line end at all). */
  eol: '\n' | '\r\n';
  /** 1-based lines of the fences that carry spaces or tabs after `---`. */
  looseFences: number[];
}

const BOM = '\uFEFF';

/** True when `text[start, end)` is exactly `---` (before an optional final '\r'). */
function isExactFence(text: string, start: number, end: number): boolean {
  const len = end > start && text.charCodeAt(end - 1) === 13 ? end - 1 - start : end - start;
  return len === 3;
}

/** True when `text[start, end)` is `---` followed only by spaces, tabs or a final '\r'. */
function isFenceLine(text: string, start: number, end: number): boolean {
  if (end - start < 3) return false;
  if (
    text.charCodeAt(start) !== 45 ||
    text.charCodeAt(start + 1) !== 45 ||
    text.charCodeAt(start + 2) !== 45
  ) {
    return false;
  }
  for (let i = start + 3; i < end; i++) {
    const c = text.charCodeAt(i);
    // space, tab, carriage return
    if (c !== 32 && c !== 9 && c !== 13) return false;
  }
  return true;
}

export function splitFrontmatter(input: string): SplitFrontmatter {
  const bom = input.startsWith(BOM);
  const text = bom ? input.slice(1) : input;

  const firstNl = text.indexOf('\n');
  const eol: '\n' | '\r\n' = firstNl > 0 && text.charCodeAt(firstNl - 1) === 13 ? '\r\n' : '\n';
  const firstEnd = firstNl === -1 ? text.length : firstNl;

  const looseFences: number[] = [];
  const notOk = (status: FrontmatterStatus): SplitFrontmatter => ({
    bom,
    status,
    yaml: '',
    yamlStartLine: 2,
    body: text,
    bodyStartLine: 1,
    eol,
    looseFences,
  });

  if (!isFenceLine(text, 0, firstEnd)) return notOk('missing');
  if (!isExactFence(text, 0, firstEnd)) looseFences.push(1);
  if (firstNl === -1) return notOk('unclosed');

  const yamlStart = firstNl + 1;
  let lineStart = yamlStart;
  let line = 2;
  while (lineStart <= text.length) {
    const nl = text.indexOf('\n', lineStart);
    const lineEnd = nl === -1 ? text.length : nl;
    if (isFenceLine(text, lineStart, lineEnd)) {
      if (!isExactFence(text, lineStart, lineEnd)) looseFences.push(line);
      const bodyStart = nl === -1 ? text.length : nl + 1;
      return {
        bom,
        status: 'ok',
        yaml: text.slice(yamlStart, lineStart),
        yamlStartLine: 2,
        body: text.slice(bodyStart),
        bodyStartLine: line + 1,
        eol,
        looseFences,
      };
    }
    if (nl === -1) break;
    lineStart = nl + 1;
    line++;
  }
  return notOk('unclosed');
}
