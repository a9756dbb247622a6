/**
 * Test support: one fake model server on 127.0.0.1 for the agent clients, speaking each
 * client's wire (Anthropic Messages for Claude Code, OpenAI Responses for Codex, chat
 * completions for OpenCode, Gemini's streamGenerateContent for Gemini CLI), built on the
 * providers' wire server (providers/test-support/wire-server.ts) and their stream formats.
 *
 * Each request is answered by what the test's `decide` says about the user's prompt in it:
 * activate a skill through that client's own mechanism and then answer, answer without
 * activating, fail with an HTTP status, or never answer. A request that carries the result of
 * the activation is answered with the text. Requests that are not the conversation (a title or
 * quota call without tools) get the text at once.
 */
import {
  startWireServer,
  type RecordedRequest,
  type Reply,
  type WireServer,
} from '../../providers/test-support/wire-server';
import { anthropicTurn } from '../../providers/test-support/provider-wire';
import { responsesTurn } from './responses-wire';
import {
  chatCompletionsReply,
  chatPrompt,
  geminiPrompt,
  geminiReply,
  isChatCompletions,
  isGeminiStream,
} from './fake-model-server-google-chat';

export type FakeTurn =
  /** `missing`: the answer when the client's Skill tool said the skill is not there (Anthropic wire). */
  | { do: 'activate'; skill: string; answer: string; missing?: string }
  | { do: 'answer'; answer: string }
  /** Read these files with the client's read tool (Claude Code: one Read call each), then answer. */
  | { do: 'read'; paths: string[]; answer: string }
  | { do: 'status'; status: number; message?: string }
  | { do: 'hang' };

export interface FakeModelServer extends WireServer {
  /** The prompts seen, in order (one per model request that had one). */
  prompts: string[];
}

type Json = Record<string, unknown>;

const isReminder = (t: string) => t.trimStart().startsWith('<system-reminder>');

/** The user's own words in an Anthropic Messages request: the first user text that is no reminder. */
function anthropicPrompt(body: Json): string {
  for (const m of (body.messages as Json[] | undefined) ?? []) {
    if (m.role !== 'user') continue;
    const content = m.content;
    if (typeof content === 'string' && !isReminder(content)) return content;
    if (Array.isArray(content))
      for (const p of content as Json[])
        if (p.type === 'text' && typeof p.text === 'string' && !isReminder(p.text)) return p.text;
  }
  return '';
}

/** The user's own words in a Responses request: the last user input_text that is no context block. */
function responsesPrompt(body: Json): string {
  let prompt = '';
  for (const item of (body.input as Json[] | undefined) ?? []) {
    if (item.role !== 'user' || !Array.isArray(item.content)) continue;
    for (const p of item.content as Json[])
      if (typeof p.text === 'string' && !p.text.trimStart().startsWith('<')) prompt = p.text;
  }
  return prompt;
}

function errorReply(
  turn: { status: number; message?: string },
  kind: 'anthropic' | 'openai',
): Reply {
  const message = turn.message ?? `fake upstream status ${turn.status}`;
  return {
    kind: 'json',
    status: turn.status,
    body:
      kind === 'anthropic'
        ? { type: 'error', error: { type: 'authentication_error', message } }
        : { error: { message, type: 'invalid_request_error', code: 'invalid_api_key' } },
  };
}

function anthropicReply(body: Json, turn: FakeTurn): Reply {
  if (turn.do === 'hang') return { kind: 'hang' };
  if (turn.do === 'status') return errorReply(turn, 'anthropic');
  const tools = ((body.tools as Json[] | undefined) ?? []).map((t) => t.name);
  const messages = (body.messages as Json[] | undefined) ?? [];
  const activated = JSON.stringify(messages).includes('"tool_result"');
  // Claude Code's tool is `Skill` {skill}; OpenCode on an anthropic provider offers `skill` {name}.
  const skillTool = tools.includes('Skill') ? 'Skill' : tools.includes('skill') ? 'skill' : null;
  if (turn.do === 'read' && tools.includes('Read') && !activated)
    return {
      kind: 'sse',
      chunks: anthropicTurn({
        tools: turn.paths.map((p, n) => ({
          id: `toolu_01Read${n}`,
          name: 'Read',
          fragments: [JSON.stringify({ file_path: p })],
        })),
      }),
    };
  if (turn.do === 'activate' && skillTool && !activated)
    return {
      kind: 'sse',
      chunks: anthropicTurn({
        tools: [
          {
            id: 'toolu_01A09q90qw90lq917835lq9',
            name: skillTool,
            fragments: [
              JSON.stringify(skillTool === 'Skill' ? { skill: turn.skill } : { name: turn.skill }),
            ],
          },
        ],
      }),
    };
  const refused = JSON.stringify(messages).includes('"is_error":true');
  const answer = turn.do === 'activate' && refused && turn.missing ? turn.missing : turn.answer;
  return { kind: 'sse', chunks: anthropicTurn({ text: [answer] }) };
}

function responsesReply(body: Json, turn: FakeTurn): Reply {
  if (turn.do === 'hang') return { kind: 'hang' };
  if (turn.do === 'status') return errorReply(turn, 'openai');
  const activated = JSON.stringify(body.input ?? []).includes('function_call_output');
  if (turn.do === 'activate' && !activated)
    return {
      kind: 'sse',
      chunks: responsesTurn({
        calls: [
          {
            id: 'call_8Zxq2Lr3',
            name: 'exec_command',
            args: { cmd: `cat .agents/skills/${turn.skill}/SKILL.md` },
          },
        ],
      }),
    };
  return { kind: 'sse', chunks: responsesTurn({ text: turn.answer }) };
}

export async function startFakeModelServer(
  decide: (prompt: string, req: RecordedRequest) => FakeTurn,
): Promise<FakeModelServer> {
  const prompts: string[] = [];
  const server = await startWireServer((req) => {
    const body = (req.json ?? {}) as Json;
    const path = req.url.split('?')[0];
    if (req.method === 'POST' && path === '/v1/messages') {
      const prompt = anthropicPrompt(body);
      prompts.push(prompt);
      return anthropicReply(body, decide(prompt, req));
    }
    if (req.method === 'POST' && path === '/v1/responses') {
      const prompt = responsesPrompt(body);
      prompts.push(prompt);
      return responsesReply(body, decide(prompt, req));
    }
    // Chat completions (OpenCode) and Gemini (Gemini CLI): fake-model-server-google-chat.ts.
    if (isChatCompletions(req) || isGeminiStream(req)) {
      const gemini = isGeminiStream(req);
      const prompt = gemini ? geminiPrompt(body) : chatPrompt(body);
      prompts.push(prompt);
      const turn = (p: string) => decide(p, req);
      return gemini ? geminiReply(req, turn) : chatCompletionsReply(req, turn);
    }
    return { kind: 'json', status: 404, body: { error: { message: `no route ${req.url}` } } };
  });
  return Object.assign(server, { prompts });
}
