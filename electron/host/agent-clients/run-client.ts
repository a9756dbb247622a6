/**
 * The one driver of a skill run inside an agent client, for every client: it makes the
 * run's throwaway folders (project, HOME, TMPDIR), installs the skills where the client
 * reads them (the install's own snapshot and copy, so a run sees what an install would),
 * starts the relay, spawns the client in a process group of its own with stdin from
 * /dev/null and an environment built from scratch, reads its event stream through the
 * runner's parser, and ends the whole group on timeout or cancel. Afterwards no process of
 * the run is left (the group killed, stragglers swept by their HOME and cwd) and the
 * folders are gone.
 *
 * The user's own client config is never read or written: HOME, XDG_* and the client's own
 * config folder are the run's.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, lstat, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { createInterface } from 'node:readline';
import { copySnapshot, snapshotSkill } from '../fs/skill-tree';
import { createLogger, logSwallowed } from '../log';
import {
  killProcessGroup,
  sweepRunProcesses,
  trackRunProcesses,
} from '../runner/core/process-tree';
import { AGENT_CLIENTS, agentClientName } from './ids';
import { startRelay, type RelayAuth } from './relay/relay';
import { RUNNERS } from './runners';
import { ClientRunRefused } from './core/refused';
import type {
  AgentClientInfo,
  AgentClientRunner,
  ClientEvent,
  ClientLaunch,
  ClientRunErrorCode,
  ClientRunOutcome,
  ClientRunPlan,
  ProviderKind,
} from './core/types';

const log = createLogger('agent-client');

/** A line of a client's event stream longer than this is skipped, not buffered without end. */
const MAX_LINE_CHARS = 8 * 1024 * 1024;
/** What is kept of stderr for an error message. */
const STDERR_TAIL = 4096;

export interface ClientUpstream {
  kind: ProviderKind;
  /** The API root the relay forwards to. */
  baseUrl: string;
  model: string;
  auth: RelayAuth;
  /** Shown in messages ("the provider anthropic-main answered 401"). */
  label: string;
  /** More secrets to keep out of the relay's records (the client's own login). */
  secrets?: readonly string[];
}

/**
 * The client's own login (own-login.ts), with `upstream.auth` in passthrough: the key the
 * client sends in its usual key setting, or (null) none, when credential files copied
 * into the run's HOME carry the login.
 */
export interface ClientRunLogin {
  key: string | null;
  files: { from: string; to: string }[];
}

export interface ClientRunRequest {
  client: AgentClientInfo;
  /** Skill folders to install; the first is the skill under test. */
  skills: { name: string; dir: string }[];
  prompt: string;
  upstream: ClientUpstream;
  allowScripts: boolean;
  timeoutMs: number;
  /** Aborted by the caller; `signal.reason === 'timeout'` reports a timeout. */
  signal?: AbortSignal;
  /** Each normalized event as it comes (the A2E mapping, eval transcripts). */
  onEvent?: (event: ClientEvent) => void;
  /** Where the run's folders are made; the system's temporary folder by default. */
  runsRoot?: string;
  /** Run with the client's own login instead of a provider's key. */
  login?: ClientRunLogin;
}

export { ClientRunRefused };

export function runnerFor(id: AgentClientInfo['id']): AgentClientRunner {
  const runner = RUNNERS[id];
  if (!runner) {
    const can = Object.keys(RUNNERS).join(', ');
    throw new ClientRunRefused(
      `skills cannot be run in ${agentClientName(id)} yet (runs work in: ${can})`,
    );
  }
  return runner;
}

/** Checks that the client can talk to the provider's kind; the message names the kinds it can. */
export function checkSpeaks(runner: AgentClientRunner, kind: ProviderKind, provider: string): void {
  if (!runner.speaks.includes(kind))
    throw new ClientRunRefused(
      `${agentClientName(runner.id)} cannot talk to the provider "${provider}" (kind ${kind}): ` +
        `it speaks ${runner.speaks.join(' or ')}; pick a provider of that kind`,
    );
}

