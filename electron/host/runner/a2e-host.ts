/**
 * The A2E skill host (docs/contracts.md, A2E): answers skill/discover and runs skill/call for
 * connections bound to an agent, and offers the same as a programmatic API for the
 * CLI and the UI. Transports (in-process, stdio, WebSocket) are thin adapters over
 * `openConnection`: they pass each incoming frame to `receive` and write whatever
 * `send` hands them.
 *
 * Rules fixed here: events carry `seq` from 0, contiguous per call, each echoing
 * the request id, and the response always comes after the last event of its call;
 * calls run at most `concurrency` at a time (default 4), the rest queue; a call's
 * timeout (min of the call's `timeout` and the skill's `timeout_seconds`, clamped
 * to what a timer can wait) counts from when it starts running, not from when it
 * was queued. A name no source holds is `unknown_skill`; a skill that exists
 * but is outside the agent's allowlist is `unauthorized` (the A2E spec's "agent
 * not authorized for this skill") and runs nothing. A skill with validation errors is
 * Blocked (skill-readiness.ts). One connection cannot have two calls in flight
 * under one request id. Every accepted call is a live run (live-runs.ts) until
 * its executor has stopped, so a host that is shutting down can kill them all.
 * Every call on a connection gets exactly one response: one that cannot be encoded
 * or written is replaced by a small `runtime_error` response saying so.
 */
import {
  type A2EOutbound,
  type LLMConfig,
  type SkillCallRequest,
  type SkillCallResponse,
  type SkillDiscoverRequest,
  type SkillDiscoverResponse,
  type SkillEvent,
  type SkillDefinition,
} from '../../../shared/protocol/a2e';
import { decodeFrame } from '../../../shared/protocol/codec';
import { callTimeoutMs, safeDelay } from '../../../shared/protocol/timeouts';
import {
  makeCallRequest,
  makeCallResponse,
  makeDiscoverResponse,
  makeProtocolError,
  transportError,
} from '../../../shared/protocol/messages';
import type { ArgumentCheck } from './core/argument-validator';
import { checkArgumentsOffThread } from '../workers/schema-jobs';
import { CallQueue, QueueAbortedError } from './call-queue';
import { discoverSkills } from './discover-filter';
import { placementOf, readinessRefusal, type Placement, type Refusal } from './call-admission';
import { CallControl } from './call-control';
import { callResult, cancelledResult, CallEvents } from './call-result';
import { runsAreStopping, type LiveRun } from './live-runs';
import { LlmExecutor, type LlmRunner } from './llm-executor';
import { ScriptExecutor, type ScriptExecutorOptions } from './script-executor';
import type {
  AgentPolicy,
  ExecOutcome,
  Executor,
  ExecutorTable,
  NestedSkillCall,
  SkillCatalog,
} from './core/types';
import type { SkillRecord } from '../../../shared/skill/model';
import { errorMessage } from '../../../shared/errors';
import { createLogger } from '../log';

const log = createLogger('a2e');

export interface A2EHostOptions {
  catalog: SkillCatalog;
  agents: AgentPolicy;
  /** Calls running at once; the rest wait in order. Default 4. */
  concurrency?: number;
  /** Replace executors per skill kind (tests, providers). */
  executors?: Partial<ExecutorTable>;
  /** Options of the default script executor. */
  script?: ScriptExecutorOptions;
  /**
   * Runs a call inside an agent client (the studio's `metadata.run_in`, honoured on the
   * studio's own connections only, like `metadata.skill_dir`); absent: such calls are refused.
   */
  clientRunner?: Executor | null;
  /** The LLM provider loop, once one is configured (llm and topology skills). */
  llmRunner?: LlmRunner | null;
  /**
   * Judges a call's `llm_override`: null to accept it, else why it is refused
   * (`unauthorized`). Without it, every override is refused.
   */
  approveLlmOverride?: (override: LLMConfig) => Promise<string | null> | string | null;
  /** How long to wait for an executor to stop after a timeout or cancel before replying anyway. */
  abortGraceMs?: number;
  /** Largest frame a connection accepts. Default 8 MiB (codec default). */
  maxFrameBytes?: number;
  /** Calls one connection may have running or queued at once. Default 1000. */
  maxPendingCallsPerConnection?: number;
}

