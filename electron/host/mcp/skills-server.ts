/**
 * The workspace's skills as an MCP server (`skill-studio mcp`), on the SDK's low-level
 * `Server` because skill schemas are JSON Schema already (no Zod):
 * - script skills are tools (input_schema → inputSchema); a call runs through the A2E
 *   host — the same allowlist, argument check and sandbox as every other call — with
 *   A2E `progress` events sent as `notifications/progress` when the client gave a
 *   progressToken, and the client's `notifications/cancelled` cancelling the run;
 * - instruction skills (no entrypoint) are prompts: arguments from input_schema, the
 *   body as the message;
 * - every skill's files are resources `skill://NAME/PATH`, read through the hardened
 *   skill reader (50 KB cap).
 * With an agent, only the skills that agent may use are listed; a call, prompt or resource of
 * a listed skill outside its allowlist is refused as A2E's `unauthorized` (JSON-RPC -32602,
 * `data: {code: "unauthorized", retryable: false}`), a name no source holds as unknown.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Prompt,
  type Resource,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServedSkill } from '../../../shared/api/studio-api';
import type { SkillRecord } from '../../../shared/skill/model';
import type { SkillEvent, SkillCallResponse } from '../../../shared/protocol/a2e';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { listSkillFiles, readSkillFile } from '../skill-files';
import type { StudioHost } from '../studio-host';

/** What the MCP server asks of the host: the Studio API, and calls. */
export type McpSkillsHost = Pick<StudioHost, 'invoke' | 'callSkill'>;
import { appVersion } from '../app-paths';
import { logSwallowed } from '../log';

/** How long a tool call may run when the skill sets no timeout_seconds (the runner caps it). */
const DEFAULT_CALL_TIMEOUT_S = 600;
const URI_SCHEME = 'skill://';

type JsonObject = Record<string, unknown>;

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** MCP wants an object schema; a skill without one takes any object. */
function inputSchemaOf(rec: SkillRecord): Tool['inputSchema'] {
  const s = rec.definition.input_schema;
  if (isObject(s) && (s.type === undefined || s.type === 'object'))
    return { ...s, type: 'object' } as Tool['inputSchema'];
  return { type: 'object' };
}

/** An output_schema MCP can carry: an object schema (structuredContent is an object). */
function outputSchemaOf(rec: SkillRecord): Tool['outputSchema'] | undefined {
  const s = rec.definition.output_schema;
  if (isObject(s) && s.type === 'object') return s as Tool['outputSchema'];
  return undefined;
}

/** `skill://NAME/PATH`, each path segment escaped. */
export function resourceUri(name: string, rel: string): string {
  return `${URI_SCHEME}${encodeURIComponent(name)}/${rel.split('/').map(encodeURIComponent).join('/')}`;
}

function parseResourceUri(uri: string): { name: string; rel: string } | null {
  if (!uri.startsWith(URI_SCHEME)) return null;
  const rest = uri.slice(URI_SCHEME.length);
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1) return null;
  try {
    return {
      name: decodeURIComponent(rest.slice(0, slash)),
      rel: rest
        .slice(slash + 1)
        .split('/')
        .map(decodeURIComponent)
        .join('/'),
    };
  } catch {
    return null;
  }
}

/** Artifacts reassembled from their chunks, in the order they began. */
function artifactsOf(
  events: readonly SkillEvent[],
): Array<{ name: string; mime: string; text: string }> {
  const byName = new Map<string, { name: string; mime: string; text: string }>();
  for (const e of events) {
    if (e.kind !== 'artifact') continue;
    const name = typeof e.data.name === 'string' ? e.data.name : 'artifact';
    const mime = typeof e.data.mime === 'string' ? e.data.mime : 'text/plain';
    const chunk = typeof e.data.chunk === 'string' ? e.data.chunk : '';
    const a = byName.get(name) ?? { name, mime, text: '' };
    a.text += chunk;
    byName.set(name, a);
  }
  return [...byName.values()];
}

