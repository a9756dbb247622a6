/**
 * The params schemas of find in files and git HEAD (shared/api/search.ts), spread into the
 * router's table (./studio-params.ts) and checked against `SearchMethods` by `schemaTable`.
 */
import {
  SEARCH_MAX_RESULTS,
  SEARCH_QUERY_MAX_CHARS,
  type SearchMethods,
} from '../../../shared/api/search';
import * as s from './typed-schema';
import { skillRef } from './fragments';

type SearchParamTypes = { [M in keyof SearchMethods]: SearchMethods[M][0] };

export const SEARCH_PARAM_SCHEMAS = s.schemaTable<SearchParamTypes>()({
  'search.contents': s.object(
    {
      query: s.string({ minLength: 1, maxLength: SEARCH_QUERY_MAX_CHARS }),
      caseSensitive: s.boolean(),
      regex: s.boolean(),
      maxResults: s.integer({ minimum: 1, maximum: SEARCH_MAX_RESULTS }),
    },
    ['query'],
  ),
  'files.atHead': s.object({ skill: skillRef, path: s.string({ minLength: 1, maxLength: 1024 }) }, [
    'skill',
    'path',
  ]),
});
