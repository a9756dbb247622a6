/**
 * The registry's view of a skill's eval files: evals/evals.json and evals/triggers.json,
 * read with the scan's own reader (a regular file inside the skill, size-capped) and
 * checked by the eval model, so their problems join the skill's diagnostics (EVAL_INVALID,
 * `file` set) like SKILL.md's own. Their text goes into the scan's fingerprint, so an edit
 * of either file re-validates the skill.
 */
import path from 'node:path';
import type { Dirent } from 'node:fs';
import type { Diagnostic } from '../../../shared/check/diagnostics';
import { evalsJsonSource, triggersJsonSource } from '../../../shared/eval/sources';
import type { ScanIO } from './scan-io';
import { readSkillMdFile } from './skill-md-file';

export interface EvalSidecarCheck {
  diagnostics: Diagnostic[];
  /** What the fingerprint must cover ('' when the skill has no evals folder). */
  digest: string;
}

/** What a skill without an evals folder gets (callers skip the call, and its promise, with it). */
export const NO_EVALS: EvalSidecarCheck = Object.freeze({ diagnostics: [], digest: '' });

/** Whether the skill folder's entries hold an `evals` folder to check. */
export const hasEvalsFolder = (entries: readonly Dirent[]): boolean =>
  entries.some((e) => e.name === 'evals' && e.isDirectory());

export async function checkEvalSidecars(
  dir: string,
  realDir: string,
  entries: readonly Dirent[],
  io: ScanIO,
  maxBytes: number,
  skillName: string | undefined,
): Promise<EvalSidecarCheck> {
  if (!hasEvalsFolder(entries)) return NO_EVALS;
  let listed: Dirent[];
  try {
    listed = await io.listDir(path.join(dir, 'evals'));
  } catch {
    return NO_EVALS;
  }
  const out: EvalSidecarCheck = { diagnostics: [], digest: '' };
  for (const name of ['evals.json', 'triggers.json']) {
    const entry = listed.find((e) => e.name === name);
    if (!entry) continue;
    const rel = `evals/${name}`;
    const content = await readSkillMdFile(
      path.join(dir, 'evals', name),
      entry,
      maxBytes,
      realDir,
      io,
    );
    if (content.kind === 'gone') continue;
    if (content.kind === 'problem') {
      out.diagnostics.push({ ...content.diagnostic, file: rel });
      out.digest += `\0${rel}\0${content.stamp}`;
      continue;
    }
    out.digest += `\0${rel}\0${content.text}`;
    out.diagnostics.push(
      ...(name === 'evals.json'
        ? evalsJsonSource(content.text, skillName).diagnostics
        : triggersJsonSource(content.text).diagnostics),
    );
  }
  return out;
}
