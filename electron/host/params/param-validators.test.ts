import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, paramValidatorsSource } from '../../../scripts/param-validators';
import { IN_PROCESS_METHOD_DOMAINS } from '../local-method-domains';
import { inProcessParamValidator } from './in-process-param-validators';
import { PARAM_SCHEMAS } from './studio-params';
import { paramValidator } from './param-validators';
import { createInternalAjv } from '../../../shared/json/internal-schemas';

const ROOT = path.resolve(__dirname, '../../..');

describe('the generated params validators', () => {
  it('are what the generator writes from the schemas (run: npx tsx scripts/param-validators.ts)', () => {
    for (const g of GENERATED)
      expect(readFileSync(path.join(ROOT, g.file), 'utf8'), g.file).toBe(paramValidatorsSource(g));
  });

  it('give the in-process host the same checks of exactly the methods it serves itself', () => {
    const samples: unknown[] = [{}, { skill: 'a' }, { targets: [] }, null];
    for (const method of Object.keys(PARAM_SCHEMAS)) {
      const own = inProcessParamValidator(method);
      if (!Object.prototype.hasOwnProperty.call(IN_PROCESS_METHOD_DOMAINS, method)) {
        expect(own, method).toBeUndefined();
        continue;
      }
      for (const data of samples) {
        expect(own!(data), method).toBe(paramValidator(method)!(data));
        expect(own!.errors?.[0]?.message).toBe(paramValidator(method)!.errors?.[0]?.message);
      }
    }
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
