import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILE, paramValidatorsSource } from '../../../scripts/param-validators';
import { PARAM_SCHEMAS } from './studio-params';
import { paramValidator } from './param-validators';
import { createInternalAjv } from '../../../shared/json/internal-schemas';

const ROOT = path.resolve(__dirname, '../../..');

describe('the generated params validators', () => {
  it('are what the generator writes from the schemas (run: npx tsx scripts/param-validators.ts)', () => {
    expect(readFileSync(path.join(ROOT, GENERATED_FILE), 'utf8')).toBe(paramValidatorsSource());
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
