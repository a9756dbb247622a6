/**
 * Test support: one real client run through a runner alone, with no driver and no relay —
 * the runner's `prepare` in throwaway folders, the client spawned with the environment the
 * driver builds (types.ts, ClientLaunch), pointed straight at a fake model server, and its
 * stdout read through the runner's parser. For the runners' own tests: what the client
 * was told, what it sent, and what the parser made of what it printed.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AgentClientRunner, ClientEvent, ClientRunPlan, ProviderKind } from '../../core/types';

export interface RunnerRun {
  events: ClientEvent[];
  exitCode: number | null;
  stdout: string;
  stderr: string;
  plan: ClientRunPlan;
}

export interface RunnerRunOptions {
  runner: AgentClientRunner;
  binary: string;
  /** The fake server's root, standing where the relay would. */
  relayUrl: string;
  kind: ProviderKind;
  model: string;
  prompt: string;
  /** Skill folders to install (copied under the runner's skills folder). */
  skills: { name: string; skillMd: string; files?: Record<string, string> }[];
  allowScripts?: boolean;
  timeoutMs?: number;
}

export const RELAY_KEY = 'relay-token-7f3a9c2e5b8d1f4a6c0e';

export async function runRunner(o: RunnerRunOptions): Promise<RunnerRun> {
  const root = await mkdtemp(path.join(os.tmpdir(), `runner-${o.runner.id}-`));
  try {
    const projectDir = path.join(root, 'project');
    const homeDir = path.join(root, 'home');
    const tmp = path.join(root, 'tmp');
    await Promise.all([mkdir(projectDir), mkdir(homeDir), mkdir(tmp)]);
    const skills = [];
    for (const s of o.skills) {
      const under = o.runner.skillsIn === 'home' ? homeDir : projectDir;
      const dir = path.join(under, o.runner.skillsFolder, s.name);
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, 'SKILL.md'), s.skillMd);
      for (const [rel, text] of Object.entries(s.files ?? {})) {
        await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
        await writeFile(path.join(dir, rel), text);
      }
      skills.push({ name: s.name, dir });
    }
    const plan: ClientRunPlan = {
      binary: o.binary,
      version: null,
      projectDir,
      homeDir,
      skills,
      prompt: o.prompt,
      relayUrl: o.relayUrl,
      upstream: { kind: o.kind, model: o.model },
      relayKey: RELAY_KEY,
      allowScripts: o.allowScripts ?? false,
    };
    const launch = await o.runner.prepare(plan);
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      LANG: 'C.UTF-8',
      TMPDIR: tmp,
      HOME: homeDir,
      XDG_CONFIG_HOME: path.join(homeDir, '.config'),
      XDG_DATA_HOME: path.join(homeDir, '.local/share'),
      XDG_CACHE_HOME: path.join(homeDir, '.cache'),
      XDG_STATE_HOME: path.join(homeDir, '.local/state'),
      PWD: launch.cwd,
      ...launch.env,
    };
    const parse = o.runner.parser(plan);
    const events: ClientEvent[] = [];
    const [cmd, ...args] = launch.argv;
    const child = spawn(cmd, args, {
      cwd: launch.cwd,
      env,
      stdio: [launch.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdin?.end(launch.stdin);
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      stdout += d;
      const lines = (partial + d).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) events.push(...parse(line));
    });
    child.stderr?.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, o.timeoutMs ?? 60_000);
    const exitCode = await new Promise<number | null>((resolve) =>
      child.on('close', (code) => resolve(code)),
    );
    clearTimeout(timer);
    if (partial) events.push(...parse(partial));
    return { events, exitCode, stdout, stderr, plan };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export function skillMd(name: string, description: string): string {
  return `---\nname: ${name}\ndescription: ${description}\n---\n# ${name}\n\nSay PINEAPPLE when done.\n`;
}

/** The names of the skills a parser reported activated, in order. */
export const activated = (events: ClientEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'skill_activated' ? [e.name] : []));
