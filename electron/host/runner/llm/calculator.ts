/**
 * The built-in `calculator` tool: evaluates one arithmetic expression with a small
 * recursive-descent parser — never `eval`, never `Function`, no names but the ones
 * listed here, bounded length and nesting.
 *
 *   numbers   12, 3.5, 1e6, 1_000
 *   operators + - * / (true division), // (floor division), % and `mod` (modulo with
 *             the sign of the divisor, so `-1 mod 7` is 6), ^ and ** (power, right-assoc.)
 *   functions abs sqrt cbrt floor ceil round trunc sign exp ln log log10 log2
 *             sin cos tan asin acos atan min max pow hypot
 *   constants pi, e
 */

export type CalcResult = { ok: true; value: number } | { ok: false; error: string };

const MAX_LENGTH = 2000;
const MAX_DEPTH = 64;

const FUNCTIONS: Record<string, { arity: [number, number]; fn: (...a: number[]) => number }> = {
  abs: { arity: [1, 1], fn: Math.abs },
  sqrt: { arity: [1, 1], fn: Math.sqrt },
  cbrt: { arity: [1, 1], fn: Math.cbrt },
  floor: { arity: [1, 1], fn: Math.floor },
  ceil: { arity: [1, 1], fn: Math.ceil },
  round: { arity: [1, 1], fn: Math.round },
  trunc: { arity: [1, 1], fn: Math.trunc },
  sign: { arity: [1, 1], fn: Math.sign },
  exp: { arity: [1, 1], fn: Math.exp },
  ln: { arity: [1, 1], fn: Math.log },
  log: {
    arity: [1, 2],
    fn: (x, base) => (base === undefined ? Math.log10(x) : Math.log(x) / Math.log(base)),
  },
  log10: { arity: [1, 1], fn: Math.log10 },
  log2: { arity: [1, 1], fn: Math.log2 },
  sin: { arity: [1, 1], fn: Math.sin },
  cos: { arity: [1, 1], fn: Math.cos },
  tan: { arity: [1, 1], fn: Math.tan },
  asin: { arity: [1, 1], fn: Math.asin },
  acos: { arity: [1, 1], fn: Math.acos },
  atan: { arity: [1, 1], fn: Math.atan },
  min: { arity: [1, 100], fn: Math.min },
  max: { arity: [1, 100], fn: Math.max },
  pow: { arity: [2, 2], fn: Math.pow },
  hypot: { arity: [1, 100], fn: Math.hypot },
};

const CONSTANTS: Record<string, number> = { pi: Math.PI, e: Math.E };

type Token =
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  | { t: 'op'; v: string }
  | { t: '('; v: '(' }
  | { t: ')'; v: ')' }
  | { t: ','; v: ',' };

