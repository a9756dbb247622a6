/**
 * The workspace file `skill-studio.json` (docs/contracts.md, Discovery): plain, git-friendly JSON
 * at the workspace root. Loading never throws on bad content: it returns defaults
 * for what it cannot use plus diagnostics with line and column. Saving is a
 * read-modify-write that keeps keys we do not know (other tools, future versions).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createInternalAjv, internalStandaloneCode } from '../../../shared/json/internal-schemas';
import { validatorCache } from '../../../shared/json/validator-cache';
import { keepValidator, readKeptValidator } from '../fs/validator-cache-file';
import type { Diagnostic, Severity } from '../../../shared/check/diagnostics';
import type { AgentConfig } from '../../../shared/api/studio-api';
import { USER_SOURCE_IDS } from './skill-folders';
import { writeFileAtomic } from '../fs/atomic-write';
import { scanJson, type JsonPath } from '../../../shared/json/json-position';
import { PROVIDERS_SCHEMA, workspaceProviderProblems } from './provider-config';
import { RUNNER_SCHEMA } from './runner-config';

import {
  defaultWorkspaceConfig,
  readConfigText,
  workspaceConfigPath,
  WORKSPACE_CONFIG_FILE,
  type WorkspaceConfig,
} from './workspace-file';

// The file's name, shape, defaults and raw text live in workspace-file.ts (free of ajv);
// its reader hands the first three on, so a caller that reads the file needs this module alone.
export { defaultWorkspaceConfig, WORKSPACE_CONFIG_FILE, type WorkspaceConfig };

/** What `saveWorkspaceConfig` changes: a key set to null is removed from the file. */
export type WorkspaceConfigPatch = {
  [K in keyof WorkspaceConfig]?: WorkspaceConfig[K] | null;
};

export interface LoadedWorkspaceConfig {
  config: WorkspaceConfig;
  diagnostics: Diagnostic[];
}

/** JSON Schema (draft-07) of skill-studio.json. Unknown top-level keys are allowed and kept. */
export const WORKSPACE_CONFIG_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: 'Skill Studio workspace settings (skill-studio.json)',
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    plugins: {
      description: 'Extra skill folders: relative to the workspace, ~/…, or absolute.',
      type: 'array',
      items: { type: 'string', minLength: 1 },
    },
    user_sources: {
      description: 'Switch user skill folders on or off (absent means on).',
      type: 'object',
      propertyNames: { enum: [...USER_SOURCE_IDS] },
      additionalProperties: { type: 'boolean' },
    },
    agents: {
      description: 'Allowlists: the skills each agent may discover and call.',
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'allowed_skills'],
        properties: {
          id: { type: 'string', minLength: 1 },
          name: { type: 'string' },
          allowed_skills: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    providers: PROVIDERS_SCHEMA,
    runner: RUNNER_SCHEMA,
  },
} as const;

let validator: ValidateFunction | null = null;
function validateShape(value: unknown): ErrorObject[] {
  validator ??= configValidator();
  return validator(value) ? [] : (validator.errors ?? []);
}

/**
 * The validator of skill-studio.json: kept by an earlier run where the process keeps
 * validators (the CLI, which reads the file on every run), else compiled (and kept).
 */
function configValidator(): ValidateFunction {
  const place = validatorCache();
  const key = `workspace-config\n${JSON.stringify(WORKSPACE_CONFIG_SCHEMA)}`;
  const kept = place && readKeptValidator(place, key);
  if (kept) return kept;
  const ajv = createInternalAjv({ allErrors: true, keepSource: place !== null });
  const compiled = ajv.compile(WORKSPACE_CONFIG_SCHEMA);
  if (place) void keepValidator(place, key, internalStandaloneCode(ajv, compiled));
  return compiled;
}

/**
 * Reads skill-studio.json. `settleMs`: the file held settings until now, so a read that finds
 * it empty or not JSON may have caught an editor writing it in place (truncated, then
 * written): wait that long and read it once more, and take what it says then. Without it a
 * save in place would drop every agent and folder for a moment.
 */
