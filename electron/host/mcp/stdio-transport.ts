/**
 * MCP over stdin/stdout (`skill-studio mcp`). The SDK's message format (one JSON-RPC
 * message per line, its own parse and schema check), with the line reading of
 * `a2e --stdio` instead of the SDK's StdioServerTransport, for what a piped client needs
 * and that transport does not do:
 *
 * - **Every request is answered.** A client may write its requests and close stdin at
 *   once (`printf … | skill-studio mcp`). The server stops only once every request it
 *   received has its response (or was cancelled by the client), as `a2e --stdio` does.
 * - **A line that is not a message gets a JSON-RPC error**, not silence: -32700 for one
 *   that is not JSON, -32600 for JSON that is not a JSON-RPC message, both with id null
 *   (JSON-RPC 2.0, §5.1).
 * - **A line too long is answered and skipped**, and the server goes on. The SDK's
 *   transport closed itself on a line over 10 MiB: the server ended (exit 0, nothing
 *   said) with calls in flight unanswered. Here the line gets -32700 and the bytes up to
 *   its newline are dropped; only one line is ever held (runner/script-output.ts).
 * - **A response too large to encode** is replaced by a -32603 error for its request.
 */
import type { Readable, Writable } from 'node:stream';
import { deserializeMessage, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { LineSplitter } from '../runner/script-output';
import { createLogger } from '../log';
import { errorMessage } from '../../../shared/errors';

/** The longest line read: the SDK's own limit, so what it took before is still taken. */
export const MAX_MCP_LINE_BYTES = 10 * 1024 * 1024;

const log = createLogger('mcp');

/** A request (it has an id and a method): it awaits a response. */
function requestId(message: JSONRPCMessage): RequestId | null {
  return 'method' in message && 'id' in message ? message.id : null;
}

/** A response or an error answering a request. */
function answeredId(message: JSONRPCMessage): RequestId | null {
  return !('method' in message) && 'id' in message && message.id !== undefined
    ? (message.id as RequestId)
    : null;
}

/** What a line that could not be taken is answered with, or null for other failures. */
function lineError(error: unknown): { code: number; message: string } | null {
  if (error instanceof SyntaxError) return { code: ErrorCode.ParseError, message: 'Parse error' };
  // The SDK checks a parsed line against its message schema (zod); any version's error.
  if (
    error instanceof Error &&
    (/ZodError$/.test(error.name) || /ZodError$/.test(error.constructor.name))
  )
    return { code: ErrorCode.InvalidRequest, message: 'Invalid Request' };
  return null;
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(errorMessage(err));
}

export class DrainingStdioTransport implements Transport {
  private readonly inFlight = new Set<RequestId>();
  private idleWaiters: (() => void)[] = [];
  private readonly splitter: LineSplitter;
  private started = false;

  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(
    private readonly input: Readable,
    private readonly output: Writable,
    readonly maxLineBytes: number = MAX_MCP_LINE_BYTES,
  ) {
    this.splitter = new LineSplitter(
      maxLineBytes,
      (line) => this.line(line),
      () => this.tooLong(),
      'skip',
    );
  }

  private readonly onData = (chunk: Buffer | string): void => {
    this.splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
  };

  start(): Promise<void> {
    if (this.started) throw new Error('the MCP stdio transport is already started');
    this.started = true;
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    return Promise.resolve();
  }

  private line(line: string): void {
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (err) {
      const answer = lineError(err);
      if (answer) this.write({ jsonrpc: '2.0', id: null, error: answer });
      this.onerror?.(asError(err));
      return;
    }
    const id = requestId(message);
    if (id !== null) this.inFlight.add(id);
    // A cancelled request is never answered (MCP, cancellation): nothing to wait for.
    if ('method' in message && message.method === 'notifications/cancelled') {
      const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
      if (cancelled !== undefined) this.settle(cancelled);
    }
    this.onmessage?.(message);
  }

  private tooLong(): void {
    log.warn(`an input line over ${this.maxLineBytes} bytes was skipped`);
    this.write({
      jsonrpc: '2.0',
      id: null,
      error: {
        code: ErrorCode.ParseError,
        message: `Parse error: a line over ${this.maxLineBytes} bytes was skipped`,
      },
    });
  }

  /** One line out; resolves when the output has taken it. */
  private write(message: unknown): Promise<void> {
    const json = serializeMessage(message as JSONRPCMessage);
    return new Promise((resolve) => {
      if (this.output.write(json)) resolve();
      else this.output.once('drain', resolve);
    });
  }

  // Stdio has one stream: the options (which request a message relates to) change nothing.
  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    const id = answeredId(message);
    try {
      await this.write(message);
    } catch (err) {
      if (id === null) throw err;
      // A result too large to encode still answers its request.
      log.warn(`the response to request ${String(id)} could not be encoded`, err);
      await this.write({
        jsonrpc: '2.0',
        id,
        error: {
          code: ErrorCode.InternalError,
          message: `the response could not be encoded (${errorMessage(err)})`,
        },
      });
    }
    if (id !== null) this.settle(id);
  }

  close(): Promise<void> {
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    // Pause only when nothing else reads the input.
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.onclose?.();
    return Promise.resolve();
  }

  /** Resolves once every request received so far is answered (at once when none is open). */
  whenIdle(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private settle(id: RequestId): void {
    this.inFlight.delete(id);
    if (this.inFlight.size > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
