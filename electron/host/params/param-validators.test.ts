import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FOLDER, paramValidatorsSources } from '../../../scripts/param-validators';
import { PARAM_SCHEMAS } from './studio-params';
import { paramValidator } from './param-validators';
import { createInternalAjv } from '../../../shared/json/internal-schemas';

const ROOT = path.resolve(__dirname, '../../..');

describe('the generated params validators', () => {
  it('are what the generator writes from the schemas, one module per namespace (run: npx tsx scripts/param-validators.ts)', () => {
    const sources = paramValidatorsSources();
    for (const [file, text] of Object.entries(sources))
      expect(readFileSync(path.join(ROOT, file), 'utf8'), file).toBe(text);
    // …and no module of a namespace the API no longer has.
    const written = readdirSync(path.join(ROOT, GENERATED_FOLDER)).map(
      (name) => `${GENERATED_FOLDER}/${name}`,
    );
    const modules = Object.keys(sources).filter((f) => f.startsWith(`${GENERATED_FOLDER}/`));
    expect(written.sort()).toEqual(modules.sort());
  });

  it('answer as the schema compiled at run time does, with the same first error', () => {
    const ajv = createInternalAjv({ allErrors: false });
    const samples: unknown[] = [{}, { skill: 'a' }, { skill: 1 }, { x: 1 }, null, [], { id: NaN }];
    for (const [method, schema] of Object.entries(PARAM_SCHEMAS)) {
      const compiled = ajv.compile(schema);
      const generated = paramValidator(method)!;
      for (const data of samples) {
        expect(generated(data), `${method} ${JSON.stringify(data)}`).toBe(compiled(data));
        expect(generated.errors?.[0]?.message).toBe(compiled.errors?.[0]?.message);
      }
    }
  });

  it('know no method the API does not have, nor one of Object.prototype', () => {
    expect(paramValidator('nope.nothing')).toBeUndefined();
    expect(paramValidator('toString')).toBeUndefined();
  });
});
