/**
 * Test support: the fake model server's chat completions and Gemini dialects, the wires
 * OpenCode and Gemini CLI speak. Each reply is decided from the conversation the client
 * sent, the way a model would: a first turn activates the scripted skill through the
 * client's own mechanism, the turn after the tool result answers.
 *
 * What the real clients send (OpenCode 1.18.33, Gemini CLI 0.61.0, seen on the wire):
 * - OpenCode `POST /v1/chat/completions`, `stream: true`, `stream_options.include_usage`.
 *   One call has no `tools` (the session title, on the small model); it is answered with
 *   a title and never counts as a turn. The skill tool is `skill` with `{"name": NAME}`;
 *   its result comes back as a `role: "tool"` message.
 * - Gemini CLI `POST /v1beta/models/M:streamGenerateContent?alt=sse`, key in
 *   `x-goog-api-key`. The skill tool is `activate_skill` with `{"name": NAME}`; its result
 *   comes back as a `functionResponse` part in a `role: "user"` content.
 */
import type { RecordedRequest, Reply } from '../../providers/test-support/wire-server';
import {
  geminiTurn,
  openAiTurn,
  textDeltas,
  toolCallDeltas,
} from '../../providers/test-support/provider-wire';

/** What the fake model does with one prompt. */
export type FakeModelBehaviour =
  /** Activate the skill through the client's mechanism, then answer. */
  | { do: 'activate'; skill: string; answer: string }
  /** Answer at once, activating nothing. */
  | { do: 'answer'; answer: string }
  /** Every model call fails with this HTTP status. */
  | { do: 'status'; status: number; message?: string }
  /** Headers never come. */
  | { do: 'hang' }
  /**
   * Read these files one per turn with the client's own read tool, then answer. A path
   * `@skill:NAME/rest` is `rest` inside that skill's folder, as the listing the client sent
   * locates it (an attacker would read the listing the same way).
   */
  | { do: 'read'; paths: string[]; answer: string };

/** One behaviour for every prompt, or one chosen from the user's prompt (trigger evals). */
export type FakeModelScript = FakeModelBehaviour | ((prompt: string) => FakeModelBehaviour);

type Json = Record<string, unknown>;

function isRecord(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function asArray(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

export function isChatCompletions(req: RecordedRequest): boolean {
  return req.method === 'POST' && /\/chat\/completions(\?|$)/.test(req.url);
}

export function isGeminiStream(req: RecordedRequest): boolean {
  return req.method === 'POST' && /:streamGenerateContent(\?|$)/.test(req.url);
}

/** The text of a chat message's content (a string, or a list of text parts). */
function chatText(content: unknown): string {
  if (typeof content === 'string') return content;
  return asArray(content)
    .map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : ''))
    .join('');
}

/** The user's prompt of a chat completions request: its first user message. */
export function chatPrompt(body: unknown): string {
  const messages = isRecord(body) ? asArray(body.messages) : [];
  const first = messages.find((m) => isRecord(m) && m.role === 'user');
  return isRecord(first) ? chatText(first.content) : '';
}

/**
 * The user's prompt of a Gemini request: the last text part of the first user content
 * (Gemini CLI puts its `<session_context>` part before the prompt).
 */
export function geminiPrompt(body: unknown): string {
  const contents = isRecord(body) ? asArray(body.contents) : [];
  const first = contents.find((c) => isRecord(c) && c.role === 'user');
  const texts = isRecord(first)
    ? asArray(first.parts).filter(
        (p): p is { text: string } => isRecord(p) && typeof p.text === 'string',
      )
    : [];
  return texts.length > 0 ? texts[texts.length - 1].text : '';
}

/** `@skill:NAME/rest` resolved from the `<location>` of NAME in the listing `system` holds. */
function resolvePath(p: string, system: string): string {
  const m = /^@skill:([^/]+)\/(.*)$/.exec(p);
  if (!m) return p;
  const esc = m[1].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const at = new RegExp(
    `<name>${esc}</name>[\\s\\S]*?<location>([^<]*)/SKILL\\.md</location>`,
  ).exec(system);
  return at ? `${at[1]}/${m[2]}` : p;
}

function behaviourFor(script: FakeModelScript, prompt: string): FakeModelBehaviour {
  return typeof script === 'function' ? script(prompt) : script;
}

