// Builds everything that runs: the CLI/server bundle, the Electron main and preload
// bundles, and the renderer. Usage: node scripts/build.mjs [--no-renderer]
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  CLI_LAZY_IMPORTED_PACKAGES,
  CLI_LAZY_MODULE_BUNDLES,
  CLI_LAZY_MODULE_FILES,
  CLI_LAZY_PACKAGES,
} from './cli-lazy-modules.mjs';

const skipRenderer = process.argv.includes('--no-renderer');
// Native or optional modules stay outside the bundles and load from node_modules.
// dockerode's ssh2 tries its optional native crypto and cpu-features inside try/catch and
// falls back to JavaScript without them (the studio never opens ssh:// engines anyway).
const external = [
  'electron',
  '@parcel/watcher',
  'bufferutil',
  'utf-8-validate',
  'cpu-features',
  '*.node',
];
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  external,
  logLevel: 'warning',
  // app-paths.ts reads import.meta.url only where __dirname is missing (ESM), never in these CJS bundles.
  logOverride: { 'empty-import-meta': 'silent' },
};

// The CLI starts small: dist/cli.cjs holds argument parsing, help and signal handling;
// each command is a bundle of its own in dist/cli/, required when it runs (the
// import() calls of electron/cli/commands/index.ts), so a process parses only the
// code of its command. Modules whose state both sides share (UsageError, the live
// runs that a signal stops) are bundles of their own too, required by both.
// The Studio API's one error class is one too, so the router in one bundle knows a
// StudioError thrown in another (its code kept, not taken for an internal error).
const CLI_SHARED = {
  'electron/cli/io.ts': 'io',
  'electron/host/runner/live-runs.ts': 'live-runs',
  'shared/errors.ts': 'errors',
};
// Modules a command loads only when it needs them, with import(): where that import is
// written, the module is a bundle of its own, so a run that never needs it never parses
// it (the settings reader and its ajv, when there is no skill-studio.json). Written as a
// static import elsewhere, it is bundled there as usual.
const CLI_LAZY = {
  'electron/host/workspace/workspace-config.ts': 'workspace-config',
  // The container sandbox and its engine client (dockerode), for runs that use an engine.
  'electron/host/runner/sandbox/container-detect.ts': 'container',
};
// CLI_LAZY_PACKAGES (scripts/cli-lazy-modules.mjs): packages loaded with require() only
// when needed (shared/json/json-schema.ts loads RE2 for a pattern): a bundle of their own,
// so the bundles that may need them neither read nor parse a third of a megabyte of code a
// run mostly leaves unused.
// CLI_LAZY_MODULE_FILES (the same file): modules imported statically but loaded on first use: in every CLI bundle, such a module
// is a stub whose exports require its bundle when first read (esbuild reads an imported
// binding at each use, so nothing is required at load). For modules of named exports only
// (a default export would be the stub itself); one used while loading still works (the
// stub's require is synchronous) but is then loaded at once, as the router's bundles do.
// ajv's classes and the meta-schema validators, half of what `list` would read, are needed
// only for a schema with no kept verdict (shared/json/schema-verdicts.ts) or a
// skill-studio.json to check. All of them share one
// bundle, so a process that needs both never loads ajv twice. The router's params
// validators, a bundle per namespace of methods (CLI_LAZY_MODULE_BUNDLES names each
// module's), are read for the methods a run calls, not for all of them.
const CLI_LAZY_MODULES = Object.fromEntries(
  await Promise.all(CLI_LAZY_MODULE_FILES.map(async (file) => [file, await exportsOf(file)])),
);
/** The lazy modules of each bundle. */
const CLI_LAZY_BUNDLES = {};
for (const file of CLI_LAZY_MODULE_FILES)
  (CLI_LAZY_BUNDLES[CLI_LAZY_MODULE_BUNDLES[file]] ??= []).push(file);
// CLI_LAZY_IMPORTED_PACKAGES (the same file): each package's bundle, reached through a stub
// of the same kind; a CommonJS package's names are its exports object's keys.
const requireHere = createRequire(import.meta.url);
const CLI_LAZY_IMPORTS = Object.fromEntries(
  CLI_LAZY_IMPORTED_PACKAGES.map((name) => [name, Object.keys(requireHere(name))]),
);

