/**
 * Saved cases of a skill (`tests/cases/*.json`): listing them (read through the
 * hardened reader), saving one through the safe file service, and running them
 * through the A2E host, each checked against its expectations. Used by the playground (Studio API) and by
 * `skill-studio test`.
 */
import { readdir } from 'node:fs/promises';
import {
  CASES_DIR,
  caseFilePath,
  checkCase,
  isValidCaseName,
  parseCase,
  serializeCase,
  type CaseFileInfo,
  type CaseReport,
  type CaseRunReport,
  type SavedCase,
} from '../../../shared/playground/cases';
import { makeCallRequest } from '../../../shared/protocol/messages';
import type { SkillCallRequest, SkillCallResponse, SkillEvent } from '../../../shared/protocol/a2e';
import { writeSkillFile, createFile } from '../skill-files';
import { InvalidRequestError, isFileServiceError, NotFoundError } from '../fs/errors';
import { isText } from '../fs/file-kind';
import { resolveInside } from '../fs/safe-path';
import { readInsideSkill } from '../fs/safe-read';
import { parseJsonText } from '../../../shared/json/json-position';
import type { WriteResult } from '../../../shared/api/studio-api';
import { errorMessage } from '../../../shared/errors';

/** Largest case file read (a case is arguments and expectations, not data). */
const MAX_CASE_BYTES = 2 * 1024 * 1024;
/** Timeout of a case that names none, in seconds. */
const DEFAULT_CASE_TIMEOUT = 60;

/** Most case files listed: a folder of a million names must not stall the playground. */
const MAX_CASE_FILES = 1000;

/**
 * Every `tests/cases/*.json` of a skill, sorted by file name; unreadable ones carry their
 * error. Each file is read through the hardened reader (a regular file inside the skill,
 * never a link out, a FIFO or a device, at most 2 MB), and an error never quotes the
 * file's bytes: a link to a secret must not leak through a parse message.
 */
export async function listCases(skillDir: string): Promise<CaseFileInfo[]> {
  let dir: string;
  try {
    dir = await resolveInside(skillDir, CASES_DIR, { mustExist: true });
  } catch (err) {
    if (err instanceof NotFoundError) return [];
    // The cases folder itself leads outside the skill (a link): list nothing from there.
    return [{ file: CASES_DIR, name: CASES_DIR, case: null, error: errorText(err) }];
  }
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const out: CaseFileInfo[] = [];
  for (const n of names.slice(0, MAX_CASE_FILES)) {
    const file = `${CASES_DIR}/${n}`;
    const fallback = n.slice(0, -'.json'.length);
    const failed = (error: string): void => {
      out.push({ file, name: fallback, case: null, error });
    };
    let data: Buffer;
    try {
      ({ data } = await readInsideSkill(skillDir, file, {
        maxBytes: MAX_CASE_BYTES,
        what: 'a case file',
      }));
    } catch (err) {
      failed(`${file}: cannot be read (${errorText(err)})`);
      continue;
    }
    if (!isText(data)) {
      failed(`${file}: not a text file, so not a case file`);
      continue;
    }
    const text = data.toString('utf8');
    // JSON.parse's own message quotes the text it met; say only where it stopped.
    const json = parseJsonText(text);
    if (!json.ok) {
      const where = json.line === null ? '' : `:${json.line}:${json.column}`;
      failed(`${file}${where}: not valid JSON`);
      continue;
    }
    const parsed = parseCase(text, file);
    if (parsed.ok) out.push({ file, name: parsed.case.name, case: parsed.case, error: null });
    else failed(parsed.message);
  }
  return out;
}

/** An error's message without the path prefix the file services add (the caller names the file). */
function errorText(err: unknown): string {
  const message = errorMessage(err);
  const path = isFileServiceError(err) ? err.path : null;
  return path && message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}

/**
 * Writes a case as `tests/cases/<name>.json` inside the skill (atomic, confined to
 * the skill folder). Refuses to replace an existing case unless `overwrite`.
 */
export async function saveCase(
  skillDir: string,
  c: SavedCase,
  opts: { overwrite?: boolean } = {},
): Promise<WriteResult & { file: string }> {
  if (!isValidCaseName(c.name)) {
    throw new InvalidRequestError(
      `'${c.name}' cannot be a case name: use lower-case letters, digits, '.', '_' and '-' (up to 80, starting with a letter or digit)`,
    );
  }
  const file = caseFilePath(c.name);
  const text = serializeCase(c);
  const res = opts.overwrite
    ? await writeSkillFile(skillDir, file, text)
    : await createFile(skillDir, file, text);
  return { ...res, file };
}

export interface RunCasesOptions {
  /** Only these case names. */
  names?: string[];
  /** The cases already listed by the caller (not read again); `names` still applies. */
  files?: CaseFileInfo[];
  /** The agent to act as (null: the studio itself). */
  agent?: string | null;
  /** Called after each case. */
  onCase?: (report: CaseReport) => void;
  signal?: AbortSignal;
}

/** One skill call as the host runs it (StudioHost.callSkill): events as they come; never rejects. */
export type CallSkill = (
  req: SkillCallRequest,
  agent: string | null,
  onEvent?: (event: SkillEvent) => void,
  signal?: AbortSignal,
) => Promise<SkillCallResponse>;

/** Runs a skill's saved cases one after the other and checks each. */
export async function runCases(
  callSkill: CallSkill,
  skill: string,
  skillDir: string,
  opts: RunCasesOptions = {},
): Promise<CaseRunReport> {
  const files = (opts.files ?? (await listCases(skillDir))).filter(
    (f) => !opts.names || opts.names.includes(f.name),
  );
  const reports: CaseReport[] = [];
  for (const f of files) {
    if (opts.signal?.aborted) break;
    let report: CaseReport;
    if (!f.case) {
      report = {
        file: f.file,
        name: f.name,
        pass: false,
        failures: [f.error ?? 'unreadable'],
        duration_ms: 0,
        success: null,
        summary: null,
        error_code: null,
      };
    } else {
      const started = Date.now();
      const req = makeCallRequest({
        name: skill,
        arguments: f.case.arguments,
        timeout: f.case.timeout ?? DEFAULT_CASE_TIMEOUT,
        streaming: false,
        // The cases belong to this folder: the studio's own calls run it, even when
        // another skill shares its name (agents ignore the pin and get the winner).
        metadata: { case: f.case.name, skill_dir: skillDir },
        // A model run's case runs on its provider and model (approved like any override).
        llm_override: f.case.llm_override
          ? {
              provider_name: f.case.llm_override.provider_name,
              provider_credentials: {},
              ...(f.case.llm_override.provider_config
                ? { provider_config: { ...f.case.llm_override.provider_config } }
                : {}),
            }
          : null,
      });
      const resp = await callSkill(req, opts.agent ?? null, undefined, opts.signal);
      const check = checkCase(f.case, resp);
      const summary = resp.data?.summary;
      report = {
        file: f.file,
        name: f.case.name,
        pass: check.pass,
        failures: check.failures,
        duration_ms: resp.data?.duration_ms ?? Date.now() - started,
        success: !resp.error && resp.data?.success === true,
        summary:
          summary === undefined || summary === null
            ? null
            : typeof summary === 'string'
              ? summary
              : JSON.stringify(summary),
        error_code: resp.error?.code ?? resp.data?.error_code ?? null,
      };
    }
    reports.push(report);
    opts.onCase?.(report);
  }
  const passed = reports.filter((r) => r.pass).length;
  return { skill, cases: reports, passed, failed: reports.length - passed };
}
