#!/usr/bin/env node
'use strict';
// The `skill-studio` command: the bundled CLI built by `npm run build`.
const path = require('node:path');
const fs = require('node:fs');
const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs');
let built;
try {
  built = fs.statSync(bundle);
} catch {
  built = null;
}
if (!built) {
  process.stderr.write(
    'skill-studio: not built yet — run `npm run build` in ' + path.dirname(__dirname) + '\n',
  );
  process.exit(2);
}
// Node 22.1+ can keep the compiled code of the bundles between runs (agents and CI call
// the CLI many times); on Node 20, which has no such cache, a V8 code cache of our own
// does the same for the bundles (code-cache.cjs).
const { enableCompileCache } = require('node:module');
if (typeof enableCompileCache === 'function') {
  try {
    enableCompileCache();
  } catch {
    // A cache that cannot be used only costs speed.
  }
} else {
  require('./code-cache.cjs').installCodeCache(path.dirname(bundle));
}
// Verdicts on skills' schemas and on skills: kept for the next run in the cache folder, and
// found by the build for its bundled skills (the seeds); all for this build only.
let buildId;
try {
  buildId = fs.readFileSync(path.join(path.dirname(bundle), 'cli', 'build-id'), 'utf8').trim();
} catch {
  buildId = `${built.size}:${built.mtimeMs}`; // a build without its id (an older one)
}
const cache = {
  dir: null,
  buildId,
  seed: path.join(path.dirname(bundle), 'cli', 'schema-verdicts.seed.json'),
  listingSeed: path.join(path.dirname(bundle), 'cli', 'listing-verdicts.seed.json'),
};
try {
  cache.dir = require('./cache-folder.cjs').cacheFolder(process.env);
} catch {
  // No cache folder (no home folder, say): nothing is kept between runs.
}
require(bundle)
  .main(process.argv.slice(2), { cache })
  .then((code) => {
    process.exitCode = code;
  });