async function installSkills(
  under: string,
  runner: AgentClientRunner,
  skills: ClientRunRequest['skills'],
): Promise<ClientRunPlan['skills']> {
  const root = path.join(under, ...runner.skillsFolder.split('/'));
  await mkdir(root, { recursive: true });
  const installed: ClientRunPlan['skills'] = [];
  const seen = new Set<string>();
  for (const s of skills) {
    if (seen.has(s.name)) continue; // the first of a name wins, as the listing would show it
    seen.add(s.name);
    const dest = path.join(root, s.name);
    await mkdir(dest);
    await copySnapshot(s.dir, await snapshotSkill(s.dir), dest);
    installed.push({ name: s.name, dir: dest });
  }
  return installed;
}

/**
 * Copies the login's credential files into the run's HOME, read-only: the user's own files
 * are only read (never through a link), and the copies go with the run's folders.
 */
async function copyLogin(homeDir: string, login: ClientRunLogin): Promise<void> {
  for (const f of login.files) {
    const st = await lstat(f.from);
    if (!st.isFile()) throw new ClientRunRefused(`${f.from} is not a plain file; it is not copied`);
    const dest = path.join(homeDir, ...f.to.split('/'));
    await mkdir(path.dirname(dest), { recursive: true, mode: 0o700 });
    await copyFile(f.from, dest, constants.COPYFILE_EXCL);
    await chmod(dest, 0o400);
  }
}

/** The environment every client starts from: nothing of the user's own but PATH and the locale. */
export function baseEnv(homeDir: string, tmpDir: string, cwd: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: homeDir,
    USERPROFILE: homeDir,
    XDG_CONFIG_HOME: path.join(homeDir, '.config'),
    XDG_DATA_HOME: path.join(homeDir, '.local', 'share'),
    XDG_CACHE_HOME: path.join(homeDir, '.cache'),
    XDG_STATE_HOME: path.join(homeDir, '.local', 'state'),
    TMPDIR: tmpDir,
    PWD: cwd,
    NO_COLOR: '1',
    TERM: 'dumb',
  };
  for (const name of ['LANG', 'LC_ALL', 'TZ', 'SYSTEMROOT'])
    if (process.env[name]) env[name] = process.env[name] as string;
  return env;
}

/**
 * Runs one prompt in the client. Never rejects for a failing run: crashes, provider
 * errors, timeouts and cancels are in `outcome.error`. Throws ClientRunRefused (before any
 * process starts) when the client or the provider cannot be used.
 */
