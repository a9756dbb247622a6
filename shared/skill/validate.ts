/**
 * The SKILL.md validator (docs/contracts.md, SKILL.md): splits the frontmatter, parses the YAML
 * once, checks every key, and reports every problem with its 1-based line and
 * column in the SKILL.md file. After a YAML syntax error only the keys that parsed
 * cleanly are checked (a broken value would only add false errors). Given a listing
 * of the skill's folders, it also checks the files the body links to (links.ts).
 *
 * Profiles: `studio` (default) knows the studio extensions and warns about keys
 * nobody defines; `spec` is agentskills.io to the letter: any key outside the
 * core six is an error (NOT_PORTABLE for studio extensions, UNKNOWN_FIELD for
 * the rest), and METADATA_TYPE / ALLOWED_TOOLS_TYPE become errors.
 */
import {
  isMap,
  isNode,
  isScalar,
  isSeq,
  parseDocument,
  visit,
  type Document,
  type Pair,
  type YAMLError,
} from 'yaml';
import {
  Checker,
  describeValue,
  isPlainMap,
  keyString,
  type FieldRef,
  type ValidationProfile,
} from '../check/check-context';
import type { Diagnostic } from '../check/diagnostics';
import { FIELD_BY_KEY, FRONTMATTER_FIELDS, suggestKey } from './fields';
import { splitFrontmatter } from '../check/frontmatter';
import { checkLinks, type ListDir } from './links';
import { checkName } from './name-rules';
import type { TopologyNode } from './topology';
import { checkTopology, EXTENSION_CHECKS, type PathCheck } from './validate-extensions';
import { groupThousands } from './count-text';
import { duplicateKeys, frontmatterTooLarge } from './yaml-bounds';
import { YamlSource, type Position } from '../check/yaml-source';
import { errorMessage } from '../errors';
import { checkInlineEvals } from '../eval/sources';

export type { ValidationProfile } from '../check/check-context';
export type { PathCheck } from './validate-extensions';
export type { ListDir } from './links';

export interface ParseSkillMdOptions {
  profile?: ValidationProfile;
  /** The skill folder's name; when given, `name` must equal it (NAME_DIR_MISMATCH). */
  folderName?: string;
  /** The file's name as found (SKILL.md or skill.md), used in messages. */
  fileName?: string;
  /**
   * Tells whether a path relative to the skill root exists inside it (symlinks
   * resolved). Without it the entrypoint is checked lexically only.
   */
  checkPath?: PathCheck;
  /**
   * Lists a folder of the skill (`''` is the root). When given, the paths the body
   * links to or backticks are checked (LINK_MISSING, LINK_CASE_MISMATCH).
   */
  listDir?: ListDir;
}

export interface ParsedSkillMd {
  /** The frontmatter mapping, or null when it is missing or could not be parsed. */
  frontmatter: Record<string, unknown> | null;
  /** Markdown body, frontmatter stripped. */
  body: string;
  /** 1-based line in the file where the body starts. */
  bodyStartLine: number;
  /** Sorted by line, then column. */
  diagnostics: Diagnostic[];
  /** The parsed `topology` expression, when present and valid. */
  topology: TopologyNode | null;
  /** Where each top-level key is written (1-based), for editors and the registry. */
  keyPositions: Record<string, Position>;
}

const BODY_MAX_LINES = 500;
const BODY_MAX_BYTES = 50 * 1024;
const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;
const TOP: Position = { line: 1, column: 1 };
const CORE_FIELDS = FRONTMATTER_FIELDS.filter((x) => x.portable);

