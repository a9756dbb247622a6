/**
 * Importing a bundle in two steps: the host inspects it (every skill with its validation,
 * and which ones exist already) and the import dialog shows that; only when the user
 * confirms, with a choice per existing skill (replace, keep both, skip), is anything
 * written. Cancel writes nothing.
 */
import { create } from 'zustand';
import type {
  BundlePreview,
  ImportConflictChoice,
  ImportResult,
} from '../../../shared/api/studio-api';
import { backend } from '../backend/current';
import { errorMessage } from '../backend/studio-error';
import { useSkills } from '../stores/skills-store';
import { notify } from '../stores/ui-store';
import { fileToBase64 } from '../util/base64';
import { openSkill } from './skills';

interface ImportState {
  /** The bundle being imported; null: no import dialog. */
  fileName: string | null;
  base64: string | null;
  preview: BundlePreview | null;
  /** Why the bundle cannot be imported (the host's refusal), shown instead of a preview. */
  error: string | null;
  /** Per skill folder in the bundle that exists already. */
  choices: Record<string, ImportConflictChoice>;
  busy: boolean;
  choose(folder: string, choice: ImportConflictChoice): void;
  cancel(): void;
}

const closed = {
  fileName: null,
  base64: null,
  preview: null,
  error: null,
  choices: {},
  busy: false,
};

export const useImport = create<ImportState>((set) => ({
  ...closed,
  choose: (folder, choice) => set((s) => ({ choices: { ...s.choices, [folder]: choice } })),
  cancel: () => set(closed),
}));

function isBundleName(name: string): boolean {
  return /\.(skill|zip)$/i.test(name);
}

export async function importBundle(file: File): Promise<void> {
  if (!isBundleName(file.name)) {
    notify('error', `${file.name} is not a .skill or .zip bundle.`);
    return;
  }
  // The import dialog shows what the bundle holds before anything is written.
  await previewImport(file);
}

// Each preview's number: an answer for a dialog since cancelled (or replaced) is dropped.
let previewRun = 0;

/** Opens the import dialog on a bundle and asks the host what is inside. */
export async function previewImport(file: File): Promise<void> {
  const run = ++previewRun;
  useImport.setState({ ...closed, fileName: file.name, busy: true });
  const current = () => run === previewRun && useImport.getState().fileName !== null;
  try {
    const base64 = await fileToBase64(file);
    const preview = await backend().call('bundles.inspect', { base64, fileName: file.name });
    if (!current()) return;
    const choices: Record<string, ImportConflictChoice> = {};
    // "Keep both" is the choice that loses nothing; the user may pick another.
    for (const skill of preview.skills) if (skill.exists) choices[skill.folder] = 'keep-both';
    useImport.setState({ base64, preview, choices, busy: false });
  } catch (err) {
    if (!current()) return;
    useImport.setState({ error: errorMessage(err), busy: false });
  }
}

function summary(res: ImportResult): string {
  const written = res.skills.filter((k) => k.outcome !== 'skipped');
  if (written.length === 0) return 'Imported nothing: every skill was skipped.';
  return `Imported ${written.map((k) => k.name).join(', ')}.`;
}

/** Imports the previewed bundle with the chosen answers, then opens the first new skill. */
export async function runImport(): Promise<boolean> {
  const { base64, fileName, choices } = useImport.getState();
  if (base64 === null || fileName === null) return false;
  useImport.setState({ busy: true });
  try {
    const res = await backend().call('bundles.import', { base64, fileName, choices });
    useImport.setState(closed);
    await useSkills.getState().refresh();
    const first = res.skills.find((k) => k.outcome !== 'skipped');
    if (first) await openSkill({ name: first.name, dir: first.path });
    notify('success', summary(res));
    return true;
  } catch (err) {
    useImport.setState({ busy: false });
    notify('error', `Could not import ${fileName}: ${errorMessage(err)}`);
    return false;
  }
}
