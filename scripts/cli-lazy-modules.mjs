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
// Packages imported statically but loaded on first use, as the modules above are: each a
// bundle of its own (named after it) that every CLI bundle shares, reached through a stub.
// The YAML parser is a third of what `list` would read, needed only for a skill with no
// kept or seeded verdict (a first `list` of the bundled skills alone parses none).
export const CLI_LAZY_IMPORTED_PACKAGES = ['yaml'];
