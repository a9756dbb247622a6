/**
 * Maps positions in the frontmatter YAML back to 1-based line/column in the
 * SKILL.md file. Columns are UTF-16 code units (what editors such as Monaco use)
 * and never count a BOM.
 *
 * The line table is made on the first position asked for, not during the parse
 * (YamlSource.ofParsed): a YAML text that parsed without errors has its lines start
 * after each '\n', which one indexOf pass finds. After a syntax error yaml's parser may
 * have counted fewer (a newline inside text it could not read), and positions must stay
 * the ones it gives, so its own count is taken then, from a second run of its parser.
 */
import { LineCounter, Parser, isScalar, type Node, type Scalar } from 'yaml';

export interface Position {
  line: number;
  column: number;
}

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r';
}

/** One-character escapes of double-quoted YAML whose decoded value is a single character. */
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  ' ': ' ',
  t: '\t',
  n: '\n',
  r: '\r',
  '0': '\0',
};

/** The lines yaml's LineCounter records for a text it parses without errors. */
function newlineCounter(yaml: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let i = yaml.indexOf('\n'); i !== -1; i = yaml.indexOf('\n', i + 1))
    counter.addNewLine(i + 1);
  return counter;
}

/** The lines yaml's parser counts in `yaml`, whatever it holds (its tokens are dropped). */
function parserCounter(yaml: string): LineCounter {
  const counter = new LineCounter();
  const tokens = new Parser(counter.addNewLine).parse(yaml);
  while (!tokens.next().done);
  return counter;
}

export class YamlSource {
  private lineCounter: LineCounter | null;
  private readonly countLines: () => LineCounter;

  /** `lineCounter`: the one the parse filled, or a function that makes it when first needed. */
  constructor(
    private readonly yaml: string,
    lineCounter: LineCounter | (() => LineCounter),
    /** 1-based file line of the first YAML line. */
    private readonly startLine: number,
  ) {
    this.lineCounter = lineCounter instanceof LineCounter ? lineCounter : null;
    this.countLines = lineCounter instanceof LineCounter ? () => lineCounter : lineCounter;
  }

  /**
   * For a document parsed without a LineCounter: `withoutErrors` is whether the parse
   * reported no error (then the lines are where the '\n's are).
   */
  static ofParsed(yaml: string, withoutErrors: boolean, startLine: number): YamlSource {
    return new YamlSource(
      yaml,
      () => (withoutErrors ? newlineCounter(yaml) : parserCounter(yaml)),
      startLine,
    );
  }

  at(offset: number): Position {
    const clamped = Math.max(0, Math.min(offset, this.yaml.length));
    this.lineCounter ??= this.countLines();
    const { line, col } = this.lineCounter.linePos(clamped);
    return { line: this.startLine + line - 1, column: col };
  }

  /** Start of a node, or `fallback` when the node is missing or has no source. */
  node(node: Node | null | undefined, fallback: Position): Position {
    const range = node?.range;
    if (!range) return fallback;
    return this.at(range[0]);
  }

  /**
   * Start of a value node; an empty value (`key:` with nothing after it) has an
   * empty range, so the key's position is more useful there.
   */
  value(node: Node | null | undefined, keyPos: Position): Position {
    const range = node?.range;
    if (!range || range[1] <= range[0]) return keyPos;
    return this.at(range[0]);
  }

  /** The source text of a node, as written. */
  text(node: Node | null | undefined): string {
    const range = node?.range;
    return range ? this.yaml.slice(range[0], range[1]) : '';
  }

  /**
   * Returns a function from an index into a scalar's string value to the file
   * position of that character. Exact for plain and block scalars and for
   * quoted scalars with simple escapes (the non-blank characters of the value
   * appear in the source in order, only the blanks differ); otherwise every index
   * maps to the start of the value.
   */
  scalarIndexMapper(
    node: Node | null | undefined,
    value: string,
    keyPos: Position,
  ): (index: number) => Position {
    const start = this.value(node, keyPos);
    if (!node || !isScalar(node) || !node.range) return () => start;
    const offsets = this.alignScalar(node, value);
    if (!offsets) return () => start;
    return (index: number) => {
      const i = Math.max(0, Math.min(index, value.length));
      return this.at(offsets[i]);
    };
  }

  private alignScalar(node: Scalar, value: string): Int32Array | null {
    const range = node.range;
    if (!range) return null;
    const [begin, end] = range;
    const src = this.yaml;
    let p = begin;
    const type = node.type;
    if (type === 'BLOCK_LITERAL' || type === 'BLOCK_FOLDED') {
      const nl = src.indexOf('\n', begin);
      if (nl === -1 || nl >= end) return null;
      p = nl + 1;
    } else if (type === 'QUOTE_DOUBLE' || type === 'QUOTE_SINGLE') {
      p = begin + 1;
    }
    const offsets = new Int32Array(value.length + 1);
    let lastIndex = -1;
    let lastOffset = p - 1;
    for (let i = 0; i < value.length; i++) {
      const c = value[i];
      if (isSpace(c)) {
        // Blanks are filled in below, relative to the last non-blank character.
        offsets[i] = -1;
        continue;
      }
      while (p < end && isSpace(src[p])) p++;
      if (p >= end) return null;
      if (type === 'QUOTE_DOUBLE' && src[p] === '\\') {
        if (SIMPLE_ESCAPES[src[p + 1]] !== c) return null;
        offsets[i] = p;
        p += 2;
      } else if (src[p] === c) {
        offsets[i] = p;
        // In single quotes '' encodes one quote.
        p += type === 'QUOTE_SINGLE' && c === "'" ? 2 : 1;
      } else {
        return null;
      }
      lastIndex = i;
      lastOffset = offsets[i];
      // Fill the blanks that preceded this character: count back from it.
      for (let j = i - 1; j >= 0 && offsets[j] === -1; j--) offsets[j] = offsets[i] - (i - j);
    }
    // Trailing blanks and the end position: just after the last character.
    for (let i = lastIndex + 1; i <= value.length; i++) offsets[i] = lastOffset + (i - lastIndex);
    return offsets;
  }
}
