/**
 * adk-fluent topology expressions (docs/contracts.md, Skill kinds): `a >> b` sequence, `a | b`
 * parallel, `x * 3` loop, `x * until(key == "value", max=N)`, `a // b` fallback, parentheses.
 *
 * Precedence, loosest to tightest: `//`, `>>`, `|`, postfix `*`. Chains of one
 * operator are flattened (`a >> (b >> c)` is one sequence of three steps), since
 * all three binary operators are associative.
 *
 * Grammar:
 *   expr     := fallback
 *   fallback := sequence ('//' sequence)*
 *   sequence := parallel ('>>' parallel)*
 *   parallel := loop ('|' loop)*
 *   loop     := primary ('*' (INT | until))*
 *   until    := 'until' '(' IDENT '==' STRING ',' 'max' '=' INT ')'
 *   primary  := IDENT | '(' expr ')'
 *   IDENT    := [A-Za-z_][A-Za-z0-9_-]*
 */
export type TopologyNode =
  | { type: 'agent'; name: string; column: number }
  | { type: 'sequence'; steps: TopologyNode[] }
  | { type: 'parallel'; branches: TopologyNode[] }
  | { type: 'fallback'; options: TopologyNode[] }
  | { type: 'loop'; body: TopologyNode; times: number }
  | { type: 'until'; body: TopologyNode; key: string; value: string; max: number };

export interface TopologyError {
  message: string;
  /** 1-based column inside the expression (UTF-16 code units). */
  column: number;
}

export interface TopologyParseResult {
  ast: TopologyNode | null;
  errors: TopologyError[];
}

type TokenKind =
  'ident' | 'int' | 'string' | '>>' | '//' | '|' | '*' | '(' | ')' | '==' | '=' | ',' | 'eof';

interface Token {
  kind: TokenKind;
  text: string;
  /** Decoded value for strings and ints. */
  value: string;
  column: number;
}

/** Deeper nesting than this is refused instead of risking the call stack. */
const MAX_DEPTH = 200;

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_-]/;
const DIGIT = /[0-9]/;

function describe(t: Token): string {
  if (t.kind === 'eof') return 'the end of the expression';
  return `"${t.text}"`;
}

function lex(expr: string, errors: TopologyError[]): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const n = expr.length;
  const push = (kind: TokenKind, text: string, column: number, value = text): void => {
    tokens.push({ kind, text, value, column });
  };
  while (i < n) {
    const c = expr[i];
    const col = i + 1;
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      i++;
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && IDENT_PART.test(expr[j])) j++;
      push('ident', expr.slice(i, j), col);
      i = j;
    } else if (DIGIT.test(c)) {
      let j = i + 1;
      while (j < n && DIGIT.test(expr[j])) j++;
      push('int', expr.slice(i, j), col);
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const d = expr[j];
        if (d === '\\' && j + 1 < n) {
          value += expr[j + 1];
          j += 2;
        } else if (d === c) {
          closed = true;
          j++;
          break;
        } else {
          value += d;
          j++;
        }
      }
      if (!closed) {
        errors.push({ message: `unterminated string: no closing ${c}`, column: col });
        return tokens;
      }
      push('string', expr.slice(i, j), col, value);
      i = j;
    } else if (c === '>' && expr[i + 1] === '>') {
      push('>>', '>>', col);
      i += 2;
    } else if (c === '/' && expr[i + 1] === '/') {
      push('//', '//', col);
      i += 2;
    } else if (c === '=' && expr[i + 1] === '=') {
      push('==', '==', col);
      i += 2;
    } else if (c === '|' || c === '*' || c === '(' || c === ')' || c === '=' || c === ',') {
      push(c, c, col);
      i++;
    } else {
      let hint = '';
      if (c === '>') hint = ' (a sequence is ">>")';
      else if (c === '/') hint = ' (a fallback is "//")';
      else if (c === '@') hint = ' ("@" is not supported in a topology)';
      errors.push({ message: `unexpected character "${c}"${hint}`, column: col });
      i++;
    }
  }
  tokens.push({ kind: 'eof', text: '', value: '', column: n + 1 });
  return tokens;
}

class SyntaxFailure extends Error {
  constructor(
    message: string,
    readonly column: number,
  ) {
    super(message);
  }
}

class Parser {
  private pos = 0;
  private depth = 0;

  constructor(private readonly tokens: Token[]) {}

  private peek(): Token {
    return this.tokens[this.pos];
  }

  private next(): Token {
    const t = this.tokens[this.pos];
    if (t.kind !== 'eof') this.pos++;
    return t;
  }

  private expect(kind: TokenKind, what: string): Token {
    const t = this.peek();
    if (t.kind !== kind)
      throw new SyntaxFailure(`expected ${what}, found ${describe(t)}`, t.column);
    return this.next();
  }