class CalcError extends Error {}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const num = /^(\d[\d_]*(\.\d*)?|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i));
    if (num) {
      const v = Number(num[0].replace(/_/g, ''));
      if (!Number.isFinite(v)) throw new CalcError(`"${num[0]}" is not a number`);
      out.push({ t: 'num', v });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z][A-Za-z0-9]*/.exec(src.slice(i));
    if (name) {
      const v = name[0].toLowerCase();
      out.push(v === 'mod' ? { t: 'op', v: '%' } : { t: 'name', v });
      i += name[0].length;
      continue;
    }
    const two = src.slice(i, i + 2);
    if (two === '**' || two === '//') {
      out.push({ t: 'op', v: two === '**' ? '^' : '//' });
      i += 2;
      continue;
    }
    if ('+-*/%^×÷'.includes(c)) {
      out.push({ t: 'op', v: c === '×' ? '*' : c === '÷' ? '/' : c });
      i++;
      continue;
    }
    if (c === '(' || c === ')' || c === ',') {
      out.push({ t: c, v: c } as Token);
      i++;
      continue;
    }
    throw new CalcError(`unexpected "${c}" at position ${i + 1}`);
  }
  return out;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly tokens: Token[]) {}

  parse(): number {
    if (this.tokens.length === 0) throw new CalcError('the expression is empty');
    const v = this.additive();
    if (this.pos < this.tokens.length)
      throw new CalcError(`unexpected "${this.tokens[this.pos].v}"`);
    return v;
  }

  private peek(): Token | undefined {
    return this.tokens[this.pos];
  }

  private isOp(...ops: string[]): string | null {
    const t = this.peek();
    return t?.t === 'op' && ops.includes(t.v) ? t.v : null;
  }

  private additive(): number {
    let v = this.multiplicative();
    for (let op = this.isOp('+', '-'); op; op = this.isOp('+', '-')) {
      this.pos++;
      const r = this.multiplicative();
      v = op === '+' ? v + r : v - r;
    }
    return v;
  }

  private multiplicative(): number {
    let v = this.unary();
    for (let op = this.isOp('*', '/', '%', '//'); op; op = this.isOp('*', '/', '%', '//')) {
      this.pos++;
      const r = this.unary();
      if ((op === '/' || op === '%' || op === '//') && r === 0)
        throw new CalcError('division by zero');
      if (op === '*') v *= r;
      else if (op === '/') v /= r;
      else if (op === '//') v = Math.floor(v / r);
      else v = ((v % r) + r) % r;
    }
    return v;
  }

  private unary(): number {
    const op = this.isOp('+', '-');
    if (op) {
      this.pos++;
      return this.nested(() => (op === '-' ? -this.unary() : this.unary()));
    }
    return this.power();
  }

  private power(): number {
    const base = this.primary();
    if (this.isOp('^')) {
      this.pos++;
      // Right-associative, and binds tighter than a unary minus on its left: -2^2 = -4.
      const exponent = this.nested(() => this.unary());
      return Math.pow(base, exponent);
    }
    return base;
  }

  private nested<T>(fn: () => T): T {
    if (++this.depth > MAX_DEPTH) throw new CalcError('the expression is nested too deeply');
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  private expect(t: ')' | ','): void {
    if (this.peek()?.t !== t) throw new CalcError(`expected "${t}"`);
    this.pos++;
  }

  private primary(): number {
    const tok = this.peek();
    if (!tok) throw new CalcError('the expression ends too early');
    this.pos++;
    if (tok.t === 'num') return tok.v;
    if (tok.t === '(') {
      const v = this.nested(() => this.additive());
      this.expect(')');
      return v;
    }
    if (tok.t === 'name') {
      // Own names only: `constructor` and friends live on every object's prototype.
      const fn = Object.hasOwn(FUNCTIONS, tok.v) ? FUNCTIONS[tok.v] : undefined;
      if (fn) {
        if (this.peek()?.t !== '(') throw new CalcError(`${tok.v} needs parentheses: ${tok.v}(…)`);
        this.pos++;
        const args: number[] = [];
        if (this.peek()?.t !== ')') {
          args.push(this.nested(() => this.additive()));
          while (this.peek()?.t === ',') {
            this.pos++;
            args.push(this.nested(() => this.additive()));
          }
        }
        this.expect(')');
        const [lo, hi] = fn.arity;
        if (args.length < lo || args.length > hi)
          throw new CalcError(
            `${tok.v} takes ${lo === hi ? lo : `${lo} to ${hi}`} argument(s), not ${args.length}`,
          );
        return fn.fn(...args);
      }
      if (Object.hasOwn(CONSTANTS, tok.v)) return CONSTANTS[tok.v];
      throw new CalcError(`unknown name "${tok.v}"`);
    }
    throw new CalcError(`unexpected "${tok.v}"`);
  }
}

export function calculate(expression: string): CalcResult {
  if (typeof expression !== 'string') return { ok: false, error: 'expression must be a string' };
  if (expression.length > MAX_LENGTH)
    return { ok: false, error: `the expression is over ${MAX_LENGTH} characters` };
  try {
    const value = new Parser(tokenize(expression)).parse();
    if (Number.isNaN(value)) return { ok: false, error: 'the result is not a number' };
    if (!Number.isFinite(value)) return { ok: false, error: 'the result is infinite' };
    // 0.1 + 0.2 reads as 0.3, as a person expects from a calculator.
    return { ok: true, value: Number(value.toPrecision(15)) };
  } catch (err) {
    if (err instanceof CalcError) return { ok: false, error: err.message };
    throw err;
  }
}