export interface OpenConnectionOptions {
  /** Bound at connect time (CLI --agent, WebSocket ?agent=); null = the studio, every skill. */
  agent: string | null;
  send: (msg: A2EOutbound) => void;
  /**
   * Bytes the transport has accepted but not yet written (e.g. ws.bufferedAmount).
   * When it goes over `maxBufferedBytes`, the client is not keeping up: the
   * connection closes itself (cancelling its calls) and calls `onOverflow`, so
   * events never pile up without limit for a slow client.
   */
  bufferedAmount?: () => number;
  /** Default 32 MiB. */
  maxBufferedBytes?: number;
  onOverflow?: () => void;
}

export interface Connection {
  readonly agent: string | null;
  readonly closed: boolean;
  /** One incoming frame (one JSON message). Never throws; every frame gets a reply. */
  receive(frame: string): void;
  /** Cancels the connection's running and queued calls; nothing more is sent. */
  close(): void;
  /**
   * Resolves once no call of this connection is running or queued (at once when
   * none is): stdio uses it to let calls finish after its input ends.
   */
  whenIdle(): Promise<void>;
}

export class UnknownAgentError extends Error {
  constructor(readonly agent: string) {
    super(`no agent "${agent}" is configured in this workspace`);
  }
}

const DEFAULT_MAX_BUFFERED = 32 * 1024 * 1024;

/** A call past every check: the skill, its checked arguments, its timeout and place. */
interface AdmittedCall extends Placement {
  record: SkillRecord;
  arguments: Record<string, unknown>;
  timeoutMs: number;
}

type Admission = AdmittedCall | { refusal: Refusal };

/** The response refusing a call before it runs. */
function refused(req: SkillCallRequest, { code, message, details }: Refusal): SkillCallResponse {
  return makeCallResponse(req.id, req.name, { error: transportError(code, message, details) });
}

export class A2EHost {
  private readonly queue: CallQueue;
  private readonly runs = new Set<LiveRun>();
  private readonly executors: ExecutorTable;
  readonly scriptExecutor: ScriptExecutor;

  /**
   * The arguments a call would run with — the skill's own `arguments` defaults under
   * the given ones — checked against its input_schema (the playground asks too).
   */
  checkArguments(
    def: SkillDefinition,
    args: Record<string, unknown>,
  ): ArgumentCheck | Promise<ArgumentCheck> {
    const defaults =
      def.arguments && typeof def.arguments === 'object' && !Array.isArray(def.arguments)
        ? def.arguments
        : {};
    // Off the main thread, with a deadline: the schema is the skill's (workers/schema-jobs).
    return checkArgumentsOffThread(def.input_schema, { ...defaults, ...args });
  }

  constructor(private readonly options: A2EHostOptions) {
    this.queue = new CallQueue(options.concurrency ?? 4);
    this.scriptExecutor = new ScriptExecutor(options.script);
    const llm = new LlmExecutor(options.llmRunner ?? null);
    this.executors = { script: this.scriptExecutor, llm, topology: llm, ...options.executors };
  }

  get concurrency(): number {
    return this.queue.limit;
  }

  set concurrency(limit: number) {
    this.queue.limit = limit;
  }

  /** Calls executing now. */
  get activeCalls(): number {
    return this.queue.active;
  }

  /** Calls waiting for a free slot. */
  get queuedCalls(): number {
    return this.queue.queued;
  }

  agentExists(agentId: string): boolean {
    return this.options.agents.agentExists(agentId);
  }

  /**
   * Cancels every call of this host, queued or running, on every connection and
   * programmatic caller; resolves once each executor has stopped (its process
   * group killed). Calls made afterwards run as usual.
   */
  async cancelAll(): Promise<void> {
    const runs = [...this.runs];
    for (const run of runs) run.abort('cancelled');
    await Promise.allSettled(runs.map((r) => r.stopped));
  }

  discover(req: SkillDiscoverRequest, agent: string | null): SkillDiscoverResponse {
    const { agents, catalog } = this.options;
    const skills = discoverSkills(catalog.list(), {
      tags: req.filter_tags,
      categories: req.filter_categories,
      allows: (name) => agents.agentAllows(agent, name),
    });
    return makeDiscoverResponse(req.id, skills);
  }

