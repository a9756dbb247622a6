/**
 * The CLI starts fast only while each process parses the code of its command alone
 * (scripts/build.mjs bundles each command apart, commands/index.ts loads them with
 * import()). One static import in the wrong place pulls the validator, ajv and yaml into
 * every command's start; this test bundles the entry and the lean commands as the build
 * does (what import() names stays outside) and fails on what must not be there.
 */
import { build } from 'esbuild';
// @ts-expect-error: a plain ES module of the build scripts, without types.
import * as lazyModules from '../../scripts/cli-lazy-modules.mjs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const REPO = path.resolve(__dirname, '..', '..');

const { CLI_LAZY_IMPORTED_PACKAGES, CLI_LAZY_MODULE_FILES, CLI_LAZY_PACKAGES } = lazyModules as {
  CLI_LAZY_IMPORTED_PACKAGES: string[];
  CLI_LAZY_MODULE_FILES: string[];
  CLI_LAZY_PACKAGES: Record<string, string>;
};
const LAZY_FILES = new Set<string>(CLI_LAZY_MODULE_FILES);
const LAZY_PACKAGES = new Set<string>(Object.keys(CLI_LAZY_PACKAGES));
const LAZY_IMPORTS = new Set<string>(CLI_LAZY_IMPORTED_PACKAGES);

/**
 * The source files and packages a bundle of `entry` holds: import()ed modules left out, and
 * what the build loads on first use (scripts/cli-lazy-modules.mjs) when `lazy` is set.
 */
async function bundledInputs(entry: string, lazy = false): Promise<string[]> {
  const result = await build({
    entryPoints: [path.join(REPO, entry)],
    absWorkingDir: REPO,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    write: false,
    metafile: true,
    logLevel: 'silent',
    external: ['electron', '@parcel/watcher', 'bufferutil', 'utf-8-validate'],
    plugins: [
      {
        name: 'lazy-stays-out',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'dynamic-import') return { path: args.path, external: true };
            if (!lazy) return undefined;
            // As in the build: a package is lazy where it is require()d, not where imported.
            if (args.kind === 'require-call' && LAZY_PACKAGES.has(args.path))
              return { path: args.path, external: true };
            if (args.kind === 'import-statement' && LAZY_IMPORTS.has(args.path))
              return { path: args.path, external: true };
            const file = path
              .relative(REPO, path.resolve(args.resolveDir, args.path))
              .split(path.sep)
              .join('/');
            return LAZY_FILES.has(`${file}.ts`) || LAZY_FILES.has(file)
              ? { path: args.path, external: true }
              : undefined;
          });
        },
      },
    ],
  });
  return Object.keys(result.metafile.inputs);
}

const heavy = (inputs: string[], names: string[]): string[] =>
  inputs.filter((f) => names.some((n) => f.includes(n)));

const VALIDATOR = [
  'node_modules/ajv/',
  'node_modules/re2js/',
  'shared/skill/validate.ts',
  'shared/json/json-schema.ts',
];

