/**
 * Errors raised by the file services. Each carries a stable `code` from the Studio API
 * (StudioErrorCode) so the router can hand it to the UI unchanged (e.g. a conflict dialog),
 * and the path the user asked about, so every message names the file.
 */
import type { StudioErrorCode } from '../../../shared/api/studio-api';
import { errorMessage, StudioError } from '../../../shared/errors';

/** The host's StudioError (shared/errors.ts) about a file: it also names the path asked about. */
export class FileServiceError extends StudioError {
  /** The path as the caller gave it (relative to the skill root when there is one). */
  readonly path: string | null;

  constructor(code: StudioErrorCode, message: string, path: string | null = null) {
    super(code, message);
    this.name = new.target.name;
    this.path = path;
  }
}

/** A path that is malformed or would leave the skill root. */
export class PathError extends FileServiceError {
  declare readonly code: 'forbidden_path';
  constructor(message: string, path: string | null = null) {
    super('forbidden_path', message, path);
  }
}

export class NotFoundError extends FileServiceError {
  declare readonly code: 'not_found';
  constructor(message: string, path: string | null = null) {
    super('not_found', message, path);
  }
}

export class ExistsError extends FileServiceError {
  declare readonly code: 'exists';
  constructor(message: string, path: string | null = null) {
    super('exists', message, path);
  }
}

/** The file changed on disk since the version the caller last read. */
export class ConflictError extends FileServiceError {
  declare readonly code: 'conflict';
  /** Version on disk now, or null when the file is gone. */
  readonly currentVersion: string | null;
  constructor(message: string, path: string | null, currentVersion: string | null) {
    super('conflict', message, path);
    this.currentVersion = currentVersion;
  }
}

export class TooLargeError extends FileServiceError {
  declare readonly code: 'too_large';
  constructor(message: string, path: string | null = null) {
    super('too_large', message, path);
  }
}

/** A request that cannot be honoured as asked (a folder where a file is needed, a binary read as text, a bad bundle). */
export class InvalidRequestError extends FileServiceError {
  declare readonly code: 'invalid_params';
  constructor(message: string, path: string | null = null) {
    super('invalid_params', message, path);
  }
}

export function isFileServiceError(err: unknown): err is FileServiceError {
  return err instanceof FileServiceError;
}

/** The errno code of a Node fs error, or undefined. */
export function errnoCode(err: unknown): string | undefined {
  if (typeof err === 'object' && err !== null && 'code' in err) {
    const code = (err as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

/**
 * Turns a Node fs error into a FileServiceError that names `shown` (the caller's path),
 * never the absolute path on disk. Errors that are already ours (any StudioError) pass through.
 */
export function toFileServiceError(err: unknown, shown: string): Error {
  if (err instanceof StudioError) return err;
  switch (errnoCode(err)) {
    case 'ENOENT':
      return new NotFoundError(`${shown}: no such file or folder`, shown);
    case 'ENOTDIR':
      return new NotFoundError(`${shown}: a part of the path is a file, not a folder`, shown);
    case 'EISDIR':
      return new InvalidRequestError(`${shown}: is a folder, not a file`, shown);
    case 'EEXIST':
    case 'ENOTEMPTY':
      return new ExistsError(`${shown}: already exists`, shown);
    case 'EACCES':
    case 'EPERM':
      return new FileServiceError('internal', `${shown}: permission denied`, shown);
    case 'ELOOP':
      return new PathError(`${shown}: too many levels of symbolic links`, shown);
    case 'ENAMETOOLONG':
      return new PathError(`${shown}: name too long`, shown);
    case 'EFBIG':
    case 'ENOSPC':
    case 'EDQUOT':
      return new TooLargeError(`${shown}: not enough space to write the file`, shown);
    default: {
      const detail = errorMessage(err);
      return new FileServiceError('internal', `${shown}: ${detail}`, shown);
    }
  }
}
