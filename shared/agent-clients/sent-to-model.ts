/**
 * "Sent to the model": one recorded model request (an agent client's, through the run's
 * relay, or the studio's own loop) read back into what an author wants to see — the
 * system prompt, the skill listing as the client rendered it, the tools offered, and the
 * messages — whatever wire format carried it: Anthropic Messages, OpenAI Responses, chat
 * completions or Gemini's generateContent. Pure: the playground and tests share it.
 *
 * A body is untrusted JSON (a client's, or a cut record's text): every field is checked
 * before use, and what cannot be read is shown as text rather than thrown.
 */
import type { TranscriptStep } from '../api/evals';
import type { ModelRequestRecord } from '../api/agent-clients';
import {
  CLAUDE_CODE_CUT_MARK,
  CLAUDE_CODE_HEADER,
  CLAUDE_CODE_LISTING_MAX,
  CODEX_CUT_MARK,
  CODEX_DESCRIPTION_MAX,
  CODEX_LISTING_CLOSE,
  CODEX_LISTING_OPEN,
  XML_LISTING_CLOSE,
  XML_LISTING_OPEN,
} from './listing-marks';

export type WireFormat =
  'anthropic-messages' | 'openai-responses' | 'chat-completions' | 'gemini' | 'unknown';

export const WIRE_FORMAT_LABEL: Record<WireFormat, string> = {
  'anthropic-messages': 'Anthropic Messages',
  'openai-responses': 'OpenAI Responses',
  'chat-completions': 'chat completions',
  gemini: 'Gemini generateContent',
  unknown: 'unknown format',
};

export interface OfferedTool {
  name: string;
  description: string;
}

/** How one entry shows in a listing. */
export type ListingShown = 'whole' | 'cut' | 'name-only';

export interface ListingEntry {
  name: string;
  /** The text the listing gives it (empty for a name alone). */
  text: string;
  shown: ListingShown;
  /** Where the entry is in `FoundListing.text` (for highlighting). */
  start: number;
  end: number;
}

export type ListingStyle = 'claude-code' | 'codex' | 'xml';

export interface FoundListing {
  style: ListingStyle;
  /** Where it was found, in words: "the system prompt", "message 3 (user)". */
  where: string;
  /** The listing block as sent. */
  text: string;
  entries: ListingEntry[];
}

export interface ParsedModelRequest {
  format: WireFormat;
  model: string | null;
  /** The system prompt (its blocks joined by blank lines), '' when none. */
  system: string;
  tools: OfferedTool[];
  messages: TranscriptStep[];
  listing: FoundListing | null;
  /** Why (part of) the body could not be read, or null. */
  problem: string | null;
}

type Json = Record<string, unknown>;

const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The wire format of a request, from the path it was sent to. */
export function wireFormatOf(path: string): WireFormat {
  const p = path.split('?')[0];
  if (/\/messages$/.test(p)) return 'anthropic-messages';
  if (/\/responses$/.test(p)) return 'openai-responses';
  if (/\/chat\/completions$/.test(p)) return 'chat-completions';
  if (/:(stream)?[Gg]enerateContent$/.test(p)) return 'gemini';
  return 'unknown';
}

/** A tool result's or message's content as text (string, or blocks with text). */
function contentText(v: unknown): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v))
    return v
      .map((b) => (typeof b === 'string' ? b : isObj(b) ? str(b.text) || str(b.output) : ''))
      .filter((t) => t !== '')
      .join('\n\n');
  if (isObj(v)) return str(v.text) || JSON.stringify(v);
  return v === undefined || v === null ? '' : JSON.stringify(v);
}

