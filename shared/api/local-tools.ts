/** The providers, MCP clients and local server as the command line sets them up. Local-process methods (./local-process.ts). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled as the command line's methods move in
export interface LocalToolMethods {}
