/**
 * The host proxy's door to the whole host (StudioHost): the Studio API, skill calls and their
 * event streams, A2E connections, the MCP server and saved cases. The host is opened once
 * per proxy, on the first method that needs it, and closed with the proxy.
 */
import type { Readable, Writable } from 'node:stream';
import type { ParamsOf, ResultOf, StudioEvent, StudioMethod } from '../../../shared/api/studio-api';
import type { CaseRunReport } from '../../../shared/playground/cases';
import type { SkillCallRequest, SkillCallResponse, SkillEvent } from '../../../shared/protocol/a2e';
import { runCases, type RunCasesOptions } from '../history/case-runner';
import { logSwallowed } from '../log';
import { SkillsMcpServer } from '../mcp/skills-server';
import { DrainingStdioTransport } from '../mcp/stdio-transport';
import { StudioHost } from '../studio-host';
import { LineSplitter } from '../runner/script-output';
import { DEFAULT_MAX_FRAME_BYTES, encodeMessage } from '../../../shared/protocol/codec';
import { makeProtocolError } from '../../../shared/protocol/messages';
import { WORKSPACE_CONFIG_FILE } from '../workspace/workspace-config';
import path from 'node:path';
import { sourceHome, type ProxyContext } from './context';

/** The host of this proxy, opened on first use; skill-studio.json's problems are told then. */
export function openStudio(ctx: ProxyContext): Promise<StudioHost> {
  ctx.studio ??= (async () => {
    const host = await StudioHost.create({
      workspace: ctx.cwd,
      home: sourceHome(ctx),
      stateDir: null,
      roots: ctx.roots.length > 0 ? ctx.roots : undefined,
      noUser: ctx.noUser,
      watch: false,
    });
    const { configDiagnostics } = await host.invoke('workspace.info', {});
    if (configDiagnostics.length > 0)
      ctx.onConfigDiagnostics?.(path.join(ctx.cwd, WORKSPACE_CONFIG_FILE), configDiagnostics);
    return host;
  })();
  return ctx.studio;
}

export async function invokeStudio<M extends StudioMethod>(
  ctx: ProxyContext,
  method: M,
  params: ParamsOf<M>,
): Promise<ResultOf<M>> {
  return (await openStudio(ctx)).invoke(method, params);
}

export async function onEvent(
  ctx: ProxyContext,
  listener: (e: StudioEvent) => void,
): Promise<() => void> {
  return (await openStudio(ctx)).onEvent(listener);
}

/** One skill call (A2E), its events as they come; aborting `signal` cancels it. Never rejects. */
export async function callSkill(
  ctx: ProxyContext,
  req: SkillCallRequest,
  agent: string | null,
  onSkillEvent: (event: SkillEvent) => void,
  signal: AbortSignal,
): Promise<SkillCallResponse> {
  return (await openStudio(ctx)).callSkill(req, agent, onSkillEvent, signal);
}

/** An A2E connection read from a byte stream of messages, one JSON message per line. */
export interface A2ELineConnection {
  push(chunk: Buffer): void;
  /** The input is over (a last line without its newline is read too). */
  end(): void;
  close(): void;
  /** Resolves once every call asked for has finished. */
  whenIdle(): Promise<void>;
}

/**
 * An A2E connection bound to an agent (see StudioHost.openA2E), its messages read from
 * lines pushed in and its frames out through `send`. One line too long gets its
 * parse_error and is skipped up to its newline; the messages after it are read as usual.
 */
export async function openA2ELines(
  ctx: ProxyContext,
  agent: string | null,
  send: (frame: string) => void,
  flow: { bufferedAmount: () => number; onOverflow: () => void },
): Promise<A2ELineConnection> {
  const conn = (await openStudio(ctx)).openA2E(agent, send, flow);
  const maxLine = DEFAULT_MAX_FRAME_BYTES * 4;
  const splitter = new LineSplitter(
    maxLine,
    (line) => {
      if (line.trim() !== '') conn.receive(line);
    },
    () =>
      send(
        encodeMessage(
          makeProtocolError('parse_error', `message line over ${maxLine} bytes; skipped`, ''),
        ),
      ),
    'skip',
  );
  return {
    push: (chunk) => splitter.push(chunk),
    end: () => splitter.end(),
    close: () => conn.close(),
    whenIdle: () => conn.whenIdle(),
  };
}

/** Runs a skill's saved cases one after the other (all of `files`), each reported to `onCase`. */
export async function runSavedCases(
  ctx: ProxyContext,
  skill: { name: string; dir: string },
  opts: Pick<RunCasesOptions, 'files' | 'agent' | 'signal' | 'onCase'>,
): Promise<CaseRunReport> {
  const host = await openStudio(ctx);
  return runCases(host.callSkill.bind(host), skill.name, skill.dir, opts);
}

/**
 * The workspace's skills over MCP on `input`/`output` until the transport closes, `input`
 * ends and every request read from it is answered, or `stopWhen` calls its stop; then
 * every run it started is cancelled and waited for.
 */
export async function serveMcp(
  ctx: ProxyContext,
  agent: string | null,
  input: Readable,
  output: Writable,
  stopWhen: (stop: () => void) => void,
): Promise<void> {
  const host = await openStudio(ctx);
  const mcp = new SkillsMcpServer(host, { agent });
  const transport = new DrainingStdioTransport(input, output);
  await new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The MCP client closed stdin: nothing more will be asked, but what was asked is answered.
    input.once('end', () => void transport.whenIdle().then(resolve));
    stopWhen(resolve);
    void mcp.server.connect(transport);
  });
  // No run outlives the server: cancel them and wait for their processes to stop.
  await host.cancelCalls();
  await mcp.server.close().catch(logSwallowed('close the MCP server'));
}
