'use strict';
/**
 * A V8 code cache for the CLI's bundles (dist/cli.cjs and dist/cli/*.cjs), for Node versions
 * without module.enableCompileCache (Node 20): agents and CI run the CLI many times, and
 * compiling a command's bundle is a good part of its start.
 *
 * Each bundle is compiled with the code V8 produced for it in an earlier run (vm.Script
 * cachedData), kept in `v8/` of the CLI's cache folder (cache-folder.cjs;
 * SKILL_STUDIO_CODE_CACHE_DIR moves this part alone) under a key of the bundle's path, size and
 * modification time and of the Node version and architecture. A bundle compiled without
 * usable cached data has its code written at exit, after the run compiled what it used.
 * Stale or rejected data is ignored (and replaced), and a cache folder that cannot be read
 * or written only costs the speed: nothing here may make the CLI fail.
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch) turns it off.
 */
const fs = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const { cacheFolder, isOwnFile } = require('./cache-folder.cjs');

/** The folder of the code cache: `v8/` in the CLI's cache folder, unless moved on its own. */
function codeCacheFolder(env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  if (env.SKILL_STUDIO_CODE_CACHE_DIR) return path.resolve(env.SKILL_STUDIO_CODE_CACHE_DIR);
  const root = cacheFolder(env);
  return root && path.join(root, 'v8');
}

/**
 * A 53-bit hash of `text` (cyrb53): enough to tell the few bundles of a few builds apart,
 * without loading node:crypto (about 6 ms, a twentieth of a bare Node start) in every run.
 * A collision could only hand V8 another bundle's data, which it refuses unless the
 * source length matches too; the key also names the bundle, so it would need two builds
 * of one bundle with the same length, key and hash.
 */
function hash53(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function cacheFileFor(folder, filename) {
  const st = fs.statSync(filename);
  const key = [
    filename,
    st.size,
    st.mtimeMs,
    st.ctimeMs,
    st.ino,
    process.version,
    process.arch,
  ].join('\0');
  return path.join(folder, `${path.basename(filename, '.cjs')}-${hash53(key)}.bin`);
}

/** The file's bytes when the user owns it (compiled code runs as it is): else it throws. */
function readOwnFile(file) {
  const fd = fs.openSync(file, 'r');
  try {
    if (!isOwnFile(fs.fstatSync(fd))) throw new Error(`${file} is not the user's own`);
    return fs.readFileSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Compiles `content` as Node's CommonJS loader would, with cached code when there is some. */
function compileWithCache(mod, content, filename, folder, pending) {
  let file = null;
  let cachedData;
  try {
    file = cacheFileFor(folder, filename);
    cachedData = readOwnFile(file);
  } catch {
    cachedData = undefined; // none yet (or unreadable): compile as usual, keep it at exit
  }
  // Loaded here, not at the top: with caching off (NODE_DISABLE_COMPILE_CACHE) no run needs it.
  const vm = require('node:vm');
  const script = new vm.Script(Module.wrap(content), { filename, cachedData });
  if (file && (cachedData === undefined || script.cachedDataRejected))
    pending.push({ script, file });
  const wrapper = script.runInThisContext({ displayErrors: true });
  const moduleRequire = (id) => mod.require(id);
  moduleRequire.resolve = (request, options) =>
    Module._resolveFilename(request, mod, false, options);
  moduleRequire.main = process.mainModule;
  moduleRequire.cache = Module._cache;
  return wrapper.call(
    mod.exports,
    mod.exports,
    moduleRequire,
    mod,
    filename,
    path.dirname(filename),
  );
}

/** Writes the code of the bundles compiled without cached data; any failure is ignored. */
function writePending(folder, pending) {
  if (pending.length === 0) return;
  try {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  } catch {
    return;
  }
  for (const { script, file } of pending) {
    try {
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
      fs.renameSync(tmp, file); // whole or not at all, even with two runs at once
    } catch {
      // An unwritable cache only costs speed.
    }
  }
  // Files named by the key's sha256 (before the names said which bundle) are never read again.
  try {
    for (const name of fs.readdirSync(folder))
      if (/^[0-9a-f]{32}\.bin$/.test(name)) fs.rmSync(path.join(folder, name), { force: true });
  } catch {
    // Leftovers only take room.
  }
}

/**
 * Serves the bundles under `distDir` from the code cache; other modules load as usual.
 * Returns `flush` (writes the code of what was compiled without cached data; also run at
 * exit) and `uninstall`, or null when the cache is switched off.
 */
function installCodeCache(distDir, env = process.env) {
  let folder;
  try {
    folder = codeCacheFolder(env);
  } catch {
    return null;
  }
  if (!folder) return null;
  const prefix = distDir.endsWith(path.sep) ? distDir : distDir + path.sep;
  const pending = [];
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    if (!filename.startsWith(prefix) || !filename.endsWith('.cjs'))
      return compile.call(this, content, filename);
    return compileWithCache(this, content, filename, folder, pending);
  };
  const flush = () => writePending(folder, pending.splice(0));
  process.once('exit', flush);
  return {
    flush,
    uninstall() {
      Module.prototype._compile = compile;
      process.removeListener('exit', flush);
    },
  };
}

module.exports = { installCodeCache, codeCacheFolder };
