/**
 * The Studio API's view of the LLM providers (settings, the playground's picker):
 * what is configured, where each entry comes from, and whether its key is there —
 * never the key itself. Entries are written to the workspace's skill-studio.json
 * (`providers`), which never holds a key: a provider names the environment variable
 * its key comes from (`api_key_env`). The desktop app can also keep a key encrypted by
 * the operating system (`providers.storeKey`): the key goes in once and never comes
 * back out; only `key_stored` says it is there.
 */

/** `gemini`: Google's generateContent API. */
export type ProviderKindName = 'anthropic' | 'openai-compatible' | 'gemini';

/**
 * A provider as the settings form edits it (the skill-studio.json entry, docs/contracts.md,
 * Providers).
 */
export interface ProviderInput {
  id: string;
  kind: ProviderKindName;
  /** Left out: the kind's public endpoint. */
  base_url?: string;
  model: string;
  /** The models calls may choose; empty or absent means any. */
  models?: string[];
  /** The environment variable that holds the key; absent for keyless local servers. */
  api_key_env?: string;
  default?: boolean;
}

/** Whether a run would find the provider's key, and where (never the key). */
export type KeyState = 'present' | 'missing' | 'not_needed';

export interface ProviderView {
  id: string;
  kind: ProviderKindName;
  /** As configured, or the kind's public endpoint. */
  base_url: string;
  /** True when base_url was written in the file (false: the default endpoint). */
  base_url_set: boolean;
  model: string;
  models: string[];
  api_key_env: string | null;
  default: boolean;
  /** `workspace`: skill-studio.json (editable here); `user`: the user's own providers file. */
  source: 'workspace' | 'user';
  key: KeyState;
  /** Where the key comes from when present (`keychain`: stored in the desktop app). */
  key_from: 'env' | 'keychain' | 'user-file' | null;
  /** The desktop app keeps a key for this provider (it may be shadowed by the variable). */
  key_stored: boolean;
  /** Why a run could not use the key (variable unset, a host the key may not go to), or null. */
  key_problem: string | null;
  /**
   * A workspace provider whose secret waits for the user's approval (`providers.approve`),
   * or null: nothing is sent to it until then.
   */
  approval: ProviderApprovalView | null;
}

/** What a workspace provider would send, and where, until the user approves it. */
export interface ProviderApprovalView {
  /** `env:NAME`, `keychain:ID` or `user-file:ID`. */
  secret: string;
  /** The secret in words (`$AWS_SECRET_ACCESS_KEY`), never its value. */
  what: string;
  /** `scheme://host:port`. */
  origin: string;
  /** The workspace's real path the approval is for; null when none is open. */
  workspace: string | null;
  /** Why it is not sent without approval. */
  reason: string;
  /** The CLI command that approves it. */
  command: string;
}

export interface ProvidersInfo {
  providers: ProviderView[];
  /** The provider a run uses when none is picked, or null. */
  default_id: string | null;
  /** Where workspace providers are written; null without an open workspace. */
  workspace_file: string | null;
  /** The user-level providers file (same shape; may hold `api_key`, must be chmod 600). */
  user_file: string | null;
  /** Why the user file was not used, or null. */
  user_file_refused: string | null;
  /** Problems of the lists (repeated ids, a literal key in skill-studio.json…). */
  problems: string[];
  /** The user's own file of approvals of workspace providers; null without a home. */
  approvals_file: string | null;
  /**
   * Where this mode can keep keys: the desktop app's encrypted store (`available`), or
   * nowhere (browser mode, the CLI: environment variables and the user file only).
   */
  key_storage: KeyStorageView;
}

export interface KeyStorageView {
  /** Keys can be stored here (the desktop app, with a working keyring). */
  available: boolean;
  /** The mode's key places, in the user's words, for the settings view. */
  where: string;
  /** Why the desktop app cannot store keys now (no keyring), or null. */
  problem: string | null;
}

/** "Test connection": key, reachability, models, and what to fix when something fails. */
export interface ProviderCheckView {
  id: string;
  key: KeyState;
  api_key_env: string | null;
  reachable: boolean;
  models: string[];
  /** True when the configured model is among the listed ones (null: not known). */
  model_listed: boolean | null;
  ok: boolean;
  problem: string | null;
}