  parseAll(): TopologyNode {
    const first = this.peek();
    if (first.kind === 'eof') throw new SyntaxFailure('the topology is empty', first.column);
    const node = this.fallback();
    const t = this.peek();
    if (t.kind !== 'eof') {
      const hint =
        t.kind === 'ident' || t.kind === '(' ? ' (missing an operator: >>, |, // or *?)' : '';
      throw new SyntaxFailure(`unexpected ${describe(t)}${hint}`, t.column);
    }
    return node;
  }

  private fallback(): TopologyNode {
    const parts = [this.sequence()];
    while (this.peek().kind === '//') {
      this.next();
      parts.push(this.sequence());
    }
    return parts.length === 1
      ? parts[0]
      : { type: 'fallback', options: flatten(parts, 'fallback') };
  }

  private sequence(): TopologyNode {
    const parts = [this.parallel()];
    while (this.peek().kind === '>>') {
      this.next();
      parts.push(this.parallel());
    }
    return parts.length === 1 ? parts[0] : { type: 'sequence', steps: flatten(parts, 'sequence') };
  }

  private parallel(): TopologyNode {
    const parts = [this.loop()];
    while (this.peek().kind === '|') {
      this.next();
      parts.push(this.loop());
    }
    return parts.length === 1
      ? parts[0]
      : { type: 'parallel', branches: flatten(parts, 'parallel') };
  }

  private loop(): TopologyNode {
    let node = this.primary();
    while (this.peek().kind === '*') {
      this.next();
      const t = this.peek();
      if (t.kind === 'int') {
        this.next();
        node = { type: 'loop', body: node, times: positiveInt(t, 'a loop count') };
      } else if (t.kind === 'ident' && t.text === 'until') {
        this.next();
        node = this.until(node);
      } else {
        throw new SyntaxFailure(
          `expected a loop count or until(key == "value", max=N) after "*", found ${describe(t)}`,
          t.column,
        );
      }
    }
    return node;
  }

  private until(body: TopologyNode): TopologyNode {
    this.expect('(', '"(" after until');
    const key = this.expect('ident', 'a state key');
    this.expect('==', '"==" after the state key');
    const value = this.peek();
    if (value.kind !== 'string') {
      throw new SyntaxFailure(
        `expected a quoted value, e.g. "done", found ${describe(value)}`,
        value.column,
      );
    }
    this.next();
    this.expect(',', '"," and max=N (until needs a bound)');
    const maxKw = this.peek();
    if (maxKw.kind !== 'ident' || maxKw.text !== 'max') {
      throw new SyntaxFailure(`expected max=N, found ${describe(maxKw)}`, maxKw.column);
    }
    this.next();
    this.expect('=', '"=" after max');
    const maxTok = this.expect('int', 'a number after max=');
    const max = positiveInt(maxTok, 'max');
    this.expect(')', '")" to close until(');
    return { type: 'until', body, key: key.text, value: value.value, max };
  }

  private primary(): TopologyNode {
    const t = this.peek();
    if (t.kind === 'ident') {
      this.next();
      return { type: 'agent', name: t.text, column: t.column };
    }
    if (t.kind === '(') {
      if (++this.depth > MAX_DEPTH)
        throw new SyntaxFailure('parentheses nested too deeply', t.column);
      this.next();
      if (this.peek().kind === ')')
        throw new SyntaxFailure('empty parentheses', this.peek().column);
      const inner = this.fallback();
      const close = this.peek();
      if (close.kind !== ')') {
        throw new SyntaxFailure(
          `expected ")" to close the "(" at column ${t.column}, found ${describe(close)}`,
          close.column,
        );
      }
      this.next();
      this.depth--;
      return inner;
    }
    throw new SyntaxFailure(`expected an agent name or "(", found ${describe(t)}`, t.column);
  }
}

function positiveInt(t: Token, what: string): number {
  const n = Number(t.text);
  if (!Number.isSafeInteger(n) || n < 1)
    throw new SyntaxFailure(`${what} must be a whole number of at least 1`, t.column);
  return n;
}

function flatten(
  parts: TopologyNode[],
  type: 'sequence' | 'parallel' | 'fallback',
): TopologyNode[] {
  const out: TopologyNode[] = [];
  for (const p of parts) {
    if (p.type === type) {
      if (p.type === 'sequence') out.push(...p.steps);
      else if (p.type === 'parallel') out.push(...p.branches);
      else if (p.type === 'fallback') out.push(...p.options);
    } else {
      out.push(p);
    }
  }
  return out;
}

export function parseTopology(expr: string): TopologyParseResult {
  const errors: TopologyError[] = [];
  const tokens = lex(expr, errors);
  if (errors.length > 0) return { ast: null, errors };
  try {
    return { ast: new Parser(tokens).parseAll(), errors };
  } catch (e) {
    if (e instanceof SyntaxFailure)
      return { ast: null, errors: [{ message: e.message, column: e.column }] };
    throw e;
  }
}