/** The names a module exports (values only: types are gone once compiled). */
async function exportsOf(file) {
  const { metafile } = await build({
    entryPoints: [file],
    format: 'esm',
    write: false,
    outdir: 'dist/.exports',
    metafile: true,
    logLevel: 'silent',
  });
  return Object.values(metafile.outputs)[0].exports;
}
// Every module commands/index.ts loads with import(): the list cannot fall behind it.
const CLI_COMMANDS = [
  ...new Set(
    [
      ...readFileSync('electron/cli/commands/index.ts', 'utf8').matchAll(
        /import\('\.\/([a-z0-9-]+)'\)/g,
      ),
    ].map((m) => m[1]),
  ),
];

// The in-process host proxy's domain modules (electron/host/in-process/host-proxy.ts loads each with
// import() when one of its methods is first invoked): each a bundle of its own too, so
// `read` never parses the catalog's validator and `list` never parses the runner.
const PROXY_DOMAINS = [
  ...new Set(
    [
      ...readFileSync('electron/host/in-process/host-proxy.ts', 'utf8').matchAll(
        /import\('\.\/([a-z0-9-]+)'\)/g,
      ),
    ].map((m) => m[1]),
  ),
];

/**
 * A CommonJS module whose `exports` each require the bundle `bundle` when first read. Once
 * loaded, each export is a plain value (none of these modules reassigns an export), so a
 * hot loop that calls one (the YAML parser's type checks, say) pays one property read, not
 * two getters, per call.
 */
function lazyStub(exports, bundle) {
  const getters = exports.map(
    (name) =>
      `Object.defineProperty(exports, ${JSON.stringify(name)}, { enumerable: true, configurable: true, get: () => load()[${JSON.stringify(name)}] });`,
  );
  return [
    'let loaded;',
    'const load = () => {',
    '  if (loaded !== undefined) return loaded;',
    `  loaded = require(${JSON.stringify(`lazy-bundle:${bundle}`)});`,
    `  for (const name of ${JSON.stringify(exports)})`,
    '    Object.defineProperty(exports, name, { enumerable: true, value: loaded[name] });',
    '  return loaded;',
    '};',
    ...getters,
  ].join('\n');
}

/** Resolves shared modules and command modules to the dist/cli/ bundles (`prefix`: from where). */
function cliParts(prefix, self) {
  return {
    name: 'cli-parts',
    setup(b) {
      b.onResolve({ filter: /^lazy-bundle:/ }, (args) => ({
        path: `${prefix}${args.path.slice('lazy-bundle:'.length)}.cjs`,
        external: true,
      }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-module' }, (args) => ({
        contents: lazyStub(CLI_LAZY_MODULES[args.path], CLI_LAZY_MODULE_BUNDLES[args.path]),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'lazy-import' }, (args) => ({
        contents: lazyStub(CLI_LAZY_IMPORTS[args.path], args.path),
        loader: 'js',
      }));
      b.onResolve({ filter: /^[a-z0-9@][^:]*$/ }, (args) => {
        const lazy = CLI_LAZY_PACKAGES[args.path];
        if (args.kind === 'require-call' && lazy && lazy !== self)
          return { path: `${prefix}${lazy}.cjs`, external: true };
        if (args.kind === 'import-statement' && CLI_LAZY_IMPORTS[args.path] && args.path !== self)
          return { path: args.path, namespace: 'lazy-import' };
        return undefined;
      });
      b.onResolve({ filter: /^\.\.?\// }, (args) => {
        const rel = path.relative(process.cwd(), path.resolve(args.resolveDir, args.path));
        const file = rel
          .split(path.sep)
          .join('/')
          .replace(/(\.ts)?$/, '.ts');
        if (CLI_LAZY_MODULES[file] && self !== CLI_LAZY_MODULE_BUNDLES[file])
          return { path: file, namespace: 'lazy-module' };
        const shared = CLI_SHARED[file];
        if (shared && shared !== self) return { path: `${prefix}${shared}.cjs`, external: true };
        if (args.kind === 'dynamic-import' && CLI_LAZY[file])
          return { path: `${prefix}${CLI_LAZY[file]}.cjs`, external: true };
        const command = /^electron\/cli\/commands\/([a-z0-9-]+)\.ts$/.exec(file)?.[1];
        if (args.kind === 'dynamic-import' && command && CLI_COMMANDS.includes(command))
          return { path: `${prefix}${command}.cjs`, external: true };
        const domain = /^electron\/host\/in-process\/([a-z0-9-]+)\.ts$/.exec(file)?.[1];
        if (args.kind === 'dynamic-import' && domain && PROXY_DOMAINS.includes(domain))
          return { path: `${prefix}host-${domain}.cjs`, external: true };
        return undefined;
      });
    },
  };
}