export async function runClient(req: ClientRunRequest): Promise<ClientRunOutcome> {
  const { client, upstream } = req;
  const runner = runnerFor(client.id);
  checkSpeaks(runner, upstream.kind, upstream.label);
  if (!client.found || !client.path)
    throw new ClientRunRefused(
      `${client.name} is not installed here: put \`${AGENT_CLIENTS[client.id].command}\` on PATH or set its path in the settings`,
    );
  const started = Date.now();
  const name = agentClientName(client.id);
  const root = await mkdtemp(path.join(req.runsRoot ?? os.tmpdir(), 'skill-studio-client-'));
  const projectDir = path.join(root, 'project');
  const homeDir = path.join(root, 'home');
  const tmpDir = path.join(root, 'tmp');
  const outcome: ClientRunOutcome = {
    client: { id: client.id, version: client.version },
    text: null,
    activatedSkills: [],
    usage: { input_tokens: 0, output_tokens: 0 },
    requests: [],
    exitCode: null,
    signal: null,
    durationMs: 0,
    error: null,
  };
  let relay: Awaited<ReturnType<typeof startRelay>> | null = null;
  try {
    for (const d of [projectDir, homeDir, tmpDir]) await mkdir(d, { mode: 0o700 });
    const skillsRoot = runner.skillsIn === 'home' ? homeDir : projectDir;
    const skills = await installSkills(skillsRoot, runner, req.skills);
    if (req.login) await copyLogin(homeDir, req.login);
    // With the client's own login, the client sends the user's key where it would send the
    // relay's, or (a login file) no key at all.
    const relayKey = req.login?.key ?? `sk-studio-relay-${randomBytes(24).toString('hex')}`;
    // A refused key (401/403) will be refused again: the run ends there instead of waiting
    // through the client's retries.
    const refused = new AbortController();
    relay = await startRelay({
      baseUrl: upstream.baseUrl,
      kind: upstream.kind,
      auth: upstream.auth,
      relayKey,
      secrets: upstream.secrets,
      onStatus: (status) => {
        if (status === 401 || status === 403) refused.abort(status);
      },
    });
    const plan: ClientRunPlan = {
      binary: client.path,
      version: client.version,
      projectDir,
      homeDir,
      skills,
      prompt: req.prompt,
      relayUrl: relay.url,
      upstream: { kind: upstream.kind, model: upstream.model },
      relayKey,
      allowScripts: req.allowScripts,
    };
    const launch = await runner.prepare(plan);
    const parse = runner.parser(plan);
    const env: Record<string, string> = {
      ...baseEnv(homeDir, tmpDir, launch.cwd),
      ...launch.env,
      PWD: launch.cwd,
    };
    // A login file, not a key: the client must not be handed a key that would win over it.
    if (req.login && req.login.key === null)
      for (const [k, v] of Object.entries(env)) if (v === relayKey) delete env[k];
    await drive(req, launch, env, parse, outcome, name, refused.signal);
    outcome.requests = relay.records();
    if (!outcome.error) {
      // A provider that refused (401, 429…) shows in the relay even when the client hid it.
      const refused = outcome.requests.find((r) => (r.response?.status ?? 0) >= 400);
      if (refused && outcome.text === null)
        outcome.error = {
          code: 'skill_error',
          message: `the provider "${upstream.label}" answered ${refused.response?.status} to ${name}'s request`,
        };
    }
  } finally {
    await relay?.close().catch(logSwallowed('close a relay'));
    await rm(root, { recursive: true, force: true, maxRetries: 3 }).catch(
      logSwallowed('remove the folders of a client run'),
    );
    outcome.durationMs = Date.now() - started;
  }
  return outcome;
}