function failure(b: FakeModelBehaviour, geminiShape: boolean): Reply | null {
  if (b.do === 'hang') return { kind: 'hang' };
  if (b.do !== 'status') return null;
  const message = b.message ?? `fake model error ${b.status}`;
  // Each API's own error envelope, so the client reports it as it would a real one.
  const body = geminiShape
    ? { error: { code: b.status, message, status: b.status === 401 ? 'UNAUTHENTICATED' : 'ERROR' } }
    : { error: { message, type: 'invalid_request_error', code: String(b.status) } };
  return { kind: 'json', status: b.status, body };
}

/** The reply to one chat completions request (OpenCode). */
export function chatCompletionsReply(req: RecordedRequest, script: FakeModelScript): Reply {
  const body = isRecord(req.json) ? req.json : {};
  const model = typeof body.model === 'string' ? body.model : 'fake-model';
  const messages = asArray(body.messages);
  // The session title call offers no tools: give it a title, whatever the script says.
  if (asArray(body.tools).length === 0)
    return { kind: 'sse', chunks: openAiTurn({ model, deltas: textDeltas('Skill run') }) };
  const b = behaviourFor(script, chatPrompt(body));
  const failed = failure(b, false);
  if (failed) return failed;
  const toolAnswered = messages.some((m) => isRecord(m) && m.role === 'tool');
  if (b.do === 'read') {
    const done = messages.filter((m) => isRecord(m) && m.role === 'tool').length;
    const path = b.paths[done];
    if (path !== undefined) {
      const system = messages.find((m) => isRecord(m) && m.role === 'system');
      const filePath = resolvePath(path, isRecord(system) ? chatText(system.content) : '');
      return {
        kind: 'sse',
        chunks: openAiTurn({
          model,
          deltas: toolCallDeltas(0, `call_read_${done}`, 'read', [JSON.stringify({ filePath })]),
          finishReason: 'tool_calls',
        }),
      };
    }
  }
  if (b.do === 'activate' && !toolAnswered) {
    return {
      kind: 'sse',
      chunks: openAiTurn({
        model,
        deltas: toolCallDeltas(0, 'call_fake_1', 'skill', [JSON.stringify({ name: b.skill })]),
        finishReason: 'tool_calls',
      }),
    };
  }
  const answer = 'answer' in b ? b.answer : '';
  return { kind: 'sse', chunks: openAiTurn({ model, deltas: textDeltas(answer) }) };
}

/** The reply to one `streamGenerateContent` request (Gemini CLI). */
export function geminiReply(req: RecordedRequest, script: FakeModelScript): Reply {
  const body = isRecord(req.json) ? req.json : {};
  const model = /\/models\/([^/:]+):/.exec(req.url)?.[1] ?? 'gemini-fake';
  const b = behaviourFor(script, geminiPrompt(body));
  const failed = failure(b, true);
  if (failed) return failed;
  const responses = asArray(body.contents).flatMap((c) =>
    isRecord(c) ? asArray(c.parts).filter((p) => isRecord(p) && 'functionResponse' in p) : [],
  );
  const toolAnswered = responses.length > 0;
  const next = b.do === 'read' ? b.paths[responses.length] : undefined;
  if (next !== undefined) {
    const instruction = isRecord(body.systemInstruction) ? body.systemInstruction : {};
    const system = asArray(instruction.parts)
      .map((p) => (isRecord(p) && typeof p.text === 'string' ? p.text : ''))
      .join('');
    return {
      kind: 'sse',
      chunks: geminiTurn({
        modelVersion: model,
        calls: [{ name: 'read_file', args: { file_path: resolvePath(next, system) } }],
      }),
    };
  }
  if (b.do === 'activate' && !toolAnswered)
    return {
      kind: 'sse',
      chunks: geminiTurn({
        modelVersion: model,
        calls: [{ name: 'activate_skill', args: { name: b.skill } }],
      }),
    };
  const answer = 'answer' in b ? b.answer : '';
  // Word by word, as Gemini streams: the client prints each piece as a delta.
  const pieces = answer.split(/(?<= )/);
  return { kind: 'sse', chunks: geminiTurn({ modelVersion: model, text: pieces }) };
}

/** The reply for a request in either dialect, or null when it is neither. */
export function googleChatReply(req: RecordedRequest, script: FakeModelScript): Reply | null {
  if (isGeminiStream(req)) return geminiReply(req, script);
  if (isChatCompletions(req)) return chatCompletionsReply(req, script);
  return null;
}
