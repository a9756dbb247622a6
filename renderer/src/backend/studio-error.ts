/**
 * Errors from the host keep their stable code (docs/contracts.md, Studio API errors) so the UI
 * can react to them — a 'conflict' opens the conflict bar, 'forbidden_path' shows
 * the host's message about a hostile name, and so on. The codes are the shared
 * vocabulary (shared/errors.ts).
 */
import type { StudioErrorPayload } from '../../../shared/api/studio-api';
import {
  errorMessage as sharedErrorMessage,
  isErrorCode,
  StudioError,
} from '../../../shared/errors';

/** The one StudioError class (shared/errors.ts), which the host's errors extend too. */
export { StudioError };

export function isStudioErrorPayload(value: unknown): value is StudioErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.message === 'string' && isErrorCode(v.code);
}

/** Any thrown value as a StudioError (unknown failures become 'internal'). */
export function toStudioError(value: unknown): StudioError {
  if (value instanceof StudioError) return value;
  if (isStudioErrorPayload(value)) return new StudioError(value.code, value.message);
  if (value instanceof Error) return new StudioError('internal', value.message);
  return new StudioError('internal', String(value));
}

/** The message of any thrown value (one rule for the whole studio: shared/errors). */
export const errorMessage = sharedErrorMessage;
