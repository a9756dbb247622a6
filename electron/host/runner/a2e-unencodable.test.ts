/**
 * Every call on a connection gets exactly one response, also when its response cannot
 * be encoded: an executor whose result the encoder cannot write (a BigInt here, a
 * string past V8's limit in the field) gets a small `runtime_error` response in its
 * place, and the connection goes on serving.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeMessage } from '../../../shared/protocol/codec';
import { makeCallRequest } from '../../../shared/protocol/messages';
import { A2EHost } from './a2e-host';
import { agentPolicy, copyFixtures, type FixtureCatalog } from './fixtures/fixture-catalog';
import type { Executor } from './core/types';

let root: string;
let catalog: FixtureCatalog;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'a2e-unencodable-'));
  catalog = await copyFixtures(root);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('a response that cannot be encoded is answered with runtime_error, once', async () => {
  let n = 0;
  const executor: Executor = {
    run: () =>
      Promise.resolve(
        n++ === 0 ? { success: true, data: { big: BigInt(1) } } : { success: true, data: 'fine' },
      ),
  };
  const host = new A2EHost({
    catalog,
    agents: agentPolicy({}),
    executors: { script: executor },
  });
  const lines: string[] = [];
  let answered!: () => void;
  const done = new Promise<void>((r) => (answered = r));
  const conn = host.openConnection({
    agent: null,
    send: (msg) => {
      lines.push(encodeMessage(msg));
      if (lines.filter((l) => l.includes('"skill/call/resp"')).length === 2) answered();
    },
  });
  conn.receive(encodeMessage(makeCallRequest({ id: 'first', name: 'fx-quick', streaming: false })));
  conn.receive(
    encodeMessage(makeCallRequest({ id: 'second', name: 'fx-quick', streaming: false })),
  );
  await done;
  const responses = lines
    .map(
      (l) =>
        JSON.parse(l) as {
          type: string;
          req_id: string;
          error: { code: string; message: string } | null;
          data: unknown;
        },
    )
    .filter((m) => m.type === 'skill/call/resp');
  expect(responses.map((r) => r.req_id).sort()).toEqual(['first', 'second']);
  const first = responses.find((r) => r.req_id === 'first');
  expect(first?.error).toMatchObject({ code: 'runtime_error' });
  expect(first?.error?.message).toMatch(
    /could not be sent \(Do not know how to serialize a BigInt\)/,
  );
  expect(responses.find((r) => r.req_id === 'second')?.data).toMatchObject({
    success: true,
    data: 'fine',
  });
  await conn.whenIdle();
});
