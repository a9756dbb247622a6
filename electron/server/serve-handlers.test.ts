/**
 * What `serve` asks before it starts: only a loopback address binds without
 * `--allow-remote`, and the token file is the user's own secret: read when it is an
 * owner-only regular file, written owner-only when there is none yet, refused (untouched)
 * when anyone else could read or write it.
 */
import {
  chmodSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StudioError } from '../../shared/errors';
import { serveHandlers } from './serve-handlers';

const TOKEN = 'a-token-of-enough-length-0123456789';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'serve-setup-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const api = serveHandlers();

function tokenFile(name: string, text: string, mode: number): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  chmodSync(file, mode);
  return file;
}

describe('serve.isLoopback', () => {
  it('is true for loopback alone', async () => {
    for (const address of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(await api['serve.isLoopback']({ address }), address).toBe(true);
    for (const address of [
      '0.0.0.0',
      '',
      'example.com',
      '127.0.0.1.example.com',
      '::',
      '::ffff:127.0.0.1',
    ])
      expect(await api['serve.isLoopback']({ address }), address).toBe(false);
  });
});

describe('serve.token', () => {
  it('without a file: a new token each run, written nowhere', async () => {
    const a = await api['serve.token']({ file: null });
    const b = await api['serve.token']({ file: null });
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(b).not.toBe(a);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps a new token in a file that is not there yet, owner-only, and reuses it', async () => {
    const file = path.join(dir, 'token');
    const token = await api['serve.token']({ file });
    expect(readFileSync(file, 'utf8')).toBe(`${token}\n`);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await api['serve.token']({ file })).toBe(token);
  });

  it("reuses an owner-only file's token, and replaces one too short to be a token", async () => {
    expect(await api['serve.token']({ file: tokenFile('ok', `${TOKEN}\n`, 0o600) })).toBe(TOKEN);
    const short = tokenFile('short', 'short\n', 0o600);
    const token = await api['serve.token']({ file: short });
    expect(token).not.toBe('short');
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(readFileSync(short, 'utf8')).toBe(`${token}\n`);
    expect(statSync(short).mode & 0o777).toBe(0o600);
  });

  it('refuses a file others may read or write, and a link, leaving them as they are', async () => {
    const shared = tokenFile('shared', `${TOKEN}\n`, 0o644);
    const err = await api['serve.token']({ file: shared }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioError);
    expect(err).toMatchObject({
      code: 'invalid_params',
      message: `--token-file ${shared} can be read or written by others (mode 644; run chmod 600 on it)`,
    });
    const short = tokenFile('short-shared', 'short\n', 0o666);
    await expect(api['serve.token']({ file: short })).rejects.toMatchObject({
      code: 'invalid_params',
    });
    expect(readFileSync(short, 'utf8')).toBe('short\n');
    const link = path.join(dir, 'link');
    symlinkSync(tokenFile('target', 'short\n', 0o600), link);
    await expect(api['serve.token']({ file: link })).rejects.toMatchObject({
      message: `--token-file ${link} is a symbolic link`,
    });
    expect(readFileSync(path.join(dir, 'target'), 'utf8')).toBe('short\n');
  });
});
