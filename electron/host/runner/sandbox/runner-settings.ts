/**
 * The user's `runner` settings: the `runner` key of the user's settings.json (beside
 * providers.json; agent-clients/settings.ts finds the file). Reading never throws: a file that
 * cannot be read or parsed is one problem string, and the defaults hold.
 */
import { NotFoundError } from '../../fs/errors';
import { readRegularFile } from '../../fs/safe-read';
import { scanJson } from '../../../../shared/json/json-position';
import { readRunnerSection, type RunnerSection } from '../../workspace/runner-config';
import { errorMessage } from '../../../../shared/errors';

const MAX_BYTES = 256 * 1024;

export async function loadUserRunnerSection(file: string | null): Promise<RunnerSection> {
  if (!file) return { problems: [] };
  let text: string;
  try {
    text = (await readRegularFile(file, file, { maxBytes: MAX_BYTES })).data.toString('utf8');
  } catch (err) {
    if (err instanceof NotFoundError) return { problems: [] };
    return { problems: [`${file} cannot be read: ${errorMessage(err)}`] };
  }
  const scan = scanJson(text);
  if (!scan.ok)
    return { problems: [`${file}:${scan.line}:${scan.column}: not valid JSON (${scan.message})`] };
  const value = scan.value as { runner?: unknown } | null;
  return readRunnerSection(
    typeof value === 'object' && value !== null ? value.runner : undefined,
    file,
  );
}
