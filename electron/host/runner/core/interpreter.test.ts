import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chooseInterpreter, nodeExecutable } from './interpreter';

describe('the Node that runs script skills', () => {
  let dir: string;
  beforeEach(() => {
    dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'interp-')));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const fakeNode = (folder: string) => {
    mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'node');
    writeFileSync(file, '#!/bin/sh\n');
    chmodSync(file, 0o755);
    return file;
  };

  it('is the running Node in the CLI and the server, with no environment of its own', () => {
    expect(nodeExecutable([], undefined, '')).toBe(process.execPath);
    const res = chooseInterpreter(path.join(dir, 'run.mjs'), []);
    expect(res).toMatchObject({ ok: true, choice: { label: 'node', env: {} } });
    expect(JSON.stringify(res)).not.toContain('ELECTRON_RUN_AS_NODE');
  });

  it('inside Electron is the system node (never the app acting as Node), sandbox PATH first', () => {
    const inSandbox = fakeNode(path.join(dir, 'sandbox-bin'));
    const onHost = fakeNode(path.join(dir, 'host-bin'));
    expect(nodeExecutable([path.dirname(inSandbox)], '45.0.0', path.dirname(onHost))).toBe(
      inSandbox,
    );
    expect(nodeExecutable([path.join(dir, 'empty')], '45.0.0', path.dirname(onHost))).toBe(onHost);
    expect(nodeExecutable([path.join(dir, 'empty')], '45.0.0', '')).toBeNull();
  });
});
