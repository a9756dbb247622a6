/**
 * An agent's allowlist over both A2E transports, as an outside client meets it: the real CLI
 * (from source) as `a2e --stdio --agent bot` and as `serve` with the WebSocket
 * `/a2e?agent=bot`. A call to a skill that exists but is outside the allowlist is
 * `unauthorized` (`retryable: false`) and runs nothing (its script would leave a marker
 * file); a name that exists nowhere is `unknown_skill`; discover lists only the agent's
 * skills. Process mode, so the skill can write the marker where the test looks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';

const ENTRY = fileURLToPath(new URL('../test-support/source-cli.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');
/** Starting the CLI from source on a busy machine is slow. */
const START_MS = 90_000;

/** Leaves `arguments.marker` behind: proof that it ran. */
const MARKER = `
import { writeFileSync } from 'node:fs';
let input = '';
process.stdin.on('data', (c) => (input += c));
process.stdin.on('end', () => {
  const { marker } = JSON.parse(input).arguments;
  writeFileSync(marker, 'ran');
  console.log(JSON.stringify({ type: 'result', data: { ran: true } }));
});
`;

type Message = Record<string, unknown> & {
  type: string;
  req_id?: string;
  error?: { code: string; message: string; retryable: boolean } | null;
  skills?: Array<{ name: string }>;
  data?: { success?: boolean } | null;
};

let ws: TempWorkspace;
let markers: string;
let count = 0;

beforeAll(() => {
  ws = tempWorkspace('skill-studio-allowlist-');
  const schema = [
    'input_schema:',
    '  type: object',
    '  properties:',
    '    marker: {type: string}',
    '  required: [marker]',
  ].join('\n');
  ws.addSkill(
    'open-door',
    `name: open-door\ndescription: The bot may use this.\nentrypoint: run.mjs\n${schema}`,
    '# Open\n',
    { 'run.mjs': MARKER },
  );
  ws.addSkill(
    'secret',
    `name: secret\ndescription: Not for the bot.\nentrypoint: run.mjs\n${schema}`,
    '# Secret\n',
    { 'run.mjs': MARKER },
  );
  ws.write(
    'skill-studio.json',
    JSON.stringify({ agents: [{ id: 'bot', name: 'Bot', allowed_skills: ['open-door'] }] }),
  );
  // Process mode as root runs skills as another user: let it read the skill and write markers.
  chmodSync(ws.root, 0o755);
  markers = path.join(ws.root, 'markers');
  mkdirSync(markers);
  chmodSync(markers, 0o777);
});
afterAll(() => ws.cleanup());

const newMarker = () => path.join(markers, `m-${++count}`);

