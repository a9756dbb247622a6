/**
 * Which program runs a script entrypoint (docs/contracts.md, Script ABI): .js/.mjs/.cjs → the
 * running Node (process.execPath; inside the desktop app, the system's `node`), .py →
 * python3, .sh → bash, anything else is executed directly. Interpreters are looked
 * up in the sandbox's PATH so that the path we hand to the sandbox exists inside it.
 */
import { realpathSync } from 'node:fs';
import { delimiter, dirname, extname } from 'node:path';
import { findExecutable } from './find-executable';

export interface InterpreterChoice {
  command: string;
  args: string[];
  /** Environment the interpreter itself needs (none of ours needs any today). */
  env: Record<string, string>;
  /** Folders to make visible read-only (an interpreter installed outside /usr). */
  readOnlyPaths: string[];
  /** Address-space headroom the interpreter needs on top of the memory cap. */
  addressSpaceExtraBytes: number;
  label: string;
}

/**
 * V8 reserves large virtual ranges up front (code range, cages, thread stacks):
 * a trivial Node script needs ~700 MB of address space before it allocates
 * anything. The memory cap itself is RLIMIT_DATA, which counts only memory that is
 * written to, so Node needs no heap flag (any V8 flag would also cost ~10 ms per
 * start: it invalidates the code cache Node ships for its own modules); when the
 * heap outgrows the cap, V8 stops with "JavaScript heap out of memory". The
 * RLIMIT_AS backstop gets this much extra room for V8's reservations. Where no
 * rlimit can be set (no prlimit), the heap flag is the only cap there is.
 */
export const NODE_ADDRESS_SPACE_EXTRA = 1024 * 1024 * 1024;

const SYSTEM_PREFIXES = ['/usr/', '/bin/', '/sbin/', '/lib/', '/lib64/'];

function isSystemPath(path: string): boolean {
  return SYSTEM_PREFIXES.some((p) => path.startsWith(p));
}

export const NO_NODE_MESSAGE =
  'Node.js was not found: the desktop app runs .js/.mjs/.cjs scripts with the `node` on your PATH ' +
  '(it cannot act as Node itself). Install Node.js 20 or later, or run the skill with the `skill-studio` CLI.';

/**
 * The Node that runs script skills. The CLI and the server are Node already. The
 * desktop app's binary is Electron, packaged with its RunAsNode fuse off (so no
 * ELECTRON_RUN_AS_NODE: nothing can turn the app into a bare Node), so it uses
 * the system's `node`: the sandbox's PATH first, then the app's own PATH. Null:
 * there is none.
 */
export function nodeExecutable(
  searchPath: string[],
  electron: string | undefined = process.versions.electron,
  hostPath: string = process.env.PATH ?? '',
): string | null {
  if (!electron) return process.execPath;
  return (
    findExecutable('node', searchPath) ??
    findExecutable(
      'node',
      hostPath.split(delimiter).filter((p) => p.length > 0),
    )
  );
}

export type InterpreterLookup =
  { ok: true; choice: InterpreterChoice } | { ok: false; message: string };

export function chooseInterpreter(
  scriptPath: string,
  searchPath: string[],
  /** Node's heap cap where no rlimit can hold the memory cap (no prlimit); else null. */
  heapCapBytes: number | null = null,
): InterpreterLookup {
  const ext = extname(scriptPath).toLowerCase();
  if (ext === '.js' || ext === '.mjs' || ext === '.cjs') {
    const node = nodeExecutable(searchPath);
    if (node === null) return { ok: false, message: NO_NODE_MESSAGE };
    const exec = realpathSync(node);
    const args: string[] = [];
    if (heapCapBytes !== null) {
      // Leave a quarter of the cap for Buffers, the stack and native allocations.
      const heapMb = Math.max(16, Math.floor((heapCapBytes * 0.75) / (1024 * 1024)));
      args.push(`--max-old-space-size=${heapMb}`);
    }
    args.push(scriptPath);
    return {
      ok: true,
      choice: {
        command: exec,
        args,
        env: {},
        readOnlyPaths: isSystemPath(exec) ? [] : [dirname(exec)],
        addressSpaceExtraBytes: NODE_ADDRESS_SPACE_EXTRA,
        label: 'node',
      },
    };
  }
  const named = ext === '.py' ? 'python3' : ext === '.sh' ? 'bash' : null;
  if (named) {
    const found = findExecutable(named, searchPath);
    if (!found) {
      return { ok: false, message: `${named} was not found (looked in ${searchPath.join(', ')})` };
    }
    return {
      ok: true,
      choice: {
        command: found,
        args: [scriptPath],
        env: {},
        readOnlyPaths: [],
        addressSpaceExtraBytes: 0,
        label: named,
      },
    };
  }
  return {
    ok: true,
    choice: {
      command: scriptPath,
      args: [],
      env: {},
      readOnlyPaths: [],
      addressSpaceExtraBytes: 0,
      label: 'direct',
    },
  };
}
