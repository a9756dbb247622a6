/**
 * The params schemas of the runner settings (shared/api/runner-settings.ts), spread into the
 * router's table (./studio-params.ts) and checked against `RunnerSettingsMethods` by
 * `schemaTable`.
 */
import { RUNNER_SANDBOXES, type RunnerSettingsMethods } from '../../../shared/api/runner-settings';
import * as s from './typed-schema';

type RunnerParamTypes = { [M in keyof RunnerSettingsMethods]: RunnerSettingsMethods[M][0] };

const image = s.string({ maxLength: 255 });

export const RUNNER_PARAM_SCHEMAS = s.schemaTable<RunnerParamTypes>()({
  'runner.settings': s.empty(),
  'runner.saveSettings': s.object(
    {
      settings: s.object(
        {
          sandbox: s.oneOfValues(RUNNER_SANDBOXES),
          host: s.stringOrNull({ maxLength: 2048 }),
          images: s.object({ node: image, python: image, bash: image }, []),
        },
        ['sandbox', 'host', 'images'],
      ),
    },
    ['settings'],
  ),
});
