import { readdirSync } from 'node:fs';

// Modules the CLI's bundles load on first use although they are imported statically
// (scripts/build.mjs replaces each with a stub that requires their one bundle when an
// export is first read), and the packages loaded only with require() when needed. Kept
// here so that the lean-bundle test (electron/cli/lean-bundles.test.ts) leaves out exactly
// what the build leaves out.
// Each module's bundle: ajv's modules share one, so a process that needs both never loads
// ajv twice; the router's params validators are one per namespace of methods
// (scripts/param-validators.ts), so a call reads only its own namespace's checks.
const PARAMS_FOLDER = 'electron/host/params/vendor/params';
export const CLI_LAZY_MODULE_BUNDLES = {
  'shared/json/skill-ajv.ts': 'ajv',
  'shared/json/internal-schemas.ts': 'ajv',
  // What the host holds for the few runs that use it, a third of its bundle: the MCP
  // server of `skill-studio mcp` (the MCP SDK, zod and ajv with it), remote A2E hosts
  // (ws), and zip bundles (yauzl, yazl). A `call` or an `explain` never parses them.
  'electron/host/mcp/skills-server.ts': 'mcp-server',
  'electron/host/mcp/stdio-transport.ts': 'mcp-server',
  'electron/host/remote/remote-a2e.ts': 'remote-a2e',
  'electron/host/bundle/import-bundle.ts': 'bundle-import',
  'electron/host/bundle/export-bundle.ts': 'bundle-export',
  // Reading a skill afresh: the SKILL.md validator with the checks it runs, and the checks
  // of its eval files. Needed only for a skill with no kept or seeded verdict: a `list`
  // whose skills are all kept (or only the bundled ones) never parses them.
  'shared/skill/validate.ts': 'skill-read',
  'electron/host/registry/eval-sidecars.ts': 'skill-read',
  ...Object.fromEntries(
    readdirSync(new URL(`../${PARAMS_FOLDER}`, import.meta.url))
      .filter((name) => name.endsWith('.generated.ts'))
      .sort()
      .map((name) => [
        `${PARAMS_FOLDER}/${name}`,
        `params-${name.replace(/\.generated\.ts$/, '')}`,
      ]),
  ),
};
export const CLI_LAZY_MODULE_FILES = Object.keys(CLI_LAZY_MODULE_BUNDLES);
export const CLI_LAZY_PACKAGES = { re2js: 're2js' };
// Packages imported statically but loaded on first use, as the modules above are: each a
// bundle of its own (named after it) that every CLI bundle shares, reached through a stub.
// The YAML parser is a third of what `list` would read, needed only for a skill with no
// kept or seeded verdict (a first `list` of the bundled skills alone parses none).
// The Anthropic SDK is two fifths of the whole host's bundle, needed only by a run or a
// check on an Anthropic provider: a `call` on any other provider never parses it. Such a
// package is imported by its named exports only (a default import would be the stub).
export const CLI_LAZY_IMPORTED_PACKAGES = ['yaml', '@anthropic-ai/sdk'];
