/**
 * Builds whole tool calls from the `delta.tool_calls` fragments of an OpenAI-compatible
 * stream, tolerating what real servers send besides the reference behaviour:
 *
 * - a whole call (id, name, complete arguments) in one chunk;
 * - parallel calls that reuse one `index` but each carry a new `id`: a new id at an
 *   index starts a new call;
 * - the name resent on every chunk: a name equal to the call's is not appended;
 * - arguments sent as an object instead of JSON text;
 * - no `index` at all (taken as the position in the chunk's list), no `id` (one is made).
 *
 * What a call may grow to is capped (output-limits.ts): one call's arguments, the calls
 * of one turn, and every character against the run's budget; over a cap, `push` throws.
 */
import type { ToolCall } from './chat-types';
import { checkToolArguments, checkToolCallCount, type OutputBudget } from './output-limits';

interface Pending {
  id: string;
  name: string;
  args: string;
}

export interface ToolCallDelta {
  index?: unknown;
  id?: unknown;
  type?: unknown;
  function?: { name?: unknown; arguments?: unknown } | null;
}

export class ToolCallAssembler {
  private readonly calls: Pending[] = [];
  /** The call each wire index currently feeds. */
  private readonly byIndex = new Map<number, Pending>();

  constructor(
    private readonly budget: OutputBudget,
    /** Who sends the calls, for the messages of a cap. */
    private readonly who: string,
  ) {}

  push(deltas: readonly ToolCallDelta[]): void {
    deltas.forEach((d, position) => {
      const index = typeof d.index === 'number' ? d.index : position;
      const id = typeof d.id === 'string' && d.id !== '' ? d.id : null;
      const name = typeof d.function?.name === 'string' ? d.function.name : '';
      const rawArgs = d.function?.arguments;
      const args =
        typeof rawArgs === 'string'
          ? rawArgs
          : rawArgs !== undefined && rawArgs !== null
            ? JSON.stringify(rawArgs)
            : '';
      let call = this.byIndex.get(index);
      if (!call || (id !== null && id !== call.id)) {
        call = { id: id ?? `call_${this.calls.length + 1}`, name: '', args: '' };
        this.calls.push(call);
        checkToolCallCount(this.calls.length, this.who);
        this.byIndex.set(index, call);
      }
      if (name && name !== call.name) call.name = call.name === '' ? name : call.name;
      const grown =
        typeof rawArgs === 'object' && rawArgs !== null
          ? args.length
          : call.args.length + args.length;
      checkToolArguments(grown, this.who, call.name);
      this.budget.charge(args.length, this.who);
      if (typeof rawArgs === 'object' && rawArgs !== null) call.args = args;
      else call.args += args;
    });
  }

  get count(): number {
    return this.calls.length;
  }

  /** The calls in the order they started; a call with no name is dropped (nothing to run). */
  finish(): ToolCall[] {
    return this.calls
      .filter((c) => c.name !== '')
      .map((c) => ({ id: c.id, name: c.name, argumentsText: c.args }));
  }
}
