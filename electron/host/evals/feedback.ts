/**
 * The human half of skill-creator's review loop: a reviewer's notes on each output of an
 * eval run, in `feedback.json` inside the eval run's folder (skill-creator's "iteration"
 * folder), shaped exactly as its viewer (eval-viewer/viewer.html) saves it:
 *
 *   {"reviews": [{"run_id": "eval-1-with_skill-run-1", "feedback": "…", "timestamp": "…"}],
 *    "status": "in_progress"}
 *
 * so skill-creator's own workflow, and `generate_review.py --previous-workspace`, read the
 * studio's reviews. A `run_id` is the run folder's path inside the eval run with `/` as `-`,
 * as the viewer names runs.
 *
 * Saves are read-modify-write of one file: they go one at a time per file, so two quick
 * saves of two outputs both land, and a file that cannot be read as feedback (edited by
 * hand, cut short) is refused rather than replaced: the notes in it are never lost.
 */
import path from 'node:path';
import {
  MAX_FEEDBACK_CHARS,
  type EvalFeedbackView,
  type FeedbackJson,
  type FeedbackReview,
} from '../../../shared/api/evals';
import { errorMessage } from '../../../shared/errors';
import { isFileServiceError } from '../fs/errors';
import { assertRealPathInside } from '../fs/safe-path';
import { readRegularFile } from '../fs/safe-read';
import { StudioError } from '../../../shared/errors';
import { writeJson } from './eval-store';

export const FEEDBACK_FILE = 'feedback.json';

const MAX_FEEDBACK_FILE_BYTES = 16 * 1024 * 1024;

/** The viewer's id of a run: its folder inside the eval run, `/` as `-`. */
export function viewerRunId(relRunDir: string): string {
  return relRunDir.split('/').join('-');
}

function emptyFeedback(): FeedbackJson {
  return { reviews: [], status: 'in_progress' };
}

/** What is wrong with `value` as the viewer's feedback.json, or null. */
function feedbackProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'it is not a JSON object';
  const reviews = (value as { reviews?: unknown }).reviews;
  if (!Array.isArray(reviews)) return 'it has no "reviews" list';
  for (const [i, r] of reviews.entries()) {
    const ok =
      typeof r === 'object' &&
      r !== null &&
      typeof (r as FeedbackReview).run_id === 'string' &&
      typeof (r as FeedbackReview).feedback === 'string';
    if (!ok) return `review ${i + 1} has no "run_id" and "feedback" text`;
  }
  return null;
}

/**
 * Reads `<folder>/feedback.json`. Missing: no reviews. Unreadable: no reviews and the
 * problem, naming the file. The folder must really be inside the workspace.
 */
export async function readFeedback(workspace: string, folder: string): Promise<EvalFeedbackView> {
  const file = path.join(folder, FEEDBACK_FILE);
  await assertRealPathInside(workspace, file, 'the review feedback');
  let text: string;
  try {
    const { data } = await readRegularFile(file, file, {
      maxBytes: MAX_FEEDBACK_FILE_BYTES,
      what: 'a feedback file',
    });
    text = data.toString('utf8');
  } catch (err) {
    if (isFileServiceError(err) && err.code === 'not_found')
      return { file, feedback: emptyFeedback(), problem: null };
    return {
      file,
      feedback: emptyFeedback(),
      problem: `${file} cannot be read: ${errorMessage(err)}`,
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return {
      file,
      feedback: emptyFeedback(),
      problem: `${file} is not JSON: ${errorMessage(err)}`,
    };
  }
  const why = feedbackProblem(value);
  if (why) return { file, feedback: emptyFeedback(), problem: `${file} is not feedback: ${why}` };
  const raw = value as FeedbackJson & Record<string, unknown>;
  return {
    file,
    // Kept as written (extra keys too): a save writes back what it read plus one review.
    feedback: { ...raw, status: raw.status === 'complete' ? 'complete' : 'in_progress' },
    problem: null,
  };
}

const queues = new Map<string, Promise<unknown>>();

/** Runs `job` after every earlier job on the same file. */
function serialized<T>(file: string, job: () => Promise<T>): Promise<T> {
  const before = queues.get(file) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(job);
  const tail = run.catch(() => undefined);
  queues.set(file, tail);
  void tail.then(() => {
    if (queues.get(file) === tail) queues.delete(file);
  });
  return run;
}

/**
 * Sets the review of `runId` (blank text removes it) in `<folder>/feedback.json`, keeping
 * the others in their order, and writes the file atomically.
 */
export function saveFeedback(
  workspace: string,
  folder: string,
  runId: string,
  text: string,
  status: FeedbackJson['status'] = 'in_progress',
  now: () => Date = () => new Date(),
): Promise<EvalFeedbackView> {
  if (text.length > MAX_FEEDBACK_CHARS)
    throw new StudioError(
      'too_large',
      `The feedback is ${text.length} characters; keep it under ${MAX_FEEDBACK_CHARS}.`,
    );
  const file = path.join(folder, FEEDBACK_FILE);
  return serialized(file, async () => {
    const current = await readFeedback(workspace, folder);
    if (current.problem)
      throw new StudioError(
        'conflict',
        `${current.problem}. Fix or move the file; the studio will not overwrite it.`,
      );
    const reviews = current.feedback.reviews.filter((r) => r.run_id !== runId);
    if (text.trim() !== '') {
      const review: FeedbackReview = {
        run_id: runId,
        feedback: text,
        timestamp: now().toISOString(),
      };
      const at = current.feedback.reviews.findIndex((r) => r.run_id === runId);
      reviews.splice(at === -1 ? reviews.length : at, 0, review);
    }
    const next: FeedbackJson = { ...current.feedback, reviews, status };
    // The check again, just before the write: a link planted meanwhile is refused too.
    await assertRealPathInside(workspace, file, 'the review feedback');
    await writeJson(file, next);
    return { file, feedback: next, problem: null };
  });
}