// Worker threads' modules: schema compiling for calls, and reading skills on a second core.
const WORKERS = {
  'schema-worker': 'electron/host/workers/schema-worker.ts',
  'scan-worker': 'electron/host/registry/scan-worker.ts',
};

const cliBuilds = [
  build({
    ...common,
    entryPoints: ['electron/cli/main.ts'],
    outfile: 'dist/cli.cjs',
    plugins: [cliParts('./cli/', null)],
    // import() of a command's bundle becomes require(): no trip through the ESM loader.
    supported: { 'dynamic-import': false },
  }),
  ...[
    ...CLI_COMMANDS.map((name) => [`electron/cli/commands/${name}.ts`, name]),
    ...PROXY_DOMAINS.map((name) => [`electron/host/in-process/${name}.ts`, `host-${name}`]),
    ...Object.entries(CLI_SHARED),
    ...Object.entries(CLI_LAZY),
    ...Object.entries(CLI_LAZY_PACKAGES),
    ...CLI_LAZY_IMPORTED_PACKAGES.map((name) => [name, name]),
  ].map(([entry, name]) =>
    build({
      ...common,
      entryPoints: [entry],
      outfile: `dist/cli/${name}.cjs`,
      plugins: [cliParts('./', name)],
      supported: { 'dynamic-import': false },
    }),
  ),
  // The lazy modules' bundles: each module's exports, from the module itself.
  ...Object.entries(CLI_LAZY_BUNDLES).map(([bundle, files]) =>
    build({
      ...common,
      stdin: {
        contents: files
          .map((file) => `export { ${CLI_LAZY_MODULES[file].join(', ')} } from './${file}';`)
          .join('\n'),
        resolveDir: process.cwd(),
        sourcefile: `${bundle}-entry.ts`,
        loader: 'ts',
      },
      outfile: `dist/cli/${bundle}.cjs`,
      plugins: [cliParts('./', bundle)],
      supported: { 'dynamic-import': false },
    }),
  ),
];

await Promise.all([
  ...cliBuilds,
  // Each worker's module sits beside each bundle that starts it (workers/worker-pool.ts, workerEntry).
  ...Object.entries(WORKERS)
    .filter(([, source]) => existsSync(source))
    .flatMap(([name, source]) =>
      ['dist', 'dist/cli', 'dist/electron'].map((dir) =>
        build({
          ...common,
          entryPoints: [source],
          outfile: `${dir}/${name}.cjs`,
          // Beside the CLI's bundles, a worker loads the lazy ones (ajv, RE2) as they do.
          ...(dir === 'dist/cli' && { plugins: [cliParts('./', name)] }),
        }),
      ),
    ),
  existsSync('electron/main/main.ts') &&
    build({ ...common, entryPoints: ['electron/main/main.ts'], outfile: 'dist/electron/main.cjs' }),
  existsSync('electron/preload/preload.ts') &&
    build({
      ...common,
      entryPoints: ['electron/preload/preload.ts'],
      outfile: 'dist/electron/preload.cjs',
      // A sandboxed preload may require only 'electron': everything else is bundled in.
      external: ['electron'],
    }),
]);

/** Every bundle of the CLI, in a fixed order. */
const cliBundleFiles = () => [
  'dist/cli.cjs',
  ...readdirSync('dist/cli')
    .filter((name) => name.endsWith('.cjs'))
    .sort()
    .map((name) => `dist/cli/${name}`),
];