export async function loadWorkspaceConfig(
  root: string,
  opts: { settleMs?: number } = {},
): Promise<LoadedWorkspaceConfig> {
  const file = workspaceConfigPath(root);
  const problem = (message: string, line = 1, column = 1): LoadedWorkspaceConfig => ({
    config: defaultWorkspaceConfig(),
    diagnostics: [configDiagnostic(file, 'error', message, line, column, null)],
  });

  let text: string;
  try {
    // The hardened reader: a FIFO or a device named skill-studio.json is refused, never
    // opened in a way that blocks, and the size is checked on the open file.
    text = (await readConfigText(file)) ?? '';
    if (opts.settleMs !== undefined && looksHalfWritten(text)) {
      await new Promise((resolve) => setTimeout(resolve, opts.settleMs));
      text = (await readConfigText(file)) ?? '';
    }
  } catch (err) {
    return problem((err as Error).message);
  }
  return parseWorkspaceConfig(text, file);
}

/** What a file read in the middle of being rewritten in place looks like. */
function looksHalfWritten(text: string): boolean {
  return text.trim() === '' || !scanJson(text).ok;
}

/** Validates the text of skill-studio.json; `file` is what the diagnostics name. */
export function parseWorkspaceConfig(text: string, file: string): LoadedWorkspaceConfig {
  if (text.trim() === '') return { config: defaultWorkspaceConfig(), diagnostics: [] };
  const scan = scanJson(text);
  if (!scan.ok) {
    return {
      config: defaultWorkspaceConfig(),
      diagnostics: [
        configDiagnostic(
          file,
          'error',
          `${WORKSPACE_CONFIG_FILE} is not valid JSON: ${scan.message} (line ${scan.line}, column ${scan.column})`,
          scan.line,
          scan.column,
          null,
        ),
      ],
    };
  }
  return checkConfigValue(scan.value, file, (p, which) => scan.locate(p, which));
}

function checkConfigValue(
  value: unknown,
  file: string,
  locate: (p: JsonPath, which?: 'key' | 'value') => { line: number; column: number },
): LoadedWorkspaceConfig {
  const diagnostics: Diagnostic[] = [];
  const report = (
    severity: Severity,
    message: string,
    at: JsonPath,
    which: 'key' | 'value' = 'key',
  ): void => {
    const pos = locate(at, which);
    diagnostics.push(
      configDiagnostic(file, severity, message, pos.line, pos.column, fieldName(at)),
    );
  };

  for (const err of validateShape(value)) {
    const at = pointerToPath(err.instancePath);
    if (err.keyword === 'propertyNames') {
      const key = String((err.params as { propertyName?: string }).propertyName ?? '');
      report(
        'warning',
        `${WORKSPACE_CONFIG_FILE}: unknown user folder "${key}" in user_sources (known: ${USER_SOURCE_IDS.join(', ')})`,
        [...at, key],
      );
      continue;
    }
    // ajv repeats a propertyNames failure as a generic error on the object: skip the echo.
    if (err.keyword === 'enum' && err.propertyName !== undefined) continue;
    if (err.keyword === 'required') {
      const missing = (err.params as { missingProperty: string }).missingProperty;
      report(
        'error',
        `${WORKSPACE_CONFIG_FILE}: ${describePath(at)} has no "${missing}"`,
        at,
        'value',
      );
      continue;
    }
    if (err.keyword === 'enum') {
      // Name the values (a provider's kind…): "one of the allowed values" says not which.
      const allowed = (err.params as { allowedValues?: unknown[] }).allowedValues ?? [];
      report(
        'error',
        `${WORKSPACE_CONFIG_FILE}: ${describePath(at)} must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`,
        at,
      );
      continue;
    }
    report(
      'error',
      `${WORKSPACE_CONFIG_FILE}: ${describePath(at)} ${err.message ?? 'is invalid'}`,
      at,
    );
  }

  // Literal keys (CREDENTIALS_IN_FILE) and repeated provider ids: providers/provider-config.ts.
  for (const p of workspaceProviderProblems(value)) {
    const pos = locate(p.path, 'key');
    const message = `${WORKSPACE_CONFIG_FILE}: ${p.message}`;
    diagnostics.push({
      ...configDiagnostic(file, p.severity, message, pos.line, pos.column, fieldName(p.path)),
      code: p.code,
    });
  }

  const config = defaultWorkspaceConfig();
  if (!isRecord(value)) return { config, diagnostics };

  if (Array.isArray(value.plugins)) {
    config.plugins = value.plugins.filter(
      (p): p is string => typeof p === 'string' && p.length > 0,
    );
  }
  if (isRecord(value.user_sources)) {
    for (const id of USER_SOURCE_IDS) {
      const on = value.user_sources[id];
      if (typeof on === 'boolean') config.user_sources[id] = on;
    }
  }
  if (Array.isArray(value.agents)) {
    const firstIndex = new Map<string, number>();
    value.agents.forEach((a, index) => {
      if (!isAgent(a)) return;
      const first = firstIndex.get(a.id);
      if (first !== undefined) {
        // An allowlist must be unambiguous: the first entry counts, the repeat is reported.
        report(
          'error',
          `${WORKSPACE_CONFIG_FILE}: agent id "${a.id}" is used twice (agents[${first}] and agents[${index}]); only the first counts`,
          ['agents', index, 'id'],
        );
        return;
      }
      firstIndex.set(a.id, index);
      config.agents.push({ id: a.id, name: a.name, allowed_skills: [...a.allowed_skills] });
    });
  }
  if ('providers' in value) config.providers = value.providers;
  if ('runner' in value) config.runner = value.runner;
  return { config, diagnostics };
}

