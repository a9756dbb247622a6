/**
 * node:crypto, loaded on first use: loading it costs a short CLI run about 6 ms (a
 * twentieth of a whole `node -e 0`), and most runs (`list`, `validate`, `read`) neither
 * hash a binary file nor write one. A static import would load it with every bundle that
 * could, however rarely, need it. process.getBuiltinModule (Node 20.16+, 22.3+) is
 * Node's own way to load a built-in module where it is needed.
 */
export function nodeCrypto(): typeof import('node:crypto') {
  return process.getBuiltinModule('node:crypto');
}
