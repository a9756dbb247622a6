/**
 * One conversation model for every provider: the agent loop speaks this, and each client
 * (anthropic-api.ts, openai-api.ts) maps it to and from its own wire format.
 */
import type { OutputBudget } from './output-limits';

export interface ToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
}

export interface ToolCall {
  id: string;
  name: string;
  /** The arguments as the model wrote them (JSON text). */
  argumentsText: string;
}

export interface ToolResult {
  id: string;
  name: string;
  content: string;
  isError: boolean;
}

export type ChatMessage =
  | { role: 'user'; content: string }
  | { role: 'assistant'; text: string; toolCalls: ToolCall[] }
  | { role: 'tool'; results: ToolResult[] };

export interface Usage {
  input_tokens: number;
  output_tokens: number;
  cache_read_input_tokens: number;
  cache_creation_input_tokens: number;
}

export const emptyUsage = (): Usage => ({
  input_tokens: 0,
  output_tokens: 0,
  cache_read_input_tokens: 0,
  cache_creation_input_tokens: 0,
});

export function addUsage(into: Usage, more: Usage): void {
  into.input_tokens += more.input_tokens;
  into.output_tokens += more.output_tokens;
  into.cache_read_input_tokens += more.cache_read_input_tokens;
  into.cache_creation_input_tokens += more.cache_creation_input_tokens;
}

export interface ChatRequest {
  model: string;
  system: string;
  messages: ChatMessage[];
  tools: ToolSpec[];
  maxTokens: number;
  /** Aborts the HTTP request at once (cancel, timeout). */
  signal: AbortSignal;
  /** When the run's wall clock ends (epoch ms): retries never wait past it. */
  deadline: number;
  /**
   * What the run may still take in (output-limits.ts), shared by its turns; without
   * one, the turn gets a budget of its own, so a stream is always capped.
   */
  budget?: OutputBudget;
}

/** What one model turn produced, once its stream has ended. */
export interface ChatTurn {
  text: string;
  toolCalls: ToolCall[];
  /** Normalised: end_turn | tool_use | max_tokens | stop_sequence | other (as sent). */
  stopReason: string;
  usage: Usage;
  /** The model the server says answered. */
  model: string;
}

export interface StreamHandlers {
  /** A piece of assistant text, as it arrives. */
  onText(delta: string): void;
}

export interface ChatApi {
  /** Streams one turn. Rejects with a ProviderError. */
  stream(req: ChatRequest, handlers: StreamHandlers): Promise<ChatTurn>;
}