function parseArgs(text: unknown): unknown {
  if (typeof text !== 'string') return text ?? {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function textRole(role: string): 'system' | 'user' | 'assistant' {
  if (role === 'system' || role === 'developer') return 'system';
  return role === 'assistant' || role === 'model' ? 'assistant' : 'user';
}

interface Parsed {
  model: string | null;
  system: string[];
  tools: OfferedTool[];
  messages: TranscriptStep[];
}

function anthropic(body: Json): Parsed {
  const system =
    typeof body.system === 'string' ? [body.system] : arr(body.system).map(contentText);
  const messages: TranscriptStep[] = [];
  const toolNames = new Map<string, string>();
  for (const m of arr(body.messages)) {
    if (!isObj(m)) continue;
    const role = textRole(str(m.role));
    if (typeof m.content === 'string') {
      messages.push({ role, text: m.content });
      continue;
    }
    for (const b of arr(m.content)) {
      if (!isObj(b)) continue;
      if (b.type === 'text') messages.push({ role, text: str(b.text) });
      else if (b.type === 'tool_use') {
        toolNames.set(str(b.id), str(b.name));
        messages.push({ role: 'tool_call', tool: str(b.name), arguments: b.input, id: str(b.id) });
      } else if (b.type === 'tool_result') {
        const id = str(b.tool_use_id);
        messages.push({
          role: 'tool_result',
          tool: toolNames.get(id) ?? '',
          id,
          text: contentText(b.content),
          is_error: b.is_error === true,
        });
      }
    }
  }
  const tools = arr(body.tools)
    .filter(isObj)
    .map((t) => ({ name: str(t.name) || str(t.type), description: str(t.description) }));
  return { model: str(body.model) || null, system, tools, messages };
}

function responses(body: Json): Parsed {
  const system =
    typeof body.instructions === 'string' && body.instructions ? [body.instructions] : [];
  const messages: TranscriptStep[] = [];
  const toolNames = new Map<string, string>();
  const input =
    typeof body.input === 'string' ? [{ role: 'user', content: body.input }] : arr(body.input);
  for (const item of input) {
    if (!isObj(item)) continue;
    const type = str(item.type) || 'message';
    if (type === 'message') {
      const text = contentText(item.content);
      if (text) messages.push({ role: textRole(str(item.role)), text });
    } else if (type === 'function_call' || type === 'custom_tool_call') {
      const id = str(item.call_id) || str(item.id);
      toolNames.set(id, str(item.name));
      messages.push({
        role: 'tool_call',
        tool: str(item.name),
        arguments: parseArgs(item.arguments ?? item.input),
        id,
      });
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const id = str(item.call_id);
      messages.push({
        role: 'tool_result',
        tool: toolNames.get(id) ?? '',
        id,
        text: contentText(item.output),
        is_error: false,
      });
    }
  }
  const tools: OfferedTool[] = [];
  const addTools = (list: unknown[], prefix: string) => {
    for (const t of list) {
      if (!isObj(t)) continue;
      if (t.type === 'namespace') addTools(arr(t.tools), `${prefix}${str(t.name)}.`);
      else
        tools.push({
          name: prefix + (str(t.name) || str(t.type)),
          description: str(t.description),
        });
    }
  };
  addTools(arr(body.tools), '');
  return { model: str(body.model) || null, system, tools, messages };
}

function chat(body: Json): Parsed {
  const system: string[] = [];
  const messages: TranscriptStep[] = [];
  const toolNames = new Map<string, string>();
  for (const m of arr(body.messages)) {
    if (!isObj(m)) continue;
    const role = str(m.role);
    const text = contentText(m.content);
    if (role === 'tool') {
      const id = str(m.tool_call_id);
      messages.push({
        role: 'tool_result',
        tool: toolNames.get(id) ?? '',
        id,
        text,
        is_error: false,
      });
      continue;
    }
    // The system messages before the conversation are its system prompt.
    if ((role === 'system' || role === 'developer') && messages.length === 0) {
      system.push(text);
      continue;
    }
    if (text) messages.push({ role: textRole(role), text });
    for (const c of arr(m.tool_calls)) {
      if (!isObj(c)) continue;
      const fn = isObj(c.function) ? c.function : {};
      toolNames.set(str(c.id), str(fn.name));
      messages.push({
        role: 'tool_call',
        tool: str(fn.name),
        arguments: parseArgs(fn.arguments),
        id: str(c.id),
      });
    }
  }
  const tools = arr(body.tools)
    .filter(isObj)
    .map((t) => {
      const fn = isObj(t.function) ? t.function : t;
      return { name: str(fn.name), description: str(fn.description) };
    });
  return { model: str(body.model) || null, system, tools, messages };
}

function gemini(body: Json, path: string): Parsed {
  const si = body.systemInstruction ?? body.system_instruction;
  const system = isObj(si)
    ? [arr(si.parts).map(contentText).join('')]
    : typeof si === 'string'
      ? [si]
      : [];
  const messages: TranscriptStep[] = [];
  let calls = 0;
  for (const c of arr(body.contents)) {
    if (!isObj(c)) continue;
    const role = textRole(str(c.role) || 'user');
    for (const p of arr(c.parts)) {
      if (!isObj(p)) continue;
      if (p.thought === true) continue;
      if (typeof p.text === 'string') messages.push({ role, text: p.text });
      else if (isObj(p.functionCall)) {
        const id = str(p.functionCall.id) || `call-${calls++}`;
        messages.push({
          role: 'tool_call',
          tool: str(p.functionCall.name),
          arguments: p.functionCall.args,
          id,
        });
      } else if (isObj(p.functionResponse)) {
        const r = p.functionResponse;
        const out =
          isObj(r.response) && typeof r.response.output === 'string'
            ? r.response.output
            : JSON.stringify(r.response ?? null);
        messages.push({
          role: 'tool_result',
          tool: str(r.name),
          id: str(r.id),
          text: out,
          is_error: isObj(r.response) && 'error' in r.response,
        });
      }
    }
  }
  const tools: OfferedTool[] = [];
  for (const t of arr(body.tools)) {
    if (!isObj(t)) continue;
    for (const f of arr(t.functionDeclarations ?? t.function_declarations))
      if (isObj(f)) tools.push({ name: str(f.name), description: str(f.description) });
  }
  const model = /\/models\/([^/:?]+)/.exec(path)?.[1] ?? (str(body.model) || null);
  return { model, system, tools, messages };
}

/** Reads one request body sent to `path`. */
export function parseModelRequest(path: string, body: unknown): ParsedModelRequest {
  const format = wireFormatOf(path);
  const empty: ParsedModelRequest = {
    format,
    model: null,
    system: '',
    tools: [],
    messages: [],
    listing: null,
    problem: null,
  };
  if (!isObj(body))
    return {
      ...empty,
      problem:
        typeof body === 'string'
          ? body.startsWith('[left out')
            ? body
            : 'the body is not JSON (or was cut before its end): shown as sent'
          : 'no body was recorded',
    };
  let parsed: Parsed;
  switch (format) {
    case 'anthropic-messages':
      parsed = anthropic(body);
      break;
    case 'openai-responses':
      parsed = responses(body);
      break;
    case 'chat-completions':
      parsed = chat(body);
      break;
    case 'gemini':
      parsed = gemini(body, path);
      break;
    default:
      return { ...empty, problem: `${path} is no model API the studio knows: shown as sent` };
  }
  const system = parsed.system.filter((s) => s !== '').join('\n\n');
  return {
    format,
    model: parsed.model,
    system,
    tools: parsed.tools,
    messages: parsed.messages,
    listing: findListing(system, parsed.messages, parsed.tools),
    problem: null,
  };
}

/**
 * The first skill listing in the system prompt, the messages or a tool's description (where
 * some clients' skill tool carries it), in any client's style.
 */
export function findListing(
  system: string,
  messages: readonly TranscriptStep[],
  tools: readonly OfferedTool[] = [],
): FoundListing | null {
  const places: { where: string; text: string }[] = [{ where: 'the system prompt', text: system }];
  messages.forEach((m, i) => {
    if (m.role === 'system' || m.role === 'user' || m.role === 'assistant')
      places.push({ where: `message ${i + 1} (${m.role})`, text: m.text });
  });
  for (const t of tools)
    places.push({ where: `the description of the tool ${t.name}`, text: t.description });
  for (const { where, text } of places) {
    const found = claudeCode(text) ?? codex(text) ?? xml(text);
    if (found) return { ...found, where };
  }
  return null;
}

type Found = Omit<FoundListing, 'where'>;

function claudeCode(text: string): Found | null {
  const at = text.indexOf(CLAUDE_CODE_HEADER);
  if (at < 0) return null;
  const entries: ListingEntry[] = [];
  let pos = CLAUDE_CODE_HEADER.length;
  const block = text.slice(at);
  for (const line of block.slice(pos).split('\n')) {
    if (!line.startsWith('- ')) break;
    const sep = line.indexOf(': ');
    const name = sep < 0 ? line.slice(2) : line.slice(2, sep);
    const shown = sep < 0 ? line.slice(2 + name.length) : line.slice(sep + 2);
    entries.push({
      name,
      text: shown,
      shown:
        sep < 0
          ? 'name-only'
          : shown.length >= CLAUDE_CODE_LISTING_MAX && shown.endsWith(CLAUDE_CODE_CUT_MARK)
            ? 'cut'
            : 'whole',
      start: pos,
      end: pos + line.length,
    });
    pos += line.length + 1;
  }
  return {
    style: 'claude-code',
    text: block.slice(0, Math.max(CLAUDE_CODE_HEADER.length, pos - 1)),
    entries,
  };
}

function codex(text: string): Found | null {
  const at = text.indexOf(CODEX_LISTING_OPEN);
  if (at < 0) return null;
  const close = text.indexOf(CODEX_LISTING_CLOSE, at);
  const block = text.slice(at, close < 0 ? text.length : close + CODEX_LISTING_CLOSE.length);
  const heading = block.indexOf('### Available skills');
  const entries: ListingEntry[] = [];
  let pos = 0;
  for (const line of block.split('\n')) {
    const start = pos;
    pos += line.length + 1;
    if (heading < 0 || start < heading || !line.startsWith('- ')) continue;
    const sep = line.indexOf(': ');
    if (sep < 0) continue;
    const desc = line.slice(sep + 2).replace(/ \(file: [^)]*\)$/, '');
    entries.push({
      name: line.slice(2, sep),
      text: desc,
      shown:
        desc.length >= CODEX_DESCRIPTION_MAX && desc.endsWith(CODEX_CUT_MARK) ? 'cut' : 'whole',
      start,
      end: start + line.length,
    });
  }
  return { style: 'codex', text: block, entries };
}

const XML_ENTRY =
  /<skill>\s*<name>([\s\S]*?)<\/name>\s*<description>([\s\S]*?)<\/description>[\s\S]*?<\/skill>/g;

function xml(text: string): Found | null {
  const at = text.indexOf(XML_LISTING_OPEN);
  if (at < 0) return null;
  const close = text.indexOf(XML_LISTING_CLOSE, at);
  const block = text.slice(at, close < 0 ? text.length : close + XML_LISTING_CLOSE.length);
  const entries: ListingEntry[] = [];
  for (const m of block.matchAll(XML_ENTRY))
    entries.push({
      name: m[1].trim(),
      text: m[2].trim(),
      shown: 'whole',
      start: m.index,
      end: m.index + m[0].length,
    });
  return { style: 'xml', text: block, entries };
}

export type SkillListingState = ListingShown | 'absent' | 'no-listing';

export interface SkillInListing {
  state: SkillListingState;
  entry: ListingEntry | null;
  /** What it means, in words. */
  reason: string;
}

const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();

/**
 * Whether the skill is in the listing, whole, cut or by name alone. With the skill's own
 * description, an entry shorter than it with no cut mark (Codex's cut over its budget
 * leaves none) is found cut too.
 */
export function skillInListing(
  listing: FoundListing | null,
  skill: string,
  description?: string | null,
): SkillInListing {
  if (!listing)
    return {
      state: 'no-listing',
      entry: null,
      reason: 'no skill listing was found in this request',
    };
  const entry = listing.entries.find((e) => e.name === skill) ?? null;
  if (!entry)
    return {
      state: 'absent',
      entry: null,
      reason: `${skill} is not in the listing (${listing.entries.length} skills listed): the model could not know of it`,
    };
  if (entry.shown === 'name-only')
    return {
      state: 'name-only',
      entry,
      reason: 'listed by name alone: the listing was over its budget',
    };
  if (entry.shown === 'cut')
    return {
      state: 'cut',
      entry,
      reason: `its description was cut at ${entry.text.length.toLocaleString('en-US')} characters`,
    };
  if (description) {
    // Claude Code escapes angle brackets; a cut may or may not leave a mark.
    const full = oneLine(description);
    const shown = oneLine(entry.text)
      .replace(/(…|\.\.\.)$/, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>');
    if (shown.length < full.length && full.startsWith(shown))
      return {
        state: 'cut',
        entry,
        reason: `its description was cut: ${shown.length.toLocaleString('en-US')} of ${full.length.toLocaleString('en-US')} characters shown`,
      };
  }
  return { state: 'whole', entry, reason: 'listed with its whole description' };
}

/** The model requests in a result's metadata (`metadata.model_requests`), shape-checked. */
export function modelRequestsOf(metadata: unknown): ModelRequestRecord[] {
  if (!isObj(metadata)) return [];
  return arr(metadata.model_requests).filter(
    (r): r is ModelRequestRecord =>
      isObj(r) &&
      typeof r.path === 'string' &&
      typeof r.index === 'number' &&
      isObj(r.request) &&
      (r.response === null || isObj(r.response)),
  );
}
