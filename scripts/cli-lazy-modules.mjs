// Modules the CLI's bundles load on first use although they are imported statically
// (scripts/build.mjs replaces each with a stub that requires their one bundle when an
// export is first read), and the packages loaded only with require() when needed. Kept
// here so that the lean-bundle test (electron/cli/lean-bundles.test.ts) leaves out exactly
// what the build leaves out.
export const CLI_LAZY_MODULE_FILES = [
  'shared/json/skill-ajv.ts',
  'shared/json/internal-schemas.ts',
];
export const CLI_LAZY_PACKAGES = { re2js: 're2js' };
