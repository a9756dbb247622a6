import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkArgumentsOffThread } from './schema-jobs';
import { DeadlineError, WorkerPool } from './worker-pool';

const SPIN = fileURLToPath(new URL('./fixtures/spin-worker.ts', import.meta.url));

describe('worker pool', () => {
  const pool = new WorkerPool<{ spin?: boolean; echo?: unknown }, unknown>({
    entry: SPIN,
    size: 1,
    deadlineMs: 3000,
  });
  afterAll(() => pool.close());

  it('stops a job past its deadline and answers the next one from a fresh worker', async () => {
    expect(await pool.run({ echo: 'first' })).toBe('first');
    await expect(pool.run({ spin: true })).rejects.toBeInstanceOf(DeadlineError);
    expect(await pool.run({ echo: 'after' })).toBe('after');
  }, 60_000);

  it('checks call arguments in a worker, hostile pattern included', async () => {
    const schema = {
      type: 'object',
      properties: { code: { type: 'string', pattern: '^(a+)+$' } },
    };
    const hostile = await checkArgumentsOffThread(schema, { code: `${'a'.repeat(5000)}!` });
    expect(hostile).toMatchObject({ ok: false, kind: 'schema_violation' });
    expect(await checkArgumentsOffThread(schema, { code: 'aaa' })).toMatchObject({ ok: true });
  }, 60_000);
});