/** A finished A2E call as an MCP tool result. */
export function toolResult(
  rec: SkillRecord,
  resp: SkillCallResponse,
  streamed: SkillEvent[],
): CallToolResult {
  const data = resp.data;
  if (!data) {
    return {
      isError: true,
      content: [{ type: 'text', text: resp.error?.message ?? 'the call failed' }],
    };
  }
  const content: CallToolResult['content'] = [];
  for (const a of artifactsOf(data.events ?? streamed)) {
    content.push({ type: 'text', text: `artifact ${a.name} (${a.mime}):\n${a.text}` });
  }
  if (!data.success) {
    const code = data.error_code ? ` [${data.error_code}]` : '';
    content.push({ type: 'text', text: `${data.error ?? 'the skill failed'}${code}` });
    return { isError: true, content };
  }
  const text =
    typeof data.data === 'string' ? data.data : JSON.stringify(data.data ?? null, null, 2);
  content.push({ type: 'text', text });
  if (typeof data.summary === 'string' && data.summary !== '')
    content.push({ type: 'text', text: data.summary });
  const result: CallToolResult = { content };
  if (outputSchemaOf(rec) && isObject(data.data)) result.structuredContent = data.data;
  return result;
}

/** Field errors of a schema_violation (codec's SchemaErrorDetail), one line each. */
function fieldErrors(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details.filter(isObject).map((e) => {
    const where = typeof e.path === 'string' ? e.path : '/';
    const extra =
      isObject(e.params) && typeof e.params.additionalProperty === 'string'
        ? ` (${e.params.additionalProperty})`
        : '';
    return `${where}: ${typeof e.message === 'string' ? e.message : 'is invalid'}${extra}`;
  });
}

/** The refusal of a skill that exists but is outside the agent's allowlist: nothing runs. */
function unauthorized(what: string, name: string, agent: string | null): McpError {
  return new McpError(
    ErrorCode.InvalidParams,
    `unauthorized: agent "${agent ?? ''}" may not use the ${what} ${name}: it is not in the agent's allowed_skills in skill-studio.json`,
    { code: 'unauthorized', retryable: false },
  );
}

type SkillUse = 'tool' | 'prompt' | 'resource';

function servesAs(rec: SkillRecord, use: SkillUse): boolean {
  if (use === 'tool') return rec.entrypoint !== null;
  if (use === 'prompt') return rec.entrypoint === null;
  return true;
}

export interface SkillsServerOptions {
  /** Bound when the server starts (`--agent`); null: every skill. */
  agent: string | null;
}

export class SkillsMcpServer {
  readonly server: Server;

