/** `--verbose`: the host's log goes to the CLI's stderr only when asked for. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tempWorkspace, type TempWorkspace } from '../test-support/temp-workspace';
import { runCliIn } from '../test-support/run-cli';

const configureLog = vi.hoisted(() => vi.fn());
vi.mock('../host/log', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../host/log')>()),
  configureLog,
}));

let ws: TempWorkspace;
beforeEach(() => {
  ws = tempWorkspace();
  configureLog.mockClear();
});
afterEach(() => ws.cleanup());

describe('--verbose', () => {
  it('sends debug lines and up to stderr, before or after the command', async () => {
    for (const args of [
      ['list', '--verbose'],
      ['--verbose', 'list'],
    ]) {
      configureLog.mockClear();
      const run = await runCliIn(ws.root, args);
      expect(run.code).toBe(0);
      expect(configureLog).toHaveBeenCalledWith({ level: 'debug', sink: expect.any(Function) });
    }
  });

  it('without it, the log writes nowhere', async () => {
    const run = await runCliIn(ws.root, ['list']);
    expect(run.code).toBe(0);
    expect(configureLog).toHaveBeenCalledWith({ sink: null });
  });
});