  /**
   * Runs one call to completion. `onEvent` receives the events as they happen
   * (only when `req.streaming`); the returned response holds them all in
   * `data.events` either way. Aborting `signal` cancels the call: the response
   * then has `data.success=false`, `data.error_code='cancelled'` (an extension to
   * the specification's codes) and `data.cancelled=true`. Never rejects.
   */
  async call(
    req: SkillCallRequest,
    agent: string | null,
    onEvent?: (event: SkillEvent) => void,
    signal?: AbortSignal,
    nested = false,
  ): Promise<SkillCallResponse> {
    try {
      return await this.callUnsafe(req, agent, onEvent, signal, nested);
    } catch (err) {
      const message = errorMessage(err);
      return makeCallResponse(req.id, req.name, {
        error: transportError('runtime_error', `the host failed to run the call: ${message}`),
      });
    }
  }

  /**
   * The studio's own connection (agent null: the playground) may pin a call to one skill
   * folder with `metadata.skill_dir`, so it runs the skill on screen even when another
   * skill shares its name (shadowed, or in a name conflict). Only a listed skill of that
   * very name qualifies; agents always get the name's winner.
   */
  private pinnedRecord(req: SkillCallRequest, agent: string | null): SkillRecord | undefined {
    const dir = req.metadata?.skill_dir;
    if (agent !== null || typeof dir !== 'string' || !this.options.catalog.byDir) return undefined;
    const record = this.options.catalog.byDir(dir);
    return record && record.summary.name === req.name ? record : undefined;
  }

  private async callUnsafe(
    req: SkillCallRequest,
    agent: string | null,
    onEvent: ((event: SkillEvent) => void) | undefined,
    signal: AbortSignal | undefined,
    /** A skill step of a running call: it already holds a slot, so it takes none. */
    nested: boolean,
  ): Promise<SkillCallResponse> {
    // The refusals come in this order: the host stopping, the name, the agent's
    // allowlist, the llm_override, the skill's readiness, the arguments, where it runs.
    const found = this.findCallable(req, agent);
    if ('refusal' in found) return refused(req, found.refusal);
    if (req.llm_override) {
      const refusal = await this.overrideRefusal(req.llm_override);
      if (refusal !== null) return refused(req, { code: 'unauthorized', message: refusal });
    }
    const admitting = this.admit(req, agent, found.record, found.pinned);
    // Without a schema the check is immediate, and the call is queued in this same tick.
    const admitted = admitting instanceof Promise ? await admitting : admitting;
    if ('refusal' in admitted) return refused(req, admitted.refusal);

    // A live run from here (queued, then running) until its executor has stopped.
    const control = new CallControl(signal, this.runs);
    let release: () => void;
    try {
      release = nested ? () => undefined : await this.queue.acquire(control.signal);
    } catch (err) {
      control.stopped();
      control.detach();
      if (!(err instanceof QueueAbortedError)) throw err;
      return makeCallResponse(req.id, req.name, { data: cancelledResult(0, []) });
    }
    return this.runAdmitted(req, agent, admitted, control, release, onEvent);
  }

  /** The skill the call names, if this host is taking calls and the agent may use it. */
  private findCallable(
    req: SkillCallRequest,
    agent: string | null,
  ): { record: SkillRecord; pinned: boolean } | { refusal: Refusal } {
    if (runsAreStopping())
      return { refusal: { code: 'runtime_error', message: 'the host is shutting down' } };
    const pinned = this.pinnedRecord(req, agent);
    const record = pinned ?? this.options.catalog.get(req.name);
    if (!record)
      return { refusal: { code: 'unknown_skill', message: `no skill named "${req.name}"` } };
    // The spec's own code for an allowlist miss, before anything of the skill is looked at.
    if (!this.options.agents.agentAllows(agent, req.name))
      return {
        refusal: {
          code: 'unauthorized',
          message: `agent "${agent ?? ''}" may not use the skill "${req.name}": it is not in the agent's allowed_skills in skill-studio.json`,
        },
      };
    return { record, pinned: pinned !== undefined };
  }

  /**
   * Why the call's llm_override is refused, or null: only approved providers, never
   * credentials from a message; the refusal never repeats what the override carried.
   */
  private async overrideRefusal(override: LLMConfig): Promise<string | null> {
    return this.options.approveLlmOverride
      ? await this.options.approveLlmOverride(override)
      : 'this host accepts no llm_override';
  }