/** Code points, as the reference validator counts (Python len). */
function charCount(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // Count a surrogate pair once: skip its low half.
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

const NON_ASCII = /[^\x00-\x7f]/;

function utf8Bytes(s: string): number {
  // ASCII text (most bodies) is one byte a character: a native scan tells.
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function lineCount(s: string): number {
  if (s === '') return 0;
  let n = 1;
  let i = s.indexOf('\n');
  while (i !== -1) {
    n++;
    i = s.indexOf('\n', i + 1);
  }
  // A final line end does not open another line.
  return s.endsWith('\n') ? n - 1 : n;
}

const SEVERITY_RANK = { error: 0, warning: 1, info: 2 } as const;

/** By position; at one position errors come first. Stable otherwise. */
function byPosition(a: Diagnostic, b: Diagnostic): number {
  return (
    a.line - b.line || a.column - b.column || SEVERITY_RANK[a.severity] - SEVERITY_RANK[b.severity]
  );
}

function checkBody(body: string, bodyStartLine: number, diagnostics: Diagnostic[]): void {
  // Cheap bounds first: UTF-8 is 1–3 bytes per UTF-16 unit.
  const bytes =
    body.length > BODY_MAX_BYTES
      ? BODY_MAX_BYTES + 1
      : body.length * 3 <= BODY_MAX_BYTES
        ? 0
        : utf8Bytes(body);
  const lines = lineCount(body);
  if (lines <= BODY_MAX_LINES && bytes <= BODY_MAX_BYTES) return;
  const what: string[] = [];
  if (lines > BODY_MAX_LINES) what.push(`${lines} lines`);
  if (bytes > BODY_MAX_BYTES) what.push(`${groupThousands(utf8Bytes(body))} bytes`);
  diagnostics.push({
    severity: 'warning',
    code: 'SKILL_BODY_OVERSIZE',
    message: `the body is ${what.join(' and ')}; keep it to ${BODY_MAX_LINES} lines and ${groupThousands(BODY_MAX_BYTES)} bytes (50 KB) and move details into references/ files`,
    line: bodyStartLine,
    column: 1,
    field: null,
  });
}

function checkNameField(
  c: Checker,
  f: FieldRef | undefined,
  folderName: string | undefined,
  required: boolean,
): void {
  if (!f) {
    if (required) c.error('NAME_MISSING', 'the frontmatter has no name', c.top, 'name');
    return;
  }
  if (typeof f.value !== 'string' || f.value.trim() === '') {
    c.error(
      'NAME_EMPTY',
      `name must be a non-empty string, not ${describeValue(f.value)}`,
      f.valuePos,
      'name',
    );
    return;
  }
  for (const p of checkName(f.value, folderName))
    c.add(p.severity, p.code, p.message, f.valuePos, 'name');
}

function checkDescription(c: Checker, f: FieldRef | undefined, required: boolean): void {
  if (!f) {
    if (required)
      c.error('DESCRIPTION_MISSING', 'the frontmatter has no description', c.top, 'description');
    return;
  }
  if (typeof f.value !== 'string' || f.value.trim() === '') {
    c.error(
      'DESCRIPTION_EMPTY',
      `description must be a non-empty string, not ${describeValue(f.value)}`,
      f.valuePos,
      'description',
    );
    return;
  }
  const n = charCount(f.value.trim());
  if (n > DESCRIPTION_MAX) {
    c.error(
      'DESCRIPTION_TOO_LONG',
      `description is ${n} characters long; the limit is ${DESCRIPTION_MAX}`,
      f.valuePos,
      'description',
    );
  }
}

function checkCore(c: Checker, f: FieldRef): void {
  switch (f.key) {
    case 'license':
      if (typeof f.value !== 'string') {
        c.error(
          'LICENSE_TYPE',
          `license must be a string, not ${describeValue(f.value)}`,
          f.valuePos,
          f.path,
        );
      }
      return;
    case 'compatibility': {
      if (typeof f.value !== 'string') {
        c.error(
          'COMPATIBILITY_TYPE',
          `compatibility must be a string, not ${describeValue(f.value)}`,
          f.valuePos,
          f.path,
        );
        return;
      }
      const n = charCount(f.value);
      if (f.value.trim() === '') {
        // Deliberate: an empty compatibility says nothing, so it is a mistake.
        c.error(
          'COMPATIBILITY_LENGTH',
          'compatibility is empty; remove it or say what the skill needs',
          f.valuePos,
          f.path,
        );
      } else if (n > COMPATIBILITY_MAX) {
        c.error(
          'COMPATIBILITY_LENGTH',
          `compatibility is ${n} characters long; the limit is ${COMPATIBILITY_MAX}`,
          f.valuePos,
          f.path,
        );
      }
      return;
    }
    case 'metadata': {
      if (!isPlainMap(f.value)) {
        c.strictInSpec(
          'METADATA_TYPE',
          `metadata must be a map of strings, not ${describeValue(f.value)}`,
          f.valuePos,
          f.path,
        );
        return;
      }
      for (const e of c.entries(f)) {
        if (typeof e.value !== 'string') {
          c.strictInSpec(
            'METADATA_TYPE',
            `${e.path} must be a string, not ${describeValue(e.value)}${isPlainMap(e.value) || Array.isArray(e.value) ? '' : ' (quote it)'}`,
            e.valuePos,
            e.path,
          );
        }
      }
      return;
    }
    case 'allowed-tools': {
      const v = f.value;
      if (typeof v === 'string') return;
      if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
        c.strictInSpec(
          'ALLOWED_TOOLS_TYPE',
          `allowed-tools is a list; the format wants one space-separated string: "${v.join(' ')}"`,
          f.valuePos,
          f.path,
        );
        return;
      }
      c.error(
        'ALLOWED_TOOLS_TYPE',
        `allowed-tools must be a space-separated string, not ${describeValue(v)}`,
        f.valuePos,
        f.path,
      );
      return;
    }
  }
}

/**
 * Top-level fields: the last occurrence of each key (the one whose value counts).
 * `broken` holds the pairs a YAML syntax error falls in: they are listed with their
 * positions but not checked.
 */
function topFields(
  c: Checker,
  root: Pair[],
  fm: Record<string, unknown>,
  broken: ReadonlySet<Pair>,
): { fields: Map<string, FieldRef>; checked: Map<string, FieldRef> } {
  const fields = new Map<string, FieldRef>();
  const checked = new Map<string, FieldRef>();
  for (const pair of root) {
    const key = keyString(pair.key);
    if (!Object.prototype.hasOwnProperty.call(fm, key)) continue;
    const field = c.fieldFromPair(pair, key, fm[key]);
    fields.set(key, field);
    // A later clean occurrence of a key does not vouch for a broken one: the value is the last.
    if (broken.has(pair)) checked.delete(key);
    else checked.set(key, field);
  }
  return { fields, checked };
}

/** Where a pair starts in the YAML text (its key, else its value). */
function pairStart(pair: Pair): number | null {
  const node = isNode(pair.key) ? pair.key : isNode(pair.value) ? pair.value : null;
  return node?.range?.[0] ?? null;
}

/**
 * The top-level pairs a syntax error falls in: the last pair that starts at or before
 * the error (or before the opener of an unclosed quote or bracket, which is where the
 * damage begins). Their values are whatever yaml made of the broken text — `name:
 * [invalid` reads as a list, `description: a: b` as a map — so checking them would
 * only add errors that are not there.
 */
function brokenPairs(root: Pair[], errors: readonly number[]): Set<Pair> {
  const broken = new Set<Pair>();
  for (const pos of errors) {
    let hit: Pair | null = null;
    for (const pair of root) {
      const start = pairStart(pair);
      if (start === null || start > pos) break;
      hit = pair;
    }
    if (hit) broken.add(hit);
  }
  return broken;
}

/** Unknown keys that get a did-you-mean; the rest are reported without one. */
const MAX_KEY_SUGGESTIONS = 100;

function checkFields(
  c: Checker,
  fields: Map<string, FieldRef>,
  opts: ParseSkillMdOptions,
  required: boolean,
): TopologyNode | null {
  checkNameField(c, fields.get('name'), opts.folderName, required);
  checkDescription(c, fields.get('description'), required);
  let suggestionsLeft = MAX_KEY_SUGGESTIONS;
  for (const f of fields.values()) {
    if (f.key === 'name' || f.key === 'description') continue;
    const info = FIELD_BY_KEY.get(f.key);
    if (!info) {
      // Under spec only a portable key is worth suggesting: an extension would be NOT_PORTABLE.
      // Edit distances cost per key: a file of thousands of unknown keys gets hints on the first few.
      const near =
        suggestionsLeft-- > 0
          ? suggestKey(f.key, c.profile === 'spec' ? CORE_FIELDS : undefined)
          : null;
      const hint = near ? `; did you mean "${near}"?` : '';
      c.strictInSpec('UNKNOWN_FIELD', `unknown frontmatter key "${f.key}"${hint}`, f.keyPos, f.key);
      continue;
    }
    if (info.group === 'core') {
      checkCore(c, f);
      continue;
    }
    if (c.profile === 'spec') {
      c.error(
        'NOT_PORTABLE',
        `"${f.key}" is a studio extension, not part of agentskills.io`,
        f.keyPos,
        f.key,
      );
    }
    // Extensions are still type-checked under spec: a wrong value is worth knowing either way.
    EXTENSION_CHECKS[f.key]?.(c, f, { checkPath: opts.checkPath });
  }
  return checkTopology(c, fields, required);
}

/**
 * yaml reports an unclosed quote or flow collection where the text ends; the
 * place to fix is where it opens, so point there: the innermost quoted scalar or
 * flow collection of the kind named that ends at the error.
 */
function unclosedOpener(doc: Document, e: YAMLError): number | null {
  const quote = e.code === 'MISSING_CHAR' && e.message.includes('quote');
  const flowSeq = e.code === 'BAD_INDENT' && e.message.startsWith('Flow sequence');
  const flowMap = e.code === 'BAD_INDENT' && e.message.startsWith('Flow map');
  if (!quote && !flowSeq && !flowMap) return null;
  const pos = e.pos[0];
  let best: number | null = null;
  visit(doc, {
    Node(_key, node) {
      const range = node.range;
      if (!range || range[0] >= pos || range[1] < pos) return;
      const match = quote
        ? isScalar(node) && (node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE')
        : flowSeq
          ? isSeq(node) && node.flow === true
          : isMap(node) && node.flow === true;
      if (match && (best === null || range[0] > best)) best = range[0];
    },
  });
  return best;
}

/** An error as a message for a person: a blown stack means deep nesting, not a bug. */
function readableError(e: unknown): string {
  const message = errorMessage(e);
  return /maximum call stack/i.test(message) ? 'the value is nested too deeply to read' : message;
}

/** Reports the alias that made a value unreadable (unknown anchor, or too many aliases). */
function aliasProblem(c: Checker, value: unknown, message: string): void {
  const found: { at: Position | null } = { at: null };
  if (isNode(value)) {
    visit(value, {
      Alias(_key, node) {
        if (!node.resolve(c.doc)) {
          found.at = c.src.node(node, c.top);
          return visit.BREAK;
        }
        return undefined;
      },
    });
  }
  const at = found.at ?? (isNode(value) ? c.src.node(value, c.top) : c.top);
  c.error('FRONTMATTER_YAML', `YAML: ${message}`, at, null);
}

/** Parses the YAML once and runs every check; fills `result`. */
function checkFrontmatter(
  yaml: string,
  yamlStartLine: number,
  profile: ValidationProfile,
  opts: ParseSkillMdOptions,
  result: ParsedSkillMd,
): void {
  const tooLarge = frontmatterTooLarge(yaml);
  if (tooLarge !== null) {
    result.diagnostics.push({
      severity: 'error',
      code: 'FRONTMATTER_YAML',
      message: tooLarge,
      line: yamlStartLine,
      column: 1,
      field: null,
    });
    return;
  }
  // uniqueKeys: false because yaml's own check is quadratic; duplicateKeys is linear.
  // (Aliases stay bounded by toJS's maxAliasCount, 100 by default.) No LineCounter: the
  // nodes' offsets become lines only where a position is asked for (yaml-source.ts).
  const doc = parseDocument(yaml, { prettyErrors: false, uniqueKeys: false });
  const src = YamlSource.ofParsed(yaml, doc.errors.length === 0, yamlStartLine);
  const c = new Checker(src, doc, profile, TOP);
  for (const offset of duplicateKeys(doc)) {
    c.error(
      'FRONTMATTER_YAML',
      'YAML: duplicate key: each key may appear only once',
      src.at(offset),
      null,
    );
  }

  /** Where each syntax error (duplicates aside) begins, for brokenPairs. */
  const errorStarts: number[] = [];
  // yaml parses with uniqueKeys off (duplicateKeys above finds them in linear time),
  // so every error here is a syntax error.
  for (const e of doc.errors) {
    const opener = unclosedOpener(doc, e);
    errorStarts.push(opener ?? e.pos[0]);
    if (opener !== null) {
      c.error(
        'FRONTMATTER_YAML',
        `YAML: ${e.message} (the value that starts here is never closed)`,
        src.at(opener),
        null,
      );
    } else {
      c.error('FRONTMATTER_YAML', `YAML: ${readableError(e)}`, src.at(e.pos[0]), null);
    }
  }
  for (const w of doc.warnings) {
    c.add('warning', 'FRONTMATTER_YAML', `YAML: ${w.message}`, src.at(w.pos[0]), null);
  }

  const root = doc.contents;
  if (!isMap(root)) {
    if (doc.errors.length === 0) {
      const what =
        root === null || (isScalar(root) && root.value === null)
          ? 'empty'
          : isScalar(root)
            ? 'a single value'
            : 'a list';
      const pos = root === null || !isNode(root) || what === 'empty' ? TOP : src.node(root, TOP);
      c.error(
        'FRONTMATTER_NOT_MAPPING',
        `the frontmatter is ${what}; it must be a map of keys (name: …)`,
        pos,
        null,
      );
    }
    result.diagnostics.push(...c.diagnostics);
    return;
  }

  // Converted key by key, so that a broken alias costs only its own key.
  const fm: Record<string, unknown> = {};
  let readable = doc.errors.length === 0;
  for (const pair of root.items) {
    let value: unknown;
    try {
      value = isNode(pair.value) ? pair.value.toJS(doc) : (pair.value ?? null);
    } catch (e) {
      aliasProblem(c, pair.value, readableError(e));
      readable = false;
      continue;
    }
    // defineProperty: a key named __proto__ must stay a plain key.
    Object.defineProperty(fm, keyString(pair.key), {
      value,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }

  const { fields, checked } = topFields(c, root.items, fm, brokenPairs(root.items, errorStarts));
  for (const [key, f] of fields) result.keyPositions[key] = f.keyPos;
  checkInlineEvals(c, fields.get('eval'));
  // With a real syntax error the map may be cut short: a key reported missing
  // could just be unreadable, so only the checks of keys that were read cleanly run.
  result.topology = checkFields(c, checked, opts, readable);
  // A frontmatter with syntax errors is not trusted; duplicates alone leave a usable map.
  result.frontmatter = readable ? fm : null;

  result.diagnostics.push(...c.diagnostics);
}

export function parseSkillMd(text: string, opts: ParseSkillMdOptions = {}): ParsedSkillMd {
  const profile = opts.profile ?? 'studio';
  const fileName = opts.fileName ?? 'SKILL.md';
  const split = splitFrontmatter(text);
  const diagnostics: Diagnostic[] = [];
  const result: ParsedSkillMd = {
    frontmatter: null,
    body: split.body,
    bodyStartLine: split.bodyStartLine,
    diagnostics,
    topology: null,
    keyPositions: {},
  };
  if (split.bom) {
    diagnostics.push({
      severity: 'warning',
      code: 'BOM',
      message: `${fileName} starts with a UTF-8 byte order mark; some clients then miss the frontmatter`,
      line: 1,
      column: 1,
      field: null,
    });
  }
  checkBody(split.body, split.bodyStartLine, diagnostics);
  if (opts.listDir) diagnostics.push(...checkLinks(split.body, split.bodyStartLine, opts.listDir));
  for (const line of split.looseFences) {
    diagnostics.push({
      severity: 'warning',
      code: 'FRONTMATTER_FENCE',
      message:
        'spaces or tabs after "---": read as a fence here, but the line must be exactly "---" for other clients',
      line,
      column: 4,
      field: null,
    });
  }

  if (split.status === 'missing') {
    diagnostics.push({
      severity: 'error',
      code: 'FRONTMATTER_MISSING',
      message: `${fileName} must start with a "---" line that opens the YAML frontmatter`,
      line: 1,
      column: 1,
      field: null,
    });
    diagnostics.sort(byPosition);
    return result;
  }
  if (split.status === 'unclosed') {
    diagnostics.push({
      severity: 'error',
      code: 'FRONTMATTER_UNCLOSED',
      message: `the frontmatter opened on line 1 has no closing "---" line`,
      line: 1,
      column: 1,
      field: null,
    });
    diagnostics.sort(byPosition);
    return result;
  }

  try {
    checkFrontmatter(split.yaml, split.yamlStartLine, profile, opts, result);
  } catch (e) {
    // Never let a surprise in the checks take the caller down: say so, in the file.
    result.frontmatter = null;
    diagnostics.push({
      severity: 'error',
      code: 'FRONTMATTER_YAML',
      message: `the frontmatter could not be checked: ${readableError(e)}`,
      line: split.yamlStartLine,
      column: 1,
      field: null,
    });
  }
  diagnostics.sort(byPosition);
  return result;
}

/** SKILL_MD_MISSING, for the registry: the folder has no SKILL.md. */
export function skillMdMissingDiagnostic(folderName: string): Diagnostic {
  return {
    severity: 'error',
    code: 'SKILL_MD_MISSING',
    message: `the skill folder "${folderName}" has no SKILL.md`,
    line: 1,
    column: 1,
    field: null,
  };
}

/** SKILL_MD_CASE, for the registry: the file was found with another case (e.g. skill.md). */
export function skillMdCaseDiagnostic(foundName: string): Diagnostic {
  return {
    severity: 'warning',
    code: 'SKILL_MD_CASE',
    message: `found as "${foundName}"; name the file SKILL.md, as clients on case-sensitive systems look for that`,
    line: 1,
    column: 1,
    field: null,
  };
}

/**
 * SKILL_NAME_CONFLICT, for the registry: another skill of the same priority has
 * this name. `at` is where the name is written (ParsedSkillMd.keyPositions.name).
 */
export function nameConflictDiagnostic(
  name: string,
  otherPaths: readonly string[],
  at?: Position,
): Diagnostic {
  const others = otherPaths.length > 0 ? `: also ${otherPaths.join(', ')}` : '';
  return {
    severity: 'error',
    code: 'SKILL_NAME_CONFLICT',
    message: `another skill of the same source is named "${name}"${others}`,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    field: 'name',
  };
}

const THROUGH_OTHERS = 'skills: calling ';

/**
 * A finding about the skill among the workspace's skills, which its SKILL.md text alone
 * cannot show (the editor's live check of the text keeps it from the listing).
 */
export function isWorkspaceFinding(d: Diagnostic): boolean {
  return (
    d.code === 'SKILL_NAME_CONFLICT' ||
    (d.code === 'TOPOLOGY_SKILL_CYCLE' && d.message.startsWith(THROUGH_OTHERS))
  );
}

/**
 * TOPOLOGY_SKILL_CYCLE through other skills, for the registry: `chain` runs from this skill
 * back to it by the names its `skills:` and theirs compose (a skill composing itself
 * directly is the validator's own finding). `at` is where `skills:` is written.
 */
export function skillCycleDiagnostic(chain: readonly string[], at?: Position): Diagnostic {
  return {
    severity: 'error',
    code: 'TOPOLOGY_SKILL_CYCLE',
    message: `${THROUGH_OTHERS}${chain[1]} leads back to this skill (${chain.join(' → ')}); a skill cannot call itself, directly or through others`,
    line: at?.line ?? 1,
    column: at?.column ?? 1,
    field: 'skills',
  };
}