// A bundle reaches a lazy stub's exports through esbuild's ESM wrapper, a getter per export
// over the stub's own: a hot loop over the YAML parser's type checks paid that getter on every
// call. The stubs' exports are named ones only (a default import would be the stub itself),
// so each bundle reads the stub's exports object directly. A build that finds no stub to
// unwrap fails: esbuild has changed how it writes them, and this must follow.
let unwrappedStubs = 0;
for (const file of cliBundleFiles()) {
  const text = readFileSync(file, 'utf8');
  let unwrapped = text;
  for (const [, name] of text.matchAll(
    /var (require_\w+) = __commonJS\(\{\n\s*"lazy-(?:import|module):/g,
  )) {
    unwrapped = unwrapped.replaceAll(`__toESM(${name}(), 1)`, `${name}()`);
    unwrappedStubs++;
  }
  if (unwrapped !== text) writeFileSync(file, unwrapped);
}
if (unwrappedStubs === 0) throw new Error('build: found no lazy stub in the CLI bundles to unwrap');

// What the CLI keeps between runs belongs to one build (bin/skill-studio.cjs reads this):
// a digest of every CLI bundle, so that no copy, install or archive that keeps or resets
// file times can make two builds look alike.
{
  const digest = createHash('sha256');
  for (const file of cliBundleFiles()) digest.update(file).update('\0').update(readFileSync(file));
  writeFileSync('dist/cli/build-id', digest.digest('hex').slice(0, 32) + '\n');
}

// The bundled skills are validated by every `list`: their schemas' verdicts are found once
// here, by this build's own CLI validating them, and shipped as the seed of the CLI's kept
// verdicts (electron/host/in-process/schema-verdict-file.ts), so that even a first run, or one
// with caching off, need not load ajv for them. It doubles as a smoke test of the CLI.
{
  const folder = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-seed-'));
  // An earlier build's seed would answer the run below, which would then find nothing.
  rmSync('dist/cli/schema-verdicts.seed.json', { force: true });
  try {
    const seed = spawnSync(
      process.execPath,
      ['bin/skill-studio.cjs', 'validate', 'resources/skills'],
      {
        env: { ...process.env, SKILL_STUDIO_CACHE_DIR: folder, NODE_DISABLE_COMPILE_CACHE: '' },
        encoding: 'utf8',
      },
    );
    if (seed.status !== 0 && seed.status !== 1)
      throw new Error(`the built CLI failed to validate the bundled skills:\n${seed.stderr}`);
    // Written anew (not copied): the cache file is private, the seed is for every user.
    const found = path.join(folder, 'schema-verdicts.json');
    if (existsSync(found)) writeFileSync('dist/cli/schema-verdicts.seed.json', readFileSync(found));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// Every `list` reads the bundled skills too: what reading them finds is found once here,
// by the CLI's own reading code, and shipped as the listing seed (keyed by what each read
// saw, electron/host/registry/listing-seed.ts), so that a first run, or one with caching
// off, parses none of their YAML while its code is still compiling.
{
  const folder = mkdtempSync(path.join(os.tmpdir(), 'skill-studio-listing-seed-'));
  try {
    const script = path.join(folder, 'listing-seed.cjs');
    await build({
      ...common,
      sourcemap: false,
      entryPoints: ['scripts/listing-seed.ts'],
      outfile: script,
    });
    const seedFile = 'dist/cli/listing-verdicts.seed.json';
    rmSync(seedFile, { force: true });
    const buildId = readFileSync('dist/cli/build-id', 'utf8').trim();
    const seed = spawnSync(process.execPath, [script, 'resources/skills', buildId, seedFile], {
      stdio: ['ignore', 'inherit', 'pipe'],
      encoding: 'utf8',
    });
    if (seed.status !== 0)
      throw new Error(`reading the bundled skills for the listing seed failed:\n${seed.stderr}`);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

if (!skipRenderer && existsSync('vite.config.ts')) {
  const vite = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  );
  if (vite.status !== 0) process.exit(vite.status ?? 1);
}
console.log('build: dist/ ready');
