import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeReply, ExportResult, StudioBridge } from '../../../shared/api/studio-api';
import { nativeDialogs, setNativeDialogs } from './native';
import { StudioError } from './studio-error';

const saved: ExportResult = {
  path: '/out/a.skill',
  base64: null,
  fileName: 'a.skill',
  bytes: 4,
  entries: ['a/SKILL.md'],
  diagnostics: [],
  refused: false,
};

/** The preload's bridge as far as saving goes: what it was asked, and its one answer. */
function bridgeAnswering(reply: BridgeReply, asked: unknown[][]): StudioBridge {
  const unused = () => {
    throw new Error('not part of this test');
  };
  return {
    call: unused,
    callAndSave: async (...args) => {
      asked.push(args);
      return reply;
    },
    onEvent: unused,
    a2eOpen: unused,
    a2eSend: unused,
    a2eClose: unused,
    onA2E: unused,
    pickFolder: unused,
    pickSavePath: unused,
    onMenu: unused,
  };
}

afterEach(() => setNativeDialogs(undefined));

describe('native dialogs: a call saved where the save picker said', () => {
  it('passes the call and the chosen path through, and gives back the saved result', async () => {
    const asked: unknown[][] = [];
    setNativeDialogs(bridgeAnswering({ ok: true, result: saved }, asked));
    const params = { skill: '/w/skills/a', format: 'skill' as const, force: false };
    const result = await nativeDialogs()!.callAndSave('bundles.export', params, '/out/a.skill');
    expect(result).toEqual(saved);
    expect(asked).toEqual([['bundles.export', params, '/out/a.skill']]);
  });

  it("throws the desktop app's refusal with its code", async () => {
    const refusal = { code: 'forbidden_path' as const, message: 'choose the place again' };
    setNativeDialogs(bridgeAnswering({ ok: false, error: refusal }, []));
    const err = await nativeDialogs()!
      .callAndSave('bundles.export', { skill: 'a', format: 'zip' }, '/elsewhere.zip')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StudioError);
    expect(err).toMatchObject(refusal);
  });

  it('offers nothing outside the desktop app', () => {
    setNativeDialogs(undefined);
    expect(nativeDialogs()).toBeNull();
  });
});