/**
 * Updates skill-studio.json atomically, keeping every key the patch does not name
 * (and their order). Refuses, with an error naming the file and line, when the
 * existing file is not valid JSON: overwriting it would lose the user's text.
 */
export async function saveWorkspaceConfig(
  root: string,
  patch: WorkspaceConfigPatch,
): Promise<LoadedWorkspaceConfig> {
  const file = workspaceConfigPath(root);
  let current: Record<string, unknown> = {};
  let text: string | null;
  try {
    text = await readConfigText(file);
  } catch (err) {
    throw new Error(`cannot read ${file}: ${(err as Error).message}`);
  }
  if (text !== null && text.trim() !== '') {
    const scan = scanJson(text);
    if (!scan.ok) {
      throw new Error(
        `${file}:${scan.line}:${scan.column}: not valid JSON (${scan.message}); fix or remove it before saving settings`,
      );
    }
    if (!isRecord(scan.value)) {
      throw new Error(
        `${file}: the top level must be a JSON object; fix or remove it before saving settings`,
      );
    }
    current = scan.value;
  }

  const next: Record<string, unknown> = { ...current };
  for (const [key, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete next[key];
    else next[key] = v;
  }
  const out = JSON.stringify(next, null, 2) + '\n';
  await writeFileAtomic(file, out);
  return parseWorkspaceConfig(out, file);
}

function configDiagnostic(
  file: string,
  severity: Severity,
  message: string,
  line: number,
  column: number,
  field: string | null,
): Diagnostic {
  return { severity, code: 'WORKSPACE_CONFIG', message, line, column, field, file };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function isAgent(v: unknown): v is AgentConfig {
  return (
    isRecord(v) &&
    typeof v.id === 'string' &&
    v.id.length > 0 &&
    typeof v.name === 'string' &&
    Array.isArray(v.allowed_skills) &&
    v.allowed_skills.every((s) => typeof s === 'string')
  );
}

/** ajv's instancePath (`/agents/0/id`) as a path; numeric segments become indexes. */
function pointerToPath(pointer: string): JsonPath {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^(0|[1-9]\d*)$/.test(seg) ? Number(seg) : seg));
}

/** `agents.0.allowed_skills`, the Diagnostic.field convention (dotted), or null for the root. */
function fieldName(p: JsonPath): string | null {
  return p.length === 0 ? null : p.map(String).join('.');
}

/** `agents[0].allowed_skills`, for messages. */
function describePath(p: JsonPath): string {
  if (p.length === 0) return 'the top level';
  let s = '';
  for (const seg of p) s += typeof seg === 'number' ? `[${seg}]` : s === '' ? seg : `.${seg}`;
  return s;
}
