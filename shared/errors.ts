/**
 * The studio's error vocabulary: the stable codes a failure of the Studio API carries, the
 * same for every transport (IPC, HTTP, the in-process callers), and one way to turn any thrown
 * value into a message. The codes are described in docs/contracts.md ("Studio API errors").
 */

/** Every code a Studio API failure may carry, in one list the UI and the host both check against. */
export const ERROR_CODES = [
  /** The request is malformed: a parameter fails its schema, an unknown method. */
  'invalid_params',
  /** The skill, file or folder named does not exist. */
  'not_found',
  /** The file changed on disk since the version the caller last read. */
  'conflict',
  /** A path that is malformed or would leave the skill folder. */
  'forbidden_path',
  /** The target already exists and the call would not overwrite it. */
  'exists',
  /** Over a size limit (a read cap, or no space left to write). */
  'too_large',
  /** The skill or file may not be changed (a bundled skill, a source the studio does not own). */
  'read_only',
  /** The call needs a state the studio is not in (e.g. a workspace must be open first). */
  'precondition',
  /** Anything unforeseen; the message says what. */
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * The message of any thrown value: an Error's message, the message of an error payload that
 * crossed a transport (`{code, message}`), or the value as text.
 */
export function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  if (typeof err === 'object' && err !== null && 'message' in err) {
    const message = (err as { message: unknown }).message;
    if (typeof message === 'string') return message;
  }
  return String(err);
}

/**
 * An error with a stable code from the vocabulary above: what the host throws on purpose
 * (its file services' errors extend it) and what the UI rebuilds from a reply's payload.
 */
export class StudioError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'StudioError';
    this.code = code;
  }
}
