/**
 * Errors from the host keep their stable code (DESIGN: StudioErrorCode) so the UI
 * can react to them — a 'conflict' opens the conflict bar, 'forbidden_path' shows
 * the host's message about a hostile name, and so on.
 */
import type { StudioErrorCode, StudioErrorPayload } from '../../../shared/api/studio-api';

const CODES: readonly StudioErrorCode[] = [
  'invalid_params',
  'not_found',
  'conflict',
  'forbidden_path',
  'exists',
  'too_large',
  'internal',
];

export class StudioError extends Error {
  readonly code: StudioErrorCode;
  constructor(code: StudioErrorCode, message: string) {
    super(message);
    this.name = 'StudioError';
    this.code = code;
  }
}

export function isStudioErrorPayload(value: unknown): value is StudioErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.message === 'string' &&
    typeof v.code === 'string' &&
    (CODES as readonly string[]).includes(v.code)
  );
}

/** Any thrown value as a StudioError (unknown failures become 'internal'). */
export function toStudioError(value: unknown): StudioError {
  if (value instanceof StudioError) return value;
  if (isStudioErrorPayload(value)) return new StudioError(value.code, value.message);
  if (value instanceof Error) return new StudioError('internal', value.message);
  return new StudioError('internal', String(value));
}

export function errorMessage(value: unknown): string {
  return toStudioError(value).message;
}
