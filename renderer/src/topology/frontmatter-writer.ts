/**
 * The one door through which the agents editor changes a SKILL.md: set or delete one key
 * path of the frontmatter and get the whole new text back (the caller puts it into the
 * editor buffer as one edit, so it is one undo step). Built on the `yaml` Document API,
 * which keeps comments, key order and quoting of everything it does not touch; the
 * Markdown body and the fences are copied as they are.
 */
import { isCollection, parseDocument, type Document } from 'yaml';
import { splitFrontmatter } from '../../../shared/skill/frontmatter';

export type FrontmatterPath = readonly (string | number)[];
export type FrontmatterValue =
  string | number | boolean | null | FrontmatterValue[] | { [key: string]: FrontmatterValue };

export type EditOutcome = { ok: true; text: string } | { ok: false; error: string };

interface Located {
  doc: Document;
  /** Offsets of the YAML inside the whole text. */
  start: number;
  end: number;
}

function locate(text: string): Located | string {
  const split = splitFrontmatter(text);
  if (split.status !== 'ok') return 'the file has no closed frontmatter';
  const bom = split.bom ? 1 : 0;
  const start = text.indexOf('\n', bom) + 1;
  const doc = parseDocument(split.yaml, { keepSourceTokens: false });
  if (doc.errors.length > 0)
    return `the frontmatter does not parse (${doc.errors[0].message.split('\n')[0]}): fix it in the text first`;
  return { doc, start, end: start + split.yaml.length };
}

function write(text: string, at: Located): string {
  // lineWidth 0: never fold a long line the author wrote on one line.
  const yaml = at.doc.toString({ lineWidth: 0 });
  return text.slice(0, at.start) + yaml + text.slice(at.end);
}

/** Sets the value at `path`, creating the maps on the way. Short lists are written `[a, b]`. */
export function setFrontmatterKey(
  text: string,
  path: FrontmatterPath,
  value: FrontmatterValue,
): EditOutcome {
  const at = locate(text);
  if (typeof at === 'string') return { ok: false, error: at };
  const parent = path.length > 1 ? at.doc.getIn(path.slice(0, -1), true) : at.doc.contents;
  if (parent !== undefined && parent !== null && !isCollection(parent))
    return { ok: false, error: `${path.slice(0, -1).join('.')} is not a map: fix it in the text` };
  const node = at.doc.createNode(value, { flow: Array.isArray(value) });
  at.doc.setIn(path, node);
  return { ok: true, text: write(text, at) };
}

/** Deletes the key at `path`; a missing key is no change. */
export function deleteFrontmatterKey(text: string, path: FrontmatterPath): EditOutcome {
  const at = locate(text);
  if (typeof at === 'string') return { ok: false, error: at };
  if (!at.doc.hasIn(path)) return { ok: true, text };
  at.doc.deleteIn(path);
  return { ok: true, text: write(text, at) };
}