describe('lean CLI bundles', () => {
  it('the entry (help, parsing, signals) holds no YAML parser, validator or ajv', async () => {
    const inputs = await bundledInputs('electron/cli/main.ts');
    expect(heavy(inputs, ['node_modules/yaml/', ...VALIDATOR])).toEqual([]);
  });

  it('read and files find a skill without the validator, the scan or the settings reader', async () => {
    const lean = [
      ...VALIDATOR,
      'electron/host/registry/scan.ts',
      'electron/host/registry/registry.ts',
      'electron/host/workspace/workspace-config.ts',
    ];
    // The command holds its output and the client's door; the client's lookup module
    // (a bundle of its own, loaded when read or files first asks) holds the finding.
    const command = await bundledInputs('electron/cli/commands/read.ts');
    // ajv's string-length helper is what the router's generated params validators call: a
    // few lines, not the compiler.
    const routerRuntime = 'node_modules/ajv/dist/runtime/ucs2length.js';
    expect(heavy(command, lean).filter((f) => f !== routerRuntime)).toEqual([]);
    expect(command).not.toContain('node_modules/ajv/dist/ajv.js');
    expect(command).toContain('electron/host/in-process/host-proxy.ts');
    const lookup = await bundledInputs('electron/host/in-process/lookup.ts');
    expect(heavy(lookup, lean)).toEqual([]);
    // …and still through the registry's own rules.
    expect(lookup).toContain('electron/host/registry/find-skill.ts');
  });

  it('list and validate read skills without ajv, RE2 or the meta-schema validators, loaded on first use', async () => {
    const firstUse = [
      'node_modules/ajv/',
      'node_modules/ajv-formats/',
      'node_modules/re2js/',
      'shared/json/vendor/',
    ];
    // What a validator kept by an earlier run calls (skill-studio.json's, for one), a few KB:
    // ajv's runtime helpers and the formats, none of ajv's compiler.
    const keptValidatorRuntime = [
      'node_modules/ajv/dist/runtime/',
      'node_modules/ajv-formats/dist/formats.js',
    ];
    for (const domain of ['catalog', 'folder-checks']) {
      const inputs = await bundledInputs(`electron/host/in-process/${domain}.ts`, true);
      expect(inputs).toContain('electron/host/registry/skill-record.ts');
      expect(
        heavy(inputs, firstUse).filter((f) => heavy([f], keptValidatorRuntime).length === 0),
      ).toEqual([]);
    }
  });

  it('list reads skills kept or seeded without the YAML parser or the validator, loaded on first use', async () => {
    const inputs = await bundledInputs('electron/host/in-process/catalog.ts', true);
    expect(inputs).toContain('electron/host/registry/listing-seed.ts');
    // Without the lazy split both are there: the check below is not vacuous.
    const whole = await bundledInputs('electron/host/in-process/catalog.ts');
    const reading = ['shared/skill/validate.ts', 'shared/eval/parse.ts'];
    expect(heavy(whole, reading).sort()).toEqual([...reading].sort());
    expect(heavy(inputs, ['node_modules/yaml/', ...reading])).toEqual([]);
    // The settings reader (and its ajv) loads only for a workspace with a skill-studio.json.
    expect(inputs).not.toContain('electron/host/workspace/workspace-config.ts');
    expect(inputs).toContain('electron/host/workspace/workspace-file.ts');
  });

  /** The one router the door sends local-process methods through, and its generated checks. */
  const ROUTER = [
    'electron/host/router.ts',
    'electron/host/lazy-handler-table.ts',
    'electron/host/local-method-domains.ts',
    'electron/host/params/method-callers.ts',
    'electron/host/params/param-validators.ts',
    'electron/host/params/vendor/param-validators.generated.ts',
  ];
  /** Its namespaces' validators (each a bundle of its own, read when one of its methods is called). */
  const PARAMS_MODULES = 'electron/host/params/vendor/params/';

  it("list reads only its own namespace's params validators", async () => {
    const inputs = await bundledInputs('electron/cli/commands/list.ts', true);
    expect(inputs).toContain('electron/host/params/vendor/param-validators.generated.ts');
    expect(inputs.filter((f) => f.startsWith(PARAMS_MODULES))).toEqual([]);
  });

  it("a command's own bundle holds none of the host: the client loads each domain when asked", async () => {
    for (const command of ['list', 'validate', 'call', 'serve', 'mcp', 'providers']) {
      const inputs = await bundledInputs(`electron/cli/commands/${command}.ts`);
      const host = inputs.filter(
        (f) =>
          ((f.startsWith('electron/host/') && !f.startsWith('electron/host/in-process/')) ||
            f.startsWith('electron/server/')) &&
          !ROUTER.includes(f) &&
          !f.startsWith(PARAMS_MODULES),
      );
      expect(host).toEqual([]);
    }
  });
});
