/**
 * Runs `skill-studio serve` as a child process for the browser-mode tests and
 * reads the URL it prints. Killed (whole process group) when the tests are done.
 * Each test's page signs in as a person would, through a one-time link; the
 * server's API token (from --token-file) mints one link per test.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Workspace } from './workspace';

/** The folders a studio server runs in (a test workspace, or a benchmark's). */
export type StudioFolders = Pick<Workspace, 'base' | 'root' | 'home' | 'stateDir'>;

export interface RunningStudio {
  /** The printed sign-in link (single use). */
  url: string;
  origin: string;
  /** The API token (Bearer), as an outside client reads it from --token-file. */
  token: string;
  /** A fresh one-time sign-in link, for one page. */
  signInUrl(): Promise<string>;
  stop(): Promise<void>;
}

const URL_LINE = /Skill Studio: (http:\/\/127\.0\.0\.1:(\d+))\/\?token=(\S+)/;

export async function startStudioServer(
  repoRoot: string,
  ws: StudioFolders,
  timeoutMs = 30_000,
  /** 0: any free port; a port of a stopped server starts it again there, as a restart does. */
  port = 0,
): Promise<RunningStudio> {
  const tokenFile = path.join(ws.base, 'token');
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(repoRoot, 'bin', 'skill-studio.cjs'),
      'serve',
      '--port',
      String(port),
      '--no-user',
      '--token-file',
      tokenFile,
    ],
    {
      cwd: ws.root,
      // The server must never look at the real home: everything it keeps goes under the temp folder.
      env: {
        ...process.env,
        HOME: ws.home,
        XDG_CONFIG_HOME: path.join(ws.home, '.config'),
        // Deleted skills go to this home's trash, never the real one.
        XDG_DATA_HOME: path.join(ws.home, '.local', 'share'),
        SKILL_STUDIO_STATE_DIR: ws.stateDir,
        // --no-user keeps the home's skill folders out; the user's own settings (providers file,
        // approvals of workspace providers) still live in this home, where the specs write them.
        SKILL_STUDIO_PROVIDERS: path.join(ws.home, '.config', 'skill-studio', 'providers.json'),
        // The user's settings folder too (the remote A2E hosts the playground keeps).
        SKILL_STUDIO_SETTINGS: path.join(ws.home, '.config', 'skill-studio', 'settings.json'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: process.platform !== 'win32',
    },
  );
  let output = '';
  const found = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(new Error(`skill-studio serve printed no URL within ${timeoutMs} ms:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = URL_LINE.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`skill-studio serve exited with ${code}:\n${output}`));
    });
  });
  // Keep draining the pipes so the server never blocks on a full one.
  child.stdout?.resume();
  child.stderr?.resume();
  const [, origin, , link] = found;
  const token = readFileSync(tokenFile, 'utf8').trim();
  return {
    url: `${origin}/?token=${link}`,
    origin,
    token,
    async signInUrl() {
      const res = await fetch(`${origin}/api/session/link`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      if (!res.ok) throw new Error(`the server minted no sign-in link (HTTP ${res.status})`);
      return ((await res.json()) as { url: string }).url;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      const kill = (signal: NodeJS.Signals) => {
        try {
          if (child.pid && process.platform !== 'win32') process.kill(-child.pid, signal);
          else child.kill(signal);
        } catch {
          // Already gone.
        }
      };
      kill('SIGTERM');
      const timer = setTimeout(() => kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
