/**
 * Argument validators kept between runs: the same schema is answered from its file with no
 * worker and no compile, a changed schema or another build misses, a corrupt, renamed or
 * foreign file is ignored, and a kept validator judges every value exactly as a freshly
 * compiled one (the bundled skills', the test fixtures' and the corpus' schemas, and
 * schemas written to reach each helper the kept code requires: patterns on RE2, formats,
 * lengths, equality, defaults).
 */
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LINEAR_ENGINE_MODULE, standaloneValidatorCode } from '../../../shared/json/json-schema';
import { useValidatorCache, type ValidatorCachePlace } from '../../../shared/json/validator-cache';
import { ARGUMENT_NAMES, checkValue, checkValueWith } from '../runner/core/argument-validator';
import { checkArgumentsOffThread } from '../workers/schema-jobs';
import {
  argumentsKey,
  keepValidator,
  loadValidatorCode,
  readKeptValidator,
} from './validator-cache-file';

const REPO = path.resolve(__dirname, '..', '..', '..');
const CORPUS = path.resolve(REPO, '..', '..', 'shared', 'corpus');

type Schema = Record<string, unknown>;

const CITY: Schema = {
  type: 'object',
  properties: { city: { type: 'string', pattern: '^[A-Z][a-z]+$' }, days: { default: 3 } },
  required: ['city'],
};

/** Schemas written to reach every helper a kept validator's code may require. */
const WRITTEN: Schema[] = [
  CITY,
  {
    type: 'object',
    properties: {
      when: { type: 'string', format: 'date-time' },
      mail: { type: 'string', format: 'email' },
      site: { type: 'string', format: 'uri' },
      name: { type: 'string', minLength: 2, maxLength: 4 },
      tags: { type: 'array', items: { type: 'string' }, uniqueItems: true },
      mode: { enum: ['fast', { deep: true }] },
      fixed: { const: { a: [1, 2] } },
      n: { type: 'integer', minimum: 1, default: 5 },
    },
    patternProperties: { '^x-[a-z]+$': { type: 'number' } },
    additionalProperties: false,
  },
  {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'urn:example:tree',
    $defs: {
      node: {
        type: 'object',
        properties: { kids: { type: 'array', items: { $ref: '#/$defs/node' } } },
      },
    },
    type: 'object',
    properties: { root: { $ref: '#/$defs/node' }, code: { type: 'string', pattern: '^ab+c$' } },
    unevaluatedProperties: false,
  },
  {
    $schema: 'https://json-schema.org/draft/2019-09/schema',
    type: 'object',
    properties: { a: { type: 'string' } },
    dependentRequired: { a: ['b'] },
  },
];

/** Frontmatter schemas of every SKILL.md under `dir` (input_schema, output_schema). */
function skillSchemas(dir: string): Schema[] {
  if (!existsSync(dir)) return [];
  const out: Schema[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.name !== 'SKILL.md') continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    const fence = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    let front: unknown;
    try {
      front = fence ? parse(fence[1]) : null;
    } catch {
      continue;
    }
    if (typeof front !== 'object' || front === null) continue;
    for (const key of ['input_schema', 'output_schema']) {
      const schema = (front as Record<string, unknown>)[key];
      if (typeof schema === 'object' && schema !== null && !Array.isArray(schema))
        out.push(schema as Schema);
    }
  }
  return out;
}

/** Values to judge: nothing, wrong types, each property given each kind of JSON value. */
function samples(schema: Schema): unknown[] {
  const kinds: unknown[] = [
    '',
    'Paris',
    'x'.repeat(300),
    '2024-02-30T10:00:00Z',
    0,
    7,
    -1.5,
    true,
    null,
    [],
    ['a', 'a'],
    {},
    { deep: true },
  ];
  const props = Object.keys((schema.properties as Schema | undefined) ?? {});
  const values: unknown[] = [{}, { unknown: 1 }, { 'x-ab': 1, 'x-AB': 'no' }];
  for (const p of props) for (const v of kinds) values.push({ [p]: v });
  values.push(Object.fromEntries(props.map((p, i) => [p, kinds[i % kinds.length]])));
  return values;
}

