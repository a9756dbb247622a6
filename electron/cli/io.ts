/**
 * The CLI's view of the terminal: streams, colour, and the exit codes of docs/contracts.md (CLI).
 */
export const EXIT_OK = 0;
export const EXIT_FAILED = 1;
export const EXIT_USAGE = 2;

export interface CliCache {
  /** The cache folder; null when caching is off. */
  dir: string | null;
  /** Identifies the build: what one build kept is never used by another. */
  buildId: string;
  /** The verdicts the build found for its bundled skills' schemas (a file), if any. */
  seed: string | null;
  /** The verdicts the build found on its bundled skills, for `list` (a file), if any. */
  listingSeed?: string | null;
}

export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  stdin: NodeJS.ReadableStream;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * The CLI's cache folder and the build it serves (bin/cache-folder.cjs), where work is
   * kept for the next run, and what the build itself found; absent in tests.
   */
  cache?: CliCache | null;
  /**
   * Runs when the process is asked to stop (SIGINT, SIGTERM, SIGHUP, or its parent
   * died): the place to cancel what runs and wind down. Returns an unsubscribe.
   */
  onInterrupt(handler: () => void): () => void;
  /**
   * Runs when the reader of stdout has gone (EPIPE), just before the CLI exits
   * quietly: the place to stop what still runs. Returns an unsubscribe.
   */
  onOutputClosed(handler: () => void): () => void;
}

/** The real process's IO; the entry point (main.ts) tells it when to interrupt. */
export interface ProcessIO extends CliIO {
  /** Runs the onInterrupt handlers once; false when the command registered none. */
  interrupt(): boolean;
}

/**
 * A reader that goes away early (`skill-studio list | head -1`) is not a failure:
 * the onOutputClosed handlers run, then `outputGone` ends the process quietly (it
 * stops what runs first), as other command-line tools do, instead of dying on EPIPE.
 */
export function processIO(outputGone: () => void = () => process.exit(0)): ProcessIO {
  const outputClosedHandlers = new Set<() => void>();
  const interruptHandlers = new Set<() => void>();
  let interrupted = false;
  // Each stream is made on first use (a run that prints nothing on stderr never makes it,
  // which costs a start), and watched for a reader gone from then on.
  const watched = new Set<NodeJS.WriteStream>();
  const watch = (stream: NodeJS.WriteStream): NodeJS.WriteStream => {
    if (watched.has(stream)) return stream;
    watched.add(stream);
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      for (const handler of [...outputClosedHandlers]) handler();
      outputGone();
    });
    return stream;
  };
  return {
    get stdout() {
      return watch(process.stdout);
    },
    get stderr() {
      return watch(process.stderr);
    },
    // Made on first use: most commands never read stdin, and making it costs a start.
    get stdin() {
      return process.stdin;
    },
    cwd: process.cwd(),
    env: process.env,
    onInterrupt(handler) {
      interruptHandlers.add(handler);
      return () => interruptHandlers.delete(handler);
    },
    onOutputClosed(handler) {
      outputClosedHandlers.add(handler);
      return () => outputClosedHandlers.delete(handler);
    },
    interrupt() {
      if (interrupted) return interruptHandlers.size > 0;
      interrupted = true;
      for (const handler of [...interruptHandlers]) handler();
      return interruptHandlers.size > 0;
    },
  };
}

/** A usage mistake or a missing path: exit 2 with the message. */
export class UsageError extends Error {}

export interface Colours {
  red(s: string): string;
  yellow(s: string): string;
  cyan(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

export function colours(io: CliIO): Colours {
  const on = Boolean(io.stdout.isTTY) && !io.env.NO_COLOR && io.env.TERM !== 'dumb';
  const wrap = (code: number, close: number) => (s: string) =>
    on ? `\u001b[${code}m${s}\u001b[${close}m` : s;
  return {
    red: wrap(31, 39),
    yellow: wrap(33, 39),
    cyan: wrap(36, 39),
    green: wrap(32, 39),
    dim: wrap(2, 22),
    bold: wrap(1, 22),
  };
}

export function writeJson(io: CliIO, value: unknown): void {
  io.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