function startCli(args: string[]): ChildProcess {
  return spawn(process.execPath, ['--import', TSX, ENTRY, ...args, '--no-user'], {
    cwd: ws.root,
    env: { PATH: process.env.PATH, HOME: ws.root, SKILL_STUDIO_SANDBOX: 'process' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** The requests every transport gets, as the bound agent `bot`. */
function requests(secretMarker: string, openMarker: string): object[] {
  return [
    { type: 'skill/discover/req', id: 'd' },
    { type: 'skill/call/req', id: 'secret', name: 'secret', arguments: { marker: secretMarker } },
    // Arguments that fail the schema change nothing: the allowlist answers first.
    { type: 'skill/call/req', id: 'secret-bad-args', name: 'secret', arguments: { marker: 1 } },
    { type: 'skill/call/req', id: 'ghost', name: 'no-such-skill', arguments: {} },
    { type: 'skill/call/req', id: 'open', name: 'open-door', arguments: { marker: openMarker } },
  ];
}

/** What every transport must answer to `requests`, and the markers it must (not) leave. */
function expectAllowlistAnswers(msgs: Message[], secretMarker: string, openMarker: string): void {
  const by = (id: string) => msgs.find((m) => m.req_id === id && m.type !== 'skill/event');
  expect(by('d')?.skills?.map((s) => s.name)).toEqual(['open-door']);
  for (const id of ['secret', 'secret-bad-args']) {
    expect(by(id)).toMatchObject({
      type: 'skill/call/resp',
      data: null,
      error: { code: 'unauthorized', retryable: false },
    });
    expect(by(id)?.error?.message).toMatch(/agent "bot" may not use the skill "secret"/);
    // Nothing ran: no event of the refused call.
    expect(msgs.filter((m) => m.req_id === id && m.type === 'skill/event')).toEqual([]);
  }
  expect(by('ghost')).toMatchObject({
    type: 'skill/call/resp',
    data: null,
    error: { code: 'unknown_skill', retryable: false },
  });
  expect(by('open')).toMatchObject({ type: 'skill/call/resp', data: { success: true } });
  expect(existsSync(openMarker), 'the allowed skill ran').toBe(true);
  expect(existsSync(secretMarker), 'the refused skill ran').toBe(false);
}

describe.skipIf(process.platform === 'win32')('an agent outside its allowlist', () => {
  it(
    'a2e --stdio --agent: unauthorized, runs nothing; a missing name stays unknown_skill',
    async () => {
      const secretMarker = newMarker();
      const openMarker = newMarker();
      const cli = startCli(['a2e', '--stdio', '--agent', 'bot']);
      let out = '';
      let err = '';
      cli.stdout?.on('data', (c) => (out += c));
      cli.stderr?.on('data', (c) => (err += c));
      const code = new Promise<number | null>((resolve) => cli.once('exit', resolve));
      cli.stdin?.end(
        requests(secretMarker, openMarker)
          .map((r) => JSON.stringify(r) + '\n')
          .join(''),
      );
      expect(await code, err).toBe(0);
      const msgs = out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Message);
      expectAllowlistAnswers(msgs, secretMarker, openMarker);
    },
    START_MS,
  );

  it(
    'serve, WebSocket /a2e?agent=: unauthorized, runs nothing; the studio itself may run it',
    async () => {
      const token = 'allowlist-test-token-0123456789';
      const tokenFile = path.join(ws.root, 'token');
      writeFileSync(tokenFile, token + '\n', { mode: 0o600 });
      const cli = startCli(['serve', '--port', '0', '--token-file', tokenFile]);
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          const timer = setTimeout(
            () => reject(new Error(`serve did not start: ${out}`)),
            START_MS,
          );
          cli.stdout?.on('data', (c) => {
            out += c;
            const m = /Skill Studio: (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
            if (m) {
              clearTimeout(timer);
              resolve(m[1].replace('http', 'ws'));
            }
          });
        });
        const exchange = async (query: string, reqs: object[]): Promise<Message[]> => {
          const socket = new WebSocket(`${url}/a2e${query}`, {
            headers: { Authorization: `Bearer ${token}` },
          });
          await new Promise((resolve, reject) => {
            socket.once('open', resolve);
            socket.once('error', reject);
          });
          const msgs: Message[] = [];
          socket.on('message', (d) => msgs.push(JSON.parse(String(d)) as Message));
          for (const r of reqs) socket.send(JSON.stringify(r));
          const answered = () =>
            msgs.filter((m) => m.type !== 'skill/event' && m.type !== 'error').length;
          await expect.poll(answered, { timeout: 30_000 }).toBe(reqs.length);
          socket.close();
          return msgs;
        };

        const secretMarker = newMarker();
        const openMarker = newMarker();
        const asBot = await exchange('?agent=bot', requests(secretMarker, openMarker));
        expectAllowlistAnswers(asBot, secretMarker, openMarker);

        // The marker does tell a run: the studio's own connection runs the same skill.
        const studioMarker = newMarker();
        const asStudio = await exchange('', [
          { type: 'skill/call/req', id: 's', name: 'secret', arguments: { marker: studioMarker } },
        ]);
        expect(
          asStudio.find((m) => m.req_id === 's' && m.type === 'skill/call/resp'),
        ).toMatchObject({ data: { success: true } });
        expect(existsSync(studioMarker)).toBe(true);
      } finally {
        cli.kill('SIGTERM');
      }
    },
    START_MS,
  );
});
