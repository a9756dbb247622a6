/**
 * What a run of the scan saw, recorded for a kept listing of the run (kept-run.ts): every
 * answer its file-system calls got (an InputLog over the scan's calls, read-inputs.ts),
 * and what each skill's verdict came from. A worker thread records its own calls the same
 * way and posts them at its end (scan-jobs.ts); the main thread merges them.
 */
import { InputLog, type ReadInput } from './read-inputs';
import type { SyncScanCalls } from './scan-io';
import { ListedIdentities, trustedFolderStat } from './kept-listings';

/** A skill of the run: its folder, and what its verdict was read from ('seed': the build's). */
export interface KeptRunSkill {
  dir: string;
  realDir: string;
  inputs: ReadInput[] | 'seed';
}

/** What a listing was made from: every answer the run's calls got, and its skills. */
export interface RunRecord {
  log: ReadInput[];
  skills: KeptRunSkill[];
}

export interface RunRecorder {
  /** The scan's calls on this thread (synchronous: one-shot scans), each answer recorded. */
  calls(inner: SyncScanCalls): SyncScanCalls;
  /** A skill's verdict and what it was read from (null or undefined: it cannot be checked). */
  skill(dir: string, realDir: string, inputs: ReadInput[] | 'seed' | null | undefined): void;
  /** What this recorder's calls got (null: something cannot be checked), for `merge`. */
  answers(): ReadInput[] | null;
  /** Records what another thread's calls got (a worker's `answers`; null: nothing can be checked). */
  merge(answers: readonly ReadInput[] | null): void;
  /** Something was read that no recorder saw (a worker that ended unheard): nothing can be checked. */
  unrecorded(): void;
  /** The record, or null when some of the run cannot be checked again. */
  record(): RunRecord | null;
}

/**
 * `identify`: each folder listed through `calls` is recorded with its identity, from a
 * stat made before its listing when that stat can be trusted (kept-listings.ts), so that
 * the next run can answer it by a stat (a worker's: the main thread's folders are
 * identified by its kept listings' own stats, kept-run.ts).
 */
export function runRecorder(runStart: number, { identify = false } = {}): RunRecorder {
  const log = new InputLog(runStart, { once: false });
  const skills: KeptRunSkill[] = [];
  let checkable = true;
  const identities = new ListedIdentities();
  const identifying = (inner: SyncScanCalls): SyncScanCalls => ({
    ...inner,
    listDir(dir) {
      const st = trustedFolderStat(dir, runStart);
      const entries = inner.listDir(dir);
      identities.saw(dir, st);
      return entries;
    },
  });
  const withIdentities = (answers: ReadInput[] | null): ReadInput[] | null => {
    if (answers && identify)
      for (const input of answers)
        if (input.kind === 'list') input.at = identities.of(input.path) ?? undefined;
    return answers;
  };
  return {
    calls: (inner) => log.syncCalls(identify ? identifying(inner) : inner),
    skill(dir, realDir, inputs) {
      if (!inputs) checkable = false;
      else skills.push({ dir, realDir, inputs });
    },
    answers: () => withIdentities(log.inputs()),
    merge: (answers) => log.merge(answers),
    unrecorded() {
      checkable = false;
    },
    record() {
      const answers = withIdentities(log.inputs());
      if (!checkable || answers === null) return null;
      return { log: answers, skills: skills.map(ownInputs(answers)) };
    },
  };
}

/**
 * A skill's inputs less those the log holds with the same answer, which are checked once,
 * there: the skill folder's own listing (the scan listed it) and the files a read on this
 * thread opened.
 */
function ownInputs(log: readonly ReadInput[]): (s: KeptRunSkill) => KeptRunSkill {
  const listed = new Map<string, string>();
  const files = new Map<string, Extract<ReadInput, { kind: 'file' }>>();
  for (const input of log) {
    if (input.kind === 'list') listed.set(input.path, input.sig);
    else if (input.kind === 'file') files.set(input.path, input);
  }
  const logged = (i: ReadInput): boolean => {
    if (i.kind === 'list') return listed.get(i.path) === i.sig;
    if (i.kind !== 'file') return false;
    const f = files.get(i.path);
    return f !== undefined && f.id === i.id && f.hash === i.hash;
  };
  return (s) => {
    if (s.inputs === 'seed' || !s.inputs.some(logged)) return s;
    return { ...s, inputs: s.inputs.filter((i) => !logged(i)) };
  };
}
