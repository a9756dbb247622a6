'use strict';
/**
 * The CLI's cache folder, as each platform places caches: the verdicts on skills' schemas
 * (electron/host/client/schema-verdict-file.ts) and, on Node before 22.1, the compiled
 * code of the bundles (code-cache.cjs, in `v8/`; Node 22.1+ keeps its own compile cache in
 * its own folder). Everything in it can be deleted at any time; it only saves work.
 * SKILL_STUDIO_CACHE_DIR moves it, and NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for
 * its compile cache) turns it off.
 *
 * What the cache holds is read back and trusted (compiled code above all), so it must be
 * the user's own: a default folder that is not absolute (an empty HOME, a relative
 * XDG_CACHE_HOME, which the XDG spec says to ignore) would put it in whatever folder the
 * CLI runs in, a repository say, and is refused; and a file in it is used only when the
 * user owns it (isOwnFile).
 */
const os = require('node:os');
const path = require('node:path');

/** The folder, or null when caching is switched off or no safe folder is known. */
function cacheFolder(env = process.env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  // A folder named outright is the user's choice.
  if (env.SKILL_STUDIO_CACHE_DIR) return path.resolve(env.SKILL_STUDIO_CACHE_DIR);
  const home = os.homedir();
  let folder;
  if (process.platform === 'win32') {
    folder = path.join(
      env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'),
      'skill-studio',
      'Cache',
    );
  } else if (process.platform === 'darwin') {
    folder = path.join(home, 'Library', 'Caches', 'skill-studio');
  } else {
    const xdg = env.XDG_CACHE_HOME;
    folder = path.join(
      xdg && path.isAbsolute(xdg) ? xdg : path.join(home, '.cache'),
      'skill-studio',
    );
  }
  return path.isAbsolute(folder) ? folder : null;
}

/** Whether a cache file (its fs.Stats) belongs to the user running the CLI (always, on Windows). */
function isOwnFile(stats) {
  return typeof process.getuid !== 'function' || stats.uid === process.getuid();
}

module.exports = { cacheFolder, isOwnFile };
