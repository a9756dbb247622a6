import { describe, expect, it } from 'vitest';
import { parseStudioEvent } from './event-parse';

const progress = {
  type: 'eval.progress',
  skill: '/ws/skills/a',
  runId: 'r1',
  kind: 'benchmark',
  done: 1,
  failed: 0,
  total: 4,
  elapsed_seconds: 2,
  eta_seconds: null,
  concurrency: 4,
};

describe('eval events from the host', () => {
  it('passes well-formed eval events through the studio event parser', () => {
    expect(parseStudioEvent(JSON.stringify(progress))).toEqual(progress);
    const finished = {
      type: 'eval.finished',
      skill: '/ws/skills/a',
      runId: 'r1',
      kind: 'triggers',
      status: 'cancelled',
      error: null,
    };
    expect(parseStudioEvent(finished)).toEqual(finished);
  });

  it('drops malformed ones instead of handing them to the panel', () => {
    expect(parseStudioEvent({ ...progress, done: 'one' })).toBeNull();
    expect(parseStudioEvent({ ...progress, runId: undefined })).toBeNull();
    expect(parseStudioEvent({ ...progress, kind: 'other' })).toBeNull();
    expect(
      parseStudioEvent({ type: 'eval.run', skill: 's', runId: 'r', run: null, failed: null }),
    ).toBeNull();
    expect(
      parseStudioEvent({ type: 'eval.trigger', skill: 's', runId: 'r', result: { query: 'q' } }),
    ).toBeNull();
    expect(parseStudioEvent({ type: 'eval.unknown', skill: 's', runId: 'r' })).toBeNull();
  });
});
