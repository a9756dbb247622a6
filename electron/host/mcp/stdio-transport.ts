/**
 * MCP over stdin/stdout (`skill-studio mcp`): the SDK's stdio transport, with two things a
 * piped client needs that it does not do.
 *
 * - **Every request is answered.** A client may write its requests and close stdin at
 *   once (`printf … | skill-studio mcp`). The server stops only once every request it
 *   received has its response (or was cancelled by the client), as `a2e --stdio` does.
 * - **A line that is not a message gets a JSON-RPC error**, not silence: -32700 for one
 *   that is not JSON, -32600 for JSON that is not a JSON-RPC message, both with id null
 *   (JSON-RPC 2.0, §5.1). The SDK reports these lines to `onerror` only.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type {
  Transport,
  TransportSendOptions,
} from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, type JSONRPCMessage, type RequestId } from '@modelcontextprotocol/sdk/types.js';

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
function lineError(error: Error): { code: number; message: string } | null {
  if (error instanceof SyntaxError) return { code: ErrorCode.ParseError, message: 'Parse error' };
  // The SDK checks a parsed line against its message schema (zod); any version's error.
  if (/ZodError$/.test(error.name) || /ZodError$/.test(error.constructor.name))
    return { code: ErrorCode.InvalidRequest, message: 'Invalid Request' };
  return null;
}

export class DrainingStdioTransport implements Transport {
  private readonly inner: StdioServerTransport;
  private readonly inFlight = new Set<RequestId>();
  private idleWaiters: (() => void)[] = [];

  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  constructor(input: Readable, output: Writable) {
    this.inner = new StdioServerTransport(input, output);
  }

  start(): Promise<void> {
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => {
      const answer = lineError(error);
      if (answer)
        void this.inner.send({
          jsonrpc: '2.0',
          id: null,
          error: answer,
        } as unknown as JSONRPCMessage);
      this.onerror?.(error);
    };
    this.inner.onmessage = (message: JSONRPCMessage) => {
      const id = requestId(message);
      if (id !== null) this.inFlight.add(id);
      // A cancelled request is never answered (MCP, cancellation): nothing to wait for.
      if ('method' in message && message.method === 'notifications/cancelled') {
        const cancelled = (message.params as { requestId?: RequestId } | undefined)?.requestId;
        if (cancelled !== undefined) this.settle(cancelled);
      }
      this.onmessage?.(message);
    };
    return this.inner.start();
  }

  // Stdio has one stream: the options (which request a message relates to) change nothing.
  async send(message: JSONRPCMessage, _options?: TransportSendOptions): Promise<void> {
    await this.inner.send(message);
    const id = answeredId(message);
    if (id !== null) this.settle(id);
  }

  close(): Promise<void> {
    return this.inner.close();
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
