/**
 * Test support: one real agent client run headless in throwaway folders (a project, a
 * HOME) against a recording server on 127.0.0.1 that answers every model request with a
 * 400, so the run ends after the first request and what the client sent is on record.
 * Configured as the facts of each client say (docs/contracts.md, agent clients); the
 * user's own client config is never read: HOME and every XDG folder are the run's.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AgentClientId } from '../../ids';
import { agentClientBinDir } from '../../../../test-support/agent-clients';
import { startWireServer, type RecordedRequest } from '../../../providers/test-support/wire-server';

export interface RecordedRun {
  root: string;
  projectDir: string;
  homeDir: string;
  requests: RecordedRequest[];
  exitCode: number | null;
  stderr: string;
}

export interface RecordOptions {
  /** SKILL.md texts by path relative to the project (`.claude/skills/x/SKILL.md`) or, with `~/`, to HOME. */
  files: Record<string, string>;
  model?: string;
  timeoutMs?: number;
}

/** Where Codex's package keeps its `rg`, which OpenCode needs on PATH. */
function codexRgDir(): string {
  return path.join(
    agentClientBinDir('codex'),
    '..',
    '@openai',
    'codex-linux-x64',
    'vendor',
    'x86_64-unknown-linux-musl',
    'codex-path',
  );
}

export async function recordClient(id: AgentClientId, o: RecordOptions): Promise<RecordedRun> {
  const root = await mkdtemp(path.join(os.tmpdir(), `listing-${id}-`));
  const projectDir = path.join(root, 'project');
  const homeDir = path.join(root, 'home');
  await Promise.all([mkdir(projectDir), mkdir(homeDir), mkdir(path.join(root, 'tmp'))]);
  for (const [rel, text] of Object.entries(o.files)) {
    const file = rel.startsWith('~/')
      ? path.join(homeDir, rel.slice(2))
      : path.join(projectDir, rel);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  const server = await startWireServer(() => ({
    kind: 'json',
    status: 400,
    body: {
      type: 'error',
      error: {
        type: 'invalid_request_error',
        message: 'recorded',
        code: 400,
        status: 'INVALID_ARGUMENT',
      },
    },
  }));
  const base = server.url.replace(/\/$/, '');
  const bin = agentClientBinDir(id);
  const env: Record<string, string> = {
    PATH: `${bin}:${codexRgDir()}:/usr/local/bin:/usr/bin:/bin`,
    LANG: 'C.UTF-8',
    TMPDIR: path.join(root, 'tmp'),
    HOME: homeDir,
    PWD: projectDir,
    XDG_CONFIG_HOME: path.join(homeDir, '.config'),
    XDG_DATA_HOME: path.join(homeDir, '.local/share'),
    XDG_CACHE_HOME: path.join(homeDir, '.cache'),
    XDG_STATE_HOME: path.join(homeDir, '.local/state'),
  };
  let argv: string[];
  const key = 'sk-listing-test-0000';
  if (id === 'claude-code') {
    Object.assign(env, {
      ANTHROPIC_BASE_URL: base,
      ANTHROPIC_API_KEY: key,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    });
    argv = ['claude', '-p', 'hello', '--output-format', 'stream-json', '--verbose'];
    argv.push('--setting-sources', 'user,project', '--strict-mcp-config');
    argv.push('--tools', 'Skill', '--allowedTools', 'Skill');
    if (o.model) argv.push('--model', o.model);
  } else if (id === 'codex') {
    const codexHome = path.join(homeDir, '.codex');
    await mkdir(codexHome, { recursive: true });
    await writeFile(
      path.join(codexHome, 'config.toml'),
      [
        `model = "${o.model ?? 'gpt-5'}"`,
        'model_provider = "fake"',
        '[model_providers.fake]',
        'name = "fake"',
        `base_url = "${base}/v1"`,
        'env_key = "LISTING_TEST_KEY"',
        'wire_api = "responses"',
        'request_max_retries = 0',
        'stream_max_retries = 0',
        '',
      ].join('\n'),
    );
    Object.assign(env, { CODEX_HOME: codexHome, LISTING_TEST_KEY: key });
    argv = ['codex', 'exec', '--json', '--skip-git-repo-check', 'hello'];
  } else if (id === 'gemini-cli') {
    const g = path.join(homeDir, '.gemini');
    await mkdir(g, { recursive: true });
    await writeFile(
      path.join(g, 'settings.json'),
      JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }),
    );
    await writeFile(
      path.join(g, 'trustedFolders.json'),
      JSON.stringify({ [projectDir]: 'TRUST_FOLDER' }),
    );
    Object.assign(env, { GOOGLE_GEMINI_BASE_URL: base, GEMINI_API_KEY: key });
    argv = [
      'gemini',
      '-m',
      o.model ?? 'gemini-2.5-flash',
      '-p',
      'hello',
      '--output-format',
      'stream-json',
    ];
  } else {
    await writeFile(
      path.join(projectDir, 'opencode.json'),
      JSON.stringify({
        provider: {
          fake: {
            npm: '@ai-sdk/openai-compatible',
            name: 'fake',
            options: { baseURL: `${base}/v1`, apiKey: key },
            models: { m1: { name: 'm1' } },
          },
        },
        model: 'fake/m1',
        permission: { skill: 'allow' },
      }),
    );
    argv = ['opencode', 'run', '--format', 'json', 'hello'];
  }
  const child = spawn(argv[0], argv.slice(1), {
    cwd: projectDir,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (d: string) => (stderr = (stderr + d).slice(-20_000)));
  const exitCode = await new Promise<number | null>((resolve) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, o.timeoutMs ?? 90_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });
  try {
    process.kill(-(child.pid as number), 'SIGKILL'); // anything it left behind
  } catch {
    // nothing left
  }
  await server.close();
  return { root, projectDir, homeDir, requests: server.requests, exitCode, stderr };
}

/** Every string inside a JSON value (message texts, system parts, tool descriptions). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object')
    for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}
