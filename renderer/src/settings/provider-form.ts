/**
 * The provider form of the settings view, as plain data: a draft from a configured
 * provider (or a preset), the checks the form shows as the user types, and the
 * skill-studio.json entry it saves. Keys are never part of it: the form names the
 * environment variable that holds one.
 */
import type { ProviderInput, ProviderKindName, ProviderView } from '../../../shared/api/studio-api';

export interface ProviderDraft {
  id: string;
  kind: ProviderKindName;
  base_url: string;
  model: string;
  /** Other models calls may pick, one per line or comma-separated. */
  models: string;
  api_key_env: string;
  default: boolean;
}

/** Starting points for a new provider (the user edits any field). */
export const PRESETS: { label: string; draft: ProviderDraft }[] = [
  {
    label: 'Anthropic',
    draft: {
      id: 'claude',
      kind: 'anthropic',
      base_url: '',
      model: 'claude-sonnet-4-5',
      models: '',
      api_key_env: 'ANTHROPIC_API_KEY',
      default: false,
    },
  },
  {
    label: 'OpenAI',
    draft: {
      id: 'openai',
      kind: 'openai-compatible',
      base_url: '',
      model: 'gpt-4o-mini',
      models: '',
      api_key_env: 'OPENAI_API_KEY',
      default: false,
    },
  },
  {
    label: 'Google Gemini',
    draft: {
      id: 'gemini',
      kind: 'gemini',
      base_url: '',
      model: 'gemini-2.5-flash',
      models: '',
      api_key_env: 'GEMINI_API_KEY',
      default: false,
    },
  },
  {
    label: 'Ollama (local)',
    draft: {
      id: 'ollama',
      kind: 'openai-compatible',
      base_url: 'http://127.0.0.1:11434/v1',
      model: 'llama3.2',
      models: '',
      api_key_env: '',
      default: false,
    },
  },
  {
    label: 'LM Studio (local)',
    draft: {
      id: 'lmstudio',
      kind: 'openai-compatible',
      base_url: 'http://127.0.0.1:1234/v1',
      model: '',
      models: '',
      api_key_env: '',
      default: false,
    },
  },
];

export function draftFrom(p: ProviderView): ProviderDraft {
  return {
    id: p.id,
    kind: p.kind,
    base_url: p.base_url_set ? p.base_url : '',
    model: p.model,
    models: p.models.join('\n'),
    api_key_env: p.api_key_env ?? '',
    default: p.default,
  };
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ENV = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What is wrong with the draft, by field (empty: it can be saved). */
export function draftProblems(
  d: ProviderDraft,
  takenIds: readonly string[],
): Partial<Record<keyof ProviderDraft, string>> {
  const out: Partial<Record<keyof ProviderDraft, string>> = {};
  if (!ID.test(d.id))
    out.id = 'Letters, digits, ".", "_" and "-", starting with a letter or digit.';
  else if (takenIds.includes(d.id)) out.id = `Another provider is already called “${d.id}”.`;
  const url = d.base_url.trim();
  if (url && !/^https?:\/\/[^/\s]+/.test(url)) out.base_url = 'An http:// or https:// address.';
  else if (url && d.kind === 'openai-compatible' && !/\/v1\/?$/.test(url))
    out.base_url =
      'An OpenAI-compatible address usually ends in /v1 (e.g. http://127.0.0.1:11434/v1).';
  if (d.model.trim() === '') out.model = 'The model runs use unless one is picked.';
  if (d.api_key_env && !ENV.test(d.api_key_env))
    out.api_key_env = 'A variable name: letters, digits and "_", not starting with a digit.';
  return out;
}

/** Problems that stop a save (the /v1 hint is advice, not an error). */
export function blocking(problems: Partial<Record<keyof ProviderDraft, string>>): boolean {
  return Object.entries(problems).some(
    ([field, message]) => message && !(field === 'base_url' && message.startsWith('An OpenAI')),
  );
}

export function modelsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((m) => m.trim())
        .filter(Boolean),
    ),
  ];
}

/** The entry the host writes to skill-studio.json. */
export function inputFrom(d: ProviderDraft): ProviderInput {
  const input: ProviderInput = { id: d.id.trim(), kind: d.kind, model: d.model.trim() };
  const url = d.base_url.trim();
  if (url) input.base_url = url;
  const models = modelsOf(d.models);
  if (models.length > 0) input.models = models;
  if (d.api_key_env.trim()) input.api_key_env = d.api_key_env.trim();
  if (d.default) input.default = true;
  return input;
}

/** The models a run may pick on a provider: its model first, then its list. */
export function pickableModels(p: Pick<ProviderView, 'model' | 'models'>): string[] {
  return [...new Set([p.model, ...p.models])];
}

/**
 * How to give the studio a key, in words a person can follow. Browser mode and the CLI
 * read the environment of the process that started them (or the private user file).
 */
export function keyInstructions(envVar: string, userFile: string | null): string {
  return (
    `Set ${envVar} in the environment of the shell that starts Skill Studio (for example ` +
    `export ${envVar}=… before skill-studio serve), then restart it` +
    (userFile ? `; or put "api_key" for this provider in ${userFile} (chmod 600).` : '.')
  );
}
