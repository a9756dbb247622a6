/**
 * A skill's eval sources read from disk and written back: SKILL.md's `eval:`, and
 * evals/evals.json and evals/triggers.json, all through the skill-file service (the
 * hardened reader and the atomic, version-checked writer the editor uses), so a linked
 * file outside the skill is never read and a file changed since it was read is never
 * overwritten (`conflict`).
 */
import path from 'node:path';
import type { EvalCaseInput, EvalSources, EvalSourceView } from '../../../shared/api/evals';
import { GRADER_SYSTEM_PROMPT } from '../../../shared/eval/grader';
import { evalsJsonSource, inlineEvalsOf, triggersJsonSource } from '../../../shared/eval/sources';
import { evalsJsonText, triggersJsonText, withInlineEvals } from '../../../shared/eval/serialize';
import { EVALS_JSON_PATH, TRIGGERS_JSON_PATH } from '../../../shared/eval/types';
import type { SkillRecord } from '../../../shared/skill/model';
import { isFileServiceError } from '../fs/errors';
import { StudioError } from '../../../shared/errors';
import { readFileForEditor, writeSkillFile } from '../skill-files';
import { fileAtHead } from './git-head';

type Read = { text: string; version: string } | null;

async function readText(dir: string, rel: string): Promise<Read> {
  try {
    const content = await readFileForEditor(dir, rel);
    if (content.kind !== 'text')
      throw new StudioError('invalid_params', `${rel} is not a text file the studio can read`);
    return { text: content.text, version: content.version };
  } catch (err) {
    if (isFileServiceError(err) && err.code === 'not_found') return null;
    throw err;
  }
}

function skillMdName(record: SkillRecord): string {
  return record.skillMdPath ? path.basename(record.skillMdPath) : 'SKILL.md';
}

export async function readEvalSources(
  record: SkillRecord,
  opts: { previousVersion?: boolean } = {},
): Promise<EvalSources> {
  // Asking git costs a process; a run that does not offer the choice skips it.
  const askGit = (opts.previousVersion ?? true) && record.skillMdPath !== null;
  const mdName = skillMdName(record);
  const [md, evalsJson, triggers, head] = await Promise.all([
    record.skillMdPath ? readText(record.dir, mdName) : Promise.resolve(null),
    readText(record.dir, EVALS_JSON_PATH),
    readText(record.dir, TRIGGERS_JSON_PATH),
    askGit ? fileAtHead(record.skillMdPath!) : Promise.resolve(null),
  ]);
  const inline = md ? inlineEvalsOf(md.text) : { cases: [], diagnostics: [], skipped: [] };
  const fromJson = evalsJson
    ? evalsJsonSource(evalsJson.text, record.summary.name)
    : { cases: [], diagnostics: [], skipped: [] };
  const fromTriggers = triggers
    ? triggersJsonSource(triggers.text)
    : { queries: [], diagnostics: [], skipped: [] };
  const view = (
    kind: EvalSourceView['kind'],
    p: string,
    r: Read,
    diagnostics: EvalSourceView['diagnostics'],
    exists: boolean,
  ): EvalSourceView => ({ kind, path: p, exists, version: r?.version ?? null, diagnostics });
  return {
    skill: record.summary.name,
    dir: record.dir,
    sources: [
      view(
        'inline',
        mdName,
        md,
        inline.diagnostics,
        md !== null && record.frontmatter?.eval !== undefined,
      ),
      view('evals-json', EVALS_JSON_PATH, evalsJson, fromJson.diagnostics, evalsJson !== null),
      view(
        'triggers-json',
        TRIGGERS_JSON_PATH,
        triggers,
        fromTriggers.diagnostics,
        triggers !== null,
      ),
    ],
    cases: [...inline.cases, ...fromJson.cases],
    skipped_cases: [
      ...inline.skipped.map((s) => ({ ...s, file: mdName })),
      ...fromJson.skipped.map((s) => ({ ...s, file: EVALS_JSON_PATH })),
    ],
    triggers: fromTriggers.queries,
    skipped_queries: fromTriggers.skipped.map((s) => ({ ...s, file: TRIGGERS_JSON_PATH })),
    grader_prompt: GRADER_SYSTEM_PROMPT,
    previous_version_available: head !== null,
    description: record.summary.description,
  };
}

export async function saveCases(
  record: SkillRecord,
  source: 'inline' | 'evals-json',
  cases: EvalCaseInput[],
  expectedVersion: string | null,
): Promise<void> {
  if (source === 'evals-json') {
    await writeSkillFile(record.dir, EVALS_JSON_PATH, evalsJsonText(record.summary.name, cases), {
      expectedVersion,
    });
    return;
  }
  const mdName = skillMdName(record);
  const md = await readText(record.dir, mdName);
  if (!md) throw new StudioError('not_found', `${mdName} is missing`);
  const text = withInlineEvals(md.text, cases);
  if (text === null)
    throw new StudioError(
      'invalid_params',
      `the frontmatter of ${mdName} cannot be edited safely (fix its YAML first)`,
    );
  // The version read just now guards against a change between read and write; a caller's guards against an older edit.
  await writeSkillFile(record.dir, mdName, text, {
    expectedVersion: expectedVersion ?? md.version,
  });
}

export async function saveTriggers(
  record: SkillRecord,
  queries: { query: string; should_trigger: boolean }[],
  expectedVersion: string | null,
): Promise<void> {
  await writeSkillFile(record.dir, TRIGGERS_JSON_PATH, triggersJsonText(queries), {
    expectedVersion,
  });
}
