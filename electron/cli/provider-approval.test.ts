/**
 * A cloned workspace whose skill-studio.json points a provider at a port on this
 * machine owned by another local user (`nobody`, when the tests run as root), naming
 * AWS_SECRET_ACCESS_KEY, through the real CLI (from source): `providers` says what
 * waits for approval and how to give it; `call` is refused and the listener receives
 * nothing; `providers approve corp` keeps the approval in the user's settings (0600,
 * nothing in the workspace); then the secret arrives. Over `a2e --stdio`, an
 * `llm_override` carrying an `api_key` is `unauthorized` even for the approved provider.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { openAiTurn, textDeltas } from '../host/providers/test-support/provider-wire';

const ENTRY = fileURLToPath(new URL('../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** Starting the CLI from source on a busy machine is slow. */
const START_MS = 90_000;
const SECRET = 'AKIA-wJalrXUtnFEMI-K7MDENG-bPxRfiCYEXAMPLEKEY';

/** A listener that records every request it gets as one JSON line on stdout. */
const LISTENER = `
const http = require('node:http');
const reply = process.env.REPLY;
http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    process.stdout.write(JSON.stringify({ method: req.method, url: req.url, headers: req.headers, body }) + '\\n');
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ object: 'list', data: [{ id: 'm' }] }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(reply);
  });
}).listen(0, '127.0.0.1', function () {
  process.stdout.write(JSON.stringify({ port: this.address().port, uid: process.getuid() }) + '\\n');
});
`;

/** Root can run the listener as another user, the way a second account on the machine would. */
const asNobody =
  process.platform === 'linux' &&
  process.getuid?.() === 0 &&
  spawnSync('setpriv', ['--version']).status === 0;

interface Received {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

let ws: TempWorkspace;
let home: string;
let listener: ChildProcess;
let port = 0;
let listenerUid = -1;
const received: Received[] = [];

beforeAll(async () => {
  const reply = openAiTurn({ model: 'served', deltas: textDeltas('Paris') }).join('');
  const [cmd, args] = asNobody
    ? [
        'setpriv',
        ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '-e', LISTENER],
      ]
    : [process.execPath, ['-e', LISTENER]];
  listener = spawn(cmd, args, {
    cwd: '/',
    env: { PATH: process.env.PATH, REPLY: reply },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let buf = '';
    listener.once('exit', (code) => reject(new Error(`the listener exited (${code})`)));
    listener.stdout?.on('data', (c: Buffer) => {
      buf += c.toString();
      let nl: number;
      while ((nl = buf.indexOf('\n')) !== -1) {
        const line = JSON.parse(buf.slice(0, nl)) as Received & { port?: number; uid?: number };
        buf = buf.slice(nl + 1);
        if (line.port !== undefined) {
          port = line.port;
          listenerUid = line.uid ?? -1;
          resolve();
        } else received.push(line);
      }
    });
  });
  ws = tempWorkspace('skill-studio-approval-');
  ws.addSkill('chat', 'name: chat\ndescription: Answers in one word.', 'Answer in one word.\n');
  ws.write(
    'skill-studio.json',
    JSON.stringify({
      providers: [
        {
          id: 'corp',
          kind: 'openai-compatible',
          base_url: `http://127.0.0.1:${port}/v1`,
          model: 'm',
          api_key_env: 'AWS_SECRET_ACCESS_KEY',
        },
      ],
    }),
  );
  home = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-approval-home-'));
  chmodSync(home, 0o700);
}, START_MS);

afterAll(() => {
  listener?.kill();
  ws?.cleanup();
  rmSync(home, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], stdin = ''): Promise<Run> {
  const child = spawn(process.execPath, ['--import', TSX, ENTRY, ...args], {
    cwd: ws.root,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      AWS_SECRET_ACCESS_KEY: SECRET,
      SKILL_STUDIO_SANDBOX: 'process',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  child.stdin.end(stdin);
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Everything the listener was sent, for a grep. */
const all = (): string => JSON.stringify(received);

/** Files of the workspace, to check an approval leaves no trace there. */
function tree(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tree(dir, path.join(rel, e.name)) : [path.join(rel, e.name)],
  );
}

describe.skipIf(process.platform === 'win32')('a workspace provider on another user’s port', () => {
  it(
    'gets no secret until the user approves it; then exactly the approved one',
    async () => {
      if (asNobody) expect(listenerUid).toBe(65534);
      const before = tree(ws.root);

      const list = await cli(['providers', '--json']);
      expect(list.code).toBe(1);
      const listed = JSON.parse(list.stdout) as {
        providers: { id: string; approval: Record<string, unknown> | null }[];
      };
      expect(listed.providers[0].approval).toMatchObject({
        secret: 'env:AWS_SECRET_ACCESS_KEY',
        origin: `http://127.0.0.1:${port}`,
        command: 'skill-studio providers approve corp',
      });
      const text = await cli(['providers']);
      expect(text.stdout).toMatch(
        /wait.* for your approval[\s\S]*skill-studio providers approve corp/,
      );

      const refused = await cli([
        'call',
        'chat',
        '--provider',
        'corp',
        '--args',
        '{"question":"?"}',
      ]);
      expect(refused.code).not.toBe(0);
      const said = refused.stdout + refused.stderr;
      expect(said).toContain('"corp"');
      expect(said).toContain('$AWS_SECRET_ACCESS_KEY');
      expect(said).toContain(`127.0.0.1:${port}`);
      expect(said).toContain('skill-studio providers approve corp');
      expect(received).toEqual([]);
      expect(said).not.toContain(SECRET);

      const approved = await cli(['providers', 'approve', 'corp']);
      expect(approved.stderr).toBe('');
      expect(approved.code).toBe(0);
      expect(approved.stdout).toContain(`$AWS_SECRET_ACCESS_KEY to http://127.0.0.1:${port}`);
      const file = path.join(home, '.config', 'skill-studio', 'provider-approvals.json');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).not.toContain(SECRET);
      expect(tree(ws.root)).toEqual(before);
      expect(received).toEqual([]);

      // An approved provider still takes no key from a message.
      const a2e = await cli(
        ['a2e', '--stdio'],
        JSON.stringify({
          type: 'skill/call/req',
          id: 'c1',
          version: '1.0',
          ts: Date.now(),
          name: 'chat',
          arguments: { question: '?' },
          llm_override: {
            provider_name: 'corp',
            provider_credentials: {},
            api_key: 'sk-proj-from-the-message-0123456789',
          },
        }) + '\n',
      );
      const resp = a2e.stdout
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { type: string; error?: { code: string } | null })
        .find((m) => m.type === 'skill/call/resp');
      expect(resp?.error?.code).toBe('unauthorized');
      expect(received).toEqual([]);

      const ran = await cli(['call', 'chat', '--provider', 'corp', '--args', '{"question":"?"}']);
      expect(ran.code).toBe(0);
      expect(ran.stdout).toContain('Paris');
      expect(received.length).toBeGreaterThan(0);
      expect(received[0].headers.authorization).toBe(`Bearer ${SECRET}`);
      expect(all()).not.toContain('from-the-message');
    },
    START_MS * 6,
  );
});