/** Spawns the client and reads it to its end; fills `outcome`. */
async function drive(
  req: ClientRunRequest,
  launch: ClientLaunch,
  env: Record<string, string>,
  parse: (line: string) => ClientEvent[],
  outcome: ClientRunOutcome,
  name: string,
  refused: AbortSignal,
): Promise<void> {
  const texts: string[] = [];
  const notices: string[] = [];
  let final: Extract<ClientEvent, { type: 'final' }> | null = null;
  const onEvent = (e: ClientEvent): void => {
    if (e.type === 'text') texts.push(e.text);
    else if (e.type === 'notice' && e.level === 'error') notices.push(e.message);
    else if (e.type === 'skill_activated') {
      if (!outcome.activatedSkills.includes(e.name)) outcome.activatedSkills.push(e.name);
    } else if (e.type === 'usage') {
      outcome.usage.input_tokens += e.input_tokens;
      outcome.usage.output_tokens += e.output_tokens;
    } else if (e.type === 'final') final = e;
    try {
      req.onEvent?.(e);
    } catch (err) {
      logSwallowed('a client run event listener')(err);
    }
  };

  const { argv, cwd } = launch;
  const options = { cwd, env, detached: true, windowsHide: true };
  const child: ChildProcessByStdio<Writable | null, Readable, Readable> =
    launch.stdin === undefined
      ? spawn(argv[0], argv.slice(1), { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
      : spawn(argv[0], argv.slice(1), { ...options, stdio: ['pipe', 'pipe', 'pipe'] });
  if (launch.stdin !== undefined && child.stdin) {
    // A client that exits before reading it is reported by its exit, not by EPIPE here.
    child.stdin.on('error', logSwallowed(`write the prompt to ${name}`));
    child.stdin.end(launch.stdin);
  }
  const untrack = trackRunProcesses({ pid: child.pid, cgroup: null, supervised: false });
  let stopped: ClientRunErrorCode | 'refused' | null = null;
  const stop = (why: ClientRunErrorCode | 'refused'): void => {
    if (stopped || child.pid === undefined) return;
    stopped = why;
    killProcessGroup(child.pid);
  };
  const timer = setTimeout(() => stop('timeout'), req.timeoutMs);
  const onAbort = () => stop(req.signal?.reason === 'timeout' ? 'timeout' : 'cancelled');
  if (req.signal?.aborted) onAbort();
  else req.signal?.addEventListener('abort', onAbort, { once: true });
  // Give the client a moment to say what it got before it is stopped.
  let refusedTimer: NodeJS.Timeout | null = null;
  refused.addEventListener('abort', () => {
    refusedTimer = setTimeout(() => stop('refused'), 1500);
  });

  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => {
    stderr = (stderr + d).slice(-STDERR_TAIL);
  });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity });
  lines.on('line', (line) => {
    if (line.length > MAX_LINE_CHARS) return;
    try {
      for (const e of parse(line)) onEvent(e);
    } catch (err) {
      logSwallowed(`parse a line of ${name}`)(err);
    }
  });
  const exited = await new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    spawnError?: Error;
  }>((resolve) => {
    child.once('error', (err) => resolve({ code: null, signal: null, spawnError: err }));
    child.once('close', (code, signal) => resolve({ code, signal }));
  });
  clearTimeout(timer);
  if (refusedTimer) clearTimeout(refusedTimer);
  req.signal?.removeEventListener('abort', onAbort);
  // Whatever the leader left behind in its group, and anything that left the group but kept
  // the run's HOME or a cwd in its folders.
  if (child.pid !== undefined) killProcessGroup(child.pid);
  await sweepRunProcesses(env.HOME);
  await sweepRunProcesses(cwd);
  untrack();

  outcome.exitCode = exited.code;
  outcome.signal = exited.signal;
  outcome.text = texts.length > 0 ? texts.join('\n\n') : null;
  const ended = final as Extract<ClientEvent, { type: 'final' }> | null;
  if (ended?.text && !outcome.text) outcome.text = ended.text;
  const tail = stderr.trim().split('\n').slice(-5).join('\n');
  if (exited.spawnError) {
    outcome.error = {
      code: 'runtime_error',
      message: `${name} could not be started: ${exited.spawnError.message}`,
    };
  } else if (stopped === 'timeout') {
    outcome.error = {
      code: 'timeout',
      message: `${name} did not finish within ${Math.round(req.timeoutMs / 1000)} s; its processes were stopped`,
    };
  } else if (stopped === 'cancelled') {
    outcome.error = { code: 'cancelled', message: 'the call was cancelled' };
  } else if (refused.aborted) {
    const said = ended?.message ?? notices.at(-1);
    outcome.error = {
      code: 'skill_error',
      message: `the provider answered ${String(refused.reason)} to ${name}'s model request${said ? ` (${name} said: ${said})` : ''}`,
    };
  } else if (ended?.isError) {
    outcome.error = {
      code: 'skill_error',
      message: `${name}: ${ended.message ?? 'the run failed'}`,
    };
  } else if (exited.code !== 0) {
    const how = exited.signal
      ? `was killed by ${exited.signal}`
      : `exited with code ${exited.code}`;
    outcome.error = { code: 'runtime_error', message: `${name} ${how}${tail ? `: ${tail}` : ''}` };
  }
  if (outcome.error) log.info(`${name} run ended: ${outcome.error.message}`);
}
