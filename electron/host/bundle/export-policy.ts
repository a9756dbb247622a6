/**
 * The one export policy, for every caller (the Studio API's bundles.export and the CLI's
 * `export`): a skill with errors is not exported unless the caller forces it.
 */
import { countBySeverity, type Diagnostic } from '../../../shared/check/diagnostics';

export function exportRefused(
  diagnostics: readonly Diagnostic[],
  force: boolean | undefined,
): boolean {
  return countBySeverity(diagnostics).errors > 0 && !force;
}
