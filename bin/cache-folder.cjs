'use strict';
/**
 * The CLI's cache folder, as each platform places caches: the compiled code of the
 * bundles (code-cache.cjs, in `v8/`) and the verdicts on skills' schemas
 * (electron/host/client/schema-verdict-file.ts) live there. Everything in it can be
 * deleted at any time; it only saves work. SKILL_STUDIO_CACHE_DIR moves it, and
 * NODE_DISABLE_COMPILE_CACHE=1 (Node's own switch for its compile cache) turns it off.
 */
const os = require('node:os');
const path = require('node:path');

/** The folder, or null when caching is switched off. */
function cacheFolder(env = process.env) {
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  if (env.SKILL_STUDIO_CACHE_DIR) return env.SKILL_STUDIO_CACHE_DIR;
  const home = os.homedir();
  if (process.platform === 'win32')
    return path.join(
      env.LOCALAPPDATA || path.join(home, 'AppData', 'Local'),
      'skill-studio',
      'Cache',
    );
  if (process.platform === 'darwin') return path.join(home, 'Library', 'Caches', 'skill-studio');
  return path.join(env.XDG_CACHE_HOME || path.join(home, '.cache'), 'skill-studio');
}

module.exports = { cacheFolder };
