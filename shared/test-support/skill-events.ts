/**
 * Test support: skill events as the runner numbers them (seq and id counting up from 0),
 * with plain defaults for the envelope; `restart()` numbers the next event 0 again.
 */
import type { SkillEvent, SkillEventKind } from '../protocol/a2e';

export interface SkillEventMaker {
  (kind: SkillEventKind, data: Record<string, unknown>): SkillEvent;
  restart(): void;
}

export function skillEvents(): SkillEventMaker {
  let seq = 0;
  const ev = (kind: SkillEventKind, data: Record<string, unknown>): SkillEvent => ({
    type: 'skill/event',
    id: `e${seq}`,
    version: '1.0',
    ts: 0,
    req_id: 'r',
    kind,
    data,
    seq: seq++,
  });
  return Object.assign(ev, {
    restart() {
      seq = 0;
    },
  });
}
