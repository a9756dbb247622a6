import { afterEach, describe, expect, it } from 'vitest';
import type { Backend, BundlePreview } from '../../../shared/api/studio-api';
import { setBackend } from '../backend/current';
import { previewImport, runImport, useImport } from './import-flow';

const preview: BundlePreview = {
  into: '/ws/skills',
  skills: [
    {
      folder: 'alpha',
      files: ['SKILL.md'],
      bytes: 10,
      skipped: [],
      diagnostics: [],
      exists: true,
      keepBothAs: 'alpha-2',
    },
    {
      folder: 'beta',
      files: ['SKILL.md'],
      bytes: 10,
      skipped: [],
      diagnostics: [],
      exists: false,
      keepBothAs: 'beta-2',
    },
  ],
};

/** A backend that records calls; `bundles.inspect` waits until `release` is called. */
function fakeBackend() {
  const calls: { method: string; params: unknown }[] = [];
  let release: () => void = () => undefined;
  const inspected = new Promise<void>((resolve) => (release = resolve));
  const backend = {
    kind: 'http',
    calls,
    release: () => release(),
    async call(method: string, params: unknown) {
      calls.push({ method, params });
      if (method === 'bundles.inspect') {
        await inspected;
        return preview;
      }
      throw new Error(`not faked: ${method}`);
    },
    onEvent: () => () => undefined,
    a2e: () => ({ send: () => undefined, close: () => undefined }),
  };
  setBackend(backend as unknown as Backend);
  return backend;
}

const bundle = () => new File([new Uint8Array([80, 75, 5, 6])], 'two.zip');

afterEach(() => useImport.getState().cancel());

describe('the import flow', () => {
  it('previews first, defaulting every existing skill to "keep both", and writes nothing', async () => {
    const fake = fakeBackend();
    const done = previewImport(bundle());
    expect(useImport.getState()).toMatchObject({ fileName: 'two.zip', busy: true, preview: null });
    fake.release();
    await done;
    expect(useImport.getState()).toMatchObject({
      preview,
      busy: false,
      error: null,
      choices: { alpha: 'keep-both' },
    });
    expect(fake.calls.map((c) => c.method)).toEqual(['bundles.inspect']);
    expect(fake.calls[0].params).toEqual({ base64: 'UEsFBg==', fileName: 'two.zip' });
  });

  it('sends the chosen answers with the import', async () => {
    const fake = fakeBackend();
    fake.release();
    await previewImport(bundle());
    useImport.getState().choose('alpha', 'replace');
    await runImport();
    expect(fake.calls[1]).toEqual({
      method: 'bundles.import',
      params: { base64: 'UEsFBg==', fileName: 'two.zip', choices: { alpha: 'replace' } },
    });
  });

  it('stays closed when cancelled while the host is still reading the bundle', async () => {
    const fake = fakeBackend();
    const done = previewImport(bundle());
    useImport.getState().cancel();
    fake.release();
    await done;
    expect(useImport.getState()).toMatchObject({ fileName: null, preview: null });
  });
});
