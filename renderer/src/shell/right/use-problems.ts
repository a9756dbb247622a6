import { useMemo } from 'react';
import { useSkills } from '../../stores/skills-store';
import { useEditor } from '../../stores/editor-store';
import { useWorkspace } from '../../stores/workspace-store';
import { buildProblems, countProblems } from '../../stores/problems';
import { isDirty } from '../../stores/buffer-logic';
import { isSkillMd } from '../../util/skill-md';
import type { Diagnostic } from '../../../../shared/check/diagnostics';

/** Live validator results of the open (editable) SKILL.md buffers, by skill folder. */
export function useLiveByDir(): ReadonlyMap<string, readonly Diagnostic[]> {
  return useEditor((s) => s.liveByDir);
}

/**
 * Skill folders whose open SKILL.md has unsaved edits, as one string so the
 * selector's answer only changes when the set does (not on every keystroke).
 */
function useUnsavedDirs(): ReadonlySet<string> {
  const key = useEditor((s) =>
    Object.values(s.buffers)
      .filter((b) => isSkillMd(b.path) && isDirty(b))
      .map((b) => b.skillDir)
      .sort()
      .join('\n'),
  );
  return useMemo(() => new Set(key ? key.split('\n') : []), [key]);
}

/** Problems of every skill, with live results for open SKILL.md buffers. */
export function useProblems() {
  const listing = useSkills((s) => s.listing);
  const info = useWorkspace((s) => s.info);
  const liveByDir = useLiveByDir();
  const unsavedDirs = useUnsavedDirs();
  return useMemo(() => {
    const groups = buildProblems(listing?.skills ?? [], liveByDir, info, unsavedDirs);
    return { groups, counts: countProblems(groups) };
  }, [listing, liveByDir, info, unsavedDirs]);
}