  constructor(
    private readonly host: McpSkillsHost,
    private readonly opts: SkillsServerOptions,
  ) {
    this.server = new Server(
      { name: 'skill-studio', version: appVersion() },
      { capabilities: { tools: {}, prompts: {}, resources: {} } },
    );
    this.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: await this.tools(),
    }));
    this.server.setRequestHandler(CallToolRequestSchema, (req, extra) =>
      this.callTool(req.params.name, req.params.arguments ?? {}, {
        signal: extra.signal,
        progressToken: extra._meta?.progressToken,
        notify: (n) => extra.sendNotification(n),
      }),
    );
    this.server.setRequestHandler(ListPromptsRequestSchema, async () => ({
      prompts: await this.prompts(),
    }));
    this.server.setRequestHandler(GetPromptRequestSchema, (req) =>
      this.getPrompt(req.params.name, req.params.arguments ?? {}),
    );
    this.server.setRequestHandler(ListResourcesRequestSchema, async () => ({
      resources: await this.resources(),
    }));
    this.server.setRequestHandler(ReadResourceRequestSchema, (req) =>
      this.readResource(req.params.uri),
    );
  }

  /** The winners of every name, never Archived ones, and whether the agent may use each. */
  private served(): Promise<ServedSkill[]> {
    return this.host.invoke('skills.served', { agent: this.opts.agent });
  }

  /** The skills this server offers: the served ones the agent may use. */
  private async visible(): Promise<SkillRecord[]> {
    return (await this.served()).filter((s) => s.allowed).map((s) => s.record);
  }

  /**
   * The skill a request names, served as `use`; undefined when there is none. One that
   * exists but is outside the agent's allowlist throws `unauthorized` (A2E's code).
   */
  private async find(name: string, use: SkillUse): Promise<SkillRecord | undefined> {
    const found = (await this.served()).find(
      (s) => s.record.summary.name === name && servesAs(s.record, use),
    );
    if (found && !found.allowed) throw unauthorized(use, name, this.opts.agent);
    return found?.record;
  }

  async tools(): Promise<Tool[]> {
    return (await this.visible())
      .filter((r) => r.entrypoint !== null)
      .map((r) => {
        const tool: Tool = {
          name: r.summary.name,
          description: r.summary.description,
          inputSchema: inputSchemaOf(r),
        };
        const out = outputSchemaOf(r);
        if (out) tool.outputSchema = out;
        return tool;
      });
  }

  async callTool(
    name: string,
    args: JsonObject,
    ctx: {
      signal: AbortSignal;
      progressToken: string | number | undefined;
      notify: (n: {
        method: 'notifications/progress';
        params: {
          progressToken: string | number;
          progress: number;
          total: number;
          message?: string;
        };
      }) => Promise<void>;
    },
  ): Promise<CallToolResult> {
    const rec = await this.find(name, 'tool');
    if (!rec) throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${name}`);
    const timeout = rec.definition.timeout_seconds ?? DEFAULT_CALL_TIMEOUT_S;
    const req = makeCallRequest({ name, arguments: args, timeout, streaming: true });
    const streamed: SkillEvent[] = [];
    const token = ctx.progressToken;
    const resp = await this.host.callSkill(
      req,
      this.opts.agent,
      (event) => {
        streamed.push(event);
        if (token === undefined || event.kind !== 'progress') return;
        const pct = typeof event.data.pct === 'number' ? event.data.pct : 0;
        const message = typeof event.data.message === 'string' ? event.data.message : undefined;
        void ctx
          .notify({
            method: 'notifications/progress',
            params: {
              progressToken: token,
              progress: pct,
              total: 100,
              ...(message ? { message } : {}),
            },
          })
          .catch(logSwallowed('send an MCP progress notification'));
      },
      ctx.signal,
    );
    const err = resp.error;
    if (err?.code === 'schema_violation') {
      const fields = fieldErrors(err.details);
      throw new McpError(
        ErrorCode.InvalidParams,
        `arguments do not match the input schema of ${name}${fields.length ? `: ${fields.join('; ')}` : ''}`,
        { errors: err.details ?? [] },
      );
    }
    // The allowlist may have changed since the lookup: the host's answer is the last word.
    if (err?.code === 'unauthorized') throw unauthorized('tool', name, this.opts.agent);
    if (err?.code === 'unknown_skill')
      throw new McpError(ErrorCode.InvalidParams, `unknown tool: ${name}`);
    return toolResult(rec, resp, streamed);
  }

  async prompts(): Promise<Prompt[]> {
    return (await this.visible())
      .filter((r) => r.entrypoint === null)
      .map((r) => {
        const schema = r.definition.input_schema;
        const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {};
        const required = new Set(
          isObject(schema) && Array.isArray(schema.required) ? schema.required : [],
        );
        return {
          name: r.summary.name,
          description: r.summary.description,
          arguments: Object.entries(props).map(([argName, p]) => ({
            name: argName,
            ...(isObject(p) && typeof p.description === 'string'
              ? { description: p.description }
              : {}),
            required: required.has(argName),
          })),
        };
      });
  }

  async getPrompt(name: string, args: Record<string, string>) {
    const rec = await this.find(name, 'prompt');
    if (!rec) throw new McpError(ErrorCode.InvalidParams, `unknown prompt: ${name}`);
    const given = Object.entries(args);
    const text =
      given.length === 0
        ? rec.body
        : `${rec.body.trimEnd()}\n\nArguments:\n${given.map(([k, v]) => `- ${k}: ${v}`).join('\n')}\n`;
    return {
      description: rec.summary.description,
      messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
    };
  }

  async resources(): Promise<Resource[]> {
    const out: Resource[] = [];
    for (const r of await this.visible()) {
      const files = await listSkillFiles(r.dir).catch(() => []);
      for (const f of files) {
        if (f.dir) continue;
        out.push({
          uri: resourceUri(r.summary.name, f.path),
          name: `${r.summary.name}/${f.path}`,
          mimeType: f.path.endsWith('.md') ? 'text/markdown' : 'text/plain',
          size: f.bytes,
        });
      }
    }
    return out;
  }

  async readResource(uri: string) {
    const parsed = parseResourceUri(uri);
    const rec = parsed ? await this.find(parsed.name, 'resource') : undefined;
    if (!parsed || !rec) throw new McpError(ErrorCode.InvalidParams, `unknown resource: ${uri}`);
    try {
      // The hardened reader: no escape from the skill, 50 KB cap, text only.
      const r = await readSkillFile(rec.dir, parsed.rel, { stripFrontmatter: false });
      const note = r.truncated ? `\n[truncated at 50 KB of ${r.bytes} bytes]\n` : '';
      return {
        contents: [
          {
            uri,
            mimeType: parsed.rel.endsWith('.md') ? 'text/markdown' : 'text/plain',
            text: r.text + note,
          },
        ],
      };
    } catch (e) {
      throw new McpError(ErrorCode.InvalidParams, `${uri}: ${(e as Error).message}`);
    }
  }
}