  /** A found skill's own checks: its readiness, the arguments, where the call runs. */
  private admit(
    req: SkillCallRequest,
    agent: string | null,
    record: SkillRecord,
    pinned: boolean,
  ): Admission | Promise<Admission> {
    const notReady = readinessRefusal(record, req.name, pinned);
    if (notReady) return { refusal: notReady };
    const def = record.definition;
    const withArguments = (checked: ArgumentCheck): Admission => {
      if (!checked.ok)
        return {
          refusal:
            checked.kind === 'bad_schema'
              ? { code: 'skill_error', message: `the skill "${req.name}": ${checked.message}` }
              : { code: 'schema_violation', message: checked.message, details: checked.details },
        };
      const placement = placementOf(req, agent, Boolean(this.options.clientRunner));
      if ('refusal' in placement) return placement;
      return {
        record,
        arguments: checked.arguments,
        timeoutMs: callTimeoutMs(req.timeout, def.timeout_seconds),
        ...placement,
      };
    };
    const checking = this.checkArguments(def, req.arguments);
    return checking instanceof Promise ? checking.then(withArguments) : withArguments(checking);
  }

  /** Runs an admitted call that holds its slot, and answers once its executor settles. */
  private async runAdmitted(
    req: SkillCallRequest,
    agent: string | null,
    call: AdmittedCall,
    control: CallControl,
    /** Gives the call's queue slot back. */
    release: () => void,
    onEvent: ((event: SkillEvent) => void) | undefined,
  ): Promise<SkillCallResponse> {
    const { record, timeoutMs, runIn, sandbox } = call;
    const started = Date.now();
    const events = new CallEvents(req, onEvent);
    const timer = setTimeout(() => {
      log.info(
        `call "${req.id}" of "${req.name}" reached its ${timeoutMs} ms timeout; stopping it`,
      );
      control.abort('timeout');
    }, timeoutMs);

    const executor =
      runIn && this.options.clientRunner
        ? this.options.clientRunner
        : this.executors[record.summary.kind];
    // An async wrapper: an executor that throws instead of rejecting still settles here.
    const running = (async () =>
      executor.run({
        record,
        arguments: call.arguments,
        request: req,
        timeoutMs,
        signal: control.signal,
        llm: req.llm_override ?? record.definition.llm_config ?? null,
        ...(sandbox !== undefined ? { sandbox } : {}),
        callSkill: (nested) => this.nestedCall(req, agent, nested),
        emit: events.emit,
      }))().then(
      (outcome): ExecOutcome => outcome,
      (err: unknown): ExecOutcome => ({
        success: false,
        error_code: 'runtime_error',
        error: `the executor failed: ${errorMessage(err)}`,
      }),
    );
    // The slot is held (and the run stays live) until the executor really stops,
    // even if we reply earlier.
    void running.finally(() => {
      release();
      control.stopped();
    });

    const outcome = await this.settleWithGrace(running, control.signal);
    events.close();
    clearTimeout(timer);
    control.detach();
    const result = callResult(outcome, control.cause, Date.now() - started, events.events);
    return makeCallResponse(req.id, req.name, { data: result });
  }

  /** A skill step's call (ExecContext.callSkill): the same path as any call of `agent`. */
  private nestedCall(
    parent: SkillCallRequest,
    agent: string | null,
    call: NestedSkillCall,
  ): Promise<SkillCallResponse> {
    const callee = this.options.agents.agentAllows(agent, call.name)
      ? this.options.catalog.get(call.name)
      : undefined;
    const req = makeCallRequest({
      name: call.name,
      arguments: callee ? call.pickArguments(callee) : {},
      correlation_id: parent.correlation_id,
      timeout: Math.max(0.001, call.timeoutMs / 1000),
      streaming: true,
      llm_override: parent.llm_override,
      metadata: call.metadata,
    });
    return this.call(req, agent, call.onEvent, call.signal, true);
  }