describe('kept argument validators', () => {
  let root: string;
  let place: ValidatorCachePlace;

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'validator-cache-'));
    place = { dir: path.join(root, 'validators'), buildId: 'b1' };
  });
  afterEach(() => {
    useValidatorCache(null);
    rmSync(root, { recursive: true, force: true });
  });

  const kept = (schema: Schema, where = place) =>
    readKeptValidator(where, argumentsKey(schema) as string);
  const keep = async (schema: Schema, where = place): Promise<string> => {
    const code = standaloneValidatorCode(schema);
    expect(code).not.toBeNull();
    await keepValidator(where, argumentsKey(schema) as string, code as string);
    const [file] = readdirSync(where.dir);
    return path.join(where.dir, file);
  };

  it('answers the same schema from its file, and misses a changed schema or another build', async () => {
    expect(kept(CITY)).toBeNull();
    // Its pattern runs on our RE2 engine, not on a RegExp of its own.
    expect(readFileSync(await keep(CITY), 'utf8')).toContain(
      `require("${LINEAR_ENGINE_MODULE}").linearEngine`,
    );
    const validate = kept(CITY);
    expect(validate).toBeTypeOf('function');
    expect(checkValueWith(validate!, { city: 'Oslo' }, ARGUMENT_NAMES)).toEqual({
      ok: true,
      value: { city: 'Oslo', days: 3 },
    });
    const changed = { ...CITY, required: ['city', 'days'] };
    expect(kept(changed)).toBeNull();
    expect(kept(CITY, { ...place, buildId: 'b2' })).toBeNull();
  });

  it('ignores a corrupt, truncated or renamed file', async () => {
    const file = await keep(CITY);
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('^[A-Z][a-z]+$', '^.*$'));
    expect(kept(CITY)).toBeNull();
    writeFileSync(file, text.slice(0, text.length - 40));
    expect(kept(CITY)).toBeNull();
    writeFileSync(file, 'not even code');
    expect(kept(CITY)).toBeNull();
    // Another schema's whole file under this schema's name.
    const other = { type: 'object', properties: { city: { type: 'number' } } };
    const otherFile = await keep(other, { ...place, dir: path.join(root, 'other') });
    writeFileSync(file, readFileSync(otherFile));
    expect(kept(CITY)).toBeNull();
  });

  it.skipIf(process.getuid?.() !== 0)(
    "trusts no file of another user's (as root: one handed to nobody)",
    async () => {
      const file = await keep(CITY);
      chownSync(file, 65534, 65534);
      expect(kept(CITY)).toBeNull();
    },
  );

  it('loads code that requires only what a validator needs', () => {
    expect(() => loadValidatorCode('module.exports = require("node:fs").readFileSync;')).toThrow(
      /may not require node:fs/,
    );
    expect(() => loadValidatorCode('module.exports = 1;')).toThrow(/exports no function/);
  });

  it('keeps no code for a schema that does not compile (a pattern RE2 cannot run)', () => {
    expect(standaloneValidatorCode({ properties: { a: { pattern: '(a)\\1' } } })).toBeNull();
  });

  it('judges every value as a freshly compiled validator does', () => {
    const schemas = [
      ...WRITTEN,
      ...skillSchemas(path.join(REPO, 'resources', 'skills')),
      ...skillSchemas(path.join(REPO, 'electron')),
      ...skillSchemas(CORPUS),
    ];
    expect(schemas.length).toBeGreaterThan(WRITTEN.length);
    let judged = 0;
    for (const schema of schemas) {
      const code = standaloneValidatorCode(schema);
      if (code === null) continue;
      const validate = loadValidatorCode(code);
      for (const value of samples(schema)) {
        expect(
          checkValueWith(validate, value, ARGUMENT_NAMES),
          JSON.stringify({ schema, value }),
        ).toEqual(checkValue(schema, value, ARGUMENT_NAMES));
        judged++;
      }
    }
    expect(judged).toBeGreaterThan(100);
  });

  it('loads kept code alike in a bundle of the CLI (where imports of CommonJS modules resolve otherwise)', async () => {
    const outfile = path.join(root, 'validator-cache-file.cjs');
    await build({
      entryPoints: [path.join(__dirname, 'validator-cache-file.ts')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      logLevel: 'silent',
    });
    const bundled = createRequire(import.meta.url)(outfile) as {
      loadValidatorCode: typeof loadValidatorCode;
    };
    const schema = WRITTEN[1];
    const validate = bundled.loadValidatorCode(standaloneValidatorCode(schema) as string);
    for (const value of samples(schema))
      expect(checkValueWith(validate, value, ARGUMENT_NAMES)).toEqual(
        checkValue(schema, value, ARGUMENT_NAMES),
      );
  });

  it('checks a call with no worker once its schema was compiled by an earlier check', async () => {
    useValidatorCache(place);
    const first = checkArgumentsOffThread(CITY, { city: 'lowercase' });
    expect(first).toBeInstanceOf(Promise);
    const refused = await first;
    expect(refused).toMatchObject({ ok: false, kind: 'schema_violation' });
    await expect.poll(() => kept(CITY)).toBeTypeOf('function');
    // Answered at once, here: no promise, so no worker was asked.
    const again = checkArgumentsOffThread(CITY, { city: 'lowercase' });
    expect(again).toEqual(refused);
    expect(checkArgumentsOffThread(CITY, { city: 'Rome' })).toEqual({
      ok: true,
      arguments: { city: 'Rome', days: 3 },
    });
  });
});
