import { describe, expect, it } from 'vitest';
import { parseStudioEvent } from './event-parse';

describe('parseStudioEvent', () => {
  it('keeps a skill.moved event, so every window relists after a rename', () => {
    const event = { type: 'skill.moved', from: '/ws/skills/a', to: '/ws/skills/b', name: 'b' };
    expect(parseStudioEvent(JSON.stringify(event))).toEqual(event);
  });

  it('drops a skill.moved event with a field of the wrong type', () => {
    expect(parseStudioEvent({ type: 'skill.moved', from: '/a', to: 7, name: 'b' })).toBeNull();
  });

  it('keeps providers.changed, so the settings re-read an edited providers file', () => {
    expect(parseStudioEvent('{"type":"providers.changed","extra":1}')).toEqual({
      type: 'providers.changed',
    });
  });

  it('drops frames that are not JSON or not events', () => {
    expect(parseStudioEvent('{not json')).toBeNull();
    expect(parseStudioEvent({ type: 'nope' })).toBeNull();
    expect(parseStudioEvent(null)).toBeNull();
  });
});