/** Every agent reference in the expression, in source order. */
export function topologyAgents(node: TopologyNode): { name: string; column: number }[] {
  const out: { name: string; column: number }[] = [];
  const walk = (n: TopologyNode): void => {
    switch (n.type) {
      case 'agent':
        out.push({ name: n.name, column: n.column });
        break;
      case 'sequence':
        n.steps.forEach(walk);
        break;
      case 'parallel':
        n.branches.forEach(walk);
        break;
      case 'fallback':
        n.options.forEach(walk);
        break;
      case 'loop':
      case 'until':
        walk(n.body);
        break;
    }
  };
  walk(node);
  return out;
}

/** Canonical text of an AST (fully parenthesised where precedence needs it). */
export function formatTopology(node: TopologyNode): string {
  const rank = (n: TopologyNode): number =>
    n.type === 'fallback' ? 0 : n.type === 'sequence' ? 1 : n.type === 'parallel' ? 2 : 3;
  const wrap = (child: TopologyNode, min: number): string => {
    const s = formatTopology(child);
    return rank(child) < min ? `(${s})` : s;
  };
  switch (node.type) {
    case 'agent':
      return node.name;
    case 'fallback':
      return node.options.map((c) => wrap(c, 1)).join(' // ');
    case 'sequence':
      return node.steps.map((c) => wrap(c, 2)).join(' >> ');
    case 'parallel':
      return node.branches.map((c) => wrap(c, 3)).join(' | ');
    case 'loop':
      return `${wrap(node.body, 3)} * ${node.times}`;
    case 'until':
      return `${wrap(node.body, 3)} * until(${node.key} == ${JSON.stringify(node.value)}, max=${node.max})`;
  }
}

/** What one step of the expression reads and writes; null when unknown (a composed skill). */
export interface StepIO {
  reads: readonly string[];
  writes: readonly string[];
}

export interface DataflowFindings {
  /** A step reads a key that no earlier step writes and the input does not hold. */
  unwrittenReads: { name: string; column: number; key: string }[];
  /** Two branches of one `|` write the same key: which value wins would be a race. */
  parallelWrites: { key: string; steps: { name: string; column: number }[] }[];
}

interface Known {
  keys: Set<string>;
  /** A step whose writes are unknown ran before: any key may be there. */
  open: boolean;
}

/**
 * The state flow of an expression, statically: `>>` carries writes forward, each `|`
 * branch and each `//` option sees only what came before it (and all of their writes
 * may be there after), a loop's first iteration sees only what came before the loop.
 */
export function topologyDataflow(
  ast: TopologyNode,
  ioOf: (name: string) => StepIO | null,
  initial: Iterable<string>,
): DataflowFindings {
  const findings: DataflowFindings = { unwrittenReads: [], parallelWrites: [] };
  const copy = (k: Known): Known => ({ keys: new Set(k.keys), open: k.open });
  const union = (into: Known, from: Known): void => {
    from.keys.forEach((key) => into.keys.add(key));
    into.open ||= from.open;
  };
  const writesOf = (n: TopologyNode): Map<string, { name: string; column: number }> => {
    const out = new Map<string, { name: string; column: number }>();
    for (const ref of topologyAgents(n))
      for (const key of ioOf(ref.name)?.writes ?? []) if (!out.has(key)) out.set(key, ref);
    return out;
  };
  const walk = (n: TopologyNode, known: Known): Known => {
    switch (n.type) {
      case 'agent': {
        const io = ioOf(n.name);
        const after = copy(known);
        if (!io) {
          after.open = true;
          return after;
        }
        if (!known.open)
          for (const key of io.reads)
            if (!known.keys.has(key))
              findings.unwrittenReads.push({ name: n.name, column: n.column, key });
        io.writes.forEach((key) => after.keys.add(key));
        return after;
      }
      case 'sequence':
        return n.steps.reduce((k, step) => walk(step, k), known);
      case 'parallel':
      case 'fallback': {
        const parts = n.type === 'parallel' ? n.branches : n.options;
        const after = copy(known);
        parts.forEach((p) => union(after, walk(p, known)));
        if (n.type === 'parallel') {
          const owners = new Map<string, { name: string; column: number }[]>();
          for (const branch of parts)
            for (const [key, ref] of writesOf(branch))
              owners.set(key, [...(owners.get(key) ?? []), ref]);
          for (const [key, steps] of owners)
            if (steps.length > 1) findings.parallelWrites.push({ key, steps });
        }
        return after;
      }
      case 'loop':
      case 'until':
        return walk(n.body, known);
    }
  };
  walk(ast, { keys: new Set(initial), open: false });
  return findings;
}
