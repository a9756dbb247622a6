/**
 * The CLI's V8 code cache (bin/code-cache.cjs, used on Node without enableCompileCache):
 * bundles load with the code of an earlier run, and a cache that is stale, corrupt or
 * cannot be written never changes what a bundle does nor makes it fail.
 */
import { createRequire } from 'node:module';
import {
  chownSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

interface CodeCache {
  installCodeCache(
    distDir: string,
    env: NodeJS.ProcessEnv,
  ): { flush(): void; uninstall(): void } | null;
}
const nodeRequire = createRequire(import.meta.url);
const { installCodeCache } = nodeRequire('../../bin/code-cache.cjs') as CodeCache;

describe('CLI code cache', () => {
  let root: string;
  let dist: string;
  let cache: string;
  let installed: { flush(): void; uninstall(): void } | null = null;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'code-cache-'));
    dist = path.join(root, 'dist');
    cache = path.join(root, 'cache');
    mkdirSync(dist);
  });
  afterEach(() => {
    installed?.uninstall();
    installed = null;
    rmSync(root, { recursive: true, force: true });
  });

  /** Loads dist/a.cjs afresh (out of require's cache) through the code cache. */
  function load(env: NodeJS.ProcessEnv = { SKILL_STUDIO_CODE_CACHE_DIR: cache }): unknown {
    installed?.uninstall();
    installed = installCodeCache(dist, env);
    const file = path.join(dist, 'a.cjs');
    delete nodeRequire.cache[file];
    delete nodeRequire.cache[path.join(dist, 'b.cjs')];
    const value = (nodeRequire(file) as { value: unknown }).value;
    installed?.flush();
    return value;
  }

  function writeBundle(body: string, when: Date): void {
    const file = path.join(dist, 'a.cjs');
    writeFileSync(file, body);
    utimesSync(file, when, when);
  }

  it('keeps the code of a bundle and loads it again with the same result', () => {
    writeFileSync(path.join(dist, 'b.cjs'), 'exports.two = 2;\n');
    writeBundle(
      "const { two } = require('./b.cjs');\nmodule.exports = { value: [two, __filename, typeof module.require, require.resolve('./b.cjs')] };\n",
      new Date(1_000_000),
    );
    const first = load();
    expect(first).toEqual([2, path.join(dist, 'a.cjs'), 'function', path.join(dist, 'b.cjs')]);
    expect(readdirSync(cache).filter((f) => f.endsWith('.bin'))).toHaveLength(2);
    expect(load()).toEqual(first);
  });

  it('ignores the code of an older build of the bundle', () => {
    writeBundle('module.exports = { value: 1 };\n', new Date(1_000_000));
    expect(load()).toBe(1);
    // Same length, new content: only the build's time tells it apart.
    writeBundle('module.exports = { value: 2 };\n', new Date(2_000_000));
    expect(load()).toBe(2);
  });

  it('survives a corrupt cache file and a cache folder it cannot write', () => {
    writeBundle('module.exports = { value: "ok" };\n', new Date(1_000_000));
    expect(load()).toBe('ok');
    for (const f of readdirSync(cache)) writeFileSync(path.join(cache, f), 'not V8 code');
    expect(load()).toBe('ok');
    // A file where the folder should be: nothing can be read or written there.
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, '');
    expect(load({ SKILL_STUDIO_CODE_CACHE_DIR: path.join(blocked, 'v8') })).toBe('ok');
  });

  it.skipIf(process.getuid?.() !== 0)(
    "uses no cache file of another user's, and replaces it (as root: one handed to nobody)",
    () => {
      writeBundle('module.exports = { value: "mine" };\n', new Date(1_000_000));
      expect(load()).toBe('mine');
      const [name] = readdirSync(cache).filter((f) => f.endsWith('.bin'));
      const file = path.join(cache, name);
      const own = statSync(file).ino;
      expect(load()).toBe('mine');
      expect(statSync(file).ino).toBe(own); // used as it is, not written again
      chownSync(file, 65534, 65534);
      expect(load()).toBe('mine');
      expect(statSync(file).uid).toBe(0); // not used: compiled afresh and written anew
      expect(statSync(file).ino).not.toBe(own);
    },
  );

  it('is off with NODE_DISABLE_COMPILE_CACHE', () => {
    expect(installCodeCache(dist, { NODE_DISABLE_COMPILE_CACHE: '1' })).toBeNull();
  });
});
