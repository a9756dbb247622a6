/**
 * The schema builder's default checks: each property's `default` judged by the host's
 * one JSON-Schema compiler (the Studio API's `schema.check`, run in its worker pool), so
 * what the builder accepts is what a call accepts. The renderer cannot compile schemas
 * itself (its CSP forbids the code generation ajv needs).
 *
 * Kept responsive: answers are remembered per (schema, default), so an edit that leaves
 * a default alone shows its warning at once and asks nothing; new questions wait for
 * typing to pause (DEBOUNCE_MS); a warning whose default changed goes at once rather than
 * linger until the answer; "checking…" shows only when an answer is slow (SLOW_MS).
 */
import type { ArgumentCheckReply } from '../../../../../shared/playground/argument-check';
import {
  defaultChecks,
  defaultWarning,
  type BuilderWarning,
  type DefaultCheck,
} from '../../../../../shared/playground/schema-builder';

export interface DefaultCheckState {
  warnings: BuilderWarning[];
  /** An answer has been awaited longer than SLOW_MS. */
  checking: boolean;
}

export const DEBOUNCE_MS = 250;
export const SLOW_MS = 600;
/** Answers remembered at most (a long session edits many defaults). */
const REMEMBERED = 500;

export interface DefaultCheckerOptions {
  /** Asks the host (schema.check). */
  check(schema: Record<string, unknown>, value: unknown): Promise<ArgumentCheckReply>;
  onState(state: DefaultCheckState): void;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(timer: unknown): void;
}

function keyOf(c: DefaultCheck): string {
  return JSON.stringify([c.schema, c.value]);
}

export class DefaultChecker {
  private readonly answers = new Map<string, ArgumentCheckReply>();
  private checks: DefaultCheck[] = [];
  private pending: unknown = null;
  private slow: unknown = null;
  private round = 0;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly opts: DefaultCheckerOptions) {
    this.setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = opts.clearTimer ?? ((t) => clearTimeout(t as ReturnType<typeof setTimeout>));
  }

  /** The schema changed: show what is known now, ask about the rest after a pause. */
  update(schema: unknown): void {
    this.cancel();
    this.checks = defaultChecks(schema);
    this.publish(false);
    if (this.unanswered().length > 0) {
      this.pending = this.setTimer(() => void this.ask(), DEBOUNCE_MS);
    }
  }

  /** Stops waiting (unmount); a later update starts again. */
  cancel(): void {
    this.round++;
    if (this.pending !== null) this.clearTimer(this.pending);
    if (this.slow !== null) this.clearTimer(this.slow);
    this.pending = null;
    this.slow = null;
  }

  private unanswered(): DefaultCheck[] {
    return this.checks.filter((c) => !this.answers.has(keyOf(c)));
  }

  private async ask(): Promise<void> {
    this.pending = null;
    const round = ++this.round;
    this.slow = this.setTimer(() => {
      this.slow = null;
      if (round === this.round) this.publish(true);
    }, SLOW_MS);
    const asked = this.unanswered();
    const answers = await Promise.all(
      asked.map((c) =>
        // A failed question (the host went away) warns of nothing and is asked again later.
        this.opts.check(c.schema, c.value).catch(() => null),
      ),
    );
    if (round !== this.round) return;
    if (this.slow !== null) this.clearTimer(this.slow);
    this.slow = null;
    if (this.answers.size + asked.length > REMEMBERED) this.answers.clear();
    asked.forEach((c, i) => {
      const answer = answers[i];
      if (answer) this.answers.set(keyOf(c), answer);
    });
    this.publish(false);
  }

  private publish(checking: boolean): void {
    const warnings: BuilderWarning[] = [];
    for (const c of this.checks) {
      const answer = this.answers.get(keyOf(c));
      const warning = answer ? defaultWarning(c, answer) : null;
      if (warning) warnings.push(warning);
    }
    this.opts.onState({ warnings, checking });
  }
}
