/**
 * The CLI's kept schema verdicts: a second run answers from the file without compiling,
 * a file of another build or a broken one is never trusted, and what is kept never
 * decides a call's arguments.
 */
import {
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkSkillSchema, compileSkillSchema } from '../../../shared/json/json-schema';
import { useSchemaVerdictStore } from '../../../shared/json/schema-verdicts';
import { openSchemaVerdictFile } from './schema-verdict-file';

describe('schema verdict file', () => {
  let root: string;
  let file: string;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'schema-verdicts-'));
    file = path.join(root, 'cache', 'schema-verdicts.json');
  });
  afterEach(() => {
    useSchemaVerdictStore(null);
    rmSync(root, { recursive: true, force: true });
  });

  /** Checks `schema` in a "run" that keeps its verdicts in `file` for `buildId`. */
  async function run(schema: Record<string, unknown>, buildId = 'b1') {
    const store = openSchemaVerdictFile({ file, buildId });
    useSchemaVerdictStore(store);
    const verdict = checkSkillSchema(schema);
    await store.save();
    useSchemaVerdictStore(null);
    return verdict;
  }

  it('keeps both verdicts for the next run, in a private file', async () => {
    const good = { type: 'object', properties: { a: { type: 'string' } } };
    const bad = { type: 'thing' };
    expect(await run(good)).toEqual({ ok: true });
    const refused = await run(bad);
    expect(refused.ok).toBe(false);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { build: string; verdicts: unknown[] };
    expect(kept.build).toBe('b1');
    expect(kept.verdicts).toHaveLength(2);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
  });

  it('answers from the file: a verdict kept there is what the next run reports', async () => {
    const schema = { type: 'string', minLength: 1 };
    await run(schema);
    // Plant a different verdict under the same key: only a run that reads the file sees it.
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
    kept.verdicts[0][1] = { ok: false, message: 'kept verdict' };
    writeFileSync(file, JSON.stringify(kept));
    expect(await run(schema)).toEqual({ ok: false, message: 'kept verdict' });
  });

  it('ignores a file of another build, and a broken one, and replaces it', async () => {
    const schema = { type: 'string' };
    await run(schema, 'old');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
    kept.verdicts[0][1] = { ok: false, message: 'from the old build' };
    writeFileSync(file, JSON.stringify(kept));
    expect(await run(schema, 'new')).toEqual({ ok: true });
    expect((JSON.parse(readFileSync(file, 'utf8')) as { build: string }).build).toBe('new');
    for (const junk of [
      '{not json',
      'null',
      '{"build":"new","verdicts":[[1,2],["k",{"ok":"yes"}]]}',
    ]) {
      writeFileSync(file, junk);
      expect(await run({ type: 'integer' }, 'new')).toEqual({ ok: true });
    }
  });

  it('a run that adds nothing does not write, and an unwritable folder costs nothing', async () => {
    await run({ type: 'number' });
    // Every write renames a new file into place: the same inode means no write.
    const before = statSync(file).ino;
    await run({ type: 'number' });
    expect(statSync(file).ino).toBe(before);
    const blocked = path.join(root, 'blocked');
    writeFileSync(blocked, 'a file where the folder should be');
    const store = openSchemaVerdictFile({ file: path.join(blocked, 'v.json'), buildId: 'b1' });
    useSchemaVerdictStore(store);
    expect(checkSkillSchema({ type: 'boolean' })).toEqual({ ok: true });
    await expect(store.save()).resolves.toBeUndefined();
  });

  it.skipIf(process.getuid?.() !== 0)(
    "trusts no cache file of another user's (as root: one handed to nobody)",
    async () => {
      const schema = { type: 'string', format: 'email' };
      await run(schema);
      const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
      kept.verdicts[0][1] = { ok: false, message: 'planted' };
      writeFileSync(file, JSON.stringify(kept));
      chownSync(file, 65534, 65534);
      expect(await run(schema)).toEqual({ ok: true });
    },
  );

  it("keeps a failure that is not the schema's own (the stack ran out) for this run only", async () => {
    let deep: Record<string, unknown> = {};
    // Deep enough for ajv's compile to run out of stack, not for JSON.stringify (nor
    // too long a key to keep).
    for (let i = 0; i < 1000; i++) deep = { not: deep };
    const verdict = await run(deep);
    expect(verdict).toEqual({ ok: false, message: 'Maximum call stack size exceeded' });
    expect(existsSync(file)).toBe(false);
  });

  it('keeps at most maxEntries while it runs, the latest', () => {
    const store = openSchemaVerdictFile({ file, buildId: 'b1', maxEntries: 2 });
    useSchemaVerdictStore(store);
    for (let i = 0; i < 4; i++) checkSkillSchema({ type: 'string', minLength: i });
    expect(
      store.get(`draft-07\n${JSON.stringify({ type: 'string', minLength: 0 })}`),
    ).toBeUndefined();
    expect(store.get(`draft-07\n${JSON.stringify({ type: 'string', minLength: 3 })}`)).toEqual({
      ok: true,
    });
  });

  it('keeps at most maxEntries, the latest', async () => {
    mkdirSync(path.dirname(file), { recursive: true });
    const store = openSchemaVerdictFile({ file, buildId: 'b1', maxEntries: 3 });
    useSchemaVerdictStore(store);
    for (let i = 0; i < 5; i++) checkSkillSchema({ type: 'string', maxLength: i });
    await store.save();
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
    expect(kept.verdicts.map(([k]) => k)).toEqual(
      [2, 3, 4].map((i) => `draft-07\n${JSON.stringify({ type: 'string', maxLength: i })}`),
    );
  });

  it("answers from the build's seed too, even with no cache file, and never writes the seed", async () => {
    const schema = { type: 'object', properties: { q: { type: 'string' } } };
    await run(schema);
    const seed = path.join(root, 'seed.json');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
    kept.verdicts[0][1] = { ok: false, message: 'seeded verdict' };
    writeFileSync(seed, JSON.stringify(kept));
    const before = readFileSync(seed, 'utf8');
    const store = openSchemaVerdictFile({ file: null, seed, buildId: 'b1' });
    useSchemaVerdictStore(store);
    expect(checkSkillSchema(schema)).toEqual({ ok: false, message: 'seeded verdict' });
    expect(checkSkillSchema({ type: 'null' })).toEqual({ ok: true });
    await store.close();
    expect(readFileSync(seed, 'utf8')).toBe(before);
    // A seed of another build is not trusted either.
    useSchemaVerdictStore(openSchemaVerdictFile({ file: null, seed, buildId: 'b2' }));
    expect(checkSkillSchema(schema)).toEqual({ ok: true });
  });

  it('never decides a call: validating arguments compiles the schema itself', async () => {
    const schema = { type: 'object', required: ['a'] };
    await run(schema);
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { verdicts: [string, unknown][] };
    kept.verdicts[0][1] = { ok: false, message: 'planted' };
    writeFileSync(file, JSON.stringify(kept));
    useSchemaVerdictStore(openSchemaVerdictFile({ file, buildId: 'b1' }));
    const compiled = compileSkillSchema(schema, 'validate');
    expect(compiled.ok && compiled.validate({})).toBe(false);
    expect(compiled.ok && compiled.validate({ a: 1 })).toBe(true);
  });
});
