/**
 * The host's log: leveled lines to one sink the adapter chooses. The CLI and the local server
 * write to stderr only when run with `--verbose`; the desktop app writes to a file in its logs
 * folder. Until an adapter configures it the log writes nowhere, so tests and library callers
 * stay quiet.
 *
 * Deliberate swallows (a best-effort cleanup, a watcher that may already be closed) go through
 * `logSwallowed`, so a failure in the field still leaves a line to debug from.
 */
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '../../shared/errors';

export const LOG_LEVELS = ['error', 'warn', 'info', 'debug'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where finished lines go (one line, no trailing newline). */
export type LogSink = (line: string) => void;

export interface Logger {
  error(message: string, detail?: unknown): void;
  warn(message: string, detail?: unknown): void;
  info(message: string, detail?: unknown): void;
  debug(message: string, detail?: unknown): void;
}

interface LogConfig {
  level: LogLevel;
  sink: LogSink | null;
}

const config: LogConfig = { level: 'info', sink: null };

/** Sets where lines go and the least severe level written (null sink: nowhere). */
export function configureLog(options: { level?: LogLevel; sink: LogSink | null }): void {
  config.sink = options.sink;
  if (options.level) config.level = options.level;
}

/**
 * Lines appended to a file (its folder is created). Synchronous on purpose: a line written just
 * before a crash is the one that matters, and the log is quiet enough for this to cost nothing.
 * A file that cannot be written drops the line rather than failing the caller.
 */
export function fileSink(file: string): LogSink {
  let ready = false;
  return (line) => {
    try {
      if (!ready) {
        mkdirSync(path.dirname(file), { recursive: true });
        ready = true;
      }
      appendFileSync(file, line + '\n');
    } catch {
      // Nowhere left to report it: the log is the reporting channel.
    }
  };
}

function enabled(level: LogLevel): boolean {
  return LOG_LEVELS.indexOf(level) <= LOG_LEVELS.indexOf(config.level);
}

/** One line: time, level, scope, message and the detail's message when there is one. */
export function formatLine(
  level: LogLevel,
  scope: string,
  message: string,
  detail: unknown,
  now: Date,
): string {
  const tail = detail === undefined ? '' : `: ${errorMessage(detail)}`;
  return `${now.toISOString()} ${level.toUpperCase()} [${scope}] ${message}${tail}`;
}

/** A logger whose lines name `scope` (a module or service, e.g. 'registry'). */
export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, message: string, detail?: unknown): void => {
    const sink = config.sink;
    if (sink === null || !enabled(level)) return;
    sink(formatLine(level, scope, message, detail, new Date()));
  };
  return {
    error: (message, detail) => write('error', message, detail),
    warn: (message, detail) => write('warn', message, detail),
    info: (message, detail) => write('info', message, detail),
    debug: (message, detail) => write('debug', message, detail),
  };
}

const swallowLog = createLogger('ignored');

/**
 * For a failure ignored on purpose: `promise.catch(logSwallowed('close the watcher'))` still
 * resolves to undefined, and the failure leaves an info line saying what was being done.
 */
export function logSwallowed(what: string): (err: unknown) => undefined {
  return (err) => {
    swallowLog.info(what, err);
    return undefined;
  };
}
