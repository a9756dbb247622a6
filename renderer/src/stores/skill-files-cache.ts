/**
 * The file listings of skills for Ctrl+P, fetched from the host's `skills.get` when the
 * dialog needs them (never all at start), a few at a time, and kept per skill folder until
 * the host says that skill or one of its files changed.
 */
import { create } from 'zustand';
import { backend } from '../backend/current';

/** Listings asked of the host at once: a large workspace must not flood it. */
const CONCURRENCY = 4;

interface FilesCacheState {
  /** Files (not folders) per skill folder, with the skill's name (events name skills). */
  byDir: Record<string, { name: string; files: readonly string[] }>;
}

export const useSkillFiles = create<FilesCacheState>(() => ({ byDir: {} }));

const queue: string[] = [];
const inFlight = new Set<string>();
/** Bumped when the cache is cleared, so an answer that was on its way is not kept. */
let generation = 0;

export function filesOf(dir: string): readonly string[] | undefined {
  return useSkillFiles.getState().byDir[dir]?.files;
}

/** Asks for the listings of `dirs` not cached yet (best first: earlier ones are fetched first). */
export function requestFiles(dirs: readonly string[]): void {
  const { byDir } = useSkillFiles.getState();
  const wanted = dirs.filter((d) => !byDir[d] && !inFlight.has(d));
  // The latest request goes first: it is what the user is typing now.
  queue.splice(0, queue.length, ...wanted, ...queue.filter((d) => !wanted.includes(d)));
  pump();
}

function pump(): void {
  while (inFlight.size < CONCURRENCY && queue.length > 0) {
    const dir = queue.shift() as string;
    if (useSkillFiles.getState().byDir[dir]) continue;
    inFlight.add(dir);
    const asked = generation;
    void backend()
      .call('skills.get', { skill: dir })
      .then(
        (detail) => {
          if (asked !== generation) return;
          const files = detail.files.filter((f) => !f.dir).map((f) => f.path);
          useSkillFiles.setState((s) => ({
            byDir: { ...s.byDir, [dir]: { name: detail.summary.name, files } },
          }));
        },
        // A skill that went away meanwhile simply has no files to offer.
        () => undefined,
      )
      .finally(() => {
        inFlight.delete(dir);
        pump();
      });
  }
}

/** Forgets the listing of one skill folder (a file in it was added, removed or renamed). */
export function forgetFilesOf(dir: string): void {
  if (!useSkillFiles.getState().byDir[dir]) return;
  useSkillFiles.setState((s) => {
    const byDir = { ...s.byDir };
    delete byDir[dir];
    return { byDir };
  });
}

/** Forgets the listings of skills by name (a `skills.changed` event), or all of them. */
export function forgetFilesOfSkills(names: readonly string[] | null): void {
  if (names === null) {
    generation++;
    queue.length = 0;
    useSkillFiles.setState({ byDir: {} });
    return;
  }
  const gone = new Set(names);
  const { byDir } = useSkillFiles.getState();
  const keep = Object.entries(byDir).filter(([, v]) => !gone.has(v.name));
  if (keep.length !== Object.keys(byDir).length)
    useSkillFiles.setState({ byDir: Object.fromEntries(keep) });
}
