#!/usr/bin/env node
'use strict';
// The `skill-studio` command: the bundled CLI built by `npm run build`.
const path = require('node:path');
const fs = require('node:fs');
const bundle = path.join(__dirname, '..', 'dist', 'cli.cjs');
if (!fs.existsSync(bundle)) {
  process.stderr.write(
    'skill-studio: not built yet — run `npm run build` in ' + path.dirname(__dirname) + '\n',
  );
  process.exit(2);
}
// Node 22.1+ can keep the compiled code of the bundles between runs (agents and CI call
// the CLI many times); Node 20 has no such cache, and then nothing changes.
const { enableCompileCache } = require('node:module');
if (typeof enableCompileCache === 'function') {
  try {
    enableCompileCache();
  } catch {
    // A cache that cannot be used only costs speed.
  }
}
require(bundle)
  .main(process.argv.slice(2))
  .then((code) => {
    process.exitCode = code;
  });
