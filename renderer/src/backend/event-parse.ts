/** Frames from the host are checked before use: a malformed event is dropped, never thrown. */
import type { StudioEvent } from '../../../shared/api/studio-api';
import { parseEvalEvent } from './eval-event-parse';

function isStringArray(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

export function parseStudioEvent(data: string | unknown): StudioEvent | null {
  let value: unknown = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  switch (v.type) {
    case 'skills.changed':
      if (isStringArray(v.added) && isStringArray(v.changed) && isStringArray(v.removed)) {
        return { type: 'skills.changed', added: v.added, changed: v.changed, removed: v.removed };
      }
      return null;
    case 'file.changed':
      if (
        typeof v.dir === 'string' &&
        typeof v.skill === 'string' &&
        typeof v.path === 'string' &&
        (typeof v.version === 'string' || v.version === null)
      ) {
        return {
          type: 'file.changed',
          dir: v.dir,
          skill: v.skill,
          path: v.path,
          version: v.version,
        };
      }
      return null;
    case 'skill.moved':
      if (typeof v.from === 'string' && typeof v.to === 'string' && typeof v.name === 'string') {
        return { type: 'skill.moved', from: v.from, to: v.to, name: v.name };
      }
      return null;
    case 'workspace.changed':
      if (typeof v.info === 'object' && v.info !== null) return value as StudioEvent;
      return null;
    case 'watch.error':
      if (typeof v.message === 'string') return { type: 'watch.error', message: v.message };
      return null;
    case 'providers.changed':
      return { type: 'providers.changed' };
    default:
      // Eval runs' progress (shared/api/evals.ts) has a parser of its own.
      return typeof v.type === 'string' && v.type.startsWith('eval.') ? parseEvalEvent(v) : null;
  }
}