  /** The executor's outcome, or — once aborted and given a grace — a stand-in. */
  private settleWithGrace(
    running: Promise<ExecOutcome>,
    signal: AbortSignal,
  ): Promise<ExecOutcome> {
    const grace = safeDelay(this.options.abortGraceMs ?? 5000);
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | null = null;
      const onAbort = (): void => {
        timer = setTimeout(() => {
          log.warn(`a skill did not stop within ${grace} ms of its abort; answering without it`);
          resolve({
            success: false,
            error_code: signal.reason === 'timeout' ? 'timeout' : 'cancelled',
            error: 'the skill did not stop in time after it was aborted',
          });
        }, grace);
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      void running.then((outcome) => {
        if (timer) clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        resolve(outcome);
      });
    });
  }

  /**
   * A protocol connection bound to `agent`. Throws UnknownAgentError when the
   * agent is not configured (transports should refuse the connection).
   */
  openConnection(options: OpenConnectionOptions): Connection {
    if (options.agent !== null && !this.options.agents.agentExists(options.agent)) {
      throw new UnknownAgentError(options.agent);
    }
    return new HostConnection(this, options, {
      maxFrameBytes: this.options.maxFrameBytes,
      maxPending: this.options.maxPendingCallsPerConnection ?? 1000,
    });
  }
}

class HostConnection implements Connection {
  /** Calls in flight, by request id: events of two calls under one id could not be told apart. */
  private readonly calls = new Map<string, AbortController>();
  private idleWaiters: (() => void)[] = [];
  private isClosed = false;

  constructor(
    private readonly host: A2EHost,
    private readonly options: OpenConnectionOptions,
    private readonly limits: { maxFrameBytes: number | undefined; maxPending: number },
  ) {}

  get agent(): string | null {
    return this.options.agent;
  }

  get closed(): boolean {
    return this.isClosed;
  }

  private send(msg: A2EOutbound): void {
    if (this.isClosed) return;
    // Measured before the write: a client that has kept up always gets the next
    // message, however large (a final response repeats every event of its call);
    // one still sitting on the backlog is too slow.
    const buffered = this.options.bufferedAmount?.();
    if (
      buffered !== undefined &&
      buffered > (this.options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED)
    ) {
      this.close();
      this.options.onOverflow?.();
      return;
    }
    try {
      this.options.send(msg);
    } catch (err) {
      // A response must still arrive: one too large to encode (or that the transport
      // refused) is replaced by a small one saying so. If the transport is gone, so
      // is this one, and its close follows.
      if (msg.type !== 'skill/call/resp') return;
      log.warn(
        `the response to call "${msg.req_id}" could not be sent; answering runtime_error`,
        err,
      );
      try {
        this.options.send(
          makeCallResponse(msg.req_id, msg.name, {
            error: transportError(
              'runtime_error',
              `the response of "${msg.name}" could not be sent (${errorMessage(err)}); its events were streamed before it`,
            ),
          }),
        );
      } catch {
        // The transport is gone.
      }
    }
  }

  receive(frame: string): void {
    if (this.isClosed) return;
    let reqId = '';
    try {
      const decoded = decodeFrame(frame, { maxFrameBytes: this.limits.maxFrameBytes });
      if (!decoded.ok) {
        this.send(decoded.reply);
        return;
      }
      const msg = decoded.msg;
      reqId = msg.id;
      if (msg.type === 'skill/discover/req') {
        this.send(this.host.discover(msg, this.agent));
        return;
      }
      if (this.calls.has(msg.id)) {
        // Refused without touching the call already running under this id.
        this.send(
          makeProtocolError(
            'invalid_message',
            'a call with this id is still in flight on this connection; give every call its own id',
            msg.id,
          ),
        );
        return;
      }
      if (this.calls.size >= this.limits.maxPending) {
        this.send(
          makeCallResponse(msg.id, msg.name, {
            error: transportError(
              'runtime_error',
              `too many calls in flight on this connection (${this.limits.maxPending}); wait for some to finish`,
            ),
          }),
        );
        return;
      }
      const controller = new AbortController();
      const id = msg.id;
      this.calls.set(id, controller);
      void this.host
        .call(msg, this.agent, (event) => this.send(event), controller.signal)
        .then((resp) => {
          this.send(resp);
          this.settled(id);
        });
    } catch (err) {
      // Defensive: a frame must never take the connection down unanswered.
      const message = errorMessage(err);
      this.send(
        makeProtocolError('runtime_error', `the host failed on this message: ${message}`, reqId),
      );
    }
  }

  private settled(id: string): void {
    this.calls.delete(id);
    if (this.calls.size === 0) for (const resolve of this.idleWaiters.splice(0)) resolve();
  }

  whenIdle(): Promise<void> {
    if (this.calls.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  close(): void {
    if (this.isClosed) return;
    this.isClosed = true;
    // Aborted calls still settle (and leave `calls`) once their runs have stopped.
    for (const controller of this.calls.values()) controller.abort('cancelled');
  }
}
