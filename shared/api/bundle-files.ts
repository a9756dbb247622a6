/** Bundles written to and read from paths the command line names. Local-process methods (./local-process.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the command line's methods move in
export interface BundleFileMethods {}
